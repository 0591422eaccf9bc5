/**
 * Privacy, issue 26, through the real handlers (DynamoDB Local, s3rver, cognito-local):
 * - the per-user index of the votes and reactions a signed-in viewer casts (on the item itself: a changed vote
 *   keeps one entry; anonymous viewers have none);
 * - "Download my data" is complete: shared looks with their copies and the feedback received (never who gave
 *   it), the feedback given, outfit uploads, and a README that lists every section and what is not exported;
 * - "Delete my account" needs the current password of the token's own account (missing: 400, wrong or another
 *   user's: 403, nothing changes), shows the unused paid credits first, and takes the votes and reactions the
 *   person cast with it;
 * - the count a shorter retention would delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { ScanCommand } from '../../shared/repositories/dynamo-client';
import { ulid } from 'ulid';
import { setModeratorForTests } from '../../functions/lib/moderation';
import { mediaKeys, putImage } from '../../functions/lib/media-store';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import {
  createGenerationWithReservation,
  markCompleted,
  markProcessing,
  setResultKey,
} from '../../shared/repositories/generation-repository';
import {
  countVoteItems,
  getVoteTally,
  listFeedbackCastBy,
  listShareReactions,
} from '../../shared/repositories/share-repository';
import { getBalance, recordMovement } from '../../shared/repositories/ledger-repository';
import { getPrivacyFields } from '../../shared/repositories/privacy-repository';
import { setAccountStatus } from '../../shared/repositories/user-repository';
import { keys } from '../../shared/repositories/keys';
import { PRIVACY_MESSAGES } from '../../shared/domain/privacy';
import { VIEWER_COOKIE } from '../../shared/domain/shares';
import { buildExport } from '../../functions/privacy/export-build';
import { setExportRunner } from '../../functions/privacy/export-service';
import { EXPORT_NOT_INCLUDED, EXPORT_SECTIONS } from '../../functions/privacy/export-contents';
import { bucketClient } from '../support/media';
import { AdminDeleteUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../infra/local/cognito-setup';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let owner: TestUser;
let voter: TestUser;
let n = 0;
const privateBucket = () => process.env.PRIVATE_BUCKET!;

/** A completed generation with a real JPEG result, `daysAgo` old (ulid time). */
async function completedGeneration(u: TestUser, daysAgo = 0): Promise<string> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const id = ulid(at.getTime());
  const now = at.toISOString();
  await createGenerationWithReservation(ctx.db, {
    id,
    userId: u.sub,
    status: 'pending',
    kind: 'style',
    mode: 'creative',
    inputs: {
      photoProfileId: 'p1',
      styleId: null,
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: null,
      imageType: null,
      styleRefKey: null,
      backgroundKey: null,
    },
    styleName: `Look ${++n}`,
    templateName: null,
    cost: 0,
    reserved: {},
    priority: false,
    resultKey: null,
    error: null,
    createdAt: now,
    startedAt: null,
    completedAt: null,
    updatedAt: now,
  });
  await markProcessing(ctx.db, u.sub, id);
  const bytes = await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 20 * n, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const key = mediaKeys.generationResult(u.sub, id, 'jpg');
  await putImage('private', key, bytes, 'image/jpeg');
  await setResultKey(ctx.db, u.sub, id, key);
  await markCompleted(ctx.db, u.sub, id);
  return id;
}

