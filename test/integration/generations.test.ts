import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import {
  getGeneration,
  createGenerationWithReservation,
  listGenerations,
} from '../../shared/repositories/generation-repository';
import { startGeneration } from '../../functions/lib/workflow-client';
import { sweep, STUCK_MESSAGE } from '../../functions/generations/workflow/sweeper';
import { createUserWithProfile, garmentJpeg, solidJpeg as photo } from '../support/users';
import { FULL_BODY_FIXTURE, fullBodyJpeg } from '../support/api-client';
import { drainLocalInvocations } from '../../functions/generations/workflow/render-invoker';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { readProvenance } from '../support/provenance';
import { COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA } from '../../shared/domain/provenance';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { multipart, postForm } from '../support/media';
import { presignUploadResultSchema } from '../../shared/schemas/upload';
import { startTestWorkflow } from '../support/workflow';
import { startFashnFake, startGeminiFake, type Fake } from '../support/provider-fakes';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });

const newUserWithProfile = (opts: { credits?: number; fullBody?: boolean; unlimited?: boolean } = {}) =>
  createUserWithProfile(ctx, {
    credits: opts.credits,
    fullBody: opts.fullBody,
    patch: { currentPlan: 'starter', hasUnlimitedCredits: !!opts.unlimited },
  });

const startStyle = (u: TestUser, body: Record<string, unknown>) =>
  ctx.invoke('POST', '/api/generate/style', { token: u.idToken, body });

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub);
});
afterAll(async () => {
  await wf?.stop();
});
beforeEach(() => {
  delete process.env.FASHN_API_KEY;
  delete process.env.GEMINI_API_KEY;
  process.env.PUBLIC_ORIGIN = 'https://app.test';
});

/** FASHN's webhook delivery, routed to our webhook handler as API Gateway would. */
const deliverWebhook = (url: string, payload: unknown) => {
  const u = new URL(url);
  return ctx.invoke('POST', u.pathname + u.search, { body: payload as Record<string, unknown> });
};

