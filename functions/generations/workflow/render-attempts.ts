/**
 * A render's attempts and leases (issue 27, issue 41): the fence a worker passes before any provider call
 * (beginAttempt), a crashed run giving its lease back, the one retry path up to RENDER_ATTEMPTS (retryOrFail), the
 * sweeper's overdue leases and the local stack's resume after a stop. Slots, claims and how a job ends are in
 * render-dispatch.ts. Each use case is `xWith(deps, ...)` on the collaborators it uses; the exported names bind only
 * those inside themselves (the failure destination, the sweeper and the workers each bundle what they call).
 */
import { randomUUID } from 'node:crypto';
import { PROVIDER_NAMES, renderAttempts, stagedCount } from '../../../shared/domain/render-queue';
import {
  beginRenderAttempt,
  endRenderRun,
  getRenderJob,
  listExpiredRenderLeases,
  retryRenderJob,
  type RenderJob,
} from '../../../shared/repositories/render-queue-repository';
import { getDb } from '../../lib/aws';
import { bindDb } from '../../lib/bind-db';
import { logger } from '../../lib/logger';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';
import {
  RENDER_ERRORS,
  RenderTimeout,
  clock,
  dispatchWith,
  failJobWith,
  leaseMs,
  productionFailDeps,
  startLeaseMs,
  type FailDeps,
  type StoreOf,
} from './render-dispatch';

/** The fence: beginning an attempt. */
export type BeginDeps = StoreOf<'getRenderJob' | 'beginRenderAttempt'> & { now: () => Date; newRunToken: () => string };
/** A crashed run giving its lease back. */
export type EndRunDeps = StoreOf<'endRenderRun'> & { now: () => Date };
/** The one retry path: another attempt, or the failure once the attempts are spent. */
export type RetryDeps = FailDeps & StoreOf<'retryRenderJob'>;
/** The local stack's resume after a stop. */
export type ResumeDeps = StoreOf<'listExpiredRenderLeases' | 'getRenderJob' | 'retryRenderJob'> & {
  invokeRenderWorker: (event: RenderWorkerEvent) => Promise<void>;
};
/** The sweeper's part. */
export type SweepDeps = RetryDeps & StoreOf<'listExpiredRenderLeases'>;

/**
 * The fence (issue 41): what a render worker or a provider-call function does first, before anything that could
 * reach a provider. It begins the attempt its event names (conditional: the job is on that attempt and nobody began
 * it), which also starts the attempt's lease (leaseMs: it outlives the invocation). A stale event (the job moved on
 * to a later attempt, a late delivery after the sweeper gave up on it) or a second delivery of the same event stops
 * here. `{ job, runToken }` to go on, or the outcome to return.
 */
export async function beginAttemptWith(
  deps: BeginDeps,
  event: RenderWorkerEvent,
): Promise<{ job: RenderJob; runToken: string } | { outcome: 'not-running' | 'stale' }> {
  const { store } = deps;
  let attempt = event.attempt;
  if (attempt === undefined) {
    // an event sent before attempts travelled: the job's current attempt (begun once all the same)
    const current = await store.getRenderJob(event.generationId);
    if (!current || current.state !== 'running') return { outcome: 'not-running' };
    attempt = current.attempts ?? 1;
  }
  const runToken = deps.newRunToken();
  const lease = new Date(deps.now().getTime() + leaseMs());
  const job = await store.beginRenderAttempt(event.generationId, attempt, runToken, lease);
  if (job) return { job, runToken };
  const current = await store.getRenderJob(event.generationId);
  if (!current || current.state !== 'running') return { outcome: 'not-running' };
  logger.warn('stale render attempt stopped before the provider', {
    generationId: event.generationId,
    attempt,
    current: current.attempts,
    begun: current.startedAttempt,
  });
  return { outcome: 'stale' };
}

/** A begun run crashed: its lease ends now, so the failure destination may start the next attempt at once. */
export async function endCrashedRunWith(deps: EndRunDeps, generationId: string, runToken: string): Promise<void> {
  await deps.store.endRenderRun(generationId, runToken, deps.now()).catch((err: unknown) =>
    // the lease still runs out by itself: the sweeper retries the job then
    logger.warn('crashed run could not give its lease back', { generationId, error: err }),
  );
}

/**
 * The one retry path of a render whose worker is gone (its lease ran out: killed, timed out) or crashed (the
 * invocation threw; Lambda's own asynchronous retries are off): render it again, up to RENDER_ATTEMPTS
 * attempts in all, then report the failure (the workflow refunds once). A result the dead attempt stored is
 * reported by the next one without a second render. The next attempt is taken only while no worker may still run
 * this one (retryRenderJob), and its event names it (the old attempt's late events stop at their begin).
 */
