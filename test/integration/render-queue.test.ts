/**
 * Exactly-once starts (Idempotency-Key) and the render queue: callbacks instead of polling, the priority lane,
 * time limits, duplicate deliveries, a crash mid-render, an execution aborted while queued, the fallback poll.
 * The CDK definition runs on the local runner; providers are HTTP fakes of their documented shapes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { seedStyleId } from '../../infra/local/seed-catalog';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import {
  getGeneration,
  listGenerations,
  markCompleted,
  markProcessing,
  setResultKey,
} from '../../shared/repositories/generation-repository';
import { describeGenerationExecution } from '../../functions/lib/workflow-client';
import { randomUUID } from 'node:crypto';
import {
  beginRenderAttempt,
  claimRenderJob,
  enqueueRenderJob,
  getRenderJob,
  inFlight,
  queueDepth,
  recordProviderJob,
  releaseRenderJob,
} from '../../shared/repositories/render-queue-repository';
import type { Db } from '../../shared/repositories/table';
import { enqueueRender } from '../../functions/generations/workflow/index';
import { beginAttempt, resumeOrphanedRenders } from '../../functions/generations/workflow/render-attempts';
import { getUser } from '../../shared/repositories/user-repository';
import { getStyle } from '../../shared/repositories/catalog-repository';
import { getStyleCounterSums } from '../../shared/repositories/style-counter-repository';
import { startFromStyle } from '../../functions/generations/generation-start-service';
import { providerReady } from '../../functions/generations/providers';
import { renderWorker, renderWorkerFailed } from '../../functions/generations/workflow/render-queue';
import {
  drainLocalInvocations,
  localInvocationMetrics,
  setLocalRenderRunner,
  type RenderWorkerEvent,
} from '../../functions/generations/workflow/render-invoker';
import { providerCall } from '../../functions/generations/workflow/provider-call';
import { getObject, mediaKeys } from '../../functions/lib/media-store';
import { setModeratorForTests } from '../../functions/lib/moderation';
import { CONTENT_SAFETY_MESSAGES } from '../../shared/domain/content-safety';
import {
  RENDER_ATTEMPTS,
  RENDER_LEASE_SECONDS,
  RENDER_START_LEASE_SECONDS,
  RENDER_WORKER_TIMEOUT_SECONDS,
  stagedJobId,
} from '../../shared/domain/render-queue';
import { sweep } from '../../functions/generations/workflow/sweeper';
import { createUserWithProfile } from '../support/users';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { startTestWorkflow } from '../support/workflow';
import { startFashnFake, startGeminiFake } from '../support/provider-fakes';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;

const newUserWithProfile = (opts: { credits?: number; plan?: 'starter' | 'creator' } = {}) =>
  createUserWithProfile(ctx, { credits: opts.credits, patch: { currentPlan: opts.plan ?? 'starter' }, photoSide: 400 });

/** seed style 8 is a product-only style (Creative: Gemini or the engine); the others are started in Exact mode
 * (FASHN when its key is set, else the engine), as the laydown styles let the user choose. */
const CREATIVE = seedStyleId(8);
const startStyle = (u: TestUser, body: Record<string, unknown>, key?: string) =>
  ctx.invoke('POST', '/api/generate/style', {
    token: u.idToken,
    body: body.styleId === CREATIVE || 'mode' in body ? body : { mode: 'exact', ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });

/** The Gemini HTTP fake, set as the Creative-mode provider for this test (close it in finally). */
async function useGemini(opts: Omit<Parameters<typeof startGeminiFake>[0], 'apiKey'>) {
  const gemini = await startGeminiFake({ apiKey: 'gk', ...opts });
  process.env.GEMINI_API_KEY = 'gk';
  process.env.GEMINI_BASE_URL = gemini.url;
  return gemini;
}

async function until(cond: () => Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
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
  for (const k of [
    'FASHN_API_KEY',
    'GEMINI_API_KEY',
    'RENDER_TIME_LIMIT_MS',
    'PROVIDER_CONCURRENCY_GEMINI',
    'PROVIDER_CONCURRENCY_ENGINE',
  ])
    delete process.env[k];
  process.env.PUBLIC_ORIGIN = 'https://app.test';
});