describe('the workflow (the Fitly engine where no AI key is set)', () => {
  it('takes a style generation from pending to completed, storing a re-encoded result and spending 1 credit', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 3 });
    const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect(['pending', 'processing']).toContain((await getGeneration(ctx.db, user.sub, id))!.status);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${id}`, { token: user.idToken });
    expect(view.body).toMatchObject({
      id,
      status: 'completed',
      mode: 'exact',
      styleName: 'Weekend Denim',
      error: null,
      cost: 1,
      madeBy: 'engine',
    });
    expect(view.body.resultUrl).toBe(`/api/private-image/users/${user.sub}/generations/${id}.jpg`);
    const obj = await s3().send(
      new GetObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: `users/${user.sub}/generations/${id}.jpg` }),
    );
    const meta = await sharp(Buffer.from(await obj.Body!.transformToByteArray())).metadata();
    // the engine keeps the person's framing and resolution (the profile's full-body photo), no crop to a fixed size
    const body = await sharp(await fullBodyJpeg(900)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', body.width, body.height, undefined]);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
    const ledger = await listLedger(ctx.db, user.sub);
    expect(ledger.filter((e) => e.kind === 'spend.generation').map((e) => e.amount)).toEqual([-1]);
    // the caller's image URL resolves; another user's does not
    expect((await ctx.invoke('GET', view.body.resultUrl, { token: user.idToken })).status).toBe(200);
  });

  it('retries a throttled provider and succeeds (FASHN answers 429 twice)', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', throttleRuns: 2, pollsBeforeDone: 1, deliver: deliverWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 1 });
      const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' });
      await wf.drain();
      const gen = await getGeneration(ctx.db, user.sub, res.body.id);
      expect(gen?.status).toBe('completed');
      expect(fashn.runs).toBe(3);
      expect(fashn.violations).toEqual([]);
      const run = fashn.requests.find(
        (r) =>
          r.path.startsWith('/v1/run?webhook_url=https%3A%2F%2Fapp.test%2Fapi%2Fproviders%2Ffashn%2Fwebhook') &&
          r.body?.inputs,
      )!;
      // the seeded style stores its picture's slot (its main piece is a jacket: outerwear), so FASHN is told the
      // category rather than left to guess ('auto' is for a picture whose slot nobody said)
      expect(run.body.inputs).toMatchObject({ category: 'tops', garment_photo_type: 'flat-lay', return_base64: true });
      expect(fashn.requests.some((r) => r.path.startsWith('/v1/status/'))).toBe(true);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(0);
    } finally {
      await fashn.close();
    }
  });

  it("fails with the provider's readable error and refunds exactly once when the provider always fails", async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', failWith: 'NSFWError', deliver: deliverWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' });
      await wf.drain();
      const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
      expect(view.body.status).toBe('failed');
      expect(view.body.error).toBe('The image was flagged as inappropriate by the provider and was not generated.');
      expect(view.body.resultUrl).toBeNull();
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
      const kinds = (await listLedger(ctx.db, user.sub)).map((e) => `${e.kind}:${e.amount}`).sort();
      expect(kinds).toEqual(['grant.monthly:2', 'refund.generation:1', 'spend.generation:-1']);
    } finally {
      await fashn.close();
    }
  });

  it('renders creative mode through Gemini with the body description in the prompt', async () => {
    const gemini = await startGeminiFake({ apiKey: 'gk' });
    process.env.GEMINI_API_KEY = 'gk';
    process.env.GEMINI_BASE_URL = gemini.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 1 });
      const res = await startStyle(user, { styleId: seedStyleId(8), photoProfileId: profileId });
      expect(res.status).toBe(201);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(gemini.violations).toEqual([]);
      const text = gemini.requests[0]!.body.contents[0].parts[0].text as string;
      expect(text).toContain('Slim build, 170 cm, long dark hair');
      expect(text).not.toContain('{{BODY_DESCRIPTION}}');
    } finally {
      await gemini.close();
    }
  });

  it('runs a duplicate start of the same generation once', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 5 });
    const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
    await startGeneration({ generationId: res.body.id, userId: user.sub });
    await wf.drain();
    await startGeneration({ generationId: res.body.id, userId: user.sub });
    await wf.drain();
    expect([...wf.executions.keys()].filter((k) => k === res.body.id)).toHaveLength(1);
    expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
    expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'spend.generation')).toHaveLength(1);
  });
});

describe('credits under concurrency', () => {
  it('accepts exactly 10 of 50 simultaneous starts with 10 credits', async () => {
    // the rule is the credits, not the render: the 10 accepted looks run on the FASHN fake (answers at once), not
    // as 10 engine renders one after another on the test's single engine thread
    const fashn = await startFashnFake({ apiKey: 'fk', deliver: deliverWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 10 });
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' }),
        ),
      );
      const accepted = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 402);
      expect(accepted).toHaveLength(10);
      expect(refused).toHaveLength(40);
      expect(
        refused.every(
          (r) => r.body.code === 'limit.credits' && r.body.message === 'You need at least 1 credit to generate a look',
        ),
      ).toBe(true);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(0);
      await wf.drain();
      const spends = (await listLedger(ctx.db, user.sub, 200)).filter((e) => e.kind === 'spend.generation');
      expect(spends).toHaveLength(10);
      expect((await listGenerations(ctx.db, user.sub)).filter((g) => g.status === 'completed')).toHaveLength(10);
      expect(fashn.runs).toBe(10);
      expect(fashn.violations).toEqual([]);
    } finally {
      await fashn.close();
    }
  });

  it('never debits an unlimited account', async () => {
    const { user, profileId } = await newUserWithProfile({ unlimited: true });
    const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
    expect(res.status).toBe(201);
    await wf.drain();
    expect(await listLedger(ctx.db, user.sub)).toEqual([]);
  });
});

describe('validation order and messages', () => {
  // Creative mode on a portrait alone is the AI provider's world (the engine dresses a body): these run with Gemini.
  let gemini: Fake;
  beforeAll(async () => {
    gemini = await startGeminiFake({ apiKey: 'gk' });
  });
  beforeEach(() => {
    process.env.GEMINI_API_KEY = 'gk';
    process.env.GEMINI_BASE_URL = gemini.url;
  });
  afterAll(async () => {
    delete process.env.GEMINI_API_KEY;
    delete process.env.GEMINI_BASE_URL;
    await gemini?.close();
  });

  it('checks credits before the profile, then profile, photos and prompt', async () => {
    const broke = await ctx.createUser();
    const noCredits = await startStyle(broke, { styleId: seedStyleId(0) });
    expect([noCredits.status, noCredits.body.code]).toEqual([402, 'limit.credits']);

    const { user, profileId } = await newUserWithProfile({ credits: 5, fullBody: false });
    expect((await startStyle(user, { photoProfileId: profileId })).body.message).toContain(
      'Please select a style first',
    );
    expect((await startStyle(user, { styleId: 'nope', photoProfileId: profileId })).body).toEqual({
      message: 'Style not found',
      code: 'not_found',
    });
    const exactNoBody = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' });
    expect([exactNoBody.status, exactNoBody.body.message]).toEqual([400, 'Full body photo required']);
    const laydownExact = await startStyle(user, { styleId: seedStyleId(16), photoProfileId: profileId, mode: 'exact' });
    expect(laydownExact.body.message).toBe('Full body photo required');
    const laydownCreative = await startStyle(user, {
      styleId: seedStyleId(16),
      photoProfileId: profileId,
      mode: 'creative',
    });
    expect(laydownCreative.status).toBe(201);

    const custom = (body: Record<string, unknown>) =>
      ctx.invoke('POST', '/api/generate/quick-try', { token: user.idToken, body });
    expect((await custom({ imageType: 'product_only' })).body.message).toContain('No image uploaded');
    const noPrompt = await custom({
      imageUrl: `/api/public-image/styles/${seedStyleId(9)}/prompt.webp`,
      imageType: 'product_only',
      photoProfileId: profileId,
    });
    expect([noPrompt.status, noPrompt.body.message]).toEqual([
      400,
      'Please select a creative mode prompt for product-only images',
    ]);
    const bad = await custom({
      imageUrl: 'file:///etc/passwd',
      imageType: 'product_only',
      promptTemplateId: 'prompt-editorial',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Only http and https URLs are allowed']);
    const ok = await custom({
      imageUrl: `/api/public-image/styles/${seedStyleId(9)}/prompt.webp`,
      imageType: 'product_only',
      promptTemplateId: 'prompt-editorial',
    });
    expect(ok.status).toBe(201);

    // nothing was spent on refused requests
    await wf.drain();
    expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'spend.generation')).toHaveLength(2);
  });

  it('raw templates: portrait, body description, full body and an enabled template', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 5, fullBody: false });
    const gen = (body: Record<string, string>) => ctx.invoke('POST', '/api/generate', { token: user.idToken, body });
    expect((await gen({ rawTemplateId: 'nope', photoProfileId: profileId })).body.message).toBe('Template not found');
    expect((await gen({ rawTemplateId: 'raw-studio-tryon', photoProfileId: profileId })).body.message).toBe(
      'Full body photo required',
    );
    const ok = await gen({ rawTemplateId: 'raw-glasses', photoProfileId: profileId });
    expect(ok.status).toBe(201);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${ok.body.id}`, { token: user.idToken });
    expect(view.body).toMatchObject({ status: 'completed', templateName: 'Try Glasses', mode: 'creative' });
  });
});

