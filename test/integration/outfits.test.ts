/**
 * Whole outfits and variants (issue 15): an outfit of 3 pieces renders in one generation (local provider,
 * chained), a provider failure at step 2 refunds once and leaves nothing in the gallery, variants cost
 * exactly the shown total, and keeping variants is idempotent and owner-checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { lookCost } from '../../shared/domain/outfit';
import { createUserWithProfile, garmentJpeg } from '../support/users';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { multipart } from '../support/media';
import { startTestWorkflow } from '../support/workflow';
import { fakeResultPng, startFashnFake, startGeminiFake } from '../support/provider-fakes';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });

const newUserWithProfile = (credits: number) => createUserWithProfile(ctx, { credits, photoSide: 400 });

async function uploadOutfit(user: TestUser, kind: Parameters<typeof garmentJpeg>[0]): Promise<string> {
  const mp = multipart({
    file: { content: await garmentJpeg(kind, 400), filename: 'piece.jpg', type: 'image/jpeg' },
  });
  const up = await ctx.invoke('POST', '/api/uploads/outfit', {
    token: user.idToken,
    body: mp.body,
    headers: mp.headers,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return up.body.url as string;
}

const startOutfit = (u: TestUser, body: Record<string, unknown>, key: string) =>
  ctx.invoke('POST', '/api/generate/outfit', { token: u.idToken, body, headers: { 'idempotency-key': key } });
/** Until the worker has submitted the run's first step to the provider (no webhook comes in these tests). */
async function untilSubmitted(generationId: string): Promise<void> {
  const { getRenderJob } = await import('../../shared/repositories/render-queue-repository');
  const end = Date.now() + 20_000;
  while (!(await getRenderJob(ctx.db, generationId))?.providerJobId) {
    if (Date.now() > end) throw new Error('step 1 was not submitted');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** FASHN's webhook delivery, routed to our handler. */
const toWebhook = async (url: string, payload: unknown) => {
  const u = new URL(url);
  return ctx.invoke('POST', u.pathname + u.search, { body: payload as Record<string, unknown> });
};
const keep = (u: TestUser, id: string, variants: unknown) =>
  ctx.invoke('POST', `/api/generations/${id}/keep`, { token: u.idToken, body: { variants } });
const spends = async (userId: string) =>
  (await listLedger(ctx.db, userId)).filter((e) => e.kind === 'spend.generation');
const refunds = async (userId: string) =>
  (await listLedger(ctx.db, userId)).filter((e) => e.kind === 'refund.generation');

/** Three pieces the Fitly engine renders: a top (an upload), a bottom (a style), outerwear (a product). */
async function enginePieces(user: TestUser) {
  return [
    { slot: 'top', source: 'upload', imageUrl: await uploadOutfit(user, 'tee'), imageType: 'product_only' },
    { slot: 'bottom', source: 'style', styleId: seedStyleId(3) },
    { slot: 'outerwear', source: 'product', styleId: seedStyleId(0), productId: `${seedStyleId(0)}-p1` },
  ];
}

/** Three pieces with an accessory (the AI providers place it; the engine refuses it before any spend). */
async function threePieces(user: TestUser) {
  return [
    { slot: 'top', source: 'upload', imageUrl: await uploadOutfit(user, 'tee'), imageType: 'product_only' },
    { slot: 'bottom', source: 'style', styleId: seedStyleId(1) },
    { slot: 'accessory', source: 'product', styleId: seedStyleId(0), productId: `${seedStyleId(0)}-p2` },
  ];
}

async function privateKeys(prefix: string): Promise<string[]> {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: process.env.PRIVATE_BUCKET!, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub);
});
afterAll(async () => {
  await wf?.stop();
});
beforeEach(() => {
  for (const k of ['FASHN_API_KEY', 'FASHN_BASE_URL', 'GEMINI_API_KEY']) delete process.env[k];
  process.env.PUBLIC_ORIGIN = 'https://app.test';
});