describe('Idempotency-Key on credit-spending starts', () => {
  it('20 concurrent identical requests with one key: one generation, one credit, 20 answers naming it', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 5 });
    const body = { styleId: seedStyleId(0), photoProfileId: profileId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => startStyle(user, body, 'intent-0001-aaaa')));
    expect(
      answers.map((a) => a.status).every((s) => s === 200 || s === 201),
      JSON.stringify(answers.map((a) => a.body)),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    await wf.drain();
    const gens = await listGenerations(ctx.db, user.sub);
    expect(gens.map((g) => g.id)).toEqual([...ids]);
    expect(gens[0]!.status).toBe('completed');
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(4);
    expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'spend.generation')).toHaveLength(1);
  });

  it('a repeat later answers 200 with the first id; the same key with another body is 409; a new key spends again', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 3 });
    const first = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId }, 'intent-0002-bbbb');
    expect(first.status).toBe(201);
    await wf.drain();
    const again = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId }, 'intent-0002-bbbb');
    expect([again.status, again.body.id, again.headers['idempotent-replayed']]).toEqual([200, first.body.id, 'true']);
    const reused = await startStyle(user, { styleId: seedStyleId(1), photoProfileId: profileId }, 'intent-0002-bbbb');
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ code: 'idempotency.key_reused', message: expect.stringContaining('already used') });
    const bad = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId }, 'no spaces allowed');
    expect([bad.status, bad.body.code]).toEqual([400, 'idempotency.invalid_key']);
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
    const other = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId }, 'intent-0003-cccc');
    expect(other.status).toBe(201);
    await wf.drain();
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(1);
  });

  it('a repeat still answers the first id after the spend used the last credit (no 402 for a double click)', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 1 });
    const body = {
      imageUrl: '/api/public-image/styles/seed-style-01/prompt.webp',
      imageType: 'product_laydown',
      mode: 'exact',
    };
    const send = () =>
      ctx.invoke('POST', '/api/generate/quick-try', {
        token: user.idToken,
        body: { ...body, photoProfileId: profileId },
        headers: { 'idempotency-key': 'intent-0004-dddd' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const c = await send();
    expect([c.status, c.body.id]).toEqual([200, a.body.id]);
    await wf.drain();
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(0);
  });
});

describe('production without provider keys', () => {
  it('refuses the generation with 503 before any spend (never a local composite charged in prod)', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 2 });
    const record = (await getUser(ctx.db, user.sub))!;
    const stage = process.env.APP_STAGE;
    process.env.APP_STAGE = 'prod';
    try {
      const err = await startFromStyle(ctx.db, record, { styleId: CREATIVE, photoProfileId: profileId }).catch(
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ status: 503, code: 'provider_unavailable' });
      process.env.GEMINI_API_KEY = 'gk';
      expect(await providerReady('creative')).toBe(true);
      expect(await providerReady('exact')).toBe(false);
    } finally {
      process.env.APP_STAGE = stage;
    }
    expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
    expect(await listGenerations(ctx.db, user.sub)).toEqual([]);
  });
});

