/**
 * A chained outfit on injected collaborators: one advance per step (a repeated webhook or the sweeper's poll of the
 * same prediction never pays the provider for the next step again), the previous step's image is the next step's
 * person, a claim left by a worker that died mid-advance ends the run once (never resubmitted), and a provider's
 * failure is reported to the workflow (which refunds once).
 */
import { describe, expect, it } from 'vitest';
import { renderSteps } from '../../../shared/domain/outfit';
import { ASYNC_POLL_AFTER_SECONDS } from '../../../shared/domain/render-queue';
import type { RenderJob } from '../../../shared/repositories/render-queue-repository';
import { ProviderThrottled, type ImageProvider, type RenderOutcome, type RenderRequest } from '../providers/types';
import { aGeneration, aRenderJob } from '../../../test/support/in-memory-workflow';
import { renderChainUseCases, type ChainedStep } from './render-chain';
import { RENDER_ERRORS } from './render-dispatch';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const img = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });
const provider = { name: 'fashn', multiGarment: false } as ImageProvider;

function world(
  answer: () => Promise<RenderOutcome> = () =>
    Promise.resolve({ status: 'pending', jobId: 'pred-2', pollAfterSeconds: 5 }),
) {
  const job: { current: RenderJob } = { current: aRenderJob({ providerJobId: 'pred-1', step: 0 }) };
  const submitted: RenderRequest[] = [];
  const failures: { error: string; cause: string }[] = [];
  const useCases = renderChainUseCases({
    store: {
      claimRenderStepAdvance: (_id, from) => {
        const j = job.current;
        if (j.state !== 'running' || j.providerJobId !== from || j.advancingFrom === from)
          return Promise.resolve(false);
        job.current = { ...j, advancingFrom: from };
        return Promise.resolve(true);
      },
      setRenderJobLease: (_id, leaseUntil, fields = {}) => {
        const j = job.current;
        if (j.state !== 'running' || (fields.expectProviderJobId && j.providerJobId !== fields.expectProviderJobId))
          return Promise.resolve(false);
        job.current = { ...j, leaseUntil: leaseUntil.toISOString(), ...fields };
        return Promise.resolve(true);
      },
    },
    now: () => NOW,
    timeLimitMs: () => 60_000,
    buildRenderRequest: () =>
      Promise.resolve({
        generationId: 'gen-1',
        mode: 'exact',
        person: img('me'),
        garment: null,
        background: null,
        prompt: null,
        samples: 2,
        garments: [
          { image: img('top'), slot: 'top', photoType: 'auto' },
          { image: img('coat'), slot: 'outer', photoType: 'auto' },
        ],
      } as unknown as RenderRequest),
    firstImage: (o) => Promise.resolve('image' in o ? o.image : img('fetched')),
    webhookUrl: (id) => Promise.resolve(`https://fitly.example/hook?generation=${id}`),
    submit: (_p, req) => {
      submitted.push(req);
      return answer();
    },
    failJob: (_job, error, cause) => {
      failures.push({ error, cause });
      job.current = { ...job.current, state: 'done' };
      return Promise.resolve();
    },
  });
  const step = (): ChainedStep => ({
    job: job.current,
    providerJobId: 'pred-1',
    gen: aGeneration(),
    provider,
    steps: renderSteps(2, false),
    step: 0,
    outcome: { status: 'done', image: img('step-0 result') },
  });
  return { job, submitted, failures, step, ...useCases };
}

describe('chained outfit', () => {
  it('submits the next step once, dressing the previous result, and records its prediction', async () => {
    const w = world();
    expect(await w.advanceChainedStep(w.step(), {})).toBe('pending');
    expect(w.submitted).toHaveLength(1);
    expect(w.submitted[0]!.person.bytes.toString()).toBe('step-0 result');
    expect(w.submitted[0]!.garment!.bytes.toString()).toBe('coat');
    expect(w.submitted[0]!.samples).toBe(2); // the variants on the last step only
    expect(w.submitted[0]!.webhookUrl).toBe('https://fitly.example/hook?generation=gen-1');
    expect(w.job.current).toMatchObject({ providerJobId: 'pred-2', step: 1, polls: 0 });
    expect(w.job.current.leaseUntil).toBe(new Date(NOW.getTime() + ASYNC_POLL_AFTER_SECONDS * 1000).toISOString());
  });

  it('a repeated completion of the same prediction submits nothing more', async () => {
    const w = world();
    await w.advanceChainedStep(w.step(), {});
    expect(await w.advanceChainedStep(w.step(), {})).toBe('ignored');
    expect(w.submitted).toHaveLength(1);
    expect(w.failures).toEqual([]);
  });

  it('the sweeper finding a claim a dead worker left ends the run once as a time-out, never resubmitting', async () => {
    const w = world();
    w.job.current = { ...w.job.current, advancingFrom: 'pred-1' };
    expect(await w.advanceChainedStep(w.step(), { fromSweeper: true })).toBe('failed');
    expect(w.failures.map((f) => f.error)).toEqual([RENDER_ERRORS.timeout]);
    expect(w.submitted).toEqual([]);
    // a webhook (not the sweeper) meeting the same claim leaves it to its owner
    const other = world();
    other.job.current = { ...other.job.current, advancingFrom: 'pred-1' };
    expect(await other.advanceChainedStep(other.step(), {})).toBe('ignored');
    expect(other.failures).toEqual([]);
  });

  it('a provider that answers a step out of order, or refuses it, fails the run (reported, refunded once)', async () => {
    const w = world(() => Promise.resolve({ status: 'done', image: img('x') }));
    expect(await w.advanceChainedStep(w.step(), {})).toBe('failed');
    expect(w.failures).toEqual([{ error: 'ProviderRejected', cause: 'The image provider answered out of order' }]);
    const t = world(() => Promise.reject(new ProviderThrottled('slow down')));
    expect(await t.advanceChainedStep(t.step(), {})).toBe('failed');
    expect(t.failures).toEqual([{ error: 'ProviderThrottled', cause: 'slow down' }]);
  });

  it('an unexpected error is not reported as the provider’s (the worker’s crash path retries it)', async () => {
    const w = world(() => Promise.reject(new TypeError('bug')));
    await expect(w.advanceChainedStep(w.step(), {})).rejects.toBeInstanceOf(TypeError);
    expect(w.failures).toEqual([]);
  });

  it('a job that ended while the step was submitted is not moved on', async () => {
    const w = world(() => {
      w.job.current = { ...w.job.current, state: 'done' };
      return Promise.resolve({ status: 'pending', jobId: 'pred-2', pollAfterSeconds: 5 });
    });
    expect(await w.advanceChainedStep(w.step(), {})).toBe('ignored');
    expect(w.job.current.providerJobId).toBe('pred-1');
  });
});
