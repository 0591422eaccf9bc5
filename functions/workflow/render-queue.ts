/**
 * The render worker (an asynchronous invocation per claimed job, render-invoker.ts): renders (render-provider-
 * step.ts), stores the result (render-result.ts), reports SendTaskSuccess, releases the slot and dispatches
 * (render-dispatch.ts). Asynchronous providers (FASHN) are submitted with a webhook; completeAsyncRender
 * (render-webhook-intake.ts) finishes the job when the webhook comes, or when the sweeper polls after the lease.
 * A readable provider refusal or a time-out is reported with SendTaskFailure (the workflow refunds once); any
 * other error is thrown, so the invocation is retried (a crash mid-render is redelivered and finishes once);
 * after the retries renderWorkerFailed reports the failure.
 */
import { ASYNC_POLL_AFTER_SECONDS } from '../../shared/domain/render-queue';
import { getGeneration, markProcessing } from '../../shared/repositories/generation-repository';
import { getRenderJob, setRenderJobLease } from '../../shared/repositories/render-queue-repository';
import { getDb } from '../lib/aws';
import { logger } from '../lib/logger';
import { loadProviderKeys } from '../providers';
import { providerByName } from '../providers/registry';
import { ProviderRejected } from '../providers/types';
import { type RenderWorkerEvent } from './render-invoker';
import { webhookUrl } from './fashn-webhook';
import { runBodyCheck } from './body-check';
import {
  PROVIDER_GONE,
  RENDER_ERRORS,
  failJob,
  leaseMs,
  settleEarlierAttempt,
  retryOrFail,
  timeLimitMs,
} from './render-dispatch';
import {
  buildRenderRequest,
  firstImage,
  isReported,
  stepRequest,
  stepsFor,
  submitWithRetries,
  withDeadline,
} from './render-provider-step';
import { completeJob } from './render-result';
import { completeAsyncRender } from './render-webhook-intake';

/** The provider-call function, for the local invoker's fallback import of this module (render-invoker.ts). */
export { providerCall } from './provider-call';

/** The render worker (an asynchronous invocation per claimed job). Throws only for a crash worth a redelivery. */
export async function renderWorker(event: RenderWorkerEvent): Promise<{ outcome: string }> {
  if (event.action === 'check-body') return runBodyCheck(event);
  if (event.action === 'complete' || event.action === 'poll')
    return {
      outcome: await completeAsyncRender(event.generationId, {
        fromSweeper: event.action === 'poll',
        predictionId: event.predictionId,
      }),
    };
  const db = getDb();
  const job = await getRenderJob(db, event.generationId);
  if (!job || job.state !== 'running') return { outcome: 'not-running' }; // a duplicate delivery after the end
  if (job.providerJobId) return { outcome: 'awaiting-webhook' }; // submitted before a crash: the webhook or the poll finishes it
  const gen = await getGeneration(db, job.userId, job.generationId);
  const earlier = await settleEarlierAttempt(job, gen);
  if (earlier || !gen) return { outcome: earlier ?? 'generation-final' };
  await markProcessing(db, gen.userId, gen.id);
  try {
    const keys = await loadProviderKeys();
    const provider = providerByName(job.provider, keys);
    if (!provider) throw new ProviderRejected(PROVIDER_GONE);
    const steps = stepsFor(gen, provider);
    // a chained outfit has the time of one render per step
    if (steps.length > 1) await setRenderJobLease(db, gen.id, new Date(Date.now() + leaseMs(steps.length)));
    const result = await withDeadline(
      (async () => {
        const full = await buildRenderRequest(gen, provider.name);
        let person = full.person;
        for (let i = 0; ; i++) {
          const outcome = await submitWithRetries(provider, {
            ...stepRequest(full, steps, i, person),
            webhookUrl: webhookUrl(gen.id, keys.fashnApiKey),
          });
          if (outcome.status === 'pending') return { outcome, step: i };
          if (i === steps.length - 1) return { outcome, step: i };
          person = await firstImage(outcome); // the next step's person: in memory only, never stored
        }
      })(),
      timeLimitMs() * steps.length,
    );
    const outcome = result.outcome;
    if (outcome.status === 'pending') {
      await setRenderJobLease(db, gen.id, new Date(Date.now() + ASYNC_POLL_AFTER_SECONDS * 1000), {
        providerJobId: outcome.jobId,
        ...(steps.length > 1 ? { step: result.step } : {}),
      });
      return { outcome: 'submitted' };
    }
    await completeJob(job, gen, outcome);
    return { outcome: 'completed' };
  } catch (err) {
    if (!isReported(err)) throw err; // a crash: redelivered by the invoker
    await failJob(job, err.name, err.message);
    return { outcome: 'failed' };
  }
}

/** The on-failure destination of the worker's asynchronous invocations (after Lambda's retries). */
export async function renderWorkerFailed(event: {
  requestPayload?: RenderWorkerEvent;
  responsePayload?: { errorType?: string; errorMessage?: string };
}): Promise<void> {
  const generationId = event.requestPayload?.generationId;
  if (!generationId) return;
  const job = await getRenderJob(getDb(), generationId);
  if (!job || job.state !== 'running') return;
  logger.error('render worker failed', { generationId, error: event.responsePayload });
  await retryOrFail(job, RENDER_ERRORS.crashed, event.responsePayload?.errorMessage ?? 'The render worker failed');
}
