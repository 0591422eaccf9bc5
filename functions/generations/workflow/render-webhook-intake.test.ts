/**
 * Webhook intake on injected collaborators: the status is read from the provider for the prediction we recorded,
 * never the webhook's word; a duplicate or a webhook about another prediction does nothing; one that comes before
 * the prediction is recorded waits for it; a generation that ended otherwise is not finished again; an overdue
 * prediction fails once as a time-out; a staged render is stored from the bucket and its staged copies deleted.
 */
import { describe, expect, it } from 'vitest';
import type { GenerationRecord, OutfitPieceRecord } from '../../../shared/repositories/generation-repository';
import type { RenderJob } from '../../../shared/repositories/render-queue-repository';
import { ProviderRejected, type ImageProvider, type RenderOutcome } from '../providers/types';
import { aGeneration, aRenderJob } from '../../../test/support/in-memory-workflow';
import { RENDER_ERRORS } from './render-dispatch';
import { webhookIntakeUseCases } from './render-webhook-intake';

const NOW = new Date('2026-11-01T12:01:00.000Z');
const img = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });

class ContentUnsafe extends Error {
  constructor() {
    super('unsafe');
    this.name = 'ContentUnsafe';
  }
}

function world(
  o: {
    jobs?: (RenderJob | null)[];
    gen?: GenerationRecord | null;
    poll?: () => Promise<RenderOutcome>;
    complete?: () => Promise<void>;
    settle?: 'reported-stored' | 'generation-final' | null;
  } = {},
) {
  const jobs = [...(o.jobs ?? [aRenderJob({ providerJobId: 'pred-1', claimedAt: '2026-11-01T12:00:00.000Z' })])];
  const log: string[] = [];
  const leases: { until: Date; fields: unknown }[] = [];
  const failures: string[] = [];
  const deleted: string[] = [];
  const provider: ImageProvider = {
    name: 'fashn',
    multiGarment: false,
    submit: () => Promise.reject(new Error('never submitted here')),
    poll: (id) => {
      log.push(`poll:${id}`);
      return (o.poll ?? (() => Promise.resolve<RenderOutcome>({ status: 'done', image: img('result') })))();
    },
  };
  const useCases = webhookIntakeUseCases({
    store: {
      getRenderJob: () => Promise.resolve(jobs.length > 1 ? jobs.shift()! : jobs[0]!),
      getGeneration: () => Promise.resolve(o.gen === undefined ? aGeneration() : o.gen),
      setRenderJobLease: (_id, until, fields) => {
        leases.push({ until, fields });
        return Promise.resolve(true);
      },
    },
    now: () => NOW,
    recordWait: { attempts: 5, baseMs: 0, capMs: 0, jitter: 'none' },
    loadProviderKeys: () => Promise.resolve({ fashnApiKey: 'k' }),
    providerByName: () => provider,
    timeLimitMs: () => 60_000,
    readObject: (_b, key) => Promise.resolve(img(`staged ${key.split('/').pop()}`)),
    deleteImages: (_b, keys) => {
      deleted.push(...keys);
      return Promise.resolve(keys.length);
    },
    completeJob: (_job, _gen, out) => {
      log.push(
        `complete:${'image' in out ? [out.image, ...(out.more ?? [])].map((i) => i.bytes.toString()).join('+') : ''}`,
      );
      return o.complete ? o.complete() : Promise.resolve();
    },
    advanceChainedStep: (c, opts) => {
      log.push(`advance:${c.step}:${opts.fromSweeper ? 'sweeper' : 'webhook'}`);
      return Promise.resolve('pending');
    },
    failJob: (_job, error) => {
      failures.push(error);
      return Promise.resolve();
    },
    finishJob: () => {
      log.push('finishJob');
      return Promise.resolve();
    },
    settleEarlierAttempt: () => {
      log.push('settle');
      return Promise.resolve(o.settle ?? null);
    },
  });
  return { log, leases, failures, deleted, ...useCases };
}