describe('the render queue', () => {
  it('costs one task state per generation (the worker completes the look) and leaves no slot, queue entry or waiting token behind', async () => {
    const { user, profileId } = await newUserWithProfile({ credits: 12 });
    const before = { ...wf.metrics.invocations };
    const styles = [0, 1, 2, 3].map((i) => seedStyleId(i));
    const uses = async () =>
      Promise.all(
        styles.map(
          async (id) => (await getStyle(ctx.db, id))!.usageCount + (await getStyleCounterSums(ctx.db, id)).pending,
        ),
      );
    const usesBefore = await uses();
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        startStyle(user, { styleId: seedStyleId(i % 4), photoProfileId: profileId }, `burst-${i}-eeeeeeee`),
      ),
    );
    expect(starts.every((s) => s.status === 201)).toBe(true);
    await wf.drain();
    for (const s of starts) expect((await getGeneration(ctx.db, user.sub, s.body.id))?.status).toBe('completed');
    const delta = (k: string) => (wf.metrics.invocations[k] ?? 0) - (before[k] ?? 0);
    expect([delta('Render'), delta('MarkFailed')]).toEqual([10, 0]);
    // the worker completed each look and counted it once as a use of its style (10 looks over 4 styles: 3, 3, 2, 2)
    expect((await uses()).map((n, i) => n - usesBefore[i]!)).toEqual([3, 3, 2, 2]);
    expect(await inFlight(ctx.db, 'engine')).toBe(0);
    expect(await queueDepth(ctx.db, 'engine')).toBe(0);
    expect(wf.waitingTokens()).toBe(0);
  });

  it('takes priority work before standard work that waits, and never runs more than the provider limit', async () => {
    process.env.PROVIDER_CONCURRENCY_GEMINI = '1';
    const gemini = await useGemini({ delayMs: 150 });
    try {
      const std = await newUserWithProfile({ credits: 5, plan: 'starter' });
      const pri = await newUserWithProfile({ credits: 5, plan: 'creator' });
      const first = await startStyle(std.user, { styleId: CREATIVE, photoProfileId: std.profileId });
      await until(async () => (await inFlight(ctx.db, 'gemini')) === 1, 'the first render to hold the only slot');
      const waitingStd = await startStyle(std.user, { styleId: CREATIVE, photoProfileId: std.profileId });
      const waitingPri = await startStyle(pri.user, { styleId: CREATIVE, photoProfileId: pri.profileId });
      await until(async () => (await queueDepth(ctx.db, 'gemini')) === 2, 'two queued renders');
      await wf.drain();
      const g = async (u: TestUser, id: string) => (await getGeneration(ctx.db, u.sub, id))!;
      const [a, s, p] = [
        await g(std.user, first.body.id),
        await g(std.user, waitingStd.body.id),
        await g(pri.user, waitingPri.body.id),
      ];
      expect([a.status, s.status, p.status]).toEqual(['completed', 'completed', 'completed']);
      expect(Date.parse(p.startedAt!)).toBeLessThan(Date.parse(s.startedAt!)); // the priority lane went first
      expect(Date.parse(p.startedAt!)).toBeGreaterThanOrEqual(Date.parse(a.completedAt!) - 200);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      await gemini.close();
    }
  });

  it('fails a render that exceeds its time limit with a readable error and exactly one refund', async () => {
    process.env.RENDER_TIME_LIMIT_MS = '300';
    const gemini = await useGemini({ delayMs: 1500 });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await wf.drain();
      const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
      expect([view.body.status, view.body.error]).toEqual([
        'failed',
        'The image took too long to render. Your credit was refunded; please try again.',
      ]);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(1);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      await gemini.close();
    }
  });

  it('a crash mid-render is redelivered and finishes once; a duplicate delivery afterwards changes nothing', async () => {
    const gemini = await useGemini({ corruptFirst: 1 });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await wf.drain();
      expect(gemini.requests).toHaveLength(2); // the crashed attempt and the redelivery
      const gen = await getGeneration(ctx.db, user.sub, res.body.id);
      expect([gen?.status, gen?.error]).toEqual(['completed', null]);
      expect((await getRenderJob(ctx.db, res.body.id))?.state).toBe('done');
      // Lambda may deliver the same event again: nothing runs twice (the provider call, or its hand-off)
      expect(await renderWorker({ generationId: res.body.id, provider: 'gemini' })).toEqual({ outcome: 'not-running' });
      expect(await providerCall({ generationId: res.body.id, provider: 'gemini' })).toEqual({ outcome: 'not-running' });
      const handOff = { generationId: res.body.id, predictionId: stagedJobId(1) };
      expect(await renderWorker({ ...handOff, provider: 'gemini', action: 'complete' })).toEqual({
        outcome: 'ignored',
      });
      await wf.drain();
      expect(gemini.requests).toHaveLength(2);
      const kinds = (await listLedger(ctx.db, user.sub)).map((e) => e.kind).sort();
      expect(kinds).toEqual(['grant.monthly', 'spend.generation']);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      await gemini.close();
    }
  });

  it('a Creative render waits in the small provider-call function; the render worker runs once, for the image work', async () => {
    // a provider latency well above the worker's own image work (moderation, re-encode, marking, store, report:
    // ~0.1-0.3 s on a busy machine), so that the wait shows where it was spent
    const gemini = await useGemini({ delayMs: 1000 });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const before = structuredClone(localInvocationMetrics.byFunction);
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await wf.drain();
      const gen = await getGeneration(ctx.db, user.sub, res.body.id);
      expect([gen?.status, gen?.error]).toEqual(['completed', null]);
      expect(gemini.requests).toHaveLength(1);
      const ran = (f: 'providerCall' | 'renderWorker') =>
        localInvocationMetrics.byFunction[f].invocations - before[f].invocations;
      // one provider call (the wait) and one render worker invocation (the staged bytes' image work)
      expect([ran('providerCall'), ran('renderWorker')]).toEqual([1, 1]);
      // the provider waited in the small function: the worker's invocation is far shorter than the provider's latency
      const workerMs = localInvocationMetrics.byFunction.renderWorker.durationMs - before.renderWorker.durationMs;
      const callMs = localInvocationMetrics.byFunction.providerCall.durationMs - before.providerCall.durationMs;
      expect(callMs).toBeGreaterThanOrEqual(1000);
      expect(workerMs).toBeLessThan(callMs);
      // the result is stored and marked; the staged provider output is deleted
      expect(gen?.resultKey).toBe(mediaKeys.generationResult(user.sub, res.body.id, 'jpg'));
      await expect(
        getObject('private', mediaKeys.generationProviderOutput(user.sub, res.body.id, 0)),
      ).rejects.toThrow();
      expect((await getRenderJob(ctx.db, res.body.id))?.providerJobId).toBe(stagedJobId(1));
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
      expect((await listLedger(ctx.db, user.sub)).map((e) => e.kind).sort()).toEqual([
        'grant.monthly',
        'spend.generation',
      ]);
    } finally {
      await gemini.close();
    }
  });

  it('a Creative render refused by the provider in the provider-call function fails readably, refunded once, slot freed', async () => {
    const gemini = await useGemini({ blockReason: 'SAFETY' });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const before = structuredClone(localInvocationMetrics.byFunction);
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await wf.drain();
      const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
      expect([view.body.status, view.body.error]).toEqual([
        'failed',
        "The request was blocked by the provider's safety filters.",
      ]);
      // nothing to store: the render worker never ran for it
      expect(localInvocationMetrics.byFunction.renderWorker.invocations - before.renderWorker.invocations).toBe(0);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(1);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      await gemini.close();
    }
  });

  it('a staged render whose hand-off was lost is finished by the sweeper (lease), without a second provider call', async () => {
    const gemini = await useGemini({});
    // the provider-call function stages the bytes, but its hand-off to the render worker is lost
    setLocalRenderRunner({
      renderWorker: async (e) => (e.action === 'complete' ? { outcome: 'lost' } : renderWorker(e)),
      renderWorkerFailed,
      providerCall,
    });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(
        async () => (await getRenderJob(ctx.db, res.body.id))?.providerJobId === stagedJobId(1),
        'the staged render',
      );
      await drainLocalInvocations(); // the lost hand-off has run (the execution still waits for its token)
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('processing');
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      expect((await sweep(new Date(Date.now() + 60_000))).polled).toBe(1);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(gemini.requests).toHaveLength(1);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(0);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await gemini.close();
    }
  });

  it('a dead worker (its lease ran out) is rendered again, up to RENDER_ATTEMPTS, then failed and refunded once', async () => {
    const gemini = await useGemini({});
    const calls: string[] = [];
    // a Creative render runs in the provider-call function: one that dies every time (invoked, never calls the
    // provider, never reports: a killed or timed-out Lambda)
    setLocalRenderRunner({
      renderWorker,
      renderWorkerFailed,
      providerCall: async (e) => {
        calls.push(e.generationId);
        await beginAttempt(e); // it began its attempt (the lease is the run's from here), then died
      },
    });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(
        async () => calls.length === 1 && (await getRenderJob(ctx.db, res.body.id))?.startedAttempt === 1,
        'the first attempt',
      );
      expect((await getRenderJob(ctx.db, res.body.id))?.attempts).toBe(1);
      // the lease outlives the worker's timeout: swept before it runs out, nothing happens
      expect((await sweep(new Date(Date.now() + RENDER_WORKER_TIMEOUT_SECONDS * 1000))).timedOut).toBe(0);
      expect(calls).toHaveLength(1);
      const later = (n: number) => new Date(Date.now() + n * (RENDER_LEASE_SECONDS + 60) * 1000);
      await sweep(later(1));
      const begun = (n: number) => async () =>
        calls.length === n && (await getRenderJob(ctx.db, res.body.id))?.startedAttempt === n;
      await until(begun(2), 'the second attempt');
      expect((await getRenderJob(ctx.db, res.body.id))?.attempts).toBe(2);
      await sweep(later(2));
      await until(begun(3), 'the third attempt');
      // two sweepers at once: one retry, not two
      const both = await Promise.all([sweep(later(3)), sweep(later(3))]);
      expect(both.map((b) => b.timedOut).sort()).toEqual([0, 1]);
      await wf.drain();
      expect(calls).toHaveLength(RENDER_ATTEMPTS);
      const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: user.idToken });
      expect([view.body.status, view.body.error]).toEqual([
        'failed',
        'The image took too long to render. Your credit was refunded; please try again.',
      ]);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(1);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await gemini.close();
    }
  });

  it('a job that ended unheard (a stop between its end and the report) is opened again by the replayed execution and completes', async () => {
    const gemini = await useGemini({});
    let ended = 0;
    // a provider-call function that ends the job (its slot freed, state done) and is stopped before it reports
    setLocalRenderRunner({
      renderWorker,
      renderWorkerFailed,
      providerCall: async (e) => {
        ended++;
        await releaseRenderJob(ctx.db, e.provider, e.generationId);
      },
    });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(async () => (await getRenderJob(ctx.db, res.body.id))?.state === 'done', 'the job to end');
      // still in progress: the workflow never heard
      expect(['pending', 'processing']).toContain((await getGeneration(ctx.db, user.sub, res.body.id))?.status);
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      // the execution replayed after the restart enqueues again (with its task token): the job opens again
      const job = (await getRenderJob(ctx.db, res.body.id))!;
      await enqueueRender({ taskToken: job.taskToken, generationId: res.body.id, userId: user.sub });
      expect((await getRenderJob(ctx.db, res.body.id))?.state).toBe('running');
      expect(await resumeOrphanedRenders()).toBe(1);
      await until(
        async () => (await getGeneration(ctx.db, user.sub, res.body.id))?.status === 'completed',
        'the look to complete',
        60_000,
      );
      expect(ended).toBe(1);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(0);
      // the reopened job held no slot: it ends all the same (no running job left for the sweeper to find)
      await until(async () => (await getRenderJob(ctx.db, res.body.id))?.state === 'done', 'the reopened job to end');
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await gemini.close();
    }
  });

  it('a look completed by a worker that died before telling the workflow is only reported by the next attempt', async () => {
    const gemini = await useGemini({});
    let crashed = 0;
    // the first attempt stores the result and completes the look (the worker's part since the state machine ends
    // at Render), then dies before its SendTaskSuccess
    setLocalRenderRunner({
      renderWorker,
      renderWorkerFailed,
      providerCall: async (e) => {
        if (crashed++ > 0) return providerCall(e);
        const job = (await getRenderJob(ctx.db, e.generationId))!;
        await markProcessing(ctx.db, job.userId, e.generationId);
        await setResultKey(
          ctx.db,
          job.userId,
          e.generationId,
          mediaKeys.generationResult(job.userId, e.generationId, 'jpg'),
        );
        expect(await markCompleted(ctx.db, job.userId, e.generationId)).toBe(true);
        throw new Error('killed before reporting');
      },
    });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const uses = async () =>
        (await getStyle(ctx.db, CREATIVE))!.usageCount + (await getStyleCounterSums(ctx.db, CREATIVE)).pending;
      const usesBefore = await uses();
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await wf.drain();
      expect(crashed).toBe(2); // the dead attempt and the one that reported
      // the execution ended as it should (succeeded, not timed out waiting), the look completed, nothing rendered
      // again, nothing refunded, the style's use not counted a second time by the reporting attempt
      expect(await describeGenerationExecution(res.body.id)).toEqual({ status: 'SUCCEEDED' });
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(gemini.requests).toHaveLength(0);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(0);
      expect(await uses()).toBe(usesBefore);
      expect((await getRenderJob(ctx.db, res.body.id))?.state).toBe('done');
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await gemini.close();
    }
  });

  it('an execution aborted while queued is refunded once and leaves the queue', async () => {
    process.env.PROVIDER_CONCURRENCY_GEMINI = '1';
    const gemini = await useGemini({ delayMs: 300 });
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 3 });
      const running = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(async () => (await inFlight(ctx.db, 'gemini')) === 1, 'the first render to start');
      const queued = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(
        async () => (await getRenderJob(ctx.db, queued.body.id))?.state === 'queued',
        'the second render to queue',
      );
      const client = new SFNClient({
        region: 'eu-west-1',
        endpoint: wf.url,
        credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
      });
      await client.send(
        new StopExecutionCommand({
          executionArn: `${wf.stateMachineArn.replace(':stateMachine:', ':execution:')}:${queued.body.id}`,
        }),
      );
      await wf.drain();
      const q = await getGeneration(ctx.db, user.sub, queued.body.id);
      expect([q?.status, q?.error]).toEqual(['failed', 'The generation was cancelled. Your credit was refunded.']);
      expect((await getGeneration(ctx.db, user.sub, running.body.id))?.status).toBe('completed');
      expect(gemini.requests).toHaveLength(1); // the aborted one never rendered
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(1);
      expect((await getBalance(ctx.db, user.sub)).credits).toBe(2);
      expect([await queueDepth(ctx.db, 'gemini'), await inFlight(ctx.db, 'gemini')]).toEqual([0, 0]);
    } finally {
      await gemini.close();
    }
  });

  it('FASHN: the webhook finishes the job (signature checked, status re-read); a forged or repeated webhook changes nothing', async () => {
    const deliveries: unknown[] = [];
    const fashn = await startFashnFake({
      apiKey: 'fk',
      deliver: async (url, payload) => {
        const u = new URL(url);
        deliveries.push(await ctx.invoke('POST', u.pathname + u.search, { body: payload as Record<string, unknown> }));
      },
    });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(fashn.webhookUrls[0]).toMatch(
        new RegExp(`^https://app\\.test/api/providers/fashn/webhook\\?generation=${res.body.id}&sig=[\\w-]+$`),
      );
      expect(fashn.requests.filter((r) => r.path.startsWith('/v1/status/'))).toHaveLength(1);
      const u = new URL(fashn.webhookUrls[0]!);
      const forged = await ctx.invoke('POST', `${u.pathname}?generation=${res.body.id}&sig=AAAA`, { body: {} });
      expect([forged.status, forged.body.code]).toEqual([401, 'auth.unauthorized']);
      const repeat = await ctx.invoke('POST', u.pathname + u.search, { body: {} });
      expect(repeat.status).toBe(200);
      await wf.drain();
      expect(fashn.requests.filter((r) => r.path.startsWith('/v1/status/'))).toHaveLength(1);
      expect((await listLedger(ctx.db, user.sub)).map((e) => e.kind).sort()).toEqual([
        'grant.monthly',
        'spend.generation',
      ]);
    } finally {
      await fashn.close();
    }
  });

  it('FASHN: an unsafe result is reported at once (the safety message, one refund), not rendered again', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', pollsBeforeDone: 0 });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    const { user, profileId } = await newUserWithProfile({ credits: 2 });
    let checks = 0;
    try {
      const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
      await until(async () => !!(await getRenderJob(ctx.db, res.body.id))?.providerJobId, 'the FASHN submit');
      // the inputs were checked at the start; from here every image check flags: only the result is checked
      setModeratorForTests({
        name: 'test-flag-all',
        async moderate() {
          checks++;
          return { safe: false, reasons: ['Porn'], labels: [{ name: 'Porn', confidence: 0.97 }] };
        },
      });
      expect((await sweep(new Date(Date.now() + 60_000))).polled).toBe(1);
      await wf.drain();
      const gen = await getGeneration(ctx.db, user.sub, res.body.id);
      expect([gen?.status, gen?.error]).toEqual(['failed', CONTENT_SAFETY_MESSAGES.unsafeResult]);
      expect(checks).toBe(1); // reported, not crashed and redelivered
      expect(fashn.requests.filter((r) => r.path.startsWith('/v1/run'))).toHaveLength(1);
      expect((await listLedger(ctx.db, user.sub)).map((e) => e.kind).sort()).toEqual([
        'grant.monthly',
        'refund.generation',
        'spend.generation',
      ]);
      expect(await inFlight(ctx.db, 'fashn')).toBe(0);
    } finally {
      setModeratorForTests(null);
      await fashn.close();
    }
  });

  it('FASHN: without a webhook the sweeper polls after the lease (the fallback) and finishes the job', async () => {
    const fashn = await startFashnFake({ apiKey: 'fk', pollsBeforeDone: 0 });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 1 });
      const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
      await until(async () => !!(await getRenderJob(ctx.db, res.body.id))?.providerJobId, 'the FASHN submit');
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('processing');
      const swept = await sweep(new Date(Date.now() + 60_000));
      expect(swept.polled).toBe(1);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(await inFlight(ctx.db, 'fashn')).toBe(0);
    } finally {
      await fashn.close();
    }
  });
});