async function scanAll(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ctx.db.doc.send(new ScanCommand({ TableName: ctx.tableName, ExclusiveStartKey: start }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Request an export and build it here (awaited), then download and unzip it. */
async function exportOf(u: TestUser): Promise<Record<string, Uint8Array>> {
  const started = await ctx.invoke('POST', '/api/user/export', { token: u.idToken });
  expect(started.status).toBe(202);
  await buildExport(ctx.db, u.sub, started.body.id);
  const ready = await ctx.invoke('GET', `/api/user/export/${started.body.id}`, { token: u.idToken });
  expect(ready.body.status).toBe('ready');
  const res = await fetch(ready.body.url);
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const deleteAccount = (u: TestUser, body: unknown) =>
  ctx.invoke('DELETE', '/api/user/account', { token: u.idToken, body });

let token = '';
let shareId = '';
const gens: string[] = [];
let anonCookie = '';

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  process.env.ORIGIN_VERIFY_SECRET = 'privacy-account-edge-token';
  setModeratorForTests({ name: 'test-safe', moderate: async () => ({ safe: true, reasons: [], labels: [] }) });
  setExportRunner(() => undefined); // built by the test
  [owner, voter] = await Promise.all([ctx.createUser(), ctx.createUser()]);
  for (const u of [owner, voter]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  gens.push(await completedGeneration(owner), await completedGeneration(owner));
  const res = await ctx.invoke('POST', '/api/shares', {
    token: owner.idToken,
    body: { generationIds: gens },
    viewerIp: '198.51.100.7',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  token = res.body.token;
  shareId = res.body.id;
}, 120_000);
afterAll(() => setModeratorForTests(null));

describe('votes and reactions: the per-user index', () => {
  it('a signed-in viewer has one entry per share and kind (a changed vote replaces it); an anonymous viewer has none', async () => {
    const vote = (generationId: string, extra: object) =>
      ctx.invoke('PUT', `/api/l/${token}/vote`, { body: { generationId }, viewerIp: '203.0.113.5', ...extra });
    expect((await vote(gens[0]!, { token: voter.idToken })).status).toBe(200);
    const changed = await vote(gens[1]!, { token: voter.idToken });
    expect(changed.status).toBe(200);
    expect(changed.body.totalVotes).toBe(1); // changed, not counted twice
    for (const text of ['Nice!', 'The second one']) {
      const r = await ctx.invoke('PUT', `/api/l/${token}/reaction`, {
        token: voter.idToken,
        body: { text },
        viewerIp: '203.0.113.5',
      });
      expect(r.status).toBe(200);
    }
    const anon = await vote(gens[0]!, {});
    expect(anon.status).toBe(200);
    anonCookie = anon.raw.cookies!.find((c) => c.startsWith(`${VIEWER_COOKIE}=`))!.split(';')[0]!;
    await ctx.invoke('PUT', `/api/l/${token}/reaction`, {
      body: { text: 'From a stranger' },
      headers: { cookie: anonCookie },
      viewerIp: '203.0.113.6',
    });

    const cast = await listFeedbackCastBy(ctx.db, voter.sub);
    expect(
      cast
        .map(({ kind, shareId: s, generationId, text }) => ({ kind, s, generationId, text }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'reaction', s: shareId, generationId: null, text: 'The second one' },
      { kind: 'vote', s: shareId, generationId: gens[1], text: null },
    ]);
    // The index keys are on the vote item itself (one Put, so it cannot drift); none on the anonymous one.
    const items = (await scanAll()).filter((i) => i.pk === keys.shareFeedback(shareId).pk);
    const mine = items.find((i) => i.sk === `VOTE#user:${voter.sub}`)!;
    expect(mine).toMatchObject({ gsi2pk: `SHAREFB#BY#${voter.sub}`, gsi2sk: `VOTE#${shareId}`, generationId: gens[1] });
    const anonItems = items.filter((i) => String(i.sk).includes('anon:'));
    expect(anonItems).toHaveLength(2);
    for (const i of anonItems) expect(i.gsi2pk).toBeUndefined();
    // The owner's partition is not the voter's: the owner has no index entries of its own.
    expect(await listFeedbackCastBy(ctx.db, owner.sub)).toEqual([]);
  });
});

describe('download my data: complete', () => {
  it("the owner's archive has the shared look with its copies, the feedback received without who gave it, outfit uploads and a README", async () => {
    const outfitKey = mediaKeys.outfit(owner.sub, 'garment-1', 'jpg');
    const garment = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await s3.put(privateBucket(), outfitKey, garment);

    const files = await exportOf(owner);
    const names = Object.keys(files);
    // every section the README names is in the archive (but the two this user has nothing in)
    for (const s of EXPORT_SECTIONS)
      if (s.path !== 'template-inputs/' && s.path !== 'photos/')
        expect(
          names.some((nm) => nm.startsWith(s.path)),
          s.path,
        ).toBe(true);
    expect(Buffer.from(files['outfit-uploads/garment-1.jpg']!)).toEqual(garment);
    expect(names).toContain(`shares/${shareId}/1.jpg`);
    expect(names).toContain(`shares/${shareId}/2.jpg`);
    const meta = await sharp(Buffer.from(files[`shares/${shareId}/1.jpg`]!)).metadata();
    expect(meta.format).toBe('jpeg');

    const shares = JSON.parse(strFromU8(files['shares/shares.json']!));
    expect(shares).toEqual([
      expect.objectContaining({
        id: shareId,
        link: `/l/${token}`,
        status: 'active',
        totalVotes: 2,
        images: [
          expect.objectContaining({ generationId: gens[0], votes: 1, image: `${shareId}/1.jpg` }),
          expect.objectContaining({ generationId: gens[1], votes: 1, image: `${shareId}/2.jpg` }),
        ],
      }),
    ]);
    expect(shares[0].reactionsReceived.map((r: { text: string }) => r.text).sort()).toEqual([
      'From a stranger',
      'The second one',
    ]);
    const sharesText = strFromU8(files['shares/shares.json']!);
    expect(sharesText).not.toContain(voter.sub);
    expect(sharesText).not.toContain('anon:');
    // the owner cast nothing
    expect(JSON.parse(strFromU8(files['feedback-given.json']!))).toEqual({ votes: [], reactions: [] });

    const readme = strFromU8(files['README.txt']!);
    for (const s of EXPORT_SECTIONS) expect(readme).toContain(`- ${s.path}: ${s.what}.`);
    for (const t of EXPORT_NOT_INCLUDED) expect(readme).toContain(t);
    expect(readme).toMatch(/signed out: they are stored under a random browser cookie id/);
  });

  it("the voter's archive has the votes and reactions they gave while signed in (and not the anonymous ones)", async () => {
    const files = await exportOf(voter);
    const given = JSON.parse(strFromU8(files['feedback-given.json']!));
    expect(given.votes).toEqual([{ shareId, votedFor: gens[1], at: expect.any(String) }]);
    expect(given.reactions).toEqual([{ shareId, text: 'The second one', at: expect.any(String) }]);
    expect(JSON.parse(strFromU8(files['shares/shares.json']!))).toEqual([]);
  });
});

describe('delete my account: the password and what is lost', () => {
  it('shows the unused credits split into paid and granted (no plan here)', async () => {
    const u = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 20,
      causeId: `in_${u.sub}`,
    });
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'admin.adjust',
      bucket: 'trial',
      amount: 3,
      causeId: `adj_${u.sub}`,
    });
    const total = (await getBalance(ctx.db, u.sub)).credits;
    const res = await ctx.invoke('GET', '/api/user/account/deletion-preview', { token: u.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      credits: { paid: 20, granted: total - 20, total },
      hasUnlimitedCredits: false,
      subscription: null,
    });
    expect(total - 20).toBeGreaterThanOrEqual(3);
    expect((await ctx.invoke('GET', '/api/user/account/deletion-preview')).status).toBe(401);
  });

  it('a missing password is a 400, a wrong one or another account’s a 403; none changes anything', async () => {
    const bystander = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: bystander.idToken });
    // test users share one password: the bystander gets its own
    const otherPassword = 'Other-pass-2';
    const cognito = cognitoClient(ctx.endpoints.cognito);
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: ctx.userPoolId,
        Username: bystander.email,
        Password: otherPassword,
        Permanent: true,
      }),
    );
    cognito.destroy();
    expect(otherPassword).not.toBe(voter.password);
    const before = (await scanAll()).filter((i) => JSON.stringify(i).includes(voter.sub)).length;

    const missing = await deleteAccount(voter, { confirm: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation_error' });
    expect(missing.body.message).toContain(PRIVACY_MESSAGES.passwordRequired);
    const empty = await deleteAccount(voter, { confirm: 'DELETE', password: '' });
    expect(empty.status).toBe(400);

    const wrong = await deleteAccount(voter, { confirm: 'DELETE', password: 'Not-the-pass-1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'auth.password_incorrect', message: PRIVACY_MESSAGES.passwordWrong });

    // Another account's (correct) password does not delete the caller, nor that other account.
    const others = await deleteAccount(voter, { confirm: 'DELETE', password: otherPassword, userId: bystander.sub });
    expect(others.status).toBe(403);
    // Nor does a forged token of the other account's id without its password.
    const forged = ctx.forgeToken({ sub: bystander.sub, email: bystander.email, 'cognito:username': bystander.email });
    const forgedRes = await ctx.invoke('DELETE', '/api/user/account', {
      token: forged,
      body: { confirm: 'DELETE', password: 'Not-the-pass-1' },
    });
    expect(forgedRes.status).toBeGreaterThanOrEqual(400);
    expect(forgedRes.status).toBeLessThan(500);

    for (const u of [voter, bystander]) {
      expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
      expect((await getPrivacyFields(ctx.db, u.sub))!.accountStatus ?? 'active').toBe('active');
    }
    expect((await scanAll()).filter((i) => JSON.stringify(i).includes(voter.sub)).length).toBe(before);
    expect(await listFeedbackCastBy(ctx.db, voter.sub)).toHaveLength(2);
  });

  it('the right password deletes the account with the votes and reactions it cast; the look keeps the others', async () => {
    const votesOf = async () =>
      (await ctx.invoke('GET', `/api/l/${token}`)).body.images.map((i: { votes: number }) => i.votes);
    expect(await votesOf()).toEqual([1, 1]); // the stranger's and the voter's
    const res = await deleteAccount(voter, { confirm: 'DELETE', password: voter.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts.votesAndReactions).toBe(2);
    expect(await listFeedbackCastBy(ctx.db, voter.sub)).toEqual([]);
    // the vote item went and the look's counters dropped with it (issue 28): counters and items agree
    const voteItems = (await scanAll()).filter(
      (i) => i.pk === keys.shareFeedback(shareId).pk && String(i.sk).startsWith('VOTE#'),
    );
    expect(voteItems.map((i) => String(i.viewerId).startsWith('anon:'))).toEqual([true]);
    const tally = await getVoteTally(ctx.db, shareId);
    expect(Object.fromEntries(tally)).toEqual({ [gens[0]!]: 1, [gens[1]!]: 0 });
    expect(Object.fromEntries(await countVoteItems(ctx.db, shareId))).toEqual({ [gens[0]!]: 1 });
    expect(await votesOf()).toEqual([1, 0]);
    expect((await listShareReactions(ctx.db, shareId)).map((r) => r.text)).toEqual(['From a stranger']);
    // nothing in the table names the deleted user any more
    expect((await scanAll()).filter((i) => JSON.stringify(i).includes(voter.sub))).toEqual([]);
    // the owner's look counts what is left
    const view = await ctx.invoke('GET', `/api/l/${token}`, { headers: { cookie: anonCookie } });
    expect(view.body.totalVotes).toBe(1);
  });
});

describe('delete my account: finishing a deletion whose sign-in is already gone', () => {
  it('a retry by the token of an account in deletion, whose pool user is gone, completes without a password check', async () => {
    const u = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    // a wrong password on a live account is refused even while the account is marked 'deleting'
    await setAccountStatus(ctx.db, u.sub, 'deleting');
    const refused = await deleteAccount(u, { confirm: 'DELETE', password: 'Not-the-pass-1' });
    expect(refused.status).toBe(403);
    // the earlier attempt got as far as removing the sign-in
    const cognito = cognitoClient(ctx.endpoints.cognito);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: ctx.userPoolId, Username: u.email }));
    cognito.destroy();
    const retry = await deleteAccount(u, { confirm: 'DELETE', password: 'anything' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.signInRemoved).toBe(false);
    expect((await scanAll()).filter((i) => i.pk === `USER#${u.sub}`)).toEqual([]);
  });
});

describe('retention: what a shorter period deletes', () => {
  it('counts the completed results older than the period, validates the period and changes nothing', async () => {
    const u = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    await completedGeneration(u, 40);
    await completedGeneration(u, 35);
    await completedGeneration(u, 10);
    await completedGeneration(u, 0);
    const impact = (days: string) =>
      ctx.invoke('GET', `/api/user/privacy/retention-impact?retentionDays=${days}`, { token: u.idToken });
    expect((await impact('30')).body).toMatchObject({ retentionDays: 30, results: 2 });
    expect((await impact('7')).body).toMatchObject({ retentionDays: 7, results: 3 });
    expect((await impact('90')).body).toMatchObject({ retentionDays: 90, results: 0 });
    for (const bad of ['5', 'abc', '']) {
      const r = await impact(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe('validation_error');
    }
    // asking deletes nothing and saves nothing
    expect((await getPrivacyFields(ctx.db, u.sub))!.retentionDays ?? null).toBeNull();
    expect((await ctx.invoke('GET', '/api/generations', { token: u.idToken })).body).toHaveLength(4);
  });
});
