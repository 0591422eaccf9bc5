/**
 * Say what a garment is (issue 39): the slot a person gives an uploaded garment (Try Custom Look, Quick Try with an
 * image) or a creator gives a style is the slot the Fitly engine places it as, in the render and for every shopper
 * of a published style; a bad slot or size is refused before anything is spent; old clients without a slot keep
 * the engine's guess. The garment is a peplum top the engine's outline rule guesses is a bottom (a skirt).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createS3Client } from '../../infra/local/s3-sdk';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { getPhotoProfile } from '../../shared/repositories/photo-profile-repository';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import { presignUploadResultSchema } from '../../shared/schemas/upload';
import { peplumTopJpeg } from '../support/api-client';
import { createUserWithProfile, INFLUENCER_ROLE } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { multipart, postForm } from '../support/media';
import { startTestWorkflow } from '../support/workflow';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  for (const k of ['FASHN_API_KEY', 'FASHN_BASE_URL', 'GEMINI_API_KEY']) delete process.env[k];
}, 120_000);
afterAll(async () => {
  await wf?.stop();
});

const post = (u: TestUser, path: string, body: unknown, key?: string) =>
  ctx.invoke('POST', path, { token: u.idToken, body, headers: key ? { 'idempotency-key': key } : undefined });

async function uploadPeplumTop(user: TestUser): Promise<string> {
  const mp = multipart({ file: { content: await peplumTopJpeg(400), filename: 'peplum-top.jpg', type: 'image/jpeg' } });
  const up = await ctx.invoke('POST', '/api/uploads/outfit', {
    token: user.idToken,
    body: mp.body,
    headers: mp.headers,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return up.body.url as string;
}

/** A style picture through the direct upload (presign, POST to S3, finalize): its reference. */
async function uploadStylePrompt(u: TestUser): Promise<string> {
  const bytes = await peplumTopJpeg(600);
  const res = await post(u, '/api/uploads', { purpose: 'style_prompt', contentType: 'image/jpeg', size: bytes.length });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const form = presignUploadResultSchema.parse(res.body);
  expect((await postForm(form.url, form.fields, bytes, 'image/jpeg')).status).toBeLessThan(300);
  const done = await post(u, '/api/uploads/complete', { uploadId: form.uploadId });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.url as string;
}

async function privateRgb(key: string, width: number, height: number): Promise<Buffer> {
  const res = await s3().send(new GetObjectCommand({ Bucket: process.env.PRIVATE_BUCKET!, Key: key }));
  const bytes = Buffer.from(await res.Body!.transformToByteArray());
  return sharp(bytes).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/**
 * Where a render changed the person's photo: the share of pixels that changed clearly in the torso band and in the
 * legs band of the full-body photo (the fixture person stands upright, head at the top, feet near the bottom).
 */
async function changedBands(user: TestUser, profileId: string, generationId: string) {
  const profile = await getPhotoProfile(ctx.db, user.sub, profileId);
  const [w, h] = [120, 180];
  const before = await privateRgb(profile!.fullBodyKey!, w, h);
  const after = await privateRgb(`users/${user.sub}/generations/${generationId}.jpg`, w, h);
  const band = (from: number, to: number) => {
    let changed = 0;
    let all = 0;
    for (let y = Math.round(h * from); y < Math.round(h * to); y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const d =
          Math.abs(before[i]! - after[i]!) +
          Math.abs(before[i + 1]! - after[i + 1]!) +
          Math.abs(before[i + 2]! - after[i + 2]!);
        all++;
        if (d > 60) changed++;
      }
    return changed / all;
  };
  return { torso: band(0.22, 0.42), legs: band(0.62, 0.88) };
}

/** A render that dressed the torso (a top) and left the legs as they were. */
function expectWornAsTop(bands: { torso: number; legs: number }) {
  expect(bands.torso, JSON.stringify(bands)).toBeGreaterThan(0.08);
  expect(bands.legs, JSON.stringify(bands)).toBeLessThan(bands.torso / 3);
}

describe('the slot a person says a garment takes', () => {
  it('a peplum top uploaded with slot=top renders as a top (the engine guesses a bottom)', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { credits: 5, photoSide: 400 });
    const imageUrl = await uploadPeplumTop(user);
    const res = await post(
      user,
      '/api/generate/quick-try',
      { imageUrl, imageType: 'product_only', mode: 'exact', slot: 'top', photoProfileId: profileId },
      'slot-top-0001',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const gen = await getGeneration(ctx.db, user.sub, res.body.id);
    expect([gen?.status, gen?.mode, gen?.inputs.slot, gen?.inputs.promptTemplateId]).toEqual([
      'completed',
      'exact',
      'top',
      null,
    ]);
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
    expect(view.body.inputs).toMatchObject({ slot: 'top', imageType: 'product_only' });
    expectWornAsTop(await changedBands(user, profileId, res.body.id));
  }, 180_000);

  it('refuses a slot that is not one of the five with 400 { message, code } and spends nothing; no slot is the guess', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { credits: 5, photoSide: 400 });
    const imageUrl = await uploadPeplumTop(user);
    const base = { imageUrl, imageType: 'product_only', mode: 'exact', photoProfileId: profileId };
    for (const slot of ['hat', 'accessory', 3]) {
      const bad = await post(user, '/api/generate/quick-try', { ...base, slot }, `slot-bad-${String(slot)}`);
      expect([bad.status, bad.body.code], JSON.stringify(bad.body)).toEqual([400, 'validation_error']);
      expect(bad.body.message).toMatch(/Slot must be one of top, bottom, one-piece, outerwear, shoes/);
    }
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(5);
    // an old client (no slot): accepted, rendered with the engine's guess
    const old = await post(user, '/api/generate/quick-try', base, 'slot-none-0001');
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect((await getGeneration(ctx.db, user.sub, old.body.id))?.inputs.slot ?? null).toBeNull();
    await wf.drain();
  }, 180_000);
});