/** A direct upload (presign, POST to the bucket, complete): the stored image's reference. */
async function uploadImage(u: TestUser, purpose: string, bytes: Buffer): Promise<string> {
  const pre = await ctx.invoke('POST', '/api/uploads', {
    token: u.idToken,
    body: { purpose, contentType: 'image/jpeg', size: bytes.length },
  });
  expect(pre.status, JSON.stringify(pre.body)).toBe(201);
  const post = presignUploadResultSchema.parse(pre.body);
  expect((await postForm(post.url, post.fields, bytes, 'image/jpeg')).status).toBeLessThan(300);
  const done = await ctx.invoke('POST', '/api/uploads/complete', {
    token: u.idToken,
    body: { uploadId: post.uploadId },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.url as string;
}

describe('the full-body check and the engine, before any credit is spent', () => {
  /** A profile whose full-body photo is `fullBody`, created through the API; the check is not waited for. */
  async function profileWith(user: TestUser, fullBody: Buffer): Promise<string> {
    const mp = multipart({
      consent: PHOTO_CONSENT.version,
      name: 'Body check',
      gender: 'female',
      bodyDescription: 'Slim build, 170 cm, long dark hair',
      portrait: { content: await photo(500, 500, '#c9a27e'), filename: 'portrait.jpg', type: 'image/jpeg' },
      fullBody: { content: fullBody, filename: 'body.jpg', type: 'image/jpeg' },
    });
    const res = await ctx.invoke('POST', '/api/photo-profiles', {
      token: user.idToken,
      body: mp.body,
      headers: mp.headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bodyCheck).toEqual({ status: 'checking', message: null });
    return res.body.id as string;
  }
  const spent = async (u: TestUser) =>
    (await listLedger(ctx.db, u.sub)).filter((e) => e.kind === 'spend.generation').length;

  it('answers 409 while the photo is being checked, then starts once the check passed', async () => {
    const { user } = await newUserWithProfile({ credits: 2 });
    const id = await profileWith(user, await fullBodyJpeg(800));
    const early = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: id, mode: 'exact' });
    expect([early.status, early.body.code]).toEqual([409, 'photo.checking']);
    await drainLocalInvocations();
    const list = await ctx.invoke('GET', '/api/photo-profiles', { token: user.idToken });
    expect(list.body.find((p: { id: string }) => p.id === id).bodyCheck).toEqual({ status: 'ok', message: null });
    const later = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: id, mode: 'exact' });
    expect(later.status).toBe(201);
    await wf.drain();
    expect(await spent(user)).toBe(1);
  });

  it('refuses a photo with no whole body (a portrait as the full-body photo) with what to fix, spending nothing', async () => {
    const { user } = await newUserWithProfile({ credits: 2 });
    const portrait = await sharp(FULL_BODY_FIXTURE)
      .extract({ left: 150, top: 0, width: 500, height: 560 })
      .resize({ height: 700 }) // big enough for the size gate (300 x 600): the full-body check is what refuses it
      .jpeg()
      .toBuffer();
    const id = await profileWith(user, portrait);
    await drainLocalInvocations();
    const list = await ctx.invoke('GET', '/api/photo-profiles', { token: user.idToken });
    const check = list.body.find((p: { id: string }) => p.id === id).bodyCheck;
    expect(check.status).toBe('refused');
    expect(check.message).toMatch(/head to feet|whole body|full body/i);
    const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: id, mode: 'exact' });
    expect([res.status, res.body.code, res.body.message]).toEqual([422, 'photo.not_full_body', check.message]);
    expect(await spent(user)).toBe(0);
  });

  it('on the engine, an uploaded image with no garment in it is refused before any credit is spent', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 2 });
    const upload = async (bytes: Buffer) => {
      const mp = multipart({ file: { content: bytes, filename: 'look.jpg', type: 'image/jpeg' } });
      const up = await ctx.invoke('POST', '/api/uploads/outfit', {
        token: user.idToken,
        body: mp.body,
        headers: mp.headers,
      });
      expect(up.status).toBe(201);
      return up.body.url as string;
    };
    const landscape = await upload(
      await sharp(fileURLToPath(new URL('../fixtures/garments/none-landscape.jpg', import.meta.url)))
        .jpeg()
        .toBuffer(),
    );
    const res = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: user.idToken,
      body: { imageUrl: landscape, imageType: 'product_laydown', photoProfileId: profileId, mode: 'exact' },
    });
    expect([res.status, res.body.code]).toEqual([422, 'garment.not_found']);
    expect(res.body.message).toMatch(/could not find a garment/i);
    const outfit = await ctx.invoke('POST', '/api/generate/outfit', {
      token: user.idToken,
      body: { pieces: [{ slot: 'top', source: 'upload', imageUrl: landscape }], photoProfileId: profileId },
      headers: { 'idempotency-key': 'no-garment-outfit-1' },
    });
    expect([outfit.status, outfit.body.code]).toEqual([422, 'garment.not_found']);
    // a real garment passes the same check
    const tee = await upload(await garmentJpeg('tee', 500));
    const ok = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: user.idToken,
      body: { imageUrl: tee, imageType: 'product_laydown', photoProfileId: profileId, mode: 'exact' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await wf.drain();
    expect(await spent(user)).toBe(1);
  });

  it('on the engine, Creative mode dresses the full-body photo: a portrait-only profile is told to add one', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 2, fullBody: false });
    const res = await startStyle(user, { styleId: seedStyleId(8), photoProfileId: profileId });
    expect([res.status, res.body.message]).toEqual([400, 'Full body photo required']);
    expect(await spent(user)).toBe(0);
  });

  it('renders Creative mode on the engine as the try-on plus the template look, marked as the engine made it', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 1 });
    const res = await startStyle(user, {
      styleId: seedStyleId(8),
      photoProfileId: profileId,
      promptTemplateId: 'prompt-editorial',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
    expect(view.body).toMatchObject({ status: 'completed', mode: 'creative', madeBy: 'engine' });
    const obj = await s3().send(
      new GetObjectCommand({
        Bucket: process.env.PRIVATE_BUCKET,
        Key: `users/${user.sub}/generations/${res.body.id}.jpg`,
      }),
    );
    const bytes = Buffer.from(await obj.Body!.transformToByteArray());
    const read = await readProvenance(bytes);
    expect(read!.validation.isValid).toBe(true);
    expect(read!.actions[0]).toMatchObject({ digitalSourceType: COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA });
  });
});