export async function retryOrFailWith(
  deps: RetryDeps,
  job: RenderJob,
  error: string,
  cause: string,
  now: Date,
  opts: { runOver?: boolean } = {},
): Promise<'retried' | 'failed' | 'moved-on'> {
  const seen = job.attempts ?? 1;
  // one caller wins this step (two sweepers, or a sweeper and the failure destination): attempts + 1
  // a staged result whose image work crashed or was lost is rendered again from the provider call, as a
  // synchronous render that crashed always was (the staged bytes may be what made it crash)
  const dropPrediction = stagedCount(job.providerJobId) !== null;
  const lease = new Date(now.getTime() + startLeaseMs());
  if (!(await deps.store.retryRenderJob(job.generationId, seen, lease, { now, dropPrediction, ...opts })))
    return 'moved-on'; // finished meanwhile, another caller took this step, or a worker still runs the attempt
  if (seen - (job.freeAttempts ?? 0) >= renderAttempts()) {
    await failJobWith(deps, job, error, cause);
    return 'failed';
  }
  logger.warn('render retried', { generationId: job.generationId, attempt: seen + 1, error, cause });
  await deps.invokeRenderWorker({ generationId: job.generationId, provider: job.provider, attempt: seen + 1 });
  return 'retried';
}

/**
 * The local stack starting again after a stop or a crash (issue 27): no worker of the last run is alive, so
 * every job still running is rendered again now instead of waiting for its lease to run out and being refunded
 * (a job already submitted to an asynchronous provider is polled: its prediction is looked up, not paid for
 * again). The next attempt reports a result the dead one had stored without rendering it again.
 */
export async function resumeOrphanedRendersWith(deps: ResumeDeps, now: Date): Promise<number> {
  // every run of the last process is dead: its begun attempts are replaced whatever their leases say (runOver)
  const { store } = deps;
  let resumed = 0;
  for (const { generationId } of await store.listExpiredRenderLeases(new Date('9999-12-31T00:00:00Z'))) {
    const job = await store.getRenderJob(generationId);
    if (!job || job.state !== 'running') continue;
    if (job.providerJobId) {
      await deps.invokeRenderWorker({ generationId, provider: job.provider, action: 'poll' });
    } else {
      // a new attempt that spends none of the job's (the stop was not the render's failure); the dead run's own
      // event, were it ever delivered again, stops at its begin
      const seen = job.attempts ?? 1;
      const lease = new Date(now.getTime() + startLeaseMs());
      if (!(await store.retryRenderJob(generationId, seen, lease, { runOver: true, free: true }))) continue;
      await deps.invokeRenderWorker({ generationId, provider: job.provider, attempt: seen + 1 });
    }
    resumed++;
  }
  return resumed;
}

/** The sweeper's part: overdue leases (poll fallback or time-out), then a dispatch per provider (safety net). */
export async function sweepRenderLeasesWith(deps: SweepDeps, now: Date): Promise<{ timedOut: number; polled: number }> {
  const { store } = deps;
  let timedOut = 0;
  let polled = 0;
  for (const { generationId } of await store.listExpiredRenderLeases(now)) {
    const job = await store.getRenderJob(generationId);
    if (!job || job.state !== 'running') continue;
    // listed overdue, but another sweeper may have retried it since (a new lease, attempts + 1): the item read
    // now must be overdue itself, or this sweeper would take the next attempt's step too
    if (job.leaseUntil && new Date(job.leaseUntil).getTime() > now.getTime()) continue;
    try {
      if (job.providerJobId) {
        polled++;
        // the poll needs the provider key and the buckets: the worker does it
        await deps.invokeRenderWorker({
          generationId,
          provider: job.provider,
          action: 'poll',
          attempt: job.attempts ?? 1,
        });
      } else if (
        (await retryOrFailWith(deps, job, RENDER_ERRORS.timeout, new RenderTimeout().message, now)) === 'failed'
      ) {
        timedOut++;
      }
    } catch (err) {
      logger.warn('overdue render not settled', { generationId, error: err });
    }
  }
  for (const p of PROVIDER_NAMES) await dispatchWith(deps, p);
  return { timedOut, polled };
}

// ---------------------------------------------------------------------------------------------- production wiring

const retryDeps = (): RetryDeps => {
  const d = productionFailDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { retryRenderJob }) } };
};

export const beginAttempt = (
  event: RenderWorkerEvent,
  now = new Date(),
): Promise<{ job: RenderJob; runToken: string } | { outcome: 'not-running' | 'stale' }> =>
  beginAttemptWith(
    { store: bindDb(getDb(), { getRenderJob, beginRenderAttempt }), now: () => now, newRunToken: randomUUID },
    event,
  );

export const endCrashedRun = (generationId: string, runToken: string): Promise<void> =>
  endCrashedRunWith({ store: bindDb(getDb(), { endRenderRun }), now: clock }, generationId, runToken);

export const retryOrFail = (
  job: RenderJob,
  error: string,
  cause: string,
  now = new Date(),
  opts: { runOver?: boolean } = {},
): Promise<'retried' | 'failed' | 'moved-on'> => retryOrFailWith(retryDeps(), job, error, cause, now, opts);

export const resumeOrphanedRenders = (now = new Date()): Promise<number> =>
  resumeOrphanedRendersWith(
    { store: bindDb(getDb(), { listExpiredRenderLeases, getRenderJob, retryRenderJob }), invokeRenderWorker },
    now,
  );

export const sweepRenderLeases = (now = new Date()): Promise<{ timedOut: number; polled: number }> => {
  const d = retryDeps();
  return sweepRenderLeasesWith({ ...d, store: { ...d.store, ...bindDb(getDb(), { listExpiredRenderLeases }) } }, now);
};
