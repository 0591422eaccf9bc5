/**
 * Content safety and AI marking through the real handlers and the real workflow:
 * - the real local classifier (nsfwjs on TensorFlow.js WASM) checks real uploads;
 * - an unsafe upload (a classifier injected through the port, so the test is deterministic) is refused with
 *   422 content.unsafe, nothing is stored and the refusal is recorded without the image;
 * - an unsafe provider result fails the generation with a readable message and exactly one refund;
 * - a stored result carries a valid signed C2PA manifest and the IPTC digital source type in XMP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../infra/local/s3-sdk';
import { localModerator, setModeratorForTests, type ImageModerator } from '../../functions/lib/moderation';
import { readProvenance } from '../support/provenance';
import { renderPerson } from '../../infra/local/seed-images';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { CONTENT_SAFETY_MESSAGES } from '../../shared/domain/content-safety';
// the results here are the Fitly engine's (no AI key): a composite made with trained models
import { COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA as SOURCE_TYPE_CHECK } from '../../shared/domain/provenance';
import { drainLocalInvocations } from '../../functions/generations/workflow/render-invoker';
import { fullBodyJpeg } from '../support/api-client';
import { listContentRefusals } from '../../shared/repositories/content-safety-repository';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import { updateUser } from '../../shared/repositories/user-repository';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { createAdultUser } from '../support/users';
import { listedStyleIds, seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, file, multipart, type Part } from '../support/media';
import { startTestWorkflow } from '../support/workflow';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
let buckets: ReturnType<typeof bucketClient>;
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });
const month = () => new Date().toISOString().slice(0, 7);

/** A deterministic stand-in classifier: flags every image (or none), counting calls. */
function fixedModerator(safe: boolean): ImageModerator & { calls: number } {
  const m = {
    name: 'test-fixed',
    calls: 0,
    async moderate() {
      m.calls++;
      return safe
        ? { safe: true, reasons: [], labels: [] }
        : { safe: false, reasons: ['Porn'], labels: [{ name: 'Porn', confidence: 0.97 }] };
    },
  };
  return m;
}

const newUser = (credits = 0): Promise<TestUser> => createAdultUser(ctx, { credits });

function post(u: TestUser, path: string, parts: Record<string, Part | undefined>) {
  const { body, headers } = multipart(parts);
  return ctx.invoke('POST', path, { token: u.idToken, body, headers });
}

async function createProfile(u: TestUser) {
  const res = await post(u, '/api/photo-profiles', {
    consent: PHOTO_CONSENT.version,
    name: 'Me',
    gender: 'female',
    bodyDescription: 'Slim build, 170 cm, long dark hair',
    portrait: file(await renderPerson('portrait', 2), 'portrait.jpg'),
    fullBody: file(await fullBodyJpeg(800), 'body.jpg'),
  });
  await drainLocalInvocations(); // the full-body check's verdict
  return res;
}

beforeAll(async () => {
  ctx = await setupIntegration();
  buckets = bucketClient(ctx.endpoints.s3);
  wf = await startTestWorkflow();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub);
});
afterAll(async () => {
  await wf?.stop();
});
afterEach(() => setModeratorForTests(null));

