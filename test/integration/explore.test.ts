/**
 * GET /api/explore/styles (issue 28): server-side search, filters, sort and signed cursor pages on the explore
 * index, and the index kept exact by the style editor's writes (publish, edit, unpublish, delete) and by uses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, ScanCommand } from '../../shared/repositories/dynamo-client';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { listPublicStyles, type StyleRecord } from '../../shared/repositories/catalog-repository';
import { incrementStyleUsage } from '../../shared/repositories/style-counter-repository';
import { putExploreIndex } from '../../shared/repositories/explore-repository';
import { updateUser, type UserPatch } from '../../shared/repositories/user-repository';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { PUBLIC_LIST_EDGE_SECONDS, edgeCacheControl } from '../../shared/domain/edge';

let ctx: IntegrationContext;
let infl: TestUser; // creator of the seed styles and of the editor's style
let other: TestUser; // creator of the extra styles
let all: StyleRecord[] = []; // every public style, as stored

const INFLUENCER: UserPatch = {
  role: 'influencer',
  currentRole: 'influencer',
  permanentRole: 'influencer',
  isInfluencer: true,
  currentPlan: 'creator',
  subscriptionStatus: 'active',
};
const SEXES = ['man', 'woman', 'unisex'] as const;
const TYPES = ['model_wearer', 'product_only', 'product_laydown'] as const;
const CATS = ['cat-casual', 'cat-evening', 'cat-street'];
const WORDS = ['Quartz', 'Harbor', 'Velvet', 'Quill', 'Harvest'];

interface Card {
  id: string;
  name: string;
  userName: string;
}
interface Page {
  items: Card[];
  nextCursor: string | null;
}

const get = (path: string) => ctx.invoke('GET', path);

/** Every card of a query, page by page along the cursor chain (at most 100 pages). */
async function walk(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = query ? '&' : '';
    const res = await get(
      `/api/explore/styles?${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as Page;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, pages };
}

const newest = (xs: StyleRecord[]) =>
  [...xs].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((s) => s.id);
const tierOf = (n: number) => (n <= 0 ? 0 : Math.floor(Math.log2(n)) + 1);
const popular = (xs: StyleRecord[]) =>
  [...xs]
    .sort(
      (a, b) =>
        tierOf(b.usageCount) - tierOf(a.usageCount) ||
        b.createdAt.localeCompare(a.createdAt) ||
        b.id.localeCompare(a.id),
    )
    .map((s) => s.id);
const wordsOf = (s: StyleRecord) => `${s.name} ${s.description}`.toLowerCase().split(/[^a-z0-9]+/);
const hasWordStarting = (s: StyleRecord, w: string) => wordsOf(s).some((x) => x.startsWith(w));

async function putExtraStyle(i: number) {
  const createdAt = new Date(Date.parse('2026-11-01T00:00:00.000Z') + i * 60_000).toISOString();
  const id = `extra-${String(i).padStart(3, '0')}`;
  const style: StyleRecord = {
    id,
    name: `${WORDS[i % WORDS.length]} look ${i}`,
    description: i % 4 === 0 ? 'Linen layers for a warm day' : 'Plain description',
    sex: SEXES[i % 3]!,
    categoryIds: [CATS[i % 3]!],
    tags: [`tag${i % 4}`],
    tasks: ['OUTFIT_TRYON'],
    styleImageType: TYPES[i % 3]!,
    promptImageUrl: null,
    promptImageOriginalUrl: null,
    coverImageUrl: null,
    defaultPromptTemplateId: null,
    isPublic: true,
    isAiGenerated: false,
    sizeChart: null,
    createdBy: other.sub,
    usageCount: (i * 7) % 20,
    createdAt,
    updatedAt: createdAt,
  };
  await ctx.db.doc.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...keys.style(id),
        ...keys.stylePublicIndex(createdAt, id),
        ...keys.styleOwnerIndex(other.sub, createdAt, id),
        type: 'Style',
        ...style,
      },
    }),
  );
  await putExploreIndex(ctx.db, style);
}

/** How many explore index items name this style (a Scan of the test's own table). */
async function postingsOf(styleId: string): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ctx.db.doc.send(
      new ScanCommand({
        TableName: ctx.tableName,
        FilterExpression: 'begins_with(pk, :p) AND id = :id',
        ExpressionAttributeValues: { ':p': 'EXPLORE#', ':id': styleId },
        ExclusiveStartKey: start,
      }),
    );
    n += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return n;
}

beforeAll(async () => {
  ctx = await setupIntegration();
  [infl, other] = await Promise.all([
    ctx.createUser({ firstName: 'Iris', lastName: 'Vale' }),
    ctx.createUser({ firstName: 'Otto', lastName: 'Berg' }),
  ]);
  for (const u of [infl, other]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, infl.sub, INFLUENCER);
  // the seed writes its styles straight to the table and indexes them once (as an older table is backfilled)
  await seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: infl.sub, admin: infl.sub },
  });
  for (let i = 0; i < 40; i++) await putExtraStyle(i);
  all = await listPublicStyles(ctx.db);
  expect(all).toHaveLength(64);
}, 120_000);

describe('pages along a cursor chain', () => {
  it('lists every public style once, newest first, in pages of the limit, with no gap', async () => {
    const { ids, pages } = await walk('', 10);
    expect(ids).toEqual(newest(all));
    expect(pages).toBe(7);
    const first = await get('/api/explore/styles');
    expect(first.body.items).toHaveLength(24);
    expect(first.body.items[0]).toMatchObject({ id: 'extra-039', userName: 'Otto Berg' });
    expect(first.body.items.find((c: Card) => c.id === seedStyleId(0))).toBeUndefined();
  });

  it('sorts by popularity tier, then newest, along the chain', async () => {
    const { ids } = await walk('sort=popular', 9);
    expect(ids).toEqual(popular(all));
  });

  it('a filtered chain has no duplicates and no gaps either (short pages within the read budget)', async () => {
    const { ids } = await walk('sex=woman&tag=tag1,tag2', 3);
    const want = all.filter((s) => s.sex === 'woman' && (s.tags.includes('tag1') || s.tags.includes('tag2')));
    expect(want.length).toBeGreaterThan(3);
    expect(ids).toEqual(newest(want));
  });
});

describe('filters', () => {
  const cases: [string, (s: StyleRecord) => boolean][] = [
    ['category=cat-evening', (s) => s.categoryIds.includes('cat-evening')],
    ['category=cat-evening,cat-street', (s) => s.categoryIds.some((c) => ['cat-evening', 'cat-street'].includes(c))],
    ['sex=man', (s) => s.sex === 'man'],
    ['sex=man,unisex', (s) => s.sex === 'man' || s.sex === 'unisex'],
    ['tag=tag3', (s) => s.tags.includes('tag3')],
    ['type=product_laydown', (s) => s.styleImageType === 'product_laydown'],
    ['type=model_wearer,product_only', (s) => s.styleImageType !== 'product_laydown'],
    ['creator=OTHER', (s) => s.createdBy === other.sub],
    ['creator=INFL&category=cat-evening', (s) => s.createdBy === infl.sub && s.categoryIds.includes('cat-evening')],
    [
      'category=cat-casual&sex=man&type=model_wearer',
      (s) => s.categoryIds.includes('cat-casual') && s.sex === 'man' && s.styleImageType === 'model_wearer',
    ],
  ];
  for (const [query, pass] of cases)
    it(`${query}: exactly the matching styles, newest first`, async () => {
      const q = query.replace('OTHER', other.sub).replace('INFL', infl.sub);
      const want = all.filter(pass);
      expect(want.length).toBeGreaterThan(0);
      expect((await walk(q, 50)).ids).toEqual(newest(want));
    });

  it('a filter with sort=popular keeps both', async () => {
    expect((await walk('category=cat-street&sort=popular', 50)).ids).toEqual(
      popular(all.filter((s) => s.categoryIds.includes('cat-street'))),
    );
  });

  it('lists the tags of public styles for the chips', async () => {
    const res = await get('/api/explore/tags');
    expect(res.status).toBe(200);
    const want = [...new Set(all.flatMap((s) => s.tags))].sort((a, b) => a.localeCompare(b));
    expect(res.body).toEqual(want);
  });
});

describe('search', () => {
  it('finds a whole word, a prefix, and every word of a multi-word search (AND)', async () => {
    const byWord = (w: string) => newest(all.filter((s) => hasWordStarting(s, w)));
    expect((await walk('q=quartz', 50)).ids).toEqual(byWord('quartz'));
    expect((await walk('q=Quartz', 50)).ids).toEqual(byWord('quartz'));
    // "qu" finds Quartz and Quill; "harv" only Harvest (not Harbor)
    const qu = (await walk('q=qu', 50)).ids;
    expect(qu).toEqual(byWord('qu'));
    expect(qu.length).toBeGreaterThan(byWord('quartz').length);
    expect((await walk('q=harv', 50)).ids).toEqual(byWord('harv'));
    // a word longer than the indexed prefixes is checked in full: "linens" is no word here
    expect((await walk('q=linen', 50)).ids).toEqual(byWord('linen'));
    expect((await walk('q=linens', 50)).ids).toEqual([]);
    const both = (await walk('q=linen%20velvet', 50)).ids;
    expect(both).toEqual(newest(all.filter((s) => hasWordStarting(s, 'linen') && hasWordStarting(s, 'velvet'))));
    expect(both.length).toBeGreaterThan(0);
    expect((await walk('q=no-such-style-zzz', 50)).ids).toEqual([]);
  });

  it('combines a search with filters', async () => {
    expect((await walk('q=linen&sex=woman', 50)).ids).toEqual(
      newest(all.filter((s) => hasWordStarting(s, 'linen') && s.sex === 'woman')),
    );
  });
});

describe('the index follows the style editor', () => {
  it('publish, rename, unpublish, publish again and delete: explore shows exactly the current state', async () => {
    const token = infl.idToken;
    const created = await ctx.invoke('POST', '/api/admin/styles', {
      token,
      body: {
        name: 'Zephyr Coat',
        description: 'A light coat',
        sex: 'female',
        categoryIds: ['cat-casual'],
        tags: ['zephyrtag'],
        tasks: ['OUTFIT_TRYON'],
        promptImageUrl: `/api/public-image/styles/${seedStyleId(0)}/prompt.webp`,
        isPublic: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const ids = async (q: string) => (await walk(q, 50)).ids;
    expect(await ids('q=zeph')).toEqual([id]);
    expect(await ids('tag=zephyrtag')).toEqual([id]);
    expect((await ids(''))[0]).toBe(id);
    expect((await get('/api/explore/tags')).body).toContain('zephyrtag');
    const postings = await postingsOf(id);

    // rename and retag: the old words and tag no longer find it, the new ones do
    const renamed = await ctx.invoke('PATCH', `/api/admin/styles/${id}`, {
      token,
      body: { name: 'Aurora Coat', tags: ['auroratag'] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await ids('q=zeph')).toEqual([]);
    expect(await ids('tag=zephyrtag')).toEqual([]);
    expect(await ids('q=aurora%20coat')).toEqual([id]);
    expect(await ids('tag=auroratag')).toEqual([id]);
    const tags = (await get('/api/explore/tags')).body;
    expect(tags).toContain('auroratag');
    expect(tags).not.toContain('zephyrtag');
    expect(await postingsOf(id)).toBe(postings);

    // unpublish: gone from every list, no posting left
    const hidden = await ctx.invoke('PATCH', `/api/admin/styles/${id}`, { token, body: { isPublic: false } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await ids('q=aurora')).toEqual([]);
    expect(await ids(`creator=${infl.sub}`)).not.toContain(id);
    expect(await ids('')).not.toContain(id);
    expect((await get('/api/explore/tags')).body).not.toContain('auroratag');
    expect(await postingsOf(id)).toBe(0);

    // public again, then deleted
    expect((await ctx.invoke('PATCH', `/api/admin/styles/${id}`, { token, body: { isPublic: true } })).status).toBe(
      200,
    );
    expect(await ids('q=aurora')).toEqual([id]);
    expect(await postingsOf(id)).toBe(postings);
    expect((await ctx.invoke('DELETE', `/api/admin/styles/${id}`, { token })).status).toBe(200);
    expect(await ids('q=aurora')).toEqual([]);
    expect(await ids('')).not.toContain(id);
    expect(await postingsOf(id)).toBe(0);
  });

  it('a use that reaches a new popularity tier moves the style up the popular order', async () => {
    const oldest = all.filter((s) => s.usageCount === 0).sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;
    const before = (await walk('sort=popular', 60)).ids;
    await incrementStyleUsage(ctx.db, oldest.id); // 0 -> 1: tier 0 -> 1
    const after = (await walk('sort=popular', 60)).ids;
    expect(after).toEqual(popular(all.map((s) => (s.id === oldest.id ? { ...s, usageCount: 1 } : s))));
    expect(after.indexOf(oldest.id)).toBeLessThan(before.indexOf(oldest.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('bad input: 400 { message, code }, nothing read', () => {
  it('rejects a tampered cursor, a cursor of another query, and bad limits, sorts and values', async () => {
    const first = await get('/api/explore/styles?limit=5');
    const cursor = first.body.nextCursor as string;
    expect(cursor).toMatch(/^[\w-]+\.[\w-]{43}$/);
    const [payload, tag] = cursor.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ pk: 'EXPLORE#N#ALL', sk: '9' })).toString('base64url')}.${tag}`;
    const bad = [
      `cursor=${payload}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`,
      `cursor=${forged}`,
      'cursor=not-a-cursor',
      `q=linen&cursor=${cursor}`, // signed for another query
      'limit=0',
      'limit=61',
      'limit=abc',
      'sort=oldest',
      'sort=popular&q=linen',
      'sex=alien',
      'type=painting',
      `category=${Array.from({ length: 11 }, (_, i) => `c${i}`).join(',')}`,
    ];
    for (const q of bad) {
      const res = await get(`/api/explore/styles?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    // the right cursor still works
    const second = await get(`/api/explore/styles?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].id).toBe(newest(all)[5]);
  });
});

describe('cached at the edge (issue 41: edgeCacheSeconds in the route table)', () => {
  it('a page goes out cacheable by CloudFront for a minute (browsers revalidate), the same whoever asks; a 400 never', async () => {
    const anon = await get('/api/explore/styles?limit=5');
    expect(anon.status).toBe(200);
    expect(anon.headers['cache-control']).toBe(edgeCacheControl(PUBLIC_LIST_EDGE_SECONDS));
    expect(anon.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    // a public route ignores a token: the answer cannot depend on the caller
    const signedIn = await ctx.invoke('GET', '/api/explore/styles?limit=5', { token: infl.idToken });
    expect(signedIn.body).toEqual(anon.body);
    expect(signedIn.headers['cache-control']).toBe(anon.headers['cache-control']);
    const tags = await get('/api/explore/tags');
    expect(tags.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const bad = await get('/api/explore/styles?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    // a route that may depend on the caller keeps no-store
    const style = await ctx.invoke('GET', `/api/styles/${seedStyleId(0)}`, { token: infl.idToken });
    expect(style.status).toBe(200);
    expect(style.headers['cache-control']).toBe('no-store');
  });
});
