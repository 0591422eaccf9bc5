/**
 * The Fitly engine's safety (issue 38): a garment given as a photo of a model wearing it is refused before any
 * credit is spent when the engine renders (an AI provider, where configured, takes it); a render the safety gate
 * refuses fails the generation with the gate's message and refunds the credit.
 *
 * The engine runs in this process here (ENGINE_THREADS=0), so the gate's verdict can be set for the refund case:
 * the render itself, the refusal's way through the worker and the refund are the real ones.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import { getGeneration, listGenerations } from '../../shared/repositories/generation-repository';
import { REFUSAL_MESSAGES } from '../../shared/engine/checks/refusal';
import { createUserWithProfile, garmentJpeg } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { multipart } from '../support/media';
import { startTestWorkflow } from '../support/workflow';
import { startFashnFake } from '../support/provider-fakes';

const gate = vi.hoisted(() => ({ refuse: false }));
vi.mock('../../shared/engine/checks/safety-gate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/engine/checks/safety-gate')>();
  return {
    ...real,
    checkRenderSafety: (input: Parameters<typeof real.checkRenderSafety>[0]) => {
      const verdict = real.checkRenderSafety(input);
      return gate.refuse ? { ...verdict, ok: false as const, code: 'bare_torso' as const, bareTorso: 0.5 } : verdict;
    },
  };
});

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
const threads = process.env.ENGINE_THREADS;

beforeAll(async () => {
  process.env.ENGINE_THREADS = '0';
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
});
afterAll(async () => {
  await wf?.stop();
  process.env.ENGINE_THREADS = threads;
});
beforeEach(() => {
  gate.refuse = false;
  delete process.env.FASHN_API_KEY;
  delete process.env.GEMINI_API_KEY;
  process.env.PUBLIC_ORIGIN = 'https://app.test';
});

async function uploadOutfit(user: TestUser): Promise<string> {
  const mp = multipart({ file: { content: await garmentJpeg('tee', 500), filename: 'look.jpg', type: 'image/jpeg' } });
  const up = await ctx.invoke('POST', '/api/uploads/outfit', {
    token: user.idToken,
    body: mp.body,
    headers: mp.headers,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return up.body.url as string;
}

const spends = async (userId: string) =>
  (await listLedger(ctx.db, userId)).filter((e) => e.kind === 'spend.generation').map((e) => e.amount);

describe('garments on a model, on the engine', () => {
  it('refuses a photo of a model wearing the garment before any credit is spent, saying what to use instead', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { credits: 3 });
    const imageUrl = await uploadOutfit(user);
    const res = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: user.idToken,
      body: { imageUrl, imageType: 'model_wearer', photoProfileId: profileId },
    });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      422,
      'garment.on_model',
      REFUSAL_MESSAGES.on_model_garment,
    ]);
    expect(res.body.message).toMatch(/product photo/);
    const outfit = await ctx.invoke('POST', '/api/generate/outfit', {
      token: user.idToken,
      body: {
        pieces: [{ slot: 'top', source: 'upload', imageUrl, imageType: 'model_wearer' }],
        photoProfileId: profileId,
      },
      headers: { 'idempotency-key': 'on-model-outfit-1' },
    });
    expect([outfit.status, outfit.body.code], JSON.stringify(outfit.body)).toEqual([422, 'garment.on_model']);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(3);
    expect(await spends(user.sub)).toEqual([]);
    expect(await listGenerations(ctx.db, user.sub)).toHaveLength(0);
    // the same picture as a product photo is accepted and rendered
    const shot = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: user.idToken,
      body: { imageUrl, imageType: 'product_laydown', mode: 'exact', photoProfileId: profileId },
    });
    expect(shot.status, JSON.stringify(shot.body)).toBe(201);
    await wf.drain();
    expect((await getGeneration(ctx.db, user.sub, shot.body.id))?.status).toBe('completed');
    expect(await spends(user.sub)).toEqual([-1]);
  });

  it('sends a photo of a model wearing the garment to the AI provider where one is configured', async () => {
    const fashn = await startFashnFake({
      apiKey: 'fk',
      pollsBeforeDone: 1,
      deliver: (url, payload) => {
        const u = new URL(url);
        return ctx.invoke('POST', u.pathname + u.search, { body: payload as Record<string, unknown> });
      },
    });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await createUserWithProfile(ctx, { credits: 2 });
      const imageUrl = await uploadOutfit(user);
      const res = await ctx.invoke('POST', '/api/generate/quick-try', {
        token: user.idToken,
        body: { imageUrl, imageType: 'model_wearer', photoProfileId: profileId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      const run = fashn.requests.find((r) => r.path.startsWith('/v1/run') && r.body?.inputs);
      expect(run?.body.inputs).toMatchObject({ garment_photo_type: 'model' });
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(1);
    } finally {
      await fashn.close();
    }
  });
});

describe('the safety gate on the server', () => {
  it('fails a look the gate refuses with its message and refunds the credit', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { credits: 2 });
    const imageUrl = await uploadOutfit(user);
    gate.refuse = true;
    const res = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: user.idToken,
      body: { imageUrl, imageType: 'product_laydown', mode: 'exact', photoProfileId: profileId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
    expect(view.body).toMatchObject({ status: 'failed', resultUrl: null });
    expect(view.body.error).toContain(REFUSAL_MESSAGES.bare_torso);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
    const ledger = await listLedger(ctx.db, user.sub);
    expect(ledger.filter((e) => e.kind === 'spend.generation').map((e) => e.amount)).toEqual([-1]);
    expect(ledger.filter((e) => e.kind.startsWith('refund')).map((e) => e.amount)).toEqual([1]);
  });
});
