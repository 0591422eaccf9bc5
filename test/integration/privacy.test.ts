/**
 * Privacy (issue 13): consent and age before photo profiles, the retention setting and its job, the data
 * export, and account deletion verified by listing every table item and every object key afterwards.
 */
import { getFavoriteCount } from '../../shared/repositories/style-counter-repository';
import { drainLocalInvocations } from '../../functions/generations/workflow/render-invoker';
import { fullBodyJpeg } from '../support/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { ScanCommand } from '../../shared/repositories/dynamo-client';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, GetCommand } from '../../shared/repositories/dynamo-client';
import { AGE_CONFIRMATION, DAY_MS, PHOTO_CONSENT } from '../../shared/domain/privacy';
import { keys } from '../../shared/repositories/keys';
import { setAccountStatus, updateUser, type UserPatch } from '../../shared/repositories/user-repository';
import {
  createGenerationWithReservation,
  getGeneration,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { getBalance, recordMovement } from '../../shared/repositories/ledger-repository';
import { createShareReport } from '../../shared/repositories/share-repository';
import { userViewerId } from '../../shared/domain/shares';
import { getPhotoConsent, getPrivacyFields, setAgeStatus } from '../../shared/repositories/privacy-repository';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { cognitoClient, signIn } from '../../infra/local/cognito-setup';
import { setPaymentsAdapter } from '../../functions/billing/payments';
import { signPayload } from '../../functions/billing/payments/signature';
import type { PaymentsAdapter } from '../../functions/billing/payments/types';
import { applyRetention } from '../../functions/privacy/retention-service';
import { buildExport } from '../../functions/privacy/export-build';
import { exportStatus, setExportRunner } from '../../functions/privacy/export-service';
import { hashIp } from '../../functions/privacy/consent-service';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, file, multipart } from '../support/media';
import { ulid } from 'ulid';
import { startTestWorkflow } from '../support/workflow';
import { createS3Client } from '../../infra/local/s3-sdk';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
let s3: ReturnType<typeof bucketClient>;
let portrait: Buffer;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const publicBucket = () => process.env.PUBLIC_BUCKET!;
const BODY = 'Slim build, about 170 cm tall, shoulder-length hair.';
const exportsStarted: { userId: string; exportId: string }[] = [];

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  s3 = bucketClient(ctx.endpoints.s3);
  portrait = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c08040' } })
    .jpeg()
    .toBuffer();
  const owner = await ctx.createUser();
  await seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: publicBucket(),
    owners: { influencer: owner.sub, admin: owner.sub },
  });
  // Exports are built by the test (awaited), not in the background.
  setExportRunner((_db, userId, exportId) => exportsStarted.push({ userId, exportId }));
});
afterAll(async () => {
  setPaymentsAdapter(null);
  await wf?.stop();
});

const as = (u: TestUser) => ({
  get: (path: string) => ctx.invoke('GET', path, { token: u.idToken }),
  post: (path: string, body: unknown = {}) => ctx.invoke('POST', path, { token: u.idToken, body }),
  put: (path: string, body: unknown = {}) => ctx.invoke('PUT', path, { token: u.idToken, body }),
  del: (path: string, body?: unknown) => ctx.invoke('DELETE', path, { token: u.idToken, body }),
});

async function newUser(patch: UserPatch = { currentPlan: 'starter', subscriptionStatus: 'active' }): Promise<TestUser> {
  const u = await ctx.createUser();
  await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, u.sub, patch);
  return u;
}

function createProfile(u: TestUser, extra: Record<string, string | undefined> = {}) {
  const { body, headers } = multipart({
    consent: PHOTO_CONSENT.version,
    name: 'Me',
    gender: 'female',
    bodyDescription: BODY,
    portrait: file(portrait),
    ...extra,
  });
  return ctx.invoke('POST', '/api/photo-profiles', { token: u.idToken, body, headers });
}

