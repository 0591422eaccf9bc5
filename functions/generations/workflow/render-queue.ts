/**
 * The render worker (an asynchronous invocation per claimed job, render-invoker.ts): renders (render-provider-
 * step.ts), stores the result (render-result.ts), reports SendTaskSuccess, releases the slot and dispatches
 * (render-dispatch.ts). Asynchronous providers (FASHN) are submitted with a webhook; completeAsyncRender
 * (render-webhook-intake.ts) finishes the job when the webhook comes, or when the sweeper polls after the lease.
 * A readable provider refusal or a time-out is reported with SendTaskFailure (the workflow refunds once); any
 * other error is thrown (a crash): the run gives its lease back and the failure destination, renderWorkerFailed,
 * starts the next attempt (the one retry path, up to RENDER_ATTEMPTS). Each attempt is fenced (issue 41): its event
 * names it, and the worker begins it (a conditional write) before any provider call, so two attempts of one render
 * never both call the provider; the prediction id is recorded once, by its attempt. `renderWorkerUseCase(deps)` is
 * the worker on its collaborators (the generation and job stores, the clock, the providers, the steps, the result,
 * the queue's fence and failure report), `renderWorkerFailedUseCase(deps)` its failure destination on its own (the
 * job store, the clock, the queue's retry); `renderWorker` and `renderWorkerFailed` below are their wirings, each
 * binding only what it uses inside the exported function (two Lambdas: the failure destination's bundle must not
 * reach the worker's images, buckets, providers or task-success report).
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
import { ProviderRejected, type ImageProvider, type RenderOutcome, type RenderRequest } from '../providers/types';
import type { ProviderKeys } from '../providers';
import type { ProviderName } from '../../../shared/domain/render-queue';
import { type RenderWorkerEvent } from './render-invoker';
import { webhookUrl } from './fashn-webhook';
import { runBodyCheck } from './body-check';
import { PROVIDER_GONE, RENDER_ERRORS, failJob, leaseMs, settleEarlierAttempt, timeLimitMs } from './render-dispatch';
import { beginAttempt, endCrashedRun, retryOrFail } from './render-attempts';
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
import { bindDb, type Store } from '../../lib/bind-db';

/** The provider-call function, for the local invoker's fallback import of this module (render-invoker.ts). */
export { providerCall } from './provider-call';

/** The repository functions the render worker uses (types only: each wiring binds its own). */
type WorkerRepositories = {
  getGeneration: typeof getGeneration;
  markProcessing: typeof markProcessing;
  recordProviderJob: typeof recordProviderJob;
  setRenderJobLease: typeof setRenderJobLease;
};

/** What the render worker works with. */
export interface RenderWorkerDeps {
  store: Store<WorkerRepositories>;
  now: () => Date;
  loadProviderKeys: () => Promise<ProviderKeys>;
  providerByName: (name: ProviderName, keys: ProviderKeys) => ImageProvider | null;
  /** The provider's webhook URL for the generation (when there is a public origin and a key). */
  webhookUrl: (generationId: string, fashnApiKey: string | undefined) => string | undefined;
  buildRenderRequest: typeof buildRenderRequest;
  firstImage: typeof firstImage;
  /** Submit one step to the provider, with its retries. */
  submit: (provider: ImageProvider, req: RenderRequest) => Promise<RenderOutcome>;
  timeLimitMs: () => number;
  leaseMs: (steps: number) => number;
  completeJob: typeof completeJob;
  completeAsyncRender: typeof completeAsyncRender;
  runBodyCheck: typeof runBodyCheck;
  beginAttempt: (event: RenderWorkerEvent) => ReturnType<typeof beginAttempt>;
  endCrashedRun: typeof endCrashedRun;
  settleEarlierAttempt: typeof settleEarlierAttempt;
  failJob: typeof failJob;
}

/** What the failure destination works with. */
export interface RenderWorkerFailedDeps {
  store: Store<{ getRenderJob: typeof getRenderJob }>;
  now: () => Date;
  retryOrFail: typeof retryOrFail;
}