describe('raw templates with an uploaded style reference and background', () => {
  it("copies the caller's template inputs into the generation, removes the uploads, and refuses anyone else's", async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 3 });
    const other = await newUserWithProfile({ credits: 3 });
    const styleRefUrl = await uploadImage(user, 'template_input', await garmentJpeg('shirt', 500));
    const backgroundUrl = await uploadImage(user, 'template_input', await photo(800, 600, '#88aa66'));
    expect(styleRefUrl).toMatch(new RegExp(`^/api/private-image/users/${user.sub}/template-inputs/[0-9A-Z]{26}\\.`));
    const gen = (u: TestUser, body: Record<string, unknown>) =>
      ctx.invoke('POST', '/api/generate', { token: u.idToken, body });

    // another user's upload, an outfit (not a template input), a public image and a made-up path: refused, nothing spent
    const stolen = await gen(other.user, {
      rawTemplateId: 'raw-glasses',
      photoProfileId: other.profileId,
      styleRefUrl,
    });
    expect([stolen.status, stolen.body.message]).toEqual([
      404,
      'Upload not found or expired. Please upload the image again.',
    ]);
    const outfitUrl = await uploadImage(user, 'outfit', await garmentJpeg('tee', 400));
    expect(
      (await gen(user, { rawTemplateId: 'raw-glasses', photoProfileId: profileId, backgroundUrl: outfitUrl })).status,
    ).toBe(404);
    expect(
      (
        await gen(user, {
          rawTemplateId: 'raw-glasses',
          photoProfileId: profileId,
          backgroundUrl: `/api/public-image/styles/${seedStyleId(0)}/prompt.webp`,
        })
      ).status,
    ).toBe(404);
    const gone = await gen(user, {
      rawTemplateId: 'raw-glasses',
      photoProfileId: profileId,
      backgroundUrl: `/api/private-image/users/${user.sub}/template-inputs/01ARZ3NDEKTSV4RRFFQ69G5FAV.webp`,
    });
    expect(gone.status).toBe(404);
    expect(
      (
        await gen(user, {
          rawTemplateId: 'raw-glasses',
          photoProfileId: profileId,
          styleRefUrl: 'https://evil.example/x.jpg',
        })
      ).status,
    ).toBe(400);
    expect((await gen(user, { rawTemplateId: 'raw-glasses', styleRef: 'x' })).status).toBe(400);
    expect(await listGenerations(ctx.db, user.sub)).toHaveLength(0);
    expect(await listGenerations(ctx.db, other.user.sub)).toHaveLength(0);

    const ok = await gen(user, { rawTemplateId: 'raw-glasses', photoProfileId: profileId, styleRefUrl, backgroundUrl });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const record = await getGeneration(ctx.db, user.sub, ok.body.id);
    expect(record?.inputs.styleRefKey).toMatch(new RegExp(`^users/${user.sub}/generations/${ok.body.id}/style-ref\\.`));
    expect(record?.inputs.backgroundKey).toMatch(
      new RegExp(`^users/${user.sub}/generations/${ok.body.id}/background\\.`),
    );
    await s3().send(new HeadObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: record!.inputs.styleRefKey! }));
    // the uploads were used up: a second start with them asks for a new upload
    const uploadKey = styleRefUrl.slice('/api/private-image/'.length);
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: uploadKey })),
    ).rejects.toThrow();
    expect((await gen(user, { rawTemplateId: 'raw-glasses', photoProfileId: profileId, styleRefUrl })).status).toBe(
      404,
    );
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${ok.body.id}`, { token: user.idToken });
    expect(view.body).toMatchObject({ status: 'completed', templateName: 'Try Glasses' });
  });
});

describe('Try Custom Look with an uploaded outfit', () => {
  it('stores the outfit privately, generates from it, and refuses it to another user', async () => {
    const a = await newUserWithProfile({ credits: 2 });
    const b = await newUserWithProfile({ credits: 2 });
    const mp = multipart({
      file: { content: await garmentJpeg('tee', 500), filename: 'outfit.jpg', type: 'image/jpeg' },
    });
    const up = await ctx.invoke('POST', '/api/uploads/outfit', {
      token: a.user.idToken,
      body: mp.body,
      headers: mp.headers,
    });
    expect(up.status).toBe(201);
    expect(up.body.url).toMatch(new RegExp(`^/api/private-image/users/${a.user.sub}/outfits/`));
    const fake = multipart({
      file: { content: Buffer.from('not an image'), filename: 'x.jpg', type: 'image/jpeg' },
    });
    expect(
      (
        await ctx.invoke('POST', '/api/uploads/outfit', {
          token: a.user.idToken,
          body: fake.body,
          headers: fake.headers,
        })
      ).status,
    ).toBe(400);
    const body = { imageUrl: up.body.url, imageType: 'product_laydown', mode: 'exact', photoProfileId: a.profileId };
    const res = await ctx.invoke('POST', '/api/generate/quick-try', { token: a.user.idToken, body });
    expect(res.status).toBe(201);
    const stolen = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: b.user.idToken,
      body: { ...body, photoProfileId: b.profileId },
    });
    expect([stolen.status, stolen.body.message]).toEqual([404, 'Image not found']);
    await wf.drain();
    expect((await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: a.user.idToken })).body).toMatchObject({
      status: 'completed',
      mode: 'exact',
      kind: 'quick-try',
    });
    expect((await getBalance(ctx.db, b.user.sub)).credits).toBe(2);
  });
});

describe('ownership, delete and feedback', () => {
  it("answers 404 for another user's generation and profile, and deletes the result image", async () => {
    const a = await newUserWithProfile({ credits: 2 });
    const b = await newUserWithProfile({ credits: 2 });
    const res = await startStyle(a.user, { styleId: seedStyleId(0), photoProfileId: a.profileId });
    await wf.drain();
    const id = res.body.id;
    expect((await ctx.invoke('GET', `/api/generations/${id}`, { token: b.user.idToken })).status).toBe(404);
    expect((await ctx.invoke('DELETE', `/api/generations/${id}`, { token: b.user.idToken })).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/feedback/generation/${id}`, { token: b.user.idToken })).status).toBe(404);
    const foreignProfile = await startStyle(b.user, { styleId: seedStyleId(0), photoProfileId: a.profileId });
    expect(foreignProfile.body).toEqual({ message: 'Photo profile not found', code: 'not_found' });

    const key = `users/${a.user.sub}/generations/${id}.jpg`;
    await s3().send(new HeadObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: key }));
    expect((await ctx.invoke('DELETE', `/api/generations/${id}`, { token: a.user.idToken })).status).toBe(204);
    await expect(s3().send(new HeadObjectCommand({ Bucket: process.env.PRIVATE_BUCKET, Key: key }))).rejects.toThrow();
    expect((await ctx.invoke('GET', `/api/generations/${id}`, { token: a.user.idToken })).status).toBe(404);
    // the ledger keeps the spend
    expect((await listLedger(ctx.db, a.user.sub)).some((e) => e.kind === 'spend.generation')).toBe(true);
  });

  it('takes a 1-5 rating on style-based generations only', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 3 });
    const styleGen = (await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId })).body.id;
    const rawGen = (
      await ctx.invoke('POST', '/api/generate', {
        token: user.idToken,
        body: { rawTemplateId: 'raw-glasses', photoProfileId: profileId },
      })
    ).body.id;
    await wf.drain();
    const rate = (body: Record<string, unknown>) => ctx.invoke('POST', '/api/feedback', { token: user.idToken, body });
    expect((await rate({ generationId: styleGen, styleId: seedStyleId(0), rating: 6 })).status).toBe(400);
    const noStyle = await rate({ generationId: rawGen, rating: 4 });
    expect(noStyle.body.message).toBe(
      'This generation is not associated with a style. Feedback is only available for style-based generations.',
    );
    expect((await rate({ generationId: styleGen, styleId: seedStyleId(0), rating: 4 })).status).toBe(201);
    expect((await rate({ generationId: styleGen, styleId: seedStyleId(0), rating: 5 })).status).toBe(201);
    const got = await ctx.invoke('GET', `/api/feedback/generation/${styleGen}`, { token: user.idToken });
    expect(got.body).toMatchObject({ rating: 5, styleId: seedStyleId(0) });
  });
});

