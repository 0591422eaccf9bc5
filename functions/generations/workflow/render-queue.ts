/**
 * The render worker (an asynchronous invocation per claimed job, render-invoker.ts): renders (render-provider-
 * step.ts), stores the result (render-result.ts), reports SendTaskSuccess, releases the slot and dispatches
 * (render-dispatch.ts). Asynchronous providers (FASHN) are submitted with a webhook; completeAsyncRender
 * (render-webhook-intake.ts) finishes the job when the webhook comes, or when the sweeper polls after the lease.
 * A readable provider refusal or a time-out is reported with SendTaskFailure (the workflow refunds once); any
 * other error is thrown (a crash): the run gives its lease back and the failure destination, renderWorkerFailed,
 * starts the next attempt (the one retry path, up to RENDER_ATTEMPTS). Each attempt is fenced (issue 41): its event
 * names it, and the worker begins it (a conditional write) before any provider call, so two attempts of one render
 * never both call the provider; the prediction id is recorded once, by its attempt.
 */
import { ASYNC_POLL_AFTER_SECONDS } from '../../../shared/domain/render-queue';
import { getGeneration, markProcessing } from '../../../shared/repositories/generation-repository';
import {
  getRenderJob,
  recordProviderJob,
  setRenderJobLease,
  type RenderJob,
} from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { loadProviderKeys } from '../providers';
import { providerByName } from '../providers/registry';
import { ProviderRejected } from '../providers/types';
import { type RenderWorkerEvent } from './render-invoker';
import { webhookUrl } from './fashn-webhook';
import { runBodyCheck } from './body-check';
import {
  PROVIDER_GONE,
  RENDER_ERRORS,
  beginAttempt,
  endCrashedRun,
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
  // the fence: this attempt is begun once, before any provider call; a stale or repeated event stops here
  const begun = await beginAttempt(event);
  if ('outcome' in begun) return begun;
  try {
    return await renderAttempt(begun.job);
  } catch (err) {
    await endCrashedRun(event.generationId, begun.runToken);
    throw err;
  }
}

/** A begun attempt of a claimed job: render, submit or report; throws only for a crash worth another attempt. */
async function renderAttempt(job: RenderJob): Promise<{ outcome: string }> {
  const db = getDb();
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
      // set once, by this attempt (a prediction is never recorded over another)
      const recorded = await recordProviderJob(
        db,
        gen.id,
        job.attempts ?? 1,
        outcome.jobId,
        new Date(Date.now() + ASYNC_POLL_AFTER_SECONDS * 1000),
        steps.length > 1 ? { step: result.step } : {},
      );
      if (!recorded) {
        logger.warn('prediction not recorded: the job ended or moved on meanwhile', {
          generationId: gen.id,
          providerJobId: outcome.jobId,
        });
        return { outcome: 'not-recorded' };
      }
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

/**
 * The on-failure destination of the worker's and the provider-call function's asynchronous invocations (no async
 * retries): an invocation that threw, timed out, or an event that waited longer than its maximum age
 * (RENDER_WORKER_MAX_EVENT_AGE_SECONDS) and never ran. The next attempt is started only for the attempt the event
 * named, while the job is still on it, and only when no worker may still run that attempt (retryOrFail); an expired
 * hand-off or poll is left to the lease's poll (the staged bytes or the prediction are still there).
 */
export async function renderWorkerFailed(event: {
  requestPayload?: RenderWorkerEvent;
  requestContext?: { condition?: string };
  responsePayload?: { errorType?: string; errorMessage?: string };
}): Promise<void> {
  const payload = event.requestPayload;
  const generationId = payload?.generationId;
  if (!generationId || payload.action === 'check-body') return;
  const job = await getRenderJob(getDb(), generationId);
  if (!job || job.state !== 'running') return;
  const action = payload.action ?? 'render';
  if ((job.attempts ?? 1) !== (payload.attempt ?? job.attempts ?? 1)) {
    logger.warn('failure of a stale render attempt ignored', { generationId, attempt: payload.attempt });
    return;
  }
  if (action !== 'render' && event.requestContext?.condition === 'EventAgeExceeded') return;
  logger.error('render worker failed', { generationId, error: event.responsePayload });
  await retryOrFail(
    job,
    RENDER_ERRORS.crashed,
    event.responsePayload?.errorMessage ?? 'The render worker failed',
    new Date(),
    // a webhook's or a staged result's completion crashed: the attempt's run had handed its result on and is over
    { runOver: action !== 'render' },
  );
}
