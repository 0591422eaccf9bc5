/**
 * Webhook intake: an asynchronous provider's job ended (its webhook, fashn-webhook.ts) or is overdue (the
 * sweeper's fallback poll). The prediction's status is read from the provider (never trusting the webhook body),
 * then the job finishes: stored and reported, failed and refunded, polled again later, or, for a chained outfit,
 * advanced to its next step (render-chain.ts). The same path finishes a synchronous provider's render that the
 * provider-call function staged (provider-call.ts): its images are read back from the private bucket instead.
 * `webhookIntakeUseCases(deps)` is the intake on its collaborators; `completeAsyncRender` below is its wiring.
 */
import { ASYNC_POLL_AFTER_SECONDS, stagedCount } from '../../../shared/domain/render-queue';
import { getGeneration, type GenerationRecord } from '../../../shared/repositories/generation-repository';
import { getRenderJob, setRenderJobLease, type RenderJob } from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { deleteImages, mediaKeys } from '../../lib/media-store';
import { loadProviderKeys } from '../providers';
import { providerByName } from '../providers/registry';
import { ProviderRejected, type ImageInput, type ImageProvider, type RenderOutcome } from '../providers/types';
import type { ProviderKeys } from '../providers';
import type { ProviderName } from '../../../shared/domain/render-queue';
import type { BucketKind } from '../../lib/media-store';
import { bindDb, type Store } from '../../lib/bind-db';
import { AGAIN, withRetry, type RetryPolicy } from '../../../shared/repositories/toolkit';
import {
  PROVIDER_GONE,
  RENDER_ERRORS,
  RenderTimeout,
  failJob,
  finishJob,
  settleEarlierAttempt,
  timeLimitMs,
} from './render-dispatch';
import { isReported, readObject, stepsFor } from './render-provider-step';
import { completeJob } from './render-result';
import { advanceChainedStep } from './render-chain';

/**
 * How long a webhook waits for our record of its prediction id: FASHN answers fast, and a chained outfit's next
 * step can end before its id is written (20 looks, 100 ms apart).
 */
const RECORD_WAIT: RetryPolicy = { attempts: 21, baseMs: 100, capMs: 100, jitter: 'none' };

const repositories = { getRenderJob, getGeneration, setRenderJobLease };
export type WebhookIntakeStore = Store<typeof repositories>;

/** What the intake works with. */
export interface WebhookIntakeDeps {
  store: WebhookIntakeStore;
  now: () => Date;
  /** How long to wait for our record of the webhook's prediction id. */
  recordWait: RetryPolicy;
  loadProviderKeys: () => Promise<ProviderKeys>;
  providerByName: (name: ProviderName, keys: ProviderKeys) => ImageProvider | null;
  timeLimitMs: () => number;
  /** A staged image, read back from the private bucket. */
  readObject: (bucket: BucketKind, key: string) => Promise<ImageInput>;
  deleteImages: (bucket: BucketKind, keys: string[]) => Promise<number>;
  completeJob: typeof completeJob;
  advanceChainedStep: typeof advanceChainedStep;
  failJob: typeof failJob;
  finishJob: typeof finishJob;
  settleEarlierAttempt: typeof settleEarlierAttempt;
}