describe('fenced render attempts (issue 41): two attempts of one render never both call the provider', () => {
  /** Hold the worker's events instead of running them (Lambda's queue under throttling), to deliver them by hand. */
  function holdWorkerEvents() {
    const held: RenderWorkerEvent[] = [];
    setLocalRenderRunner({
      renderWorker: async (e) => {
        if ((e.action ?? 'render') === 'render') held.push(e);
        else return renderWorker(e);
      },
      renderWorkerFailed,
      providerCall: async (e) => {
        held.push(e);
      },
    });
    return held;
  }
  const runs = (f: { requests: { path: string }[] }) => f.requests.filter((r) => r.path.startsWith('/v1/run')).length;

  async function useFashn() {
    const fashn = await startFashnFake({ apiKey: 'fk', pollsBeforeDone: 0 });
    process.env.FASHN_API_KEY = 'fk';
    process.env.FASHN_BASE_URL = fashn.url;
    return fashn;
  }

  /** A FASHN look whose first attempt's event waited in Lambda's queue until the sweeper gave up on it. */
  async function lookWithTwoAttempts(held: RenderWorkerEvent[]) {
    const { user, profileId } = await newUserWithProfile({ credits: 2 });
    const res = await startStyle(user, { styleId: seedStyleId(0), photoProfileId: profileId });
    expect(res.status).toBe(201);
    await until(async () => held.length === 1, 'the first attempt');
    // the sweeper finds the attempt's lease run out (its event never ran) and starts attempt 2
    await sweep(new Date(Date.now() + (RENDER_LEASE_SECONDS + 60) * 1000));
    await until(async () => held.length === 2, 'the second attempt');
    expect((await getRenderJob(ctx.db, res.body.id))?.attempts).toBe(2);
    return { user, id: res.body.id as string, first: held[0]!, second: held[1]! };
  }

  it('attempt 1 (delivered late), attempt 2 and a repeat of attempt 2 run at once: exactly one FASHN prediction', async () => {
    const fashn = await useFashn();
    const held = holdWorkerEvents();
    try {
      const { user, id, first, second } = await lookWithTwoAttempts(held);
      expect(runs(fashn)).toBe(0);
      const outcomes = await Promise.all([renderWorker(first), renderWorker(second), renderWorker(second)]);
      expect(runs(fashn)).toBe(1);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['stale', 'stale', 'submitted']);
      const job = (await getRenderJob(ctx.db, id))!;
      expect([job.attempts, job.startedAttempt, job.providerJobId]).toEqual([2, 2, 'pred-1']);
      // the prediction finishes the look once (the sweeper's poll), no refund, the slot freed
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      expect((await sweep(new Date(Date.now() + 60_000))).polled).toBe(1);
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, id))?.status).toBe('completed');
      expect(runs(fashn)).toBe(1);
      expect((await listLedger(ctx.db, user.sub)).filter((e) => e.kind === 'refund.generation')).toHaveLength(0);
      expect(await inFlight(ctx.db, 'fashn')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await fashn.close();
    }
  });

  it("a stale attempt's late event stops before the provider, even before the current attempt began", async () => {
    const fashn = await useFashn();
    const held = holdWorkerEvents();
    try {
      const { user, id, first, second } = await lookWithTwoAttempts(held);
      expect(await renderWorker(first)).toEqual({ outcome: 'stale' });
      expect(runs(fashn)).toBe(0);
      // its failure record (an event that aged out) does not start a third attempt either
      await renderWorkerFailed({ requestPayload: first, requestContext: { condition: 'EventAgeExceeded' } });
      expect((await getRenderJob(ctx.db, id))?.attempts).toBe(2);
      expect(await renderWorker(second)).toEqual({ outcome: 'submitted' });
      expect(runs(fashn)).toBe(1);
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await sweep(new Date(Date.now() + 60_000));
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, id))?.status).toBe('completed');
      expect(runs(fashn)).toBe(1);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await fashn.close();
    }
  });

  it('the sweeper does not replace an attempt whose worker began it (its lease starts at the begin)', async () => {
    const gemini = await useGemini({});
    const held = holdWorkerEvents();
    try {
      const { user, profileId } = await newUserWithProfile({ credits: 2 });
      const res = await startStyle(user, { styleId: CREATIVE, photoProfileId: profileId });
      await until(async () => held.length === 1, 'the first attempt');
      // the event waited in the queue for most of its start lease, then the worker began: the lease is its own now
      const lateStart = new Date(Date.now() + (RENDER_START_LEASE_SECONDS - 5) * 1000);
      const begun = await beginAttempt(held[0]!, lateStart);
      expect('job' in begun).toBe(true);
      // past the claim's start lease, within the begun run's lease: nothing happens
      await sweep(new Date(Date.now() + (RENDER_START_LEASE_SECONDS + 30) * 1000));
      expect(held).toHaveLength(1);
      expect((await getRenderJob(ctx.db, res.body.id))?.attempts).toBe(1);
      // a failure record of another delivery of the same event that never ran does not replace it either
      await renderWorkerFailed({ requestPayload: held[0]!, requestContext: { condition: 'EventAgeExceeded' } });
      expect((await getRenderJob(ctx.db, res.body.id))?.attempts).toBe(1);
      // and a repeated delivery of the begun attempt stops before the provider
      expect(await providerCall(held[0]!)).toEqual({ outcome: 'stale' });
      expect(gemini.requests).toHaveLength(0);
      // that worker died: once its own lease has run out, the next attempt renders the look (one provider call)
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await sweep(new Date(Date.now() + (RENDER_START_LEASE_SECONDS + RENDER_LEASE_SECONDS + 60) * 1000));
      await wf.drain();
      expect((await getGeneration(ctx.db, user.sub, res.body.id))?.status).toBe('completed');
      expect(gemini.requests).toHaveLength(1);
      expect(await inFlight(ctx.db, 'gemini')).toBe(0);
    } finally {
      setLocalRenderRunner({ renderWorker, renderWorkerFailed, providerCall });
      await gemini.close();
    }
  });
});