describe('a whole outfit in one generation', () => {
  it('3 pieces through the Fitly engine: one generation, exactly the shown cost, one gallery item', async () => {
    const { user, profileId } = await newUserWithProfile(10);
    const pieces = await enginePieces(user);
    const res = await startOutfit(user, { pieces, photoProfileId: profileId }, 'outfit-0001-aaaa');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const gen = await getGeneration(ctx.db, user.sub, res.body.id);
    expect([gen?.status, gen?.kind, gen?.cost]).toEqual(['completed', 'outfit', lookCost({ pieces: 3 })]);
    expect(gen?.inputs.outfit?.map((p) => p.slot)).toEqual(['top', 'bottom', 'outerwear']);
    expect(gen?.madeBy).toBe('engine');
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(10 - 3);
    expect(await spends(user.sub)).toHaveLength(1);
    // only the final image is stored: no intermediate step under the generation's folder
    expect(await privateKeys(`users/${user.sub}/generations/`)).toEqual([
      `users/${user.sub}/generations/${res.body.id}.jpg`,
    ]);
    const list = await ctx.invoke('GET', '/api/generations', { token: user.idToken });
    expect(list.body.map((g: { id: string }) => g.id)).toEqual([res.body.id]);
    expect(list.body[0].inputs.outfit.map((p: { label: string }) => p.label)).toEqual([
      'Top (your image)',
      expect.any(String),
      expect.stringContaining('Denim Jacket'),
    ]);
    // a repeat of the same intent (double click) answers the same generation and spends nothing
    const again = await startOutfit(user, { pieces, photoProfileId: profileId }, 'outfit-0001-aaaa');
    expect([again.status, again.body.id]).toEqual([200, res.body.id]);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(7);

    // an outfit is rated like a single look: the rating is about its first style piece
    const rate = (body: Record<string, unknown>) => ctx.invoke('POST', '/api/feedback', { token: user.idToken, body });
    expect((await rate({ generationId: res.body.id, rating: 0 })).status).toBe(400);
    expect((await rate({ generationId: res.body.id, styleId: seedStyleId(5), rating: 4 })).status).toBe(400);
    const rated = await rate({ generationId: res.body.id, rating: 4 });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    const got = await ctx.invoke('GET', `/api/feedback/generation/${res.body.id}`, { token: user.idToken });
    expect(got.body).toMatchObject({ rating: 4, styleId: seedStyleId(3) });
  });

  it('on the engine, an outfit with an accessory is refused before any credit is spent (422, what to do)', async () => {
    const { user, profileId } = await newUserWithProfile(10);
    const res = await startOutfit(user, { pieces: await threePieces(user), photoProfileId: profileId }, 'acc-engine-1');
    expect([res.status, res.body.code]).toEqual([422, 'outfit.accessory_unsupported']);
    expect(res.body.message).toMatch(/cannot place accessories/);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(10);
    expect(await spends(user.sub)).toHaveLength(0);
  });

  it('refuses conflicting slots, too many pieces and bad variants with 4xx { message, code } and changes nothing', async () => {
    const { user, profileId } = await newUserWithProfile(10);
    const url = await uploadOutfit(user, 'shirt');
    const piece = (slot: string) => ({ slot, source: 'upload', imageUrl: url });
    const cases: [unknown[], number, string, RegExp][] = [
      [
        [piece('one-piece'), piece('top')],
        400,
        'outfit.slot_conflict',
        /one-piece cannot be worn with a separate top or bottom/,
      ],
      [[piece('shoes'), piece('top'), piece('shoes')], 400, 'outfit.slot_conflict', /Only one piece can be the shoes/],
      [Array(6).fill(piece('accessory')), 400, 'validation_error', /at most 5 pieces/],
      [[], 400, 'validation_error', /at least one piece/],
      [[piece('hat')], 400, 'validation_error', /Slot must be one of/],
    ];
    for (const [pieces, status, code, message] of cases) {
      const res = await startOutfit(user, { pieces, photoProfileId: profileId }, `bad-${code}-${pieces.length}-x`);
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([status, code]);
      expect(res.body.message).toMatch(message);
    }
    const variants = await startOutfit(
      user,
      { pieces: [piece('top')], photoProfileId: profileId, variants: 5 },
      'bad-variants-5',
    );
    expect([variants.status, variants.body.code]).toEqual([400, 'validation_error']);
    expect(variants.body.message).toMatch(/Choose between 1 and 4 variants/);
    // another user's upload is not found; an unknown product is not found
    const other = await newUserWithProfile(0);
    const foreign = await startOutfit(
      other.user,
      { pieces: [piece('top')], photoProfileId: other.profileId },
      'foreign-upload-1',
    );
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
    const noProduct = await startOutfit(
      user,
      {
        pieces: [{ slot: 'top', source: 'product', styleId: seedStyleId(0), productId: 'nope' }],
        photoProfileId: profileId,
      },
      'no-product-1',
    );
    expect([noProduct.status, noProduct.body.message]).toEqual([404, 'Product not found']);
    // too few credits for the total (3 pieces x 2 variants = 6 > 5): 402, nothing reserved
    const poor = await newUserWithProfile(5);
    const pricey = await startOutfit(
      poor.user,
      { pieces: await threePieces(poor.user), photoProfileId: poor.profileId, variants: 2 },
      'too-pricey-1',
    );
    expect([pricey.status, pricey.body.code]).toEqual([402, 'limit.credits']);
    expect((await getBalance(ctx.db, poor.user.sub)).credits).toBe(5);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(10);
    expect((await ctx.invoke('GET', '/api/generations', { token: user.idToken })).body).toEqual([]);
  });

  it('FASHN chained in layering order: a failure at step 2 fails the whole run with one refund and nothing in the gallery', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', failWith: 'ImageLoadError', failRun: 2, deliver: toWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile(12);
      const res = await startOutfit(
        user,
        { pieces: await threePieces(user), photoProfileId: profileId, variants: 2 },
        'outfit-fail-0002',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // no webhook in this fake: the worker submits step 1, the sweeper's poll advances the chain
      const { sweep } = await import('../../functions/generations/workflow/sweeper');
      const { getRenderJob } = await import('../../shared/repositories/render-queue-repository');
      const end = Date.now() + 20_000;
      while ((await getGeneration(ctx.db, user.sub, res.body.id))?.status !== 'failed') {
        if (Date.now() > end) throw new Error('the run did not fail');
        if ((await getRenderJob(ctx.db, res.body.id))?.providerJobId) await sweep(new Date(Date.now() + 60_000));
        await wf.drain();
      }
      const runs = fashn.requests.filter((r) => r.path.startsWith('/v1/run'));
      expect(runs).toHaveLength(2); // step 3 never ran
      expect(runs.map((r) => r.body.inputs.category)).toEqual(['tops', 'bottoms']);
      // step 2 dressed the person of step 1's result, with one sample (variants only on the last step)
      expect(runs[1]!.body.inputs.model_image).toMatch(/^data:image\/png;base64,/);
      expect(runs.map((r) => r.body.inputs.num_samples)).toEqual([undefined, undefined]);
      expect(fashn.violations).toEqual([]);
      await wf.drain();
      expect(await spends(user.sub)).toHaveLength(1);
      expect(await refunds(user.sub)).toHaveLength(1);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(12);
      expect((await ctx.invoke('GET', '/api/generations', { token: user.idToken })).body).toEqual([]);
      expect(await privateKeys(`users/${user.sub}/generations/`)).toEqual([]);
    } finally {
      await fashn.close();
    }
  });
});