describe('a published style keeps its slot', () => {
  it("another shopper's Quick Try of the style renders its garment in the creator's slot", async () => {
    const { user: creator } = await createUserWithProfile(ctx, {
      credits: 3,
      photoSide: 400,
      patch: { ...INFLUENCER_ROLE, currentPlan: 'creator', subscriptionStatus: 'active' },
    });
    const promptImageUrl = await uploadStylePrompt(creator);
    const body = {
      name: 'Teal peplum top',
      description: 'A sleeveless peplum top',
      sex: 'unisex',
      tasks: ['OUTFIT_TRYON'],
      styleImageType: 'product_only',
      promptImageUrl,
      isPublic: true,
    };
    const badSlot = await post(creator, '/api/admin/styles', { ...body, garmentSlot: 'hat' });
    expect([badSlot.status, badSlot.body.code]).toEqual([400, 'validation_error']);
    const created = await post(creator, '/api/admin/styles', { ...body, garmentSlot: 'top' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.garmentSlot).toBe('top');
    const styleId = created.body.id as string;

    const { user: shopper, profileId } = await createUserWithProfile(ctx, { credits: 3, photoSide: 400 });
    const detail = await ctx.invoke('GET', `/api/styles/${styleId}`, { token: shopper.idToken });
    expect(detail.body.garmentSlot).toBe('top');
    // the preview's "Render this look": Exact (what the preview drew), no template
    const res = await post(
      shopper,
      `/api/quick-try/${styleId}`,
      { mode: 'precise', photoProfileId: profileId },
      'style-slot-1',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const gen = await getGeneration(ctx.db, shopper.sub, res.body.id);
    expect([gen?.status, gen?.mode, gen?.inputs.slot, gen?.inputs.promptTemplateId], gen?.error ?? '').toEqual([
      'completed',
      'exact',
      'top',
      null,
    ]);
    expectWornAsTop(await changedBands(shopper, profileId, res.body.id));

    // a size the style has no chart for is refused before anything is spent
    const sized = await post(shopper, `/api/quick-try/${styleId}`, {
      mode: 'precise',
      photoProfileId: profileId,
      size: 'M',
    });
    expect([sized.status, sized.body.code, sized.body.message]).toEqual([
      400,
      'bad_request',
      'This style has no size chart, so no size can be chosen',
    ]);
    expect((await listLedger(ctx.db, shopper.sub)).filter((e) => e.kind === 'spend.generation')).toHaveLength(1);
  }, 240_000);
});