describe('the render queue after a lost answer (issue 41)', () => {
  /** A table whose next matching write applies and then is sent again, as a client retries after a lost answer. */
  function losingFirstAnswer(matches: (input: Record<string, unknown>) => boolean): Db {
    let lost = false;
    const doc = Object.create(ctx.db.doc) as { send: (cmd: { input: Record<string, unknown> }) => Promise<unknown> };
    doc.send = async (cmd) => {
      const send = (c: typeof cmd) => (ctx.db.doc.send as unknown as typeof doc.send).call(ctx.db.doc, c);
      if (!lost && matches(cmd.input)) {
        lost = true;
        await send(cmd); // applied; its answer never arrives
      }
      return send(cmd);
    };
    return { tableName: ctx.db.tableName, doc: doc as unknown as Db['doc'] };
  }

  async function queuedJob() {
    const generationId = `fence-${randomUUID()}`;
    const job = await enqueueRenderJob(ctx.db, {
      generationId,
      userId: 'u-fence',
      provider: 'fashn',
      priority: false,
      taskToken: 'token',
    });
    return { generationId, head: { generationId, enqueuedAt: job.enqueuedAt, sk: job.queueSk } };
  }

  it('a claim sent again after its success was lost is ours: the job is not left running without a worker', async () => {
    const { generationId, head } = await queuedJob();
    const db = losingFirstAnswer((i) => Array.isArray(i.TransactItems));
    expect(await claimRenderJob(db, 'fashn', head, 6, RENDER_START_LEASE_SECONDS)).toBe(true);
    const job = (await getRenderJob(ctx.db, generationId))!;
    expect([job.state, job.attempts]).toEqual(['running', 1]);
    expect(await inFlight(ctx.db, 'fashn')).toBe(1);
    // another dispatcher's claim of the same head loses
    expect(await claimRenderJob(ctx.db, 'fashn', head, 6, RENDER_START_LEASE_SECONDS)).toBe(false);
    expect(await releaseRenderJob(ctx.db, 'fashn', generationId)).toBe(true);
    expect(await inFlight(ctx.db, 'fashn')).toBe(0);
  });

  it('a begin or a prediction record sent again after a lost answer is its own; another attempt or id is refused', async () => {
    const { generationId, head } = await queuedJob();
    expect(await claimRenderJob(ctx.db, 'fashn', head, 6, RENDER_START_LEASE_SECONDS)).toBe(true);
    const lease = new Date(Date.now() + 60_000);
    const lostBegin = losingFirstAnswer((i) => String(i.ConditionExpression ?? '').includes('startedAttempt'));
    expect((await beginRenderAttempt(lostBegin, generationId, 1, 'run-a', lease))?.runToken).toBe('run-a');
    expect(await beginRenderAttempt(ctx.db, generationId, 1, 'run-b', lease)).toBeNull(); // a repeated delivery
    expect(await beginRenderAttempt(ctx.db, generationId, 2, 'run-c', lease)).toBeNull(); // no such attempt yet
    const lostRecord = losingFirstAnswer((i) => String(i.ConditionExpression ?? '').includes('providerJobId'));
    expect(await recordProviderJob(lostRecord, generationId, 1, 'pred-a', lease)).toBe(true);
    expect(await recordProviderJob(ctx.db, generationId, 1, 'pred-b', lease)).toBe(false); // set once
    expect((await getRenderJob(ctx.db, generationId))?.providerJobId).toBe('pred-a');
    expect(await releaseRenderJob(ctx.db, 'fashn', generationId)).toBe(true);
  });
});
