/**
 * The render worker on injected collaborators: an attempt is fenced before any provider call, a prediction is
 * recorded once by its attempt, a provider's refusal is reported (the workflow refunds once) while a crash gives
 * the lease back and is retried, a chained outfit dresses each step's result; the failure destination retries only
 * the attempt the event named, never a stale one, and leaves an expired hand-off to the lease's poll.
 */
import { describe, expect, it } from 'vitest';
import { ASYNC_POLL_AFTER_SECONDS } from '../../../shared/domain/render-queue';
import type { GenerationRecord, OutfitPieceRecord } from '../../../shared/repositories/generation-repository';
import type { RenderJob } from '../../../shared/repositories/render-queue-repository';
import { ProviderThrottled, type ImageProvider, type RenderOutcome, type RenderRequest } from '../providers/types';
import { aGeneration, aRenderJob } from '../../../test/support/in-memory-workflow';
import { PROVIDER_GONE, RENDER_ERRORS } from './render-dispatch';
import type { RenderWorkerEvent } from './render-invoker';
import {
  renderWorkerFailedUseCase,
  renderWorkerUseCase,
  type RenderWorkerDeps,
  type RenderWorkerFailedDeps,
} from './render-queue';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const img = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });
const EVENT: RenderWorkerEvent = { generationId: 'gen-1', provider: 'fashn', attempt: 1 };

interface Opts {
  gen?: GenerationRecord | null;
  job?: RenderJob;
  answers?: (() => Promise<RenderOutcome>)[];
  noProvider?: boolean;
  stale?: boolean;
  earlier?: 'reported-stored' | 'generation-final' | null;
  recordRefused?: boolean;
}

function world(o: Opts = {}) {
  const log: string[] = [];
  const submitted: RenderRequest[] = [];
  const recorded: unknown[][] = [];
  const leases: Date[] = [];
  const failures: { error: string; cause: string }[] = [];
  const retries: { error: string; opts: unknown }[] = [];
  const answers = [...(o.answers ?? [() => Promise.resolve<RenderOutcome>({ status: 'done', image: img('result') })])];
  const job = o.job ?? aRenderJob();
  const gen = o.gen === undefined ? aGeneration() : o.gen;
  const provider: ImageProvider = {
    name: 'fashn',
    multiGarment: false,
    submit: () => Promise.reject(new Error('not through here')),
    poll: () => Promise.reject(new Error('not through here')),
  };
  const deps: RenderWorkerDeps & RenderWorkerFailedDeps = {
    store: {
      getGeneration: () => Promise.resolve(gen),
      markProcessing: () => {
        log.push('markProcessing');
        return Promise.resolve(true);
      },
      getRenderJob: () => Promise.resolve(job),
      recordProviderJob: (...args) => {
        recorded.push(args);
        return Promise.resolve(!o.recordRefused);
      },
      setRenderJobLease: (_id, until) => {
        leases.push(until);
        return Promise.resolve(true);
      },
    },
    now: () => NOW,
    loadProviderKeys: () => Promise.resolve({ fashnApiKey: 'k' }),
    providerByName: () => (o.noProvider ? null : provider),
    webhookUrl: (id) => `https://fitly.example/hook?generation=${id}`,
    buildRenderRequest: () =>
      Promise.resolve({
        generationId: 'gen-1',
        mode: 'exact',
        person: img('me'),
        garment: null,
        background: null,
        prompt: null,
        ...(gen?.inputs.outfit
          ? {
              garments: gen.inputs.outfit.map((p) => ({ image: img(p.label), slot: p.slot, photoType: 'auto' })),
            }
          : {}),
      } as unknown as RenderRequest),
    firstImage: (out) => Promise.resolve('image' in out ? out.image : img('fetched')),
    submit: (_p, req) => {
      log.push('submit');
      submitted.push(req);
      return answers.shift()!();
    },
    timeLimitMs: () => 60_000,
    leaseMs: (steps) => steps * 100_000,
    completeJob: (_job, _gen, out) => {
      log.push(`complete:${'image' in out ? out.image.bytes.toString() : out.imageUrl}`);
      return Promise.resolve();
    },
    completeAsyncRender: (_id, opts) => {
      log.push(`async:${opts?.fromSweeper ? 'poll' : 'webhook'}:${opts?.predictionId ?? ''}`);
      return Promise.resolve('completed');
    },
    runBodyCheck: () => {
      log.push('body-check');
      return Promise.resolve({ outcome: 'checked' });
    },
    beginAttempt: () => Promise.resolve(o.stale ? { outcome: 'stale' } : { job, runToken: 'run-1' }),
    endCrashedRun: (id, token) => {
      log.push(`endCrashedRun:${id}:${token}`);
      return Promise.resolve();
    },
    settleEarlierAttempt: () => Promise.resolve(o.earlier ?? null),
    failJob: (_job, error, cause) => {
      failures.push({ error, cause });
      return Promise.resolve();
    },
    retryOrFail: (_job, error, _cause, _now, opts) => {
      retries.push({ error, opts });
      return Promise.resolve('retried');
    },
  };
  return {
    log,
    submitted,
    recorded,
    leases,
    failures,
    retries,
    ...renderWorkerUseCase(deps),
    ...renderWorkerFailedUseCase(deps),
  };
}