describe('uploads', () => {
  it('the real local classifier checks both photos of a new photo profile and lets a dressed person through', async () => {
    const real = localModerator();
    const verdicts: boolean[] = [];
    setModeratorForTests({
      name: real.name,
      moderate: async (img) => {
        const v = await real.moderate(img);
        verdicts.push(v.safe);
        return v;
      },
    });
    const u = await newUser();
    const res = await createProfile(u);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(verdicts).toEqual([true, true]);
  }, 60_000);

  it('refuses an unsafe photo-profile photo, outfit, avatar and style image with 422 content.unsafe, storing nothing', async () => {
    const u = await newUser();
    const creator = await newUser();
    await updateUser(ctx.db, creator.sub, {
      role: 'influencer',
      currentRole: 'influencer',
      permanentRole: 'influencer',
      isInfluencer: true,
    });
    const img = await renderPerson('fullBody', 3);
    const privateBefore = await buckets.list(process.env.PRIVATE_BUCKET!, `users/${u.sub}/`);
    const before = (await listContentRefusals(ctx.db, [month()])).length;
    setModeratorForTests(fixedModerator(false));
    const attempts = [
      await createProfile(u),
      await post(u, '/api/uploads/outfit', { file: file(img) }),
      await post(u, '/api/user/profile-image', { profileImage: file(img) }),
      await post(creator, '/api/upload', { type: 'style_cover', file: file(img) }),
    ];
    for (const res of attempts)
      expect([res.status, res.body]).toEqual([
        422,
        { message: CONTENT_SAFETY_MESSAGES.unsafeUpload, code: 'content.unsafe' },
      ]);
    expect(await buckets.list(process.env.PRIVATE_BUCKET!, `users/${u.sub}/`)).toEqual(privateBefore);
    expect(await buckets.list(process.env.PUBLIC_BUCKET!, `avatars/${u.sub}/`)).toEqual([]);
    expect(await buckets.list(process.env.PUBLIC_BUCKET!, `uploads/style_cover/${creator.sub}/`)).toEqual([]);
    expect((await ctx.invoke('GET', '/api/photo-profiles', { token: u.idToken })).body).toEqual([]);
    const me = await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    expect(me.body.profileImageUrl ?? null).toBeNull();
    // recorded: kind, reasons, who, when; never the image
    const refusals = (await listContentRefusals(ctx.db, [month()])).slice(
      0,
      (await listContentRefusals(ctx.db, [month()])).length - before,
    );
    expect(refusals.map((r) => r.kind).sort()).toEqual(['avatar', 'outfit', 'photo_profile', 'style_image']);
    for (const r of refusals) {
      expect(r.reasons).toEqual(['Porn']);
      expect(Object.keys(r).sort()).toEqual(['createdAt', 'id', 'kind', 'moderator', 'reasons', 'userId']);
    }
  });
});

