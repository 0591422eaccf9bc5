/**
 * The provider-call function on injected collaborators: the attempt is fenced before the provider call; the
 * provider's images are staged under deterministic keys and recorded once on the job before the worker is handed
 * the job; a job that ended meanwhile is not handed over; a refusal or an out-of-order answer is reported (refunded
 * once); a crash gives the lease back and is thrown; a staged job is never called again.
 */
import { describe, expect, it } from 'vitest';
import { ASYNC_POLL_AFTER_SECONDS } from '../../../shared/domain/render-queue';
import type { RenderJob } from '../../../shared/repositories/render-queue-repository';
import { ProviderThrottled, type ImageProvider, type RenderOutcome, type RenderRequest } from '../providers/types';
import { aGeneration, aRenderJob } from '../../../test/support/in-memory-workflow';
import { PROVIDER_GONE } from './render-dispatch';
import type { RenderWorkerEvent } from './render-invoker';
import { providerCallUseCases } from './provider-call';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const img = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });
const EVENT: RenderWorkerEvent = { generationId: 'gen-1', provider: 'gemini', attempt: 1 };

function world(
  o: {
    job?: RenderJob;
    answer?: () => Promise<RenderOutcome>;
    stale?: boolean;
    noProvider?: boolean;
    recordRefused?: boolean;
  } = {},
) {
  const log: string[] = [];
  const objects = new Map<string, string>();
  const recorded: unknown[][] = [];
  const handed: RenderWorkerEvent[] = [];
  const failures: { error: string; cause: string }[] = [];
  const job = o.job ?? aRenderJob({ provider: 'gemini' });
  const provider: ImageProvider = {
    name: 'gemini',
    multiGarment: true,
    submit: () => Promise.reject(new Error('not through here')),
    poll: () => Promise.reject(new Error('not through here')),
  };
  const useCases = providerCallUseCases({
    store: {
      getGeneration: () => Promise.resolve(aGeneration()),
      markProcessing: () => Promise.resolve(true),
      recordProviderJob: (...args) => {
        recorded.push(args);
        return Promise.resolve(!o.recordRefused);
      },
    },
    now: () => NOW,
    loadProviderKeys: () => Promise.resolve({ geminiApiKey: 'k' }),
    providerByName: () => (o.noProvider ? null : provider),
    buildRenderRequest: () =>
      Promise.resolve({ generationId: 'gen-1', mode: 'creative', person: img('me') } as unknown as RenderRequest),
    submit: () => {
      log.push('submit');
      return (
        o.answer ?? (() => Promise.resolve<RenderOutcome>({ status: 'done', image: img('a'), more: [img('b')] }))
      )();
    },
    timeLimitMs: () => 60_000,
    fetchImage: (url) => Promise.resolve(img(`fetched ${url}`)),
    putImage: (_kind, key, body) => {
      objects.set(key, body.toString());
      return Promise.resolve();
    },
    invokeWorker: (event) => {
      handed.push(event);
      return Promise.resolve();
    },
    beginAttempt: () => Promise.resolve(o.stale ? { outcome: 'stale' } : { job, runToken: 'run-1' }),
    endCrashedRun: () => {
      log.push('endCrashedRun');
      return Promise.resolve();
    },
    settleEarlierAttempt: () => Promise.resolve(null),
    failJob: (_job, error, cause) => {
      failures.push({ error, cause });
      return Promise.resolve();
    },
  });
  return { log, objects, recorded, handed, failures, ...useCases };
}

describe('provider call', () => {
  it('stages every image, records them once on this attempt with the hand-off lease, then hands the job over', async () => {
    const w = world({ job: aRenderJob({ provider: 'gemini', attempts: 2 }) });
    expect(await w.providerCall({ ...EVENT, attempt: 2 })).toEqual({ outcome: 'handed-over' });
    expect([...w.objects.values()]).toEqual(['a', 'b']);
    expect(w.recorded).toEqual([['gen-1', 2, 'staged:2', new Date(NOW.getTime() + ASYNC_POLL_AFTER_SECONDS * 1000)]]);
    expect(w.handed).toEqual([
      { generationId: 'gen-1', provider: 'gemini', action: 'complete', predictionId: 'staged:2', attempt: 2 },
    ]);
  });

  it('a repeated attempt stages under the same keys (overwrites, never adds)', async () => {
    const w = world();
    await w.providerCall(EVENT);
    const keys = [...w.objects.keys()];
    await w.providerCall(EVENT);
    expect([...w.objects.keys()]).toEqual(keys);
  });

  it('a stale event or a job staged already never calls the provider', async () => {
    const stale = world({ stale: true });
    expect(await stale.providerCall(EVENT)).toEqual({ outcome: 'stale' });
    const staged = world({ job: aRenderJob({ provider: 'gemini', providerJobId: 'staged:1' }) });
    expect(await staged.providerCall(EVENT)).toEqual({ outcome: 'handed-over' });
    expect([...stale.log, ...staged.log]).toEqual([]);
    expect(staged.handed).toEqual([]);
  });

  it('a job that ended while the provider worked is not handed over', async () => {
    const w = world({ recordRefused: true });
    expect(await w.providerCall(EVENT)).toEqual({ outcome: 'not-running' });
    expect(w.handed).toEqual([]);
  });

  it('a refusal, an out-of-order answer or a provider gone is reported once, nothing handed over', async () => {
    const t = world({ answer: () => Promise.reject(new ProviderThrottled('busy')) });
    expect(await t.providerCall(EVENT)).toEqual({ outcome: 'failed' });
    expect(t.failures).toEqual([{ error: 'ProviderThrottled', cause: 'busy' }]);
    const p = world({ answer: () => Promise.resolve({ status: 'pending', jobId: 'x', pollAfterSeconds: 5 }) });
    expect(await p.providerCall(EVENT)).toEqual({ outcome: 'failed' });
    expect(p.failures).toEqual([{ error: 'ProviderRejected', cause: 'The image provider answered out of order' }]);
    const gone = world({ noProvider: true });
    expect(await gone.providerCall(EVENT)).toEqual({ outcome: 'failed' });
    expect(gone.failures).toEqual([{ error: 'ProviderRejected', cause: PROVIDER_GONE }]);
    expect([...t.handed, ...p.handed, ...gone.handed]).toEqual([]);
  });

  it('a crash gives the lease back and is thrown for the failure destination, not reported', async () => {
    const w = world({ answer: () => Promise.reject(new TypeError('bug')) });
    await expect(w.providerCall(EVENT)).rejects.toBeInstanceOf(TypeError);
    expect(w.log).toEqual(['submit', 'endCrashedRun']);
    expect(w.failures).toEqual([]);
  });

  it('fetches a result given by URL before staging it', async () => {
    const w = world({ answer: () => Promise.resolve({ status: 'done', imageUrl: 'https://cdn.example/r.png' }) });
    await w.providerCall(EVENT);
    expect([...w.objects.values()]).toEqual(['fetched https://cdn.example/r.png']);
  });
});