describe('render worker', () => {
  it('renders a begun attempt and completes the job with the provider’s image', async () => {
    const w = world();
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'completed' });
    expect(w.log).toEqual(['markProcessing', 'submit', 'complete:result']);
    expect(w.submitted[0]!.webhookUrl).toBe('https://fitly.example/hook?generation=gen-1');
  });

  it('a stale or repeated event stops at the fence: no provider call', async () => {
    const w = world({ stale: true });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'stale' });
    expect(w.log).toEqual([]);
  });

  it('an attempt whose prediction was submitted before a crash waits for the webhook, never submits again', async () => {
    const w = world({ job: aRenderJob({ providerJobId: 'pred-1' }) });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'awaiting-webhook' });
    expect(w.log).toEqual([]);
  });

  it('a result an earlier attempt stored is reported, not rendered again; a generation gone is not rendered', async () => {
    const w = world({ earlier: 'reported-stored' });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'reported-stored' });
    expect(w.log).toEqual([]);
    const gone = world({ gen: null });
    expect(await gone.renderWorker(EVENT)).toEqual({ outcome: 'generation-final' });
    expect(gone.log).toEqual([]);
  });

  it('records an asynchronous provider’s prediction once, for this attempt, with the poll lease', async () => {
    const w = world({
      job: aRenderJob({ attempts: 2 }),
      answers: [() => Promise.resolve({ status: 'pending', jobId: 'pred-9', pollAfterSeconds: 5 })],
    });
    expect(await w.renderWorker({ ...EVENT, attempt: 2 })).toEqual({ outcome: 'submitted' });
    expect(w.recorded).toEqual([['gen-1', 2, 'pred-9', new Date(NOW.getTime() + ASYNC_POLL_AFTER_SECONDS * 1000), {}]]);
    const refused = world({
      recordRefused: true,
      answers: [() => Promise.resolve({ status: 'pending', jobId: 'pred-9', pollAfterSeconds: 5 })],
    });
    expect(await refused.renderWorker(EVENT)).toEqual({ outcome: 'not-recorded' });
  });

  it('a provider’s refusal is reported once (the workflow refunds) and is not a crash', async () => {
    const w = world({ answers: [() => Promise.reject(new ProviderThrottled('slow down'))] });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'failed' });
    expect(w.failures).toEqual([{ error: 'ProviderThrottled', cause: 'slow down' }]);
    expect(w.log).not.toContain('endCrashedRun:gen-1:run-1');
  });

  it('a provider no longer configured fails the render with its message', async () => {
    const w = world({ noProvider: true });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'failed' });
    expect(w.failures).toEqual([{ error: 'ProviderRejected', cause: PROVIDER_GONE }]);
  });

  it('a crash gives the run’s lease back and is thrown (retried), not reported', async () => {
    const w = world({ answers: [() => Promise.reject(new TypeError('bug'))] });
    await expect(w.renderWorker(EVENT)).rejects.toBeInstanceOf(TypeError);
    expect(w.log).toContain('endCrashedRun:gen-1:run-1');
    expect(w.failures).toEqual([]);
  });

  it('a chained outfit has a lease per step and dresses each step’s result in the next piece', async () => {
    const piece = (label: string, slot: string) => ({ label, slot }) as unknown as OutfitPieceRecord;
    const gen = aGeneration({
      inputs: { ...aGeneration().inputs, outfit: [piece('top', 'top'), piece('coat', 'outer')] },
    });
    const w = world({
      gen,
      answers: [
        () => Promise.resolve({ status: 'done', image: img('wearing top') }),
        () => Promise.resolve({ status: 'done', image: img('wearing both') }),
      ],
    });
    expect(await w.renderWorker(EVENT)).toEqual({ outcome: 'completed' });
    expect(w.leases).toEqual([new Date(NOW.getTime() + 200_000)]);
    expect(w.submitted.map((r) => [r.person.bytes.toString(), r.garment!.bytes.toString()])).toEqual([
      ['me', 'top'],
      ['wearing top', 'coat'],
    ]);
    expect(w.log.at(-1)).toBe('complete:wearing both');
  });

  it('hands webhooks, polls and body checks to their own paths', async () => {
    const w = world();
    await w.renderWorker({ ...EVENT, action: 'complete', predictionId: 'p1' });
    await w.renderWorker({ ...EVENT, action: 'poll' });
    await w.renderWorker({ ...EVENT, action: 'check-body' });
    expect(w.log).toEqual(['async:webhook:p1', 'async:poll:', 'body-check']);
  });
});