/** A completed generation with its result object (and its spend in the ledger), created at `createdAt`. */
async function completedGeneration(u: TestUser, createdAt: Date, profileId = 'p'): Promise<GenerationRecord> {
  const id = ulid(createdAt.getTime());
  const resultKey = `users/${u.sub}/generations/${id}.jpg`;
  await s3.put(privateBucket(), resultKey, portrait);
  const gen: GenerationRecord = {
    id,
    userId: u.sub,
    status: 'completed',
    kind: 'style',
    mode: 'exact',
    inputs: {
      photoProfileId: profileId,
      styleId: seedStyleId(0),
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: null,
      imageType: null,
      styleRefKey: null,
      backgroundKey: null,
    },
    styleName: 'Look',
    templateName: null,
    cost: 1,
    reserved: { monthly: 1 },
    priority: false,
    resultKey,
    error: null,
    createdAt: createdAt.toISOString(),
    startedAt: createdAt.toISOString(),
    completedAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
  };
  await createGenerationWithReservation(ctx.db, gen);
  return gen;
}

async function scanAll(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ctx.db.doc.send(
      new ScanCommand({ TableName: ctx.tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    out.push(...((res.Items ?? []) as Record<string, unknown>[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

describe('consent and age before a photo profile', () => {
  it('refuses without an age statement, for a minor, without or with an old consent; records the consent on success', async () => {
    const u = await newUser();
    const noAge = await createProfile(u);
    expect(noAge.status).toBe(403);
    expect(noAge.body).toEqual({
      code: 'age.required',
      message: 'Tell us your date of birth before creating a photo profile.',
    });

    expect((await as(u).post('/api/user/age', { birthDate: '2001-02-30' })).status).toBe(400);
    expect((await as(u).post('/api/user/age', { birthDate: '2999-01-01' })).status).toBe(400);
    expect((await as(u).post('/api/user/age', {})).status).toBe(400);
    expect(await getPrivacyFields(ctx.db, u.sub)).toMatchObject({ ageStatus: null });

    const adult = await as(u).post('/api/user/age', { birthDate: '1990-05-17' });
    expect(adult.status).toBe(200);
    expect(adult.body).toEqual({ ageStatus: 'adult' });
    expect((await as(u).post('/api/user/age', { birthDate: '1990-05-17' })).status).toBe(200); // same answer again
    const changed = await as(u).post('/api/user/age', { birthDate: '2015-01-01' });
    expect(changed.status).toBe(409);
    expect((await getPrivacyFields(ctx.db, u.sub))!.ageStatus).toBe('adult');
    // the birth date itself is not stored
    const item = await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.user(u.sub) }));
    expect(JSON.stringify(item.Item)).not.toContain('1990-05-17');
    expect(item.Item).toMatchObject({ ageWordingVersion: AGE_CONFIRMATION.version });

    const missing = await createProfile(u, { consent: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('consent.required');
    const outdated = await createProfile(u, { consent: 'photo-consent-2020-v0' });
    expect(outdated.status).toBe(400);
    expect(outdated.body.message).toMatch(/wording has changed/);
    expect(await s3.list(privateBucket(), `users/${u.sub}/`)).toEqual([]); // nothing stored by the refusals

    const before = Date.now();
    const ok = await createProfile(u);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const consent = await getPhotoConsent(ctx.db, u.sub, ok.body.id);
    expect(consent).toMatchObject({ profileId: ok.body.id, wordingVersion: PHOTO_CONSENT.version });
    expect(new Date(consent!.acceptedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consent!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(consent!.ipHash).not.toContain('127.0.0.1');

    // deleting the profile deletes its consent record
    expect((await as(u).del(`/api/photo-profiles/${ok.body.id}`)).status).toBe(204);
    expect(await getPhotoConsent(ctx.db, u.sub, ok.body.id)).toBeNull();
    // "Delete all my photos" deletes the consent records with the profiles
    const second = await createProfile(u);
    expect(await getPhotoConsent(ctx.db, u.sub, second.body.id)).not.toBeNull();
    expect((await as(u).del('/api/user/photos')).status).toBe(200);
    expect(await getPhotoConsent(ctx.db, u.sub, second.body.id)).toBeNull();
  });

  it('a minor cannot create a photo profile', async () => {
    const u = await newUser();
    const y = new Date().getUTCFullYear() - 16;
    expect((await as(u).post('/api/user/age', { birthDate: `${y}-01-01` })).body).toEqual({ ageStatus: 'minor' });
    const res = await createProfile(u);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('age.under_minimum');
    expect(res.body.message).toMatch(/18 and over/);
    expect(await s3.list(privateBucket(), `users/${u.sub}/`)).toEqual([]);
  });

  it('hashes IPs with a secret pepper, never storing them', async () => {
    expect(await hashIp('203.0.113.9')).toBe(await hashIp('203.0.113.9'));
    expect(await hashIp('203.0.113.9')).not.toBe(await hashIp('203.0.113.10'));
    expect(await hashIp(null)).toBeNull();
  });
});

describe('retention of generated images', () => {
  it('validates, stamps TTLs, and the job deletes only what is due (objects and items), keeping the ledger', async () => {
    const u = await newUser();
    const other = await newUser();
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 10,
      causeId: `t-${u.sub}`,
    });
    await recordMovement(ctx.db, {
      userId: other.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 10,
      causeId: `t-${other.sub}`,
    });
    const now = new Date();
    const old = await completedGeneration(u, new Date(now.getTime() - 10 * DAY_MS));
    const recent = await completedGeneration(u, new Date(now.getTime() - 2 * DAY_MS));
    const othersOld = await completedGeneration(other, new Date(now.getTime() - 100 * DAY_MS));
    const orphanKey = `users/${u.sub}/generations/orphan-from-ttl.jpg`;
    await s3.put(privateBucket(), orphanKey, portrait); // "now" on s3rver: due only for a cutoff in the future

    expect((await as(u).get('/api/user/privacy')).body).toMatchObject({
      retentionDays: null,
      photoConsent: { version: PHOTO_CONSENT.version },
    });
    for (const bad of [15, '7', 0, undefined]) {
      const res = await as(u).put('/api/user/privacy/retention', { retentionDays: bad });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
    const set = await as(u).put('/api/user/privacy/retention', { retentionDays: 7 });
    expect(set.status).toBe(200);
    expect(set.body.retentionDays).toBe(7);
    const stamped = await ctx.db.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: keys.generation(u.sub, recent.id) }),
    );
    expect(stamped.Item!.ttl).toBe(Math.floor((new Date(recent.createdAt).getTime() + 7 * DAY_MS) / 1000));

    const balanceBefore = await getBalance(ctx.db, u.sub);
    const run = await applyRetention(ctx.db, now);
    expect(run.generationsDeleted).toBe(1);
    expect(await getGeneration(ctx.db, u.sub, old.id)).toBeNull();
    expect(await getGeneration(ctx.db, u.sub, recent.id)).not.toBeNull();
    expect(await getGeneration(ctx.db, other.sub, othersOld.id)).not.toBeNull(); // keeps by default
    const keysLeft = await s3.list(privateBucket(), `users/${u.sub}/`);
    expect(keysLeft).not.toContain(old.resultKey);
    expect(keysLeft).toContain(recent.resultKey);
    expect(keysLeft).toContain(orphanKey);
    expect(await s3.list(privateBucket(), `users/${other.sub}/`)).toContain(othersOld.resultKey);
    // the ledger keeps the spend of the deleted generation
    const ledger = await ctx.db.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: keys.ledgerEntry(u.sub, `spend.generation:${old.id}#monthly`) }),
    );
    expect(ledger.Item).toBeDefined();
    expect(await getBalance(ctx.db, u.sub)).toEqual(balanceBefore);

    // objects whose item TTL already removed are swept too (here: a cutoff after the orphan's upload)
    await applyRetention(ctx.db, new Date(now.getTime() + 8 * DAY_MS));
    const after = await s3.list(privateBucket(), `users/${u.sub}/`);
    expect(after).not.toContain(orphanKey);
    expect(after).not.toContain(recent.resultKey);

    // back to keeping: TTLs removed, out of the job's list
    const keep = await completedGeneration(u, new Date(now.getTime() - 30 * DAY_MS));
    expect((await as(u).put('/api/user/privacy/retention', { retentionDays: null })).body.retentionDays).toBeNull();
    const unstamped = await ctx.db.doc.send(
      new GetCommand({ TableName: ctx.tableName, Key: keys.generation(u.sub, keep.id) }),
    );
    expect(unstamped.Item!.ttl).toBeUndefined();
    await applyRetention(ctx.db, now);
    expect(await getGeneration(ctx.db, u.sub, keep.id)).not.toBeNull();
  });
});

describe('retention of new generations', () => {
  it('a generation started under a retention choice carries the table TTL from its creation', async () => {
    const u = await newUser();
    await setAgeStatus(ctx.db, u.sub, 'adult', AGE_CONFIRMATION.version);
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 3,
      causeId: `g-${u.sub}`,
    });
    const mp = multipart({
      consent: PHOTO_CONSENT.version,
      name: 'Me',
      bodyDescription: BODY,
      portrait: file(portrait),
      fullBody: file(await fullBodyJpeg(700)),
    });
    const profile = await ctx.invoke('POST', '/api/photo-profiles', {
      token: u.idToken,
      body: mp.body,
      headers: mp.headers,
    });
    expect(profile.status).toBe(201);
    await drainLocalInvocations(); // the full-body check's verdict
    expect((await as(u).put('/api/user/privacy/retention', { retentionDays: 30 })).status).toBe(200);
    const res = await as(u).post('/api/generate/style', {
      styleId: seedStyleId(0),
      photoProfileId: profile.body.id,
      mode: 'exact',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const item = (
      await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.generation(u.sub, res.body.id) }))
    ).Item!;
    expect(item.status).toBe('completed');
    expect(item.ttl).toBe(Math.floor((new Date(item.createdAt as string).getTime() + 30 * DAY_MS) / 1000));
  });
});

