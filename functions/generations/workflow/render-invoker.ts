/**
 * Starting a render worker: in AWS an asynchronous Lambda invocation of the render worker function
 * (RENDER_WORKER_ARN), or, for the render of a synchronous remote provider (Gemini), of the small provider-call
 * function (PROVIDER_CALL_ARN; ./provider-call.ts), which hands the image work back to the render worker when the
 * bytes arrive. Both have no asynchronous retries and the same on-failure destination (renderWorkerFailed).
 * Locally and in tests the same semantics in process: the function runs on the next tick, then
 * renderWorkerFailed runs if it threw.
 */
import {
  RENDER_WORKER_ASYNC_RETRIES,
  callsInSmallWorker,
  type ProviderName,
} from '../../../shared/domain/render-queue';
import { logger } from '../../lib/logger';
import { invokeEvent } from '../../lib/lambda-invoke';
import { withRetry, type RetryPolicy } from '../../../shared/repositories/toolkit';

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

export interface RenderWorkerEvent {
  generationId: string;
  provider: ProviderName;
  /**
   * 'render' (default): a claimed job; 'complete': an asynchronous provider's webhook came; 'poll': its lease ran
   * out (fallback); 'check-body': the full-body check of a photo profile (./body-check.ts; generationId is then
   * the profile id).
   */
  action?: 'render' | 'complete' | 'poll' | 'check-body';
  /** 'check-body': whose photo, and which one. */
  bodyCheck?: { userId: string; profileId: string; key: string };
  /** 'complete': the prediction the webhook says ended (a hint for which one to wait for; never its status). */
  predictionId?: string;
  /**
   * The job's attempt this event is for (issue 41): a 'render' begins exactly this attempt (beginRenderAttempt) before
   * any provider call, and stops when the job has moved on (a late or repeated event). Absent in events sent before
   * attempts travelled: the job's current attempt (still begun once).
   */
  attempt?: number;
}

/**
 * Lambda's asynchronous invocation retries of the render worker: none (set on the function in CDK). A crashed
 * invocation goes straight to its failure destination (renderWorkerFailed) and a dead one's lease runs out;
 * both render again through the one retry path (retryOrFail in render-attempts.ts, RENDER_ATTEMPTS).
 */
export const ASYNC_RETRY_ATTEMPTS = RENDER_WORKER_ASYNC_RETRIES;

/** The Lambda function an event goes to: a synchronous remote provider's render to the small provider-call function. */
export type WorkerFunction = 'renderWorker' | 'providerCall';
export const workerFunctionFor = (event: RenderWorkerEvent): WorkerFunction =>
  (event.action ?? 'render') === 'render' && callsInSmallWorker(event.provider) ? 'providerCall' : 'renderWorker';

const running = new Set<Promise<void>>();

/**
 * Local invocations (retries included) and their total duration, in all and per function (the bench prices each
 * function's invocations at its own memory).
 */
export const localInvocationMetrics = {
  invocations: 0,
  durationMs: 0,
  byFunction: {
    renderWorker: { invocations: 0, durationMs: 0 },
    providerCall: { invocations: 0, durationMs: 0 },
  } satisfies Record<WorkerFunction, { invocations: number; durationMs: number }>,
};

