/**
 * Issue 40, items 2-4, through the real handlers on DynamoDB Local and s3rver:
 * - explore postings match the committed style after races of an edit with a delete, with an unpublish and with
 *   a takedown (many styles in parallel, each with its writes started together);
 * - a takedown succeeds in bounded time against four parallel owner edit loops, and no owner edit undoes it;
 * - the repair sweep deletes postings no style lists and settles a style whose writer stopped half-way;
 * - a style cannot name another creator's image (403, nothing written), and the seed's templates and
 *   collection do not name a style's images.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModeratorForTests } from '../../functions/lib/moderation';
import { renderPerson } from '../../infra/local/seed-images';
import { file, multipart } from '../support/media';
import { GetCommand, ScanCommand } from '../../shared/repositories/dynamo-client';
import { keys } from '../../shared/repositories/keys';
import { exploreIndexItems } from '../../shared/repositories/explore-repository';
import { repairExploreIndex } from '../../shared/repositories/explore-repair';
import { getStoredStyle } from '../../shared/repositories/style-editor-repository';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { listPromptTemplates } from '../../shared/repositories/catalog-repository';
import { seedTestCatalog } from '../support/styles';
import { updateUser } from '../../shared/repositories/user-repository';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { update, updateItem } from '../../shared/repositories/toolkit';
import { styleUpdate } from '../../shared/repositories/explore-postings';

let ctx: IntegrationContext;
let owner: TestUser; // an influencer: the creator racing with herself, and the owner a takedown is done against
let admin: TestUser;
let reporter: TestUser;
let ownImage: string; // an upload of the owner's

const safe = { name: 'test-safe', moderate: async () => ({ safe: true, reasons: [], labels: [] }) };

const call = (u: TestUser | null, method: string, path: string, body?: unknown) =>
  ctx.invoke(method, path, { token: u?.idToken, body });

const styleBody = (name: string, tags: string[]) => ({
  name,
  description: 'A race look',
  sex: 'female',
  categoryIds: ['cat-casual'],
  tags,
  tasks: ['OUTFIT_TRYON'],
  promptImageUrl: ownImage,
  isPublic: true,
});

async function createStyles(prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(owner, 'POST', '/api/admin/styles', styleBody(`${prefix}${i} Alpha`, [`${prefix}a`]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id as string);
  }
  return ids;
}

/** Every explore posting (pk, sk) per style id, from one Scan of the test's own table. */
async function postingsByStyle(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ctx.db.doc.send(
      new ScanCommand({
        TableName: ctx.tableName,
        FilterExpression: 'begins_with(pk, :p) AND #t = :type',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':p': 'EXPLORE#', ':type': 'ExplorePosting' },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) {
      const id = String(i.id);
      out.set(id, [...(out.get(id) ?? []), `${String(i.pk)} ${String(i.sk)}`]);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The postings of each style are exactly those of its committed state (none when gone, private or taken down). */
async function expectPostingsMatch(ids: string[]) {
  const found = await postingsByStyle();
  const wrong: string[] = [];
  for (const id of ids) {
    const s = await getStoredStyle(ctx.db, id);
    const want = exploreIndexItems(s)
      .map((i) => `${String(i.pk)} ${String(i.sk)}`)
      .sort();
    const have = (found.get(id) ?? []).sort();
    if (JSON.stringify(want) !== JSON.stringify(have))
      wrong.push(
        `${id} (${s ? (s.isPublic ? 'public' : 'private') : 'deleted'}): ${have.length} postings, want ${want.length}`,
      );
  }
  expect(wrong).toEqual([]);
}

const search = async (q: string): Promise<string[]> => {
  const res = await call(null, 'GET', `/api/explore/styles?q=${encodeURIComponent(q)}&limit=60`);
  expect(res.status).toBe(200);
  return (res.body.items as { id: string }[]).map((c) => c.id);
};

async function report(styleId: string): Promise<string> {
  const flag = await call(reporter, 'POST', `/api/styles/${styleId}/flag`, { reason: 'Not consented, please remove' });
  expect(flag.status, JSON.stringify(flag.body)).toBe(201);
  const open = await call(admin, 'GET', '/api/admin/style-reports');
  const r = (open.body as { id: string; styleId: string }[]).find((x) => x.styleId === styleId);
  expect(r).toBeTruthy();
  return r!.id;
}

beforeAll(async () => {
  ctx = await setupIntegration();
  [owner, admin, reporter] = await Promise.all([ctx.createUser(), ctx.createUser(), ctx.createUser()]);
  for (const u of [owner, admin, reporter]) await call(u, 'GET', '/api/auth/user');
  await updateUser(ctx.db, owner.sub, {
    role: 'influencer',
    currentRole: 'influencer',
    permanentRole: 'influencer',
    isInfluencer: true,
    currentPlan: 'creator',
    subscriptionStatus: 'active',
  });
  await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  await seedTestCatalog(ctx, admin.sub);
  setModeratorForTests(safe);
  const { body, headers } = multipart({ type: 'style_prompt', file: file(await renderPerson('fullBody', 3)) });
  const up = await ctx.invoke('POST', '/api/upload', { token: owner.idToken, body, headers });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  ownImage = up.body.url as string;
}, 120_000);
afterAll(() => setModeratorForTests(null));

describe('explore postings match the committed style under races', () => {
  it('a rename racing a delete leaves no posting of the deleted style', async () => {
    const ids = await createStyles('Rdel', 12);
    await Promise.all(
      ids.map((id, i) =>
        Promise.all([
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Rdel${i} Beta`, tags: ['rdelb'] }),
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Rdel${i} Gamma`, tags: ['rdelc'] }),
          call(owner, 'DELETE', `/api/admin/styles/${id}`),
        ]),
      ),
    );
    for (const id of ids) expect(await getStoredStyle(ctx.db, id)).toBeNull();
    await expectPostingsMatch(ids);
    for (const q of ['rdel', 'beta', 'gamma']) expect((await search(q)).filter((id) => ids.includes(id))).toEqual([]);
    const tags = (await call(null, 'GET', '/api/explore/tags')).body as string[];
    for (const t of ['rdela', 'rdelb', 'rdelc']) expect(tags).not.toContain(t);
  });

  it('two renames racing an unpublish: the private style is found by no name', async () => {
    const ids = await createStyles('Runp', 10);
    await Promise.all(
      ids.map((id, i) =>
        Promise.all([
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Runp${i} Delta` }),
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Runp${i} Omega` }),
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { isPublic: false }),
        ]),
      ),
    );
    for (const id of ids) expect((await getStoredStyle(ctx.db, id))?.isPublic).toBe(false);
    await expectPostingsMatch(ids);
    for (const q of ['runp', 'delta', 'omega', 'alpha'])
      expect((await search(q)).filter((id) => ids.includes(id))).toEqual([]);
  });

  it('an owner editing during a takedown: the style is unlisted, and stays so after an admin deletes it', async () => {
    const ids = await createStyles('Rtd', 10);
    const reports = await Promise.all(ids.map(report));
    const results = await Promise.all(
      ids.map((id, i) =>
        Promise.all([
          call(admin, 'POST', `/api/admin/style-reports/${reports[i]}/take-down`),
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Rtd${i} Sigma`, tags: ['rtdb'] }),
          call(owner, 'PATCH', `/api/admin/styles/${id}`, { name: `Rtd${i} Kappa`, isPublic: true }),
        ]),
      ),
    );
    for (const [takedown] of results) expect(takedown.status, JSON.stringify(takedown.body)).toBe(200);
    for (const id of ids) {
      const s = await getStoredStyle(ctx.db, id);
      expect([s?.isPublic, !!s?.takenDownAt]).toEqual([false, true]);
    }
    await expectPostingsMatch(ids);
    for (const q of ['rtd', 'sigma', 'kappa']) expect((await search(q)).filter((id) => ids.includes(id))).toEqual([]);
    for (const id of ids) expect((await call(admin, 'DELETE', `/api/admin/styles/${id}`)).status).toBe(200);
    await expectPostingsMatch(ids);
  });
});

describe('moderation wins', () => {
  it('a takedown succeeds against four parallel owner edit loops, in bounded time, and no edit undoes it', async () => {
    const [id] = await createStyles('Flood', 1);
    const reportId = await report(id!);
    let stop = false;
    const statuses: number[] = [];
    const loop = async (n: number) => {
      for (let i = 0; !stop && i < 400; i++) {
        const body = i % 2 ? { name: `Flood ${n} ${i}`, isPublic: true } : { name: `Flood ${n} ${i}`, tags: [`f${n}`] };
        statuses.push((await call(owner, 'PATCH', `/api/admin/styles/${id}`, body)).status);
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    const takedowns: { status: number; ms: number }[] = [];
    for (let t = 0; t < 3; t++) {
      const started = Date.now();
      const res = await call(admin, 'POST', `/api/admin/style-reports/${reportId}/take-down`);
      takedowns.push({ status: res.status, ms: Date.now() - started });
    }
    // the loops go on editing after the takedowns: none of their edits may list or publish the style again
    const after = statuses.length;
    while (statuses.length < after + 40) await new Promise((r) => setImmediate(r));
    stop = true;
    await Promise.all(loops);
    expect(takedowns.map((t) => t.status)).toEqual([200, 200, 200]);
    for (const t of takedowns) expect(t.ms).toBeLessThan(5_000);
    expect(statuses.filter((s) => ![200, 403, 409].includes(s))).toEqual([]);
    const s = await getStoredStyle(ctx.db, id!);
    expect([s?.isPublic, !!s?.takenDownAt]).toEqual([false, true]);
    await expectPostingsMatch([id!]);
    expect((await search('flood')).filter((x) => x === id)).toEqual([]);
    const republish = await call(owner, 'PATCH', `/api/admin/styles/${id}`, { isPublic: true });
    expect(republish.status).toBe(403);
  });
});

describe('the repair sweep', () => {
  it('deletes postings no style lists and settles a style whose writer stopped half-way', async () => {
    const [kept, gone] = await createStyles('Sweep', 2);
    // a stray: a posting of a style that no longer exists (as the former writes could leave)
    await updateItem(
      ctx.db,
      keys.explorePosting('N', 'ALL', '2020-01-01T00:00:00.000Z', 'no-such-style'),
      update<{ id: string }>().set({ type: 'ExplorePosting', id: 'no-such-style' }),
    );
    // a writer that stopped after its commit: the style lists a key it no longer wants and is marked pending
    const style = await getStoredStyle(ctx.db, kept!);
    const staleKey = keys.explorePosting('N', 'W#zzzz', style!.createdAt, kept!);
    await updateItem(ctx.db, staleKey, update<{ id: string }>().set({ type: 'ExplorePosting', id: kept! }));
    await updateItem(
      ctx.db,
      keys.style(kept!),
      styleUpdate()
        .set({ postingsPending: true })
        .append('postingKeys', [[staleKey.pk, staleKey.sk]]),
    );
    expect((await call(owner, 'DELETE', `/api/admin/styles/${gone}`)).status).toBe(200);
    const before = await postingsByStyle();
    expect(before.get('no-such-style')).toHaveLength(1);
    const report = await repairExploreIndex(ctx.db);
    expect(report.strays).toBeGreaterThanOrEqual(1);
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const after = await postingsByStyle();
    expect(after.get('no-such-style')).toBeUndefined();
    await expectPostingsMatch([kept!, gone!]);
    // a second sweep finds nothing
    expect(await repairExploreIndex(ctx.db)).toEqual({ settled: 0, strays: 0 });
  });
});

describe('a style names only its owner images', () => {
  it("refuses another creator's public image with a 403 and writes nothing", async () => {
    // the admin owns the seed styles; the influencer names one of their public images
    const theirs = `/api/public-image/styles/${seedStyleId(0)}/cover.webp`;
    const before = (await call(owner, 'GET', '/api/admin/styles')).body.length as number;
    const res = await call(owner, 'POST', '/api/admin/styles', {
      ...styleBody('Borrowed look', ['borrowed']),
      coverImageUrl: theirs,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.forbidden');
    expect(res.body.message).toMatch(/your own images/);
    expect((await call(owner, 'GET', '/api/admin/styles')).body).toHaveLength(before);
    const [mine] = await createStyles('Own', 1);
    const patch = await call(owner, 'PATCH', `/api/admin/styles/${mine}`, { promptImageUrl: theirs });
    expect(patch.status).toBe(403);
    expect((await getStoredStyle(ctx.db, mine!))?.promptImageUrl).toMatch(new RegExp(`/styles/${mine}/`));
  });

  it("the seed's templates and collection name no style's images (a takedown of a style cannot reach them)", async () => {
    for (const t of await listPromptTemplates(ctx.db))
      expect(t.previewImageUrl ?? '').not.toMatch(/^\/api\/public-image\/styles\//);
    const collection = await ctx.db.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: keys.collection('seed-collection-autumn') }),
    );
    expect(String(collection.Item?.coverImage)).toMatch(/^\/api\/public-image\/uploads\//);
  });
});