describe('render worker failure destination', () => {
  it('retries the attempt the event named as a crash', async () => {
    const w = world({ job: aRenderJob({ attempts: 2 }) });
    await w.renderWorkerFailed({ requestPayload: { ...EVENT, attempt: 2 }, responsePayload: { errorMessage: 'x' } });
    expect(w.retries).toEqual([{ error: RENDER_ERRORS.crashed, opts: { runOver: false } }]);
  });

  it('ignores a stale attempt’s failure, a job no longer running, and a body check', async () => {
    const stale = world({ job: aRenderJob({ attempts: 3 }) });
    await stale.renderWorkerFailed({ requestPayload: { ...EVENT, attempt: 2 } });
    const done = world({ job: aRenderJob({ state: 'done' }) });
    await done.renderWorkerFailed({ requestPayload: EVENT });
    const body = world();
    await body.renderWorkerFailed({ requestPayload: { ...EVENT, action: 'check-body' } });
    expect([...stale.retries, ...done.retries, ...body.retries]).toEqual([]);
  });

  it('leaves an expired hand-off or poll to the lease’s poll, but retries an expired render', async () => {
    const poll = world();
    await poll.renderWorkerFailed({
      requestPayload: { ...EVENT, action: 'poll' },
      requestContext: { condition: 'EventAgeExceeded' },
    });
    expect(poll.retries).toEqual([]);
    const render = world();
    await render.renderWorkerFailed({ requestPayload: EVENT, requestContext: { condition: 'EventAgeExceeded' } });
    expect(render.retries).toHaveLength(1);
    const crashedCompletion = world();
    await crashedCompletion.renderWorkerFailed({ requestPayload: { ...EVENT, action: 'complete' } });
    expect(crashedCompletion.retries).toEqual([{ error: RENDER_ERRORS.crashed, opts: { runOver: true } }]);
  });
});