describe('webhook intake', () => {
  it('reads the recorded prediction from the provider and completes the job with its result', async () => {
    const w = world();
    expect(await w.completeAsyncRender('gen-1', { predictionId: 'pred-1' })).toBe('completed');
    expect(w.log).toEqual(['poll:pred-1', 'complete:result']);
  });

  it('a webhook about another prediction, or a duplicate after the job ended, does nothing', async () => {
    const other = world();
    expect(await other.completeAsyncRender('gen-1', { predictionId: 'pred-0' })).toBe('ignored');
    const done = world({ jobs: [aRenderJob({ providerJobId: 'pred-1', state: 'done' })] });
    expect(await done.completeAsyncRender('gen-1', { predictionId: 'pred-1' })).toBe('ignored');
    const gone = world({ jobs: [null] });
    expect(await gone.completeAsyncRender('gen-1', {})).toBe('ignored');
    expect([...other.log, ...done.log, ...gone.log]).toEqual([]);
  });

  it('a webhook that comes before its prediction is recorded waits for the record', async () => {
    const w = world({
      jobs: [
        aRenderJob(),
        aRenderJob(),
        aRenderJob({ providerJobId: 'pred-1', claimedAt: '2026-11-01T12:00:00.000Z' }),
      ],
    });
    expect(await w.completeAsyncRender('gen-1', { predictionId: 'pred-1' })).toBe('completed');
    expect(w.log).toEqual(['poll:pred-1', 'complete:result']);
  });

  it('a generation that ended otherwise is not finished again; a stored result is only reported', async () => {
    const failed = world({ gen: aGeneration({ status: 'failed' }), settle: 'generation-final' });
    expect(await failed.completeAsyncRender('gen-1', {})).toBe('ignored');
    expect(failed.log).toEqual(['settle']);
    const stored = world({
      gen: aGeneration({ resultKey: 'users/u1/generations/gen-1.jpg' }),
      settle: 'reported-stored',
    });
    expect(await stored.completeAsyncRender('gen-1', {})).toBe('completed');
    expect(stored.log).toEqual(['settle']);
  });

  it('a prediction still running is polled again later, counted when the sweeper asked', async () => {
    const w = world({ poll: () => Promise.resolve({ status: 'pending', jobId: 'pred-1', pollAfterSeconds: 5 }) });
    expect(await w.completeAsyncRender('gen-1', { fromSweeper: true })).toBe('pending');
    expect(w.leases).toEqual([{ until: new Date(NOW.getTime() + 60_000), fields: { polls: 1 } }]);
    expect(w.failures).toEqual([]);
  });

  it('a prediction running past the time limit fails once as a time-out', async () => {
    const w = world({
      jobs: [aRenderJob({ providerJobId: 'pred-1', claimedAt: '2026-11-01T11:58:00.000Z' })],
      poll: () => Promise.resolve({ status: 'pending', jobId: 'pred-1', pollAfterSeconds: 5 }),
    });
    expect(await w.completeAsyncRender('gen-1', { fromSweeper: true })).toBe('failed');
    expect(w.failures).toEqual([RENDER_ERRORS.timeout]);
    expect(w.leases).toEqual([]);
  });

  it('a refused prediction or an unsafe result is reported (refunded once); an unexpected error is a crash', async () => {
    const refused = world({ poll: () => Promise.reject(new ProviderRejected('no')) });
    expect(await refused.completeAsyncRender('gen-1', {})).toBe('failed');
    expect(refused.failures).toEqual(['ProviderRejected']);
    const unsafe = world({ complete: () => Promise.reject(new ContentUnsafe()) });
    expect(await unsafe.completeAsyncRender('gen-1', {})).toBe('failed');
    expect(unsafe.failures).toEqual(['ContentUnsafe']);
    const crash = world({ complete: () => Promise.reject(new TypeError('bug')) });
    await expect(crash.completeAsyncRender('gen-1', {})).rejects.toBeInstanceOf(TypeError);
    expect(crash.failures).toEqual([]);
  });

  it('a chained outfit’s intermediate step is advanced, not stored', async () => {
    const piece = (label: string) => ({ label, slot: 'top' }) as unknown as OutfitPieceRecord;
    const gen = aGeneration({ inputs: { ...aGeneration().inputs, outfit: [piece('a'), piece('b')] } });
    const w = world({ gen });
    expect(await w.completeAsyncRender('gen-1', { fromSweeper: true })).toBe('pending');
    expect(w.log).toEqual(['poll:pred-1', 'advance:0:sweeper']);
  });

  it('a staged render is stored from the bucket without a provider call, then its staged copies deleted', async () => {
    const w = world({ jobs: [aRenderJob({ providerJobId: 'staged:2' })] });
    expect(await w.completeAsyncRender('gen-1', { predictionId: 'staged:2' })).toBe('completed');
    expect(w.log).toHaveLength(1);
    expect(w.log[0]).toMatch(/^complete:staged .*0.*\+staged .*1/);
    expect(w.deleted).toHaveLength(2);
    const unsafe = world({
      jobs: [aRenderJob({ providerJobId: 'staged:1' })],
      complete: () => Promise.reject(new ContentUnsafe()),
    });
    expect(await unsafe.completeAsyncRender('gen-1', {})).toBe('failed');
    expect(unsafe.deleted).toEqual([]);
  });
});