describe('a whole outfit chained on FASHN', () => {
  it('a step is advanced once: two completions of one prediction submit the next step once; a late webhook of an earlier step is ignored', async () => {
    // no webhook delivery: each completion is called here, as a repeated webhook or the sweeper's poll would
    const fashn = await startFashnFake({ apiKey: 'fk', pollsBeforeDone: 0 });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { completeAsyncRender } = await import('../../functions/generations/workflow/render-webhook-intake');
      const { getRenderJob } = await import('../../shared/repositories/render-queue-repository');
      const { user, profileId } = await newUserWithProfile(10);
      const res = await startOutfit(
        user,
        { pieces: await threePieces(user), photoProfileId: profileId, variants: 2 },
        'outfit-advance-once',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // the worker submits step 1; the run then waits for its end (no webhook comes here)
      await untilSubmitted(res.body.id);
      expect((await getRenderJob(ctx.db, res.body.id))?.providerJobId).toBe('pred-1');

      // step 1 ends; two completions race (a webhook delivered twice)
      const outcomes = await Promise.all([
        completeAsyncRender(res.body.id, { predictionId: 'pred-1' }),
        completeAsyncRender(res.body.id, { predictionId: 'pred-1' }),
      ]);
      expect(outcomes.sort()).toEqual(['ignored', 'pending']);
      const runs = () => fashn.requests.filter((r) => r.path.startsWith('/v1/run')).map((r) => r.body.inputs.category);
      expect(runs()).toEqual(['tops', 'bottoms']);
      expect((await getRenderJob(ctx.db, res.body.id))?.providerJobId).toBe('pred-2');

      // step 1's webhook once more, late: it names a prediction that is no longer the job's
      expect(await completeAsyncRender(res.body.id, { predictionId: 'pred-1' })).toBe('ignored');
      expect(runs()).toEqual(['tops', 'bottoms']);

      // step 2 ends, then step 3: the run completes with the two variants of the last step, charged once
      expect(await completeAsyncRender(res.body.id, { predictionId: 'pred-2' })).toBe('pending');
      expect(await completeAsyncRender(res.body.id, { predictionId: 'pred-3' })).toBe('completed');
      await wf.drain();
      expect(runs()).toEqual(['tops', 'bottoms', 'auto']);
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(10 - 6);
      expect(fashn.violations).toEqual([]);
    } finally {
      await fashn.close();
    }
  });

  it('a worker that died mid-advance (claim taken, next step unknown): the sweeper ends the run with one refund and submits nothing', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', pollsBeforeDone: 0 });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { completeAsyncRender } = await import('../../functions/generations/workflow/render-webhook-intake');
      const { claimRenderStepAdvance } = await import('../../shared/repositories/render-queue-repository');
      const { user, profileId } = await newUserWithProfile(10);
      const res = await startOutfit(
        user,
        { pieces: await threePieces(user), photoProfileId: profileId },
        'outfit-advance-crash',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await untilSubmitted(res.body.id);
      // a worker claimed the advance past step 1, then died; its claim's lease has run out
      expect(await claimRenderStepAdvance(ctx.db, res.body.id, 'pred-1', new Date(Date.now() - 1000))).toBe(true);
      // a repeated webhook meanwhile does nothing; the sweeper's poll ends the run
      expect(await completeAsyncRender(res.body.id, { predictionId: 'pred-1' })).toBe('ignored');
      expect(await completeAsyncRender(res.body.id, { fromSweeper: true })).toBe('failed');
      await wf.drain();
      expect(fashn.requests.filter((r) => r.path.startsWith('/v1/run'))).toHaveLength(1);
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('failed');
      expect(await refunds(user.sub)).toHaveLength(1);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(10);
    } finally {
      await fashn.close();
    }
  });

  it('3 steps in layering order, each on the previous result, variants from the last step only', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', deliver: toWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile(10);
      const res = await startOutfit(
        user,
        { pieces: await threePieces(user), photoProfileId: profileId, variants: 2 },
        'outfit-fashn-chain',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      const runs = fashn.requests.filter((r) => r.path.startsWith('/v1/run'));
      expect(runs.map((r) => [r.body.inputs.category, r.body.inputs.num_samples])).toEqual([
        ['tops', undefined],
        ['bottoms', undefined],
        ['auto', 2],
      ]);
      // steps 2 and 3 dress FASHN's own output of the step before (the fake's result image), not the profile photo
      expect(runs[1]!.body.inputs.model_image).toBe(
        `data:image/png;base64,${(await fakeResultPng()).toString('base64')}`,
      );
      expect(runs[0]!.body.inputs.model_image).not.toBe(runs[1]!.body.inputs.model_image);
      expect(fashn.violations).toEqual([]);
      const view = (await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken })).body;
      expect(view.variants).toHaveLength(2);
      expect((await privateKeys(`users/${user.sub}/generations/`)).sort()).toEqual(
        [0, 1].map((i) => `users/${user.sub}/generations/${res.body.id}/variant-${i}.jpg`),
      );
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(10 - 6);
      expect(await refunds(user.sub)).toHaveLength(0);
    } finally {
      await fashn.close();
    }
  });
});