/** Wait until no local worker invocation is in flight (tests, the bench). */
export async function drainLocalInvocations(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/** False once the local stack is stopping: no new local worker invocation starts. */
let acceptingLocal = true;

/** A local stack (re)starting in this process takes work again. */
export function acceptLocalInvocations(): void {
  acceptingLocal = true;
}

/**
 * Ctrl-C on the local stack (issue 27): no new worker invocation starts (a job claimed meanwhile keeps its
 * lease and is rendered again by the next start), and the running ones get `graceMs` to finish. Returns how
 * many were still running when the grace ended.
 */
export async function quiesceLocalInvocations(graceMs: number): Promise<number> {
  acceptingLocal = false;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([drainLocalInvocations(), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
  return running.size;
}

export async function invokeRenderWorker(event: RenderWorkerEvent): Promise<void> {
  const target = workerFunctionFor(event);
  const arn = target === 'providerCall' ? process.env.PROVIDER_CALL_ARN : process.env.RENDER_WORKER_ARN;
  if (arn) {
    await invokeEvent(arn, { ...event });
    return;
  }
  if (!acceptingLocal) {
    logger.info('local stack stopping: render worker not started (the next start renders the job)', {
      generationId: event.generationId,
    });
    return;
  }
  const p = runLocally(event).finally(() => running.delete(p));
  running.add(p);
}

type LocalRunner = {
  renderWorker: (e: RenderWorkerEvent) => Promise<unknown>;
  /** The provider-call function (./provider-call.ts); loaded like the worker when the runner does not give it. */
  providerCall?: (e: RenderWorkerEvent) => Promise<unknown>;
  renderWorkerFailed: (e: {
    requestPayload?: RenderWorkerEvent;
    responsePayload?: { errorType?: string; errorMessage?: string };
  }) => Promise<void>;
};
let localRunner: LocalRunner | undefined;

/**
 * The local stack and the tests hand the worker to the invoker (infra/local/step-functions.ts). Deployed
 * functions never run locally, so their bundles must not contain the worker: the fallback import below uses
 * a computed specifier that the bundler leaves alone (the IAM contract test checks what each bundle sends).
 */
export function setLocalRenderRunner(runner: LocalRunner): void {
  localRunner = runner;
}

async function runLocally(event: RenderWorkerEvent): Promise<void> {
  const target = workerFunctionFor(event);
  const specifier = ['.', 'render-queue'].join('/');
  const fallback = async () => (await import(/* @vite-ignore */ specifier)) as Required<LocalRunner>;
  const { renderWorker, renderWorkerFailed, providerCall } = localRunner ?? (await fallback());
  // a runner that gives no provider-call function (a test's stand-in worker) runs the real one
  const run = target === 'renderWorker' ? renderWorker : (providerCall ?? (await fallback()).providerCall);
  const retryMs = Number(process.env.LOCAL_ASYNC_RETRY_MS ?? 1000);
  // Lambda's asynchronous retries (none for the worker), on the one retry policy
  const policy: RetryPolicy = {
    attempts: ASYNC_RETRY_ATTEMPTS + 1,
    baseMs: retryMs,
    capMs: retryMs * Math.max(1, ASYNC_RETRY_ATTEMPTS),
    jitter: 'none',
  };
  await new Promise((r) => setImmediate(r));
  try {
    await withRetry(
      async (attempt) => {
        const t0 = performance.now();
        try {
          await run(event);
        } catch (err) {
          if (acceptingLocal)
            logger.warn('render worker failed', { generationId: event.generationId, attempt, error: asError(err) });
          throw err;
        } finally {
          const ms = performance.now() - t0;
          localInvocationMetrics.invocations++;
          localInvocationMetrics.durationMs += ms;
          localInvocationMetrics.byFunction[target].invocations++;
          localInvocationMetrics.byFunction[target].durationMs += ms;
        }
      },
      () => true,
      asError,
      policy,
    );
  } catch (err) {
    // Cut off by a stop of the local stack (its services went away under it): not a failure of the render. The
    // job keeps its claim and the next start renders it again (resumeOrphanedRenders), spending no attempt.
    if (!acceptingLocal) {
      logger.info('render cut off by the stop of the local stack: the next start renders it', {
        generationId: event.generationId,
      });
      return;
    }
    const e = asError(err);
    await renderWorkerFailed({
      requestPayload: event,
      responsePayload: { errorType: e.name, errorMessage: e.message },
    }).catch((failure) =>
      logger.error('render failure handler failed', { generationId: event.generationId, error: asError(failure) }),
    );
  }
}