export function webhookIntakeUseCases(deps: WebhookIntakeDeps) {
  const { store } = deps;

  /**
   * An asynchronous provider's job ended (its webhook) or is overdue (the sweeper's fallback poll): read the
   * prediction's status from the provider (never trusting the webhook body) and finish the job.
   */
  async function completeAsyncRender(
    generationId: string,
    opts: { fromSweeper?: boolean; predictionId?: string } = {},
  ): Promise<'completed' | 'failed' | 'pending' | 'ignored'> {
    // The webhook's prediction id (untrusted) only says which prediction to wait for; the status is always read
    // from the provider for the id we recorded.
    const awaited = (j: RenderJob | null) =>
      j?.state === 'running' && (!j.providerJobId || (!!opts.predictionId && j.providerJobId !== opts.predictionId));
    const job = await withRetry(
      async (_n, last) => {
        const j = await store.getRenderJob(generationId);
        return awaited(j) && !last ? AGAIN : j;
      },
      () => false,
      undefined,
      deps.recordWait,
    );
    if (!job || job.state !== 'running' || !job.providerJobId) return 'ignored';
    // a webhook about another prediction (an earlier step's repeated delivery, or one we never recorded)
    if (opts.predictionId && job.providerJobId !== opts.predictionId) return 'ignored';
    const gen = await store.getGeneration(job.userId, job.generationId);
    // a result an earlier attempt stored (or a look it completed) before dying is only reported; a generation that
    // ended otherwise frees the slot
    if (!gen || gen.status !== 'processing' || gen.resultKey) {
      const settled = await deps.settleEarlierAttempt(job, gen);
      if (settled === null) await deps.finishJob(job);
      return settled === 'reported-stored' ? 'completed' : 'ignored';
    }
    const staged = stagedCount(job.providerJobId);
    if (staged !== null) return completeStaged(job, gen, staged);
    const provider = deps.providerByName(job.provider, await deps.loadProviderKeys());
    let outcome: RenderOutcome;
    try {
      if (!provider) throw new ProviderRejected(PROVIDER_GONE);
      outcome = await provider.poll(job.providerJobId);
    } catch (err) {
      if (!isReported(err)) throw err;
      await deps.failJob(job, err.name, err.message);
      return 'failed';
    }
    const steps = stepsFor(gen, provider);
    const step = job.step ?? 0;
    if (outcome.status === 'done' && step < steps.length - 1)
      return deps.advanceChainedStep(
        { job, providerJobId: job.providerJobId, gen, provider, steps, step, outcome },
        opts,
      );
    if (outcome.status === 'pending') {
      const polls = (job.polls ?? 0) + (opts.fromSweeper ? 1 : 0);
      const now = deps.now().getTime();
      const overdue =
        now - Date.parse(job.claimedAt ?? job.enqueuedAt) >
        deps.timeLimitMs() * steps.length + ASYNC_POLL_AFTER_SECONDS * 1000;
      if (overdue) {
        await deps.failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
        return 'failed';
      }
      await store.setRenderJobLease(job.generationId, new Date(now + 60_000), { polls });
      return 'pending';
    }
    return finishWith(job, gen, outcome);
  }

  /** Store and report the provider's result; a content-safety refusal is reported (refunded once), not redelivered. */
  async function finishWith(
    job: RenderJob,
    gen: GenerationRecord,
    outcome: Extract<RenderOutcome, { status: 'done' }>,
  ): Promise<'completed' | 'failed'> {
    try {
      await deps.completeJob(job, gen, outcome);
    } catch (err) {
      if (!isReported(err)) throw err;
      await deps.failJob(job, err.name, err.message);
      return 'failed';
    }
    return 'completed';
  }

  /**
   * The image work of a render the provider-call function staged: its `count` images read back from the private
   * bucket, validated, marked and stored as any provider's result (a content-safety refusal is reported and
   * refunded once), then the staged copies deleted (a leftover expires by its tag). A staged object that is gone
   * is a crash (thrown): the failure destination renders the job again through the one retry path.
   */
  async function completeStaged(job: RenderJob, gen: GenerationRecord, count: number): Promise<'completed' | 'failed'> {
    const stagedKeys = Array.from({ length: count }, (_, i) =>
      mediaKeys.generationProviderOutput(gen.userId, gen.id, i),
    );
    const [image, ...more] = await Promise.all(stagedKeys.map((k) => deps.readObject('private', k)));
    if ((await finishWith(job, gen, { status: 'done', image: image!, more })) === 'failed') return 'failed';
    await deps
      .deleteImages('private', stagedKeys)
      .catch((err: unknown) =>
        logger.warn('staged provider output not deleted (it expires by its tag)', { generationId: gen.id, error: err }),
      );
    return 'completed';
  }

  return { completeAsyncRender };
}

/**
 * An asynchronous provider's job ended (its webhook) or is overdue (the sweeper's fallback poll): read the
 * prediction's status from the provider (never trusting the webhook body) and finish the job.
 */
export const completeAsyncRender = (
  generationId: string,
  opts: { fromSweeper?: boolean; predictionId?: string } = {},
): Promise<'completed' | 'failed' | 'pending' | 'ignored'> =>
  webhookIntakeUseCases({
    store: bindDb(getDb(), repositories),
    now: () => new Date(),
    recordWait: RECORD_WAIT,
    loadProviderKeys,
    providerByName,
    timeLimitMs,
    readObject,
    deleteImages,
    completeJob,
    advanceChainedStep,
    failJob,
    finishJob,
    settleEarlierAttempt,
  }).completeAsyncRender(generationId, opts);