describe('sweeper', () => {
  it('fails and refunds a generation stuck past the timeout, once', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 1 });
    const createdAt = new Date(Date.now() - 3600_000).toISOString();
    await createGenerationWithReservation(ctx.db, {
      id: '01STUCKGENERATION000000000',
      userId: user.sub,
      status: 'processing',
      kind: 'style',
      mode: 'exact',
      inputs: {
        photoProfileId: profileId,
        styleId: seedStyleId(0),
        promptTemplateId: null,
        rawTemplateId: null,
        imageUrl: null,
        imageType: 'model_wearer',
        styleRefKey: null,
        backgroundKey: null,
      },
      styleName: 'Weekend Denim',
      templateName: null,
      cost: 1,
      reserved: { monthly: 1 },
      priority: false,
      resultKey: null,
      error: null,
      createdAt,
      startedAt: createdAt,
      completedAt: null,
      updatedAt: createdAt,
    });
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(0);
    await sweep();
    await sweep();
    const gen = await getGeneration(ctx.db, user.sub, '01STUCKGENERATION000000000');
    expect([gen?.status, gen?.error]).toEqual(['failed', STUCK_MESSAGE]);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(1);
    expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(1);
  });
});

describe('template reads', () => {
  it('lists enabled raw templates and prompts without the template text', async () => {
    const u = await ctx.createUser();
    const raw = await ctx.invoke('GET', '/api/raw-templates', { token: u.idToken });
    expect(raw.body.length).toBe(9);
    expect(raw.body[0]).not.toHaveProperty('jsonText');
    const prompts = await ctx.invoke('GET', '/api/prompts', { token: u.idToken });
    expect(prompts.body.map((p: { id: string }) => p.id)).toContain('prompt-editorial');
    expect(prompts.body[0]).not.toHaveProperty('template');
    expect((await ctx.invoke('GET', '/api/prompt-templates/nope', { token: u.idToken })).status).toBe(404);
  });
});

void ({} as Fake);