describe('download my data', () => {
  it('builds a ZIP in the background with profile JSON, photos, generations and credit history as CSV; link for 24 h', async () => {
    const u = await newUser();
    const stranger = await newUser();
    await setAgeStatus(ctx.db, u.sub, 'adult', AGE_CONFIRMATION.version);
    const profile = await createProfile(u, { name: 'Weekend me' });
    expect(profile.status).toBe(201);
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 5,
      causeId: `x-${u.sub}`,
      note: '=HYPERLINK("x")',
    });
    const gen = await completedGeneration(u, new Date(), profile.body.id);

    const started = await as(u).post('/api/user/export');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'pending', progress: 0, url: null });
    expect((await as(u).post('/api/user/export')).status).toBe(409); // one at a time
    const job = exportsStarted.find((e) => e.exportId === started.body.id)!;
    expect(job.userId).toBe(u.sub);
    expect((await as(stranger).get(`/api/user/export/${started.body.id}`)).status).toBe(404);

    await buildExport(ctx.db, u.sub, started.body.id);
    const ready = await as(u).get(`/api/user/export/${started.body.id}`);
    expect(ready.body).toMatchObject({ status: 'ready', progress: 100 });
    expect((await as(u).get('/api/user/export/latest')).body.export.id).toBe(started.body.id);
    const res = await fetch(ready.body.url);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    const data = JSON.parse(strFromU8(files['profile.json']!));
    expect(data.account).toMatchObject({ id: u.sub, email: u.email });
    expect(data.photoProfiles).toEqual([
      expect.objectContaining({
        name: 'Weekend me',
        consent: expect.objectContaining({ wordingVersion: PHOTO_CONSENT.version }),
      }),
    ]);
    expect(names.some((n) => n.startsWith(`photos/Weekend-me-${profile.body.id}/portrait.`))).toBe(true);
    expect(names).toContain(`generations/${gen.id}.jpg`);
    expect(Buffer.from(files[`generations/${gen.id}.jpg`]!)).toEqual(portrait);
    const csv = strFromU8(files['credit-history.csv']!).trim().split('\r\n');
    expect(csv[0]).toBe('createdAt,kind,bucket,amount,note,entryId');
    expect(csv).toHaveLength(3); // grant + spend
    expect(csv.join('\n')).toContain(`"'=HYPERLINK(""x"")"`); // formula neutralised

    const later = await exportStatus(ctx.db, u.sub, started.body.id, new Date(Date.now() + 25 * 3600_000));
    expect(later.url).toBeNull();
    expect(later.error).toMatch(/expired/);
  });
});