describe('a whole outfit on a multi-image provider, and double clicks', () => {
  it('Gemini (Creative): one call carries the person and every piece; its candidates are the variants', async () => {
    const gemini = await startGeminiFake({ apiKey: 'gk' });
    process.env.GEMINI_API_KEY = 'gk';
    process.env.GEMINI_BASE_URL = gemini.url;
    try {
      const { user, profileId } = await newUserWithProfile(10);
      const res = await startOutfit(
        user,
        { pieces: await threePieces(user), photoProfileId: profileId, mode: 'creative', variants: 2 },
        'outfit-gemini-01',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(gemini.requests).toHaveLength(1);
      const parts = gemini.requests[0]!.body.contents[0].parts;
      expect(parts.filter((p: Record<string, unknown>) => p.inline_data)).toHaveLength(1 + 3);
      expect(parts[0].text).toMatch(
        /3 pieces, given in layering order after the person: 1\. top, 2\. bottom, 3\. accessory/,
      );
      expect(gemini.requests[0]!.body.generationConfig.candidateCount).toBe(2);
      expect(gemini.violations).toEqual([]);
      expect(
        (await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken })).body.variants,
      ).toHaveLength(2);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(10 - lookCost({ pieces: 3, variants: 2 }));
    } finally {
      await gemini.close();
      delete process.env.GEMINI_BASE_URL;
    }
  });

  it('a double click (10 concurrent identical requests, one key) spends the total once and starts one run', async () => {
    const { user, profileId } = await newUserWithProfile(10);
    const body = { pieces: await enginePieces(user), photoProfileId: profileId, variants: 2 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => startOutfit(user, body, 'outfit-double-click')));
    expect(
      answers.every((a) => a.status === 200 || a.status === 201),
      JSON.stringify(answers.map((a) => a.body)),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    await wf.drain();
    expect(await spends(user.sub)).toHaveLength(1);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(10 - 6);
    // the same key with other pieces is refused and spends nothing
    const reused = await startOutfit(user, { ...body, variants: 1 }, 'outfit-double-click');
    expect([reused.status, reused.body.code]).toEqual([409, 'idempotency.key_reused']);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(4);
  });
});