describe('generation results', () => {
  it('a stored result carries a valid signed C2PA manifest (c2pa.created, the engine: compositeWithTrainedAlgorithmicMedia) and the XMP source type', async () => {
    const u = await newUser(2);
    const profile = await createProfile(u);
    const res = await ctx.invoke('POST', '/api/generate/style', {
      token: u.idToken,
      body: { styleId: seedStyleId(0), photoProfileId: profile.body.id, mode: 'exact' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: u.idToken });
    expect(view.body.status).toBe('completed');
    const obj = await s3().send(
      new GetObjectCommand({
        Bucket: process.env.PRIVATE_BUCKET,
        Key: `users/${u.sub}/generations/${res.body.id}.jpg`,
      }),
    );
    const bytes = Buffer.from(await obj.Body!.transformToByteArray());
    const read = await readProvenance(bytes);
    expect(read?.validation.isValid).toBe(true);
    expect(read!.actions).toEqual([
      expect.objectContaining({ action: 'c2pa.created', digitalSourceType: SOURCE_TYPE_CHECK }),
    ]);
    // no personal data in the manifest: neither the user id nor the e-mail appears in the file
    expect(bytes.includes(Buffer.from(u.sub))).toBe(false);
    expect(bytes.includes(Buffer.from(u.email))).toBe(false);
    expect((await sharp(bytes).metadata()).xmp?.toString()).toContain(SOURCE_TYPE_CHECK);

    // a style cover made from this generation is a byte copy: public, and still marked
    await updateUser(ctx.db, u.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
    const cover = await ctx.invoke('POST', `/api/admin/styles/${seedStyleId(0)}/cover/from-generation`, {
      token: u.idToken,
      body: { generationId: res.body.id },
    });
    expect(cover.status, JSON.stringify(cover.body)).toBe(200);
    const coverKey = String(cover.body.coverImageUrl).replace('/api/public-image/', '');
    const coverObj = await s3().send(new GetObjectCommand({ Bucket: process.env.PUBLIC_BUCKET, Key: coverKey }));
    const coverRead = await readProvenance(Buffer.from(await coverObj.Body!.transformToByteArray()));
    expect(coverRead?.validation.isValid).toBe(true);
    expect(coverRead!.actions[0]).toMatchObject({
      action: 'c2pa.created',
      digitalSourceType: SOURCE_TYPE_CHECK,
    });
  }, 60_000);

  it('an unsafe result fails the generation with a readable message, stores nothing and refunds exactly once', async () => {
    const u = await newUser(2);
    const profile = await createProfile(u);
    const flagging = fixedModerator(false);
    setModeratorForTests(flagging); // inputs are already stored; from here every check fails: only the result is checked
    const res = await ctx.invoke('POST', '/api/generate/style', {
      token: u.idToken,
      body: { styleId: seedStyleId(0), photoProfileId: profile.body.id, mode: 'exact' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    expect(flagging.calls).toBe(1);
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: u.idToken });
    expect(view.body).toMatchObject({ status: 'failed', error: CONTENT_SAFETY_MESSAGES.unsafeResult, resultUrl: null });
    expect(await buckets.list(process.env.PRIVATE_BUCKET!, `users/${u.sub}/generations/${res.body.id}.`)).toEqual([]);
    expect((await getBalance(ctx.db, u.sub)).credits).toBe(2);
    const kinds = (await listLedger(ctx.db, u.sub)).map((e) => `${e.kind}:${e.amount}`).sort();
    expect(kinds).toEqual(['grant.monthly:2', 'refund.generation:1', 'spend.generation:-1']);
    const refusal = (await listContentRefusals(ctx.db, [month()])).find(
      (r) => r.kind === 'generation_result' && r.userId === u.sub,
    );
    expect(refusal?.reasons).toEqual(['Porn']);
  }, 60_000);
});

describe('admin: refusals and takedown of a reported public image', () => {
  const setRole = (u: TestUser, role: 'admin' | 'influencer') =>
    updateUser(ctx.db, u.sub, {
      role,
      currentRole: role,
      permanentRole: role,
      ...(role === 'influencer' ? { isInfluencer: true } : {}),
    });
  const json = (u: TestUser | null, method: string, path: string, body?: unknown) =>
    ctx.invoke(method, path, { token: u?.idToken, body });
  const styleBody = (name: string, cover: string, prompt: string) => ({
    name,
    description: 'A look',
    sex: 'female',
    categoryIds: ['cat-casual'],
    tags: ['test'],
    tasks: ['OUTFIT_TRYON'],
    promptImageUrl: prompt,
    coverImageUrl: cover,
    isPublic: true,
  });

  it('shows refusal counts and reasons to admins only, never an image or a user', async () => {
    const admin = await newUser();
    const shopper = await newUser();
    await setRole(admin, 'admin');
    setModeratorForTests(fixedModerator(false));
    expect((await post(shopper, '/api/uploads/outfit', { file: file(await renderPerson('portrait', 1)) })).status).toBe(
      422,
    );
    setModeratorForTests(null);
    expect((await json(shopper, 'GET', '/api/admin/content-safety')).status).toBe(403);
    const res = await json(admin, 'GET', '/api/admin/content-safety');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(res.body.byKind.outfit).toBeGreaterThanOrEqual(1);
    expect(res.body.byReason.Porn).toBeGreaterThanOrEqual(1);
    expect(Object.keys(res.body.recent[0]).sort()).toEqual(['createdAt', 'id', 'kind', 'moderator', 'reasons']);
    expect(JSON.stringify(res.body)).not.toContain(shopper.sub);
  });

  it('takes down a reported style and only its own objects: other styles with the same bytes are named, not touched', async () => {
    const admin = await newUser();
    const [creatorA, creatorB, reporter] = await Promise.all([newUser(), newUser(), newUser()]);
    await setRole(admin, 'admin');
    await setRole(creatorA, 'influencer');
    await setRole(creatorB, 'influencer');
    setModeratorForTests(fixedModerator(true));
    const reported = await renderPerson('fullBody', 5);
    const other = await renderPerson('fullBody', 6);
    const innocent = await renderPerson('portrait', 7);
    const up = async (u: TestUser, bytes: Buffer) =>
      (await post(u, '/api/upload', { type: 'style_cover', file: file(bytes) })).body.url as string;
    const coverA = await up(creatorA, reported);
    const promptA = await up(creatorA, other);
    const copyB = await up(creatorB, reported); // an identical copy uploaded by someone else
    const coverC = await up(creatorB, innocent);
    const a = await json(creatorA, 'POST', '/api/admin/styles', styleBody('Reported look', coverA, promptA));
    const b = await json(creatorB, 'POST', '/api/admin/styles', styleBody('Copy look', copyB, coverC));
    const c = await json(creatorB, 'POST', '/api/admin/styles', styleBody('Innocent look', coverC, coverC));
    for (const r of [a, b, c]) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const collection = await json(creatorA, 'POST', '/api/influencer-collections', {
      name: 'Mine',
      description: 'd',
      isPublic: true,
    });
    expect(collection.status).toBe(201);
    expect(
      (await json(creatorA, 'POST', `/api/influencer-collections/${collection.body.id}/styles`, { styleId: a.body.id }))
        .status,
    ).toBeLessThan(300);

    const flag = await json(reporter, 'POST', `/api/styles/${a.body.id}/flag`, {
      reason: 'This is a real person, without consent',
    });
    expect(flag.status).toBe(201);
    const reports = await json(admin, 'GET', '/api/admin/style-reports');
    const report = reports.body.find((r: { styleId: string }) => r.styleId === a.body.id);
    expect(report).toBeTruthy();

    expect((await json(reporter, 'POST', `/api/admin/style-reports/${report.id}/take-down`)).status).toBe(403);
    expect((await json(admin, 'POST', '/api/admin/style-reports/no-such-report/take-down')).body).toEqual({
      message: 'Report not found',
      code: 'not_found',
    });

    const res = await json(admin, 'POST', `/api/admin/style-reports/${report.id}/take-down`);
    expect(res.status).toBe(200);
    expect(res.body.styleIds).toEqual([a.body.id]);
    expect(res.body.deletedImages).toBe(2); // the reported style's own cover and prompt image
    expect(res.body.resolvedReports).toBe(1);
    // another creator's style showing identical bytes is named for the admin, never hidden or deleted here
    expect(res.body.identicalCopyStyleIds).toEqual([b.body.id]);

    // gone for the public, its own images deleted; the other creators' styles and images untouched
    expect((await json(null, 'GET', `/api/styles/${a.body.id}`)).status).toBe(404);
    expect((await json(null, 'GET', `/api/styles/${b.body.id}`)).status).toBe(200);
    expect((await json(null, 'GET', `/api/styles/${c.body.id}`)).status).toBe(200);
    // the public copies the styles named when published (uploads stay private until then)
    const publicKeys = await buckets.list(process.env.PUBLIC_BUCKET!, 'styles/');
    const key = (url: string) => url.replace('/api/public-image/', '');
    for (const url of [a.body.coverImageUrl, a.body.promptImageUrl, b.body.coverImageUrl, c.body.coverImageUrl])
      expect(url).toMatch(/^\/api\/public-image\/styles\//);
    for (const gone of [a.body.coverImageUrl, a.body.promptImageUrl]) expect(publicKeys).not.toContain(key(gone));
    for (const kept of [b.body.coverImageUrl, c.body.coverImageUrl]) expect(publicKeys).toContain(key(kept));
    const ids = await listedStyleIds(ctx);
    expect(ids).not.toContain(a.body.id);
    expect(ids).toContain(b.body.id);
    // the report is closed; the owner still has the (now private) style without its image
    expect(
      (await json(admin, 'GET', '/api/admin/style-reports')).body.find((r: { id: string }) => r.id === report.id),
    ).toBeUndefined();
    const own = await json(creatorA, 'GET', `/api/styles/${a.body.id}`);
    expect(own.body).toMatchObject({ isPublic: false, coverImageUrl: null });
    // it left the owner's collection, and cannot be made public again
    expect((await json(creatorA, 'GET', `/api/influencer-collections/${collection.body.id}`)).body.styleCount).toBe(0);
    const republish = await json(creatorA, 'PATCH', `/api/admin/styles/${a.body.id}`, { isPublic: true });
    expect([republish.status, republish.body.message]).toEqual([
      403,
      'This style was taken down after a report and cannot be made public again.',
    ]);
  });
});