export function renderWorkerUseCase(deps: RenderWorkerDeps) {
  const { store } = deps;

  /** The render worker (an asynchronous invocation per claimed job). Throws only for a crash worth a redelivery. */
  async function renderWorker(event: RenderWorkerEvent): Promise<{ outcome: string }> {
    if (event.action === 'check-body') return deps.runBodyCheck(event);
    if (event.action === 'complete' || event.action === 'poll')
      return {
        outcome: await deps.completeAsyncRender(event.generationId, {
          fromSweeper: event.action === 'poll',
          predictionId: event.predictionId,
        }),
      };
    // the fence: this attempt is begun once, before any provider call; a stale or repeated event stops here
    const begun = await deps.beginAttempt(event);
    if ('outcome' in begun) return begun;
    try {
      return await renderAttempt(begun.job);
    } catch (err) {
      await deps.endCrashedRun(event.generationId, begun.runToken);
      throw err;
    }
  }

  /** A begun attempt of a claimed job: render, submit or report; throws only for a crash worth another attempt. */
  async function renderAttempt(job: RenderJob): Promise<{ outcome: string }> {
    if (job.providerJobId) return { outcome: 'awaiting-webhook' }; // submitted before a crash: the webhook or the poll finishes it
    const gen = await store.getGeneration(job.userId, job.generationId);
    const earlier = await deps.settleEarlierAttempt(job, gen);
    if (earlier || !gen) return { outcome: earlier ?? 'generation-final' };
    await store.markProcessing(gen.userId, gen.id);
    try {
      const keys = await deps.loadProviderKeys();
      const provider = deps.providerByName(job.provider, keys);
      if (!provider) throw new ProviderRejected(PROVIDER_GONE);
      const steps = stepsFor(gen, provider);
      // a chained outfit has the time of one render per step
      if (steps.length > 1)
        await store.setRenderJobLease(gen.id, new Date(deps.now().getTime() + deps.leaseMs(steps.length)));
      const result = await withDeadline(
        (async () => {
          const full = await deps.buildRenderRequest(gen, provider.name);
          let person = full.person;
          for (let i = 0; ; i++) {
            const outcome = await deps.submit(provider, {
              ...stepRequest(full, steps, i, person),
              webhookUrl: deps.webhookUrl(gen.id, keys.fashnApiKey),
            });
            if (outcome.status === 'pending') return { outcome, step: i };
            if (i === steps.length - 1) return { outcome, step: i };
            person = await deps.firstImage(outcome); // the next step's person: in memory only, never stored
          }
        })(),
        deps.timeLimitMs() * steps.length,
      );
      const outcome = result.outcome;
      if (outcome.status === 'pending') {
        // set once, by this attempt (a prediction is never recorded over another)
        const recorded = await store.recordProviderJob(
          gen.id,
          job.attempts ?? 1,
          outcome.jobId,
          new Date(deps.now().getTime() + ASYNC_POLL_AFTER_SECONDS * 1000),
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
      await deps.completeJob(job, gen, outcome);
      return { outcome: 'completed' };
    } catch (err) {
      if (!isReported(err)) throw err; // a crash: redelivered by the invoker
      await deps.failJob(job, err.name, err.message);
      return { outcome: 'failed' };
    }
  }

  return { renderWorker };
}

export function renderWorkerFailedUseCase(deps: RenderWorkerFailedDeps) {
  const { store } = deps;

  /**
   * The on-failure destination of the worker's and the provider-call function's asynchronous invocations (no async
   * retries): an invocation that threw, timed out, or an event that waited longer than its maximum age
   * (RENDER_WORKER_MAX_EVENT_AGE_SECONDS) and never ran. The next attempt is started only for the attempt the event
   * named, while the job is still on it, and only when no worker may still run that attempt (retryOrFail); an
   * expired hand-off or poll is left to the lease's poll (the staged bytes or the prediction are still there).
   */
  async function renderWorkerFailed(event: RenderWorkerFailure): Promise<void> {
    const payload = event.requestPayload;
    const generationId = payload?.generationId;
    if (!generationId || payload.action === 'check-body') return;
    const job = await store.getRenderJob(generationId);
    if (!job || job.state !== 'running') return;
    const action = payload.action ?? 'render';
    if ((job.attempts ?? 1) !== (payload.attempt ?? job.attempts ?? 1)) {
      logger.warn('failure of a stale render attempt ignored', { generationId, attempt: payload.attempt });
      return;
    }
    if (action !== 'render' && event.requestContext?.condition === 'EventAgeExceeded') return;
    logger.error('render worker failed', { generationId, error: event.responsePayload });
    await deps.retryOrFail(
      job,
      RENDER_ERRORS.crashed,
      event.responsePayload?.errorMessage ?? 'The render worker failed',
      deps.now(),
      // a webhook's or a staged result's completion crashed: the attempt's run had handed its result on and is over
      { runOver: action !== 'render' },
    );
  }

  return { renderWorkerFailed };
}

/** What the failure destination receives (Lambda's asynchronous invocation record). */
export interface RenderWorkerFailure {
  requestPayload?: RenderWorkerEvent;
  requestContext?: { condition?: string };
  responsePayload?: { errorType?: string; errorMessage?: string };
}

/** The render worker (an asynchronous invocation per claimed job). Throws only for a crash worth a redelivery. */
export const renderWorker = (event: RenderWorkerEvent): Promise<{ outcome: string }> =>
  renderWorkerUseCase({
    store: bindDb(getDb(), { getGeneration, markProcessing, recordProviderJob, setRenderJobLease }),
    now: () => new Date(),
    loadProviderKeys,
    providerByName,
    webhookUrl,
    buildRenderRequest,
    firstImage,
    submit: submitWithRetries,
    timeLimitMs,
    leaseMs,
    completeJob,
    completeAsyncRender,
    runBodyCheck,
    beginAttempt: (e) => beginAttempt(e),
    endCrashedRun,
    settleEarlierAttempt,
    failJob,
  }).renderWorker(event);

/** The on-failure destination of the worker's and the provider-call function's asynchronous invocations. */
export const renderWorkerFailed = (event: RenderWorkerFailure): Promise<void> =>
  renderWorkerFailedUseCase({
    store: bindDb(getDb(), { getRenderJob }),
    now: () => new Date(),
    retryOrFail,
  }).renderWorkerFailed(event);