describe('variants', () => {
  it('3 variants of a 3-piece outfit: the shown total is charged, the run is not a gallery item, kept variants are', async () => {
    const { user, profileId } = await newUserWithProfile(20);
    const res = await startOutfit(
      user,
      { pieces: await enginePieces(user), photoProfileId: profileId, variants: 3 },
      'outfit-variants-03',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(20 - lookCost({ pieces: 3, variants: 3 }));
    expect((await spends(user.sub)).map((e) => e.amount)).toEqual([-9]);
    const run = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
    expect([run.body.status, run.body.variantCount, run.body.variants.length]).toEqual(['completed', 3, 3]);
    expect(run.body.variants.map((v: { url: string }) => v.url)).toEqual(
      [0, 1, 2].map((i) => `/api/private-image/users/${user.sub}/generations/${res.body.id}/variant-${i}.jpg`),
    );
    // the engine's variants differ visibly (another fit, length or tuck), not only in their bytes
    const pixels = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const obj = await s3().send(
          new GetObjectCommand({
            Bucket: process.env.PRIVATE_BUCKET!,
            Key: `users/${user.sub}/generations/${res.body.id}/variant-${i}.jpg`,
          }),
        );
        return sharp(Buffer.from(await obj.Body!.transformToByteArray()))
          .greyscale()
          .raw()
          .toBuffer();
      }),
    );
    const meanDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const)
      expect(meanDiff(pixels[a]!, pixels[b]!), `variants ${a} and ${b}`).toBeGreaterThan(1.5);
    // the run itself is not listed; nothing is kept yet
    expect((await ctx.invoke('GET', '/api/generations', { token: user.idToken })).body).toEqual([]);

    // another user cannot keep (or see) them
    const other = await newUserWithProfile(0);
    const stolen = await keep(other.user, res.body.id, [0]);
    expect([stolen.status, stolen.body.code]).toEqual([404, 'not_found']);
    expect([
      (await keep(user, res.body.id, [3])).status,
      (await keep(user, res.body.id, [])).status,
      (await keep(user, res.body.id, ['a'])).status,
    ]).toEqual([404, 400, 400]);

    // a double click on Keep: both answers name the same two generations
    const [k1, k2] = await Promise.all([keep(user, res.body.id, [0, 2]), keep(user, res.body.id, [2, 0])]);
    expect([k1.status, k2.status]).toEqual([200, 200]);
    expect(k1.body.kept).toEqual(k2.body.kept);
    const keptIds = k1.body.kept.map((k: { generationId: string }) => k.generationId);
    expect(k1.body.kept.map((k: { index: number }) => k.index)).toEqual([0, 2]);
    const list = await ctx.invoke('GET', '/api/generations', { token: user.idToken });
    expect(list.body.map((g: { id: string }) => g.id).sort()).toEqual([...keptIds].sort());
    for (const g of list.body) {
      expect([g.status, g.kind, g.cost, g.variantOf, g.variantCount]).toEqual([
        'completed',
        'outfit',
        0,
        res.body.id,
        1,
      ]);
      expect(g.resultUrl).toBe(`/api/private-image/users/${user.sub}/generations/${g.id}.jpg`);
    }
    const after = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
    expect(after.body.variants.map((v: { keptGenerationId: string | null }) => v.keptGenerationId)).toEqual([
      keptIds[0],
      null,
      keptIds[1],
    ]);
    // keeping again later: same ids, no new items; the credits did not move
    const later = await keep(user, res.body.id, [0]);
    expect(later.body.kept).toEqual([{ index: 0, generationId: keptIds[0] }]);
    expect((await ctx.invoke('GET', '/api/generations', { token: user.idToken })).body).toHaveLength(2);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(11);
    // deleting a kept variant leaves the run and the other kept variant
    expect((await ctx.invoke('DELETE', `/api/generations/${keptIds[0]}`, { token: user.idToken })).status).toBe(204);
    expect((await ctx.invoke('GET', `/api/generations/${keptIds[1]}`, { token: user.idToken })).body.status).toBe(
      'completed',
    );
    expect((await privateKeys(`users/${user.sub}/generations/${res.body.id}/`)).sort()).toEqual(
      [0, 1, 2].map((i) => `users/${user.sub}/generations/${res.body.id}/variant-${i}.jpg`),
    );
  });

  it("variants on a style generation: FASHN num_samples, cost per variant, and 1 variant keeps today's contract", async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', deliver: toWebhook });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile(6);
      const start = (body: Record<string, unknown>, key: string) =>
        ctx.invoke('POST', '/api/generate/style', { token: user.idToken, body, headers: { 'idempotency-key': key } });
      const exact = { styleId: seedStyleId(0), photoProfileId: profileId, mode: 'exact' };
      const four = await start({ ...exact, variants: 4 }, 'style-variants-4');
      const one = await start(exact, 'style-variants-1');
      expect([four.status, one.status]).toEqual([201, 201]);
      await wf.drain();
      expect([
        (await getGeneration(ctx.db, user.sub, four.body.id))?.status,
        (await getGeneration(ctx.db, user.sub, one.body.id))?.status,
      ]).toEqual(['completed', 'completed']);
      const runs = fashn.requests.filter((r) => r.path.startsWith('/v1/run'));
      expect(runs.map((r) => r.body.inputs.num_samples).sort()).toEqual([4, undefined]);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(6 - 4 - 1);
      const list = await ctx.invoke('GET', '/api/generations', { token: user.idToken });
      expect(list.body.map((g: { id: string }) => g.id)).toEqual([one.body.id]);
      expect([list.body[0].variantCount, list.body[0].variants]).toEqual([1, []]);
      expect(
        (await ctx.invoke('GET', `/api/generations/${four.body.id}`, { token: user.idToken })).body.variants,
      ).toHaveLength(4);
      const notRun = await keep(user, one.body.id, [0]);
      expect([notRun.status, notRun.body.code]).toEqual([400, 'variants.not_ready']);
    } finally {
      await fashn.close();
    }
  });
});