describe('download my data: ratings, reports and kept variants (issue 39)', () => {
  it('holds the ratings and the reports made while signed in, and each kept variant once', async () => {
    const u = await newUser();
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 2,
      causeId: `v-${u.sub}`,
    });
    const rated = await completedGeneration(u, new Date(Date.now() - 60_000));
    // a run of two variants (as the workflow leaves it), the first kept as its own generation
    const run = await completedGeneration(u, new Date(Date.now() - 30_000));
    const variantKeys = [0, 1].map((i) => `users/${u.sub}/generations/${run.id}-v${i}.jpg`);
    const variantBytes = await Promise.all(
      ['#102030', '#304050'].map((background) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    await Promise.all(variantKeys.map((k, i) => s3.put(privateBucket(), k, variantBytes[i]!)));
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...(await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.generation(u.sub, run.id) })))
            .Item,
          variantCount: 2,
          variantKeys,
          resultKey: variantKeys[0],
        },
      }),
    );
    const kept = await as(u).post(`/api/generations/${run.id}/keep`, { variants: [0] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const keptId: string = kept.body.kept[0].generationId;

    const rating = await as(u).post('/api/feedback', { generationId: rated.id, rating: 4 });
    expect(rating.status, JSON.stringify(rating.body)).toBe(201);
    const report = await as(u).post(`/api/styles/${seedStyleId(1)}/flag`, { reason: 'Not what it shows' });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const now = new Date().toISOString();
    // a shared look reported while signed in is theirs; one reported by an anonymous viewer is nobody's
    await createShareReport(ctx.db, {
      id: ulid(),
      reporterId: userViewerId(u.sub),
      reason: 'Spam link',
      status: 'open',
      createdAt: now,
      shareId: 'share-1',
      shareOwnerId: 'someone',
    });
    await createShareReport(ctx.db, {
      id: ulid(),
      reporterId: 'anon:cookie-1',
      reason: 'Anonymous',
      status: 'open',
      createdAt: now,
      shareId: 'share-1',
      shareOwnerId: 'someone',
    });

    const started = await as(u).post('/api/user/export');
    await buildExport(ctx.db, u.sub, started.body.id);
    const ready = await as(u).get(`/api/user/export/${started.body.id}`);
    const files = unzipSync(new Uint8Array(await (await fetch(ready.body.url)).arrayBuffer()));
    const names = Object.keys(files);

    expect(JSON.parse(strFromU8(files['ratings.json']!))).toEqual([
      expect.objectContaining({ generationId: rated.id, styleId: seedStyleId(0), stars: 4 }),
    ]);
    const reports = JSON.parse(strFromU8(files['reports.json']!));
    expect(reports).toHaveLength(2);
    expect(reports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          about: 'style',
          styleId: seedStyleId(1),
          reason: 'Not what it shows',
          status: 'open',
        }),
        expect.objectContaining({ about: 'shared look', shareId: 'share-1', reason: 'Spam link' }),
      ]),
    );

    // the kept variant once (as its own generation), the variant not kept from the run, nothing twice
    const images = names.filter((n) => n.startsWith('generations/') && n.endsWith('.jpg'));
    expect(images.sort()).toEqual(
      [`generations/${rated.id}.jpg`, `generations/${keptId}.jpg`, `generations/${run.id}-variant-2.jpg`].sort(),
    );
    expect(Buffer.from(files[`generations/${keptId}.jpg`]!)).toEqual(variantBytes[0]);
    const listed = JSON.parse(strFromU8(files['generations/generations.json']!));
    expect(listed.find((g: { id: string }) => g.id === run.id).variantImages).toEqual([
      `${keptId}.jpg`,
      `${run.id}-variant-2.jpg`,
    ]);

    // the README names both new sections, and says signed-out reports are not in it
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('- ratings.json:');
    expect(readme).toContain('- reports.json:');
    expect(readme).toMatch(/Votes, reactions and reports given while signed out/);
  });
});

