/**
 * Webhook intake: an asynchronous provider's job ended (its webhook, fashn-webhook.ts) or is overdue (the
 * sweeper's fallback poll). The prediction's status is read from the provider (never trusting the webhook body),
 * then the job finishes: stored and reported, failed and refunded, polled again later, or, for a chained outfit,
 * advanced to its next step (render-chain.ts).
 */
import { ASYNC_POLL_AFTER_SECONDS } from '../../shared/domain/render-queue';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { getRenderJob, setRenderJobLease, type RenderJob } from '../../shared/repositories/render-queue-repository';
import { getDb } from '../lib/aws';
import { loadProviderKeys } from '../providers';
import { providerByName } from '../providers/registry';
import { ProviderRejected, type RenderOutcome } from '../providers/types';
import { AGAIN, withRetry, type RetryPolicy } from '../../shared/repositories/toolkit';
import { PROVIDER_GONE, RENDER_ERRORS, RenderTimeout, failJob, finishJob, timeLimitMs } from './render-dispatch';
import { isReported, stepsFor } from './render-provider-step';
import { completeJob } from './render-result';
import { advanceChainedStep } from './render-chain';

/**
 * How long a webhook waits for our record of its prediction id: FASHN answers fast, and a chained outfit's next
 * step can end before its id is written (20 looks, 100 ms apart).
 */
const RECORD_WAIT: RetryPolicy = { attempts: 21, baseMs: 100, capMs: 100, jitter: 'none' };

/**
 * An asynchronous provider's job ended (its webhook) or is overdue (the sweeper's fallback poll): read the
 * prediction's status from the provider (never trusting the webhook body) and finish the job.
 */
export async function completeAsyncRender(
  generationId: string,
  opts: { fromSweeper?: boolean; predictionId?: string } = {},
): Promise<'completed' | 'failed' | 'pending' | 'ignored'> {
  const db = getDb();
  // The webhook's prediction id (untrusted) only says which prediction to wait for; the status is always read
  // from the provider for the id we recorded.
  const awaited = (j: RenderJob | null) =>
    j?.state === 'running' && (!j.providerJobId || (!!opts.predictionId && j.providerJobId !== opts.predictionId));
  const job = await withRetry(
    async (_n, last) => {
      const j = await getRenderJob(db, generationId);
      return awaited(j) && !last ? AGAIN : j;
    },
    () => false,
    undefined,
    RECORD_WAIT,
  );
  if (!job || job.state !== 'running' || !job.providerJobId) return 'ignored';
  // a webhook about another prediction (an earlier step's repeated delivery, or one we never recorded)
  if (opts.predictionId && job.providerJobId !== opts.predictionId) return 'ignored';
  const gen = await getGeneration(db, job.userId, job.generationId);
  if (!gen || gen.status !== 'processing') {
    await finishJob(job);
    return 'ignored';
  }
  const provider = providerByName(job.provider, await loadProviderKeys());
  let outcome: RenderOutcome;
  try {
    if (!provider) throw new ProviderRejected(PROVIDER_GONE);
    outcome = await provider.poll(job.providerJobId);
  } catch (err) {
    if (!isReported(err)) throw err;
    await failJob(job, err.name, err.message);
    return 'failed';
  }
  const steps = stepsFor(gen, provider);
  const step = job.step ?? 0;
  if (outcome.status === 'done' && step < steps.length - 1)
    return advanceChainedStep({ job, providerJobId: job.providerJobId, gen, provider, steps, step, outcome }, opts);
  if (outcome.status === 'pending') {
    const polls = (job.polls ?? 0) + (opts.fromSweeper ? 1 : 0);
    const overdue =
      Date.now() - Date.parse(job.claimedAt ?? job.enqueuedAt) >
      timeLimitMs() * steps.length + ASYNC_POLL_AFTER_SECONDS * 1000;
    if (overdue) {
      await failJob(job, RENDER_ERRORS.timeout, new RenderTimeout().message);
      return 'failed';
    }
    await setRenderJobLease(db, job.generationId, new Date(Date.now() + 60_000), { polls });
    return 'pending';
  }
  await completeJob(job, gen, outcome);
  return 'completed';
}