describe('download my data while the account is being deleted', () => {
  it('builds nothing and leaves no archive', async () => {
    const u = await newUser();
    const started = await as(u).post('/api/user/export');
    expect(started.status).toBe(202);
    await setAccountStatus(ctx.db, u.sub, 'deleting');
    await expect(buildExport(ctx.db, u.sub, started.body.id)).rejects.toThrow(/being deleted/);
    expect((await exportStatus(ctx.db, u.sub, started.body.id)).status).toBe('failed');
    expect(await s3.list(privateBucket(), `users/${u.sub}/exports/`)).toEqual([]);
  });
});

describe('delete my account', () => {
  function fakePayments(fail = false) {
    const calls: string[] = [];
    const adapter = {
      name: 'stripe',
      async webhookSecret() {
        return 'whsec_privacy_test';
      },
      async cancelAtPeriodEnd(id: string) {
        calls.push(id);
        if (fail) throw new Error('Stripe is down');
        return {
          id,
          status: 'active',
          customerId: 'cus_1',
          userId: null,
          plan: 'starter',
          scheduledPlan: null,
          cancelAtPeriodEnd: true,
          currentPeriodStart: null,
          currentPeriodEnd: null,
        };
      },
    } as unknown as PaymentsAdapter;
    return { adapter, calls };
  }

  /** A user with a bit of everything: profile, generation, credits and a paid grant, favourite, link, style, collection, application, avatar, export, Stripe records. */
  async function populated(tag: string) {
    const u = await newUser({ currentPlan: 'starter', subscriptionStatus: 'active' });
    await setAgeStatus(ctx.db, u.sub, 'adult', AGE_CONFIRMATION.version);
    const me = as(u);
    expect((await createProfile(u)).status).toBe(201);
    await recordMovement(ctx.db, {
      userId: u.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 20,
      causeId: `in_${tag}`,
      meta: { invoiceId: `in_${tag}` },
    });
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: { ...keys.paymentGrant(`in_${tag}`), type: 'PaymentGrant', userId: u.sub, amount: 20 },
      }),
    );
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...keys.subscriptionOwner(`sub_${tag}`),
          type: 'SubscriptionOwner',
          subscriptionId: `sub_${tag}`,
          userId: u.sub,
        },
      }),
    );
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...keys.stripeEventReceived(`evt_${tag}`),
          ...keys.stripeEventIndex(new Date().toISOString(), `evt_${tag}`),
          userId: u.sub,
          paymentRef: `pi_${tag}`,
        },
      }),
    );
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: { ...keys.paymentGrant(`pi_${tag}`), type: 'PaymentGrant', userId: u.sub, amount: 20 },
      }),
    );
    await completedGeneration(u, new Date());
    expect((await me.post('/api/preferences', { styles: ['casual'], brands: [], colors: [] })).status).toBeLessThan(
      300,
    );
    expect((await me.post(`/api/styles/${seedStyleId(1)}/favorite`)).status).toBeLessThan(300);
    const useCase = 'I create weekly outfit guides for my followers and want to publish try-on styles.';
    expect((await me.post('/api/influencer/apply', { useCase })).status).toBe(201);
    await updateUser(ctx.db, u.sub, {
      role: 'influencer',
      currentRole: 'influencer',
      permanentRole: 'influencer',
      isInfluencer: true,
      currentPlan: 'creator',
      subscriptionStatus: 'active',
      subscriptionId: `sub_${tag}`,
    });
    expect((await me.post('/api/user/links', { title: 'Blog', url: 'https://example.com/blog' })).status).toBe(201);
    await s3.put(publicBucket(), `uploads/style_prompt/${u.sub}/p.jpg`, portrait);
    const style = await me.post('/api/admin/styles', {
      name: `Look ${tag}`,
      description: 'Mine',
      sex: 'female',
      categoryIds: ['cat-casual'],
      tags: ['x'],
      tasks: ['OUTFIT_TRYON'],
      promptImageUrl: `/api/public-image/uploads/style_prompt/${u.sub}/p.jpg`,
      isPublic: false,
    });
    expect(style.status, JSON.stringify(style.body)).toBe(201);
    const col = await me.post('/api/influencer-collections', { name: `Mine ${tag}`, description: 'd', isPublic: true });
    expect(col.status).toBe(201);
    expect(
      (await me.post(`/api/influencer-collections/${col.body.id}/styles`, { styleId: seedStyleId(1) })).status,
    ).toBeLessThan(300);
    await s3.put(publicBucket(), `avatars/${u.sub}/a.jpg`, portrait);
    await s3.put(publicBucket(), `uploads/style_cover/${u.sub}/c.jpg`, portrait);
    const exp = await me.post('/api/user/export');
    await buildExport(ctx.db, u.sub, exp.body.id);
    return u;
  }

  it('refuses a missing confirmation and changes nothing', async () => {
    const u = await newUser();
    const res = await as(u).del('/api/user/account', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect((await as(u).get('/api/auth/user')).status).toBe(200);
    expect(await getPrivacyFields(ctx.db, u.sub)).toMatchObject({ accountStatus: null });
  });

  it('when the subscription cannot be cancelled, nothing is deleted and the account stays active', async () => {
    const u = await newUser({ currentPlan: 'starter', subscriptionStatus: 'active', subscriptionId: 'sub_fail' });
    await setAgeStatus(ctx.db, u.sub, 'adult', AGE_CONFIRMATION.version);
    expect((await createProfile(u)).status).toBe(201);
    const { adapter, calls } = fakePayments(true);
    setPaymentsAdapter(adapter);
    const res = await as(u).del('/api/user/account', { confirm: 'DELETE', password: u.password });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/nothing was deleted/);
    expect(calls).toEqual(['sub_fail']);
    expect((await getPrivacyFields(ctx.db, u.sub))!.accountStatus).toBe('active');
    expect((await as(u).get('/api/photo-profiles')).body).toHaveLength(1);
    expect((await s3.list(privateBucket(), `users/${u.sub}/`)).length).toBeGreaterThan(0);
  });

  it('deletes everything of the user and keeps only the pseudonymised ledger; another user is untouched', async () => {
    const victim = await populated('v');
    const bystander = await populated('b');
    const ledgerBefore = (await scanAll()).filter(
      (i) => i.pk === `USER#${victim.sub}` && String(i.sk).startsWith('LEDGER#'),
    );
    expect(ledgerBefore.length).toBeGreaterThanOrEqual(2);
    const favBefore = await getFavoriteCount(ctx.db, seedStyleId(1));
    const bystanderItemsBefore = (await scanAll()).filter((i) => JSON.stringify(i).includes(bystander.sub)).length;
    const bystanderKeysBefore = [
      ...(await s3.list(privateBucket(), `users/${bystander.sub}/`)),
      ...(await s3.list(publicBucket(), '')),
    ].filter((k) => k.includes(bystander.sub));

    const { adapter, calls } = fakePayments();
    setPaymentsAdapter(adapter);
    const handle = (await as(victim).get('/api/auth/user')).body.handle as string;
    const res = await as(victim).del('/api/user/account', { confirm: 'DELETE', password: victim.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(calls).toEqual(['sub_v']);
    expect(res.body).toMatchObject({
      subscription: 'cancelled-at-period-end',
      ledgerEntriesKept: ledgerBefore.length,
      signInRemoved: true,
      counts: {
        photoProfiles: 1,
        generations: 1,
        favourites: 1,
        collections: 1,
        styles: 1,
        links: 1,
        applications: 1,
        consents: 1,
      },
    });
    expect(res.body.counts.files).toBeGreaterThanOrEqual(5); // portrait, result, export, avatar, cover

    // Every table item: nothing names the user (id, e-mail or handle) any more.
    const all = await scanAll();
    const mentions = all.filter((i) => {
      const s = JSON.stringify(i);
      return (
        s.includes(victim.sub) || s.toLowerCase().includes(victim.email.toLowerCase()) || i.pk === `HANDLE#${handle}`
      );
    });
    expect(mentions).toEqual([]);
    // The ledger is kept under the pseudonym, entry for entry, with its finance index.
    const pseudo = all.filter(
      (i) => i.pseudonymised === true && String(i.sk).startsWith('LEDGER#') && ledgerBefore.some((l) => l.sk === i.sk),
    );
    expect(pseudo).toHaveLength(ledgerBefore.length);
    const pseudonym = String(pseudo[0]!.userId);
    expect(pseudonym).toMatch(/^deleted-/);
    for (const l of ledgerBefore) {
      const moved = pseudo.find((p) => p.sk === l.sk)!;
      expect(moved).toMatchObject({
        pk: `USER#${pseudonym}`,
        amount: l.amount,
        kind: l.kind,
        createdAt: l.createdAt,
        gsi1pk: `LEDGER#${pseudonym}`,
      });
      expect(String(moved.gsi2pk)).toBe(l.gsi2pk);
    }
    expect(await getBalance(ctx.db, pseudonym)).toMatchObject({ credits: expect.any(Number) });
    // Payment grants and Stripe records carry the pseudonym instead.
    for (const k of [
      keys.paymentGrant('in_v'),
      keys.paymentGrant('pi_v'),
      keys.subscriptionOwner('sub_v'),
      keys.stripeEventReceived('evt_v'),
    ]) {
      const item = (await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: k }))).Item!;
      expect(item.userId).toBe(pseudonym);
    }
    // Everything the user left in the user's partition is the pseudonymised accounting only.
    expect(all.filter((i) => i.pk === `USER#${victim.sub}`)).toEqual([]);

    // Every key in both buckets: nothing under the user's prefixes.
    for (const bucket of [privateBucket(), publicBucket()])
      expect((await s3.list(bucket, '')).filter((k) => k.includes(victim.sub))).toEqual([]);

    // Cognito: the user is gone and cannot sign in.
    const cognito = cognitoClient(ctx.endpoints.cognito);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: ctx.userPoolId, Username: victim.email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
    cognito.destroy();
    await expect(signIn(ctx.endpoints.cognito, ctx.clientId, victim.email, victim.password)).rejects.toThrow();

    // A token issued before the deletion cannot re-create the account (its tombstone names no id and expires).
    const again = await as(victim).get('/api/auth/user');
    expect(again.status).toBe(401);
    // refused by the account check (the pool no longer has the user) or by the tombstone, whichever comes first
    expect(['auth.account_inactive', 'auth.account_deleted']).toContain(again.body.code);
    const tombstones = (await scanAll()).filter((i) => String(i.pk).startsWith('DELETED#'));
    expect(tombstones).toHaveLength(1);
    expect(JSON.stringify(tombstones[0])).not.toContain(victim.sub);
    expect(Number(tombstones[0]!.ttl)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 2 * 86400 + 5); // no period end known here
    expect(tombstones[0]!.pseudonym).toBe(pseudonym);
    expect((await scanAll()).filter((i) => JSON.stringify(i).includes(victim.sub))).toEqual([]);

    // Events the payment provider still sends about the cancelled subscription are recorded under the pseudonym.
    const events = [
      {
        id: 'evt_after_1',
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            object: 'subscription',
            id: 'sub_v',
            status: 'active',
            cancel_at_period_end: true,
            metadata: { userId: victim.sub },
          },
        },
      },
      {
        id: 'evt_after_2',
        object: 'event',
        type: 'customer.subscription.deleted',
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: 'subscription', id: 'sub_v', status: 'canceled', metadata: {} } },
      },
    ];
    for (const e of events) {
      const body = JSON.stringify(e);
      const hook = await ctx.invoke('POST', '/api/stripe/webhook', {
        body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, 'whsec_privacy_test') },
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(200);
      expect(hook.body.outcome).toBe('ignored');
      const received = (
        await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.stripeEventReceived(e.id) }))
      ).Item!;
      expect(received.userId).toBe(pseudonym);
    }
    expect((await scanAll()).filter((i) => JSON.stringify(i).includes(victim.sub))).toEqual([]);

    // The favourite count of the style went down by one; the bystander keeps everything.
    const favAfter = await getFavoriteCount(ctx.db, seedStyleId(1));
    expect(favAfter).toBe(favBefore - 1);
    expect(all.filter((i) => JSON.stringify(i).includes(bystander.sub)).length).toBe(bystanderItemsBefore);
    const bystanderKeysAfter = [
      ...(await s3.list(privateBucket(), `users/${bystander.sub}/`)),
      ...(await s3.list(publicBucket(), '')),
    ].filter((k) => k.includes(bystander.sub));
    expect(bystanderKeysAfter.sort()).toEqual(bystanderKeysBefore.sort());
    expect((await as(bystander).get('/api/photo-profiles')).body).toHaveLength(1);
  });
});
