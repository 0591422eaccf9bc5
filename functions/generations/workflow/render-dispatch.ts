/**
 * The render queue's slots: no polling for capacity. The state machine's Render task hands its task token to
 * enqueueRender (a `lambda:invoke.waitForTaskToken` step) and waits, at no cost, until a worker reports.
 * dispatch(provider): while the provider has a free slot and work waits, claim the next job (priority lane
 * first, standard work promoted by age) and start a render worker (render-queue.ts); called on enqueue, on
 * every release, and by the sweeper as a safety net, so a render starts the moment a slot frees. Also how a
 * job ends: its failure reported to the workflow (which refunds once), its slot released.
 */
import { randomUUID } from 'node:crypto';
import {
  PROVIDER_NAMES,
  RENDER_LEASE_SECONDS,
  RENDER_START_LEASE_SECONDS,
  RENDER_TIME_LIMIT_SECONDS,
  renderAttempts,
  pickNext,
  slotPolicy,
  stagedCount,
  type ProviderName,
} from '../../../shared/domain/render-queue';
import {
  beginRenderAttempt,
  claimRenderJob,
  dropQueuedRenderJob,
  endRenderRun,
  getRenderJob,
  inFlight,
  listExpiredRenderLeases,
  queueHeads,
  releaseRenderJob,
  retryRenderJob,
  type QueueHead,
  type RenderJob,
} from '../../../shared/repositories/render-queue-repository';
import { markCompleted, type GenerationRecord } from '../../../shared/repositories/generation-repository';
import { incrementStyleUsage } from '../../../shared/repositories/style-counter-repository';
import { getDb } from '../../lib/aws';
import { logger } from '../../lib/logger';
import { reportTaskFailure, reportTaskSuccess } from '../../lib/workflow-client';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';
import { AGAIN, withRetry, type RetryPolicy } from '../../../shared/repositories/toolkit';
import type { SlotPolicy } from '../../../shared/domain/render-queue';
import type { Db } from '../../../shared/repositories/table';

/** Error names the state machine's Catch receives from a reported failure (failureMessage reads them). */
export const RENDER_ERRORS = {
  timeout: 'RenderTimeout',
  crashed: 'RenderCrashed',
  rejected: 'ProviderRejected',
  busy: 'ProviderThrottled',
} as const;

/** The provider a job was queued for lost its key meanwhile (a deployed stage's configuration changed). */
export const PROVIDER_GONE = 'The image service is not available right now. Your credit was refunded.';

export class RenderTimeout extends Error {
  constructor() {
    super(`The render took longer than ${RENDER_TIME_LIMIT_SECONDS} s`);
    this.name = RENDER_ERRORS.timeout;
  }
}

export const timeLimitMs = () => Number(process.env.RENDER_TIME_LIMIT_MS ?? RENDER_TIME_LIMIT_SECONDS * 1000);
/**
 * A claimed job's lease for `steps` renders: their time limit plus the margin that makes the lease outlive any
 * invocation of the worker (shared/domain/render-queue.ts RENDER_LEASE_SECONDS): a lease that runs out means
 * the worker is gone.
 */
export const leaseMs = (steps = 1) => timeLimitMs() * steps + (RENDER_LEASE_SECONDS - RENDER_TIME_LIMIT_SECONDS) * 1000;
/** A new attempt's lease until its worker begins it (the claim, a retry): RENDER_START_LEASE_SECONDS. */
export const startLeaseMs = () => RENDER_START_LEASE_SECONDS * 1000;

/** Another dispatcher won the head or the slot: look again after a short random pause (up to 15 ms). */
const CLAIM_RETRY: RetryPolicy = { attempts: 6, baseMs: 15, capMs: 15 };

// ---------------------------------------------------------------------------------------------- dispatch

/** Start renders while `provider` has free slots and work waits. Bounded; safe to call from anywhere, any time. */
export async function dispatch(provider: ProviderName): Promise<number> {
  const db = getDb();
  const policy = slotPolicy(provider);
  let started = 0;
  for (let round = 0; round < policy.limit * 3 + 6; round++) {
    const job = await claimNext(db, provider, policy);
    if (!job) return started;
    started++;
    await invokeRenderWorker({ generationId: job.generationId, provider, attempt: 1 }).catch((err) =>
      // the job keeps its lease; the sweeper times it out and the workflow refunds
      logger.error('could not start a render worker', { generationId: job.generationId, error: err }),
    );
  }
  return started;
}

/** Claim the job that runs next (null: no free slot or no work), looking again while other dispatchers win. */
function claimNext(db: Db, provider: ProviderName, policy: SlotPolicy): Promise<QueueHead | null> {
  return withRetry(
    async (_n, last) => {
      const [heads, busy] = await Promise.all([queueHeads(db, provider), inFlight(db, provider)]);
      const next = pickNext(heads, busy, policy, new Date());
      if (!next) return null;
      if (await claimRenderJob(db, provider, next.job, next.maxInFlight, startLeaseMs() / 1000)) return next.job;
      return last ? null : AGAIN;
    },
    () => false,
    undefined,
    CLAIM_RETRY,
  );
}

/** Release a job's slot (once) and hand the slot to the next waiting job. */
export async function finishJob(job: RenderJob): Promise<void> {
  await releaseRenderJob(getDb(), job.provider, job.generationId);
  await dispatch(job.provider);
}

/** Report a failure to the waiting workflow (it refunds exactly once), then free the slot. */
export async function failJob(job: RenderJob, error: string, cause: string): Promise<void> {
  const current = (await getRenderJob(getDb(), job.generationId)) ?? job;
  await reportTaskFailure(current.taskToken, error, cause);
  await finishJob(current);
}

/**
 * The look is done: the generation completed (once: needs its stored result, and only from processing) and
 * counted as a use of its style. The state machine ends at Render (one state transition per generation), so
 * this is the worker's part, before it tells the workflow.
 */
async function completeGeneration(db: Db, gen: GenerationRecord): Promise<void> {
  const completed = await markCompleted(db, gen.userId, gen.id);
  // A cover made in the style editor is not a use of the style. A count that cannot be kept (throttled, the
  // style gone) never fails the look; an attempt that finds the look completed already does not count it again.
  const styleId = gen.inputs.styleId;
  if (completed && styleId && gen.kind !== 'style-cover')
    await incrementStyleUsage(db, styleId).catch((err: unknown) =>
      logger.warn('style use not counted', { styleId, error: err instanceof Error ? err.name : String(err) }),
    );
}

/**
 * Complete the look, tell the waiting workflow (its current task token: a resumed execution gave the job a new
 * one) and free the slot. Also how a result stored (or a look completed) by a worker that died before reporting
 * it is reported by the next attempt, without a second render or a second store. A generation that ended
 * otherwise meanwhile (failed and refunded) stays as it is: the report only ends its execution.
 */
export async function reportResult(job: RenderJob, gen: GenerationRecord, resultKey: string): Promise<void> {
  const db = getDb();
  const current = (await getRenderJob(db, job.generationId)) ?? job;
  await completeGeneration(db, gen);
  await reportTaskSuccess(current.taskToken, { resultKey, provider: job.provider });
  await finishJob(current);
}

/**
 * What a new attempt (the render worker's or the provider-call function's) does first with its generation: a
 * result an earlier attempt stored, or a look it completed, before dying is reported, never rendered or stored
 * twice; a generation that ended otherwise frees the slot. `null`: nothing was done before, render it.
 */
export async function settleEarlierAttempt(
  job: RenderJob,
  gen: GenerationRecord | null,
): Promise<'reported-stored' | 'generation-final' | null> {
  if (gen?.resultKey && (gen.status === 'processing' || gen.status === 'completed')) {
    await reportResult(job, gen, gen.resultKey);
    return 'reported-stored';
  }
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) {
    await finishJob(job);
    return 'generation-final';
  }
  return null;
}

/**
 * The fence (issue 41): what a render worker or a provider-call function does first, before anything that could
 * reach a provider. It begins the attempt its event names (conditional: the job is on that attempt and nobody began
 * it), which also starts the attempt's lease (leaseMs: it outlives the invocation). A stale event (the job moved on
 * to a later attempt, a late delivery after the sweeper gave up on it) or a second delivery of the same event stops
 * here. `{ job, runToken }` to go on, or the outcome to return.
 */
export async function beginAttempt(
  event: RenderWorkerEvent,
  now = new Date(),
): Promise<{ job: RenderJob; runToken: string } | { outcome: 'not-running' | 'stale' }> {
  const db = getDb();
  let attempt = event.attempt;
  if (attempt === undefined) {
    // an event sent before attempts travelled: the job's current attempt (begun once all the same)
    const current = await getRenderJob(db, event.generationId);
    if (!current || current.state !== 'running') return { outcome: 'not-running' };
    attempt = current.attempts ?? 1;
  }
  const runToken = randomUUID();
  const job = await beginRenderAttempt(db, event.generationId, attempt, runToken, new Date(now.getTime() + leaseMs()));
  if (job) return { job, runToken };
  const current = await getRenderJob(db, event.generationId);
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
export async function endCrashedRun(generationId: string, runToken: string): Promise<void> {
  await endRenderRun(getDb(), generationId, runToken).catch((err: unknown) =>
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
export async function retryOrFail(
  job: RenderJob,
  error: string,
  cause: string,
  now = new Date(),
  opts: { runOver?: boolean } = {},
): Promise<'retried' | 'failed' | 'moved-on'> {
  const seen = job.attempts ?? 1;
  // one caller wins this step (two sweepers, or a sweeper and the failure destination): attempts + 1
  // a staged result whose image work crashed or was lost is rendered again from the provider call, as a
  // synchronous render that crashed always was (the staged bytes may be what made it crash)
  const dropPrediction = stagedCount(job.providerJobId) !== null;
  const lease = new Date(now.getTime() + startLeaseMs());
  if (!(await retryRenderJob(getDb(), job.generationId, seen, lease, { now, dropPrediction, ...opts })))
    return 'moved-on'; // finished meanwhile, another caller took this step, or a worker still runs the attempt
  if (seen - (job.freeAttempts ?? 0) >= renderAttempts()) {
    await failJob(job, error, cause);
    return 'failed';
  }
  logger.warn('render retried', { generationId: job.generationId, attempt: seen + 1, error, cause });
  await invokeRenderWorker({ generationId: job.generationId, provider: job.provider, attempt: seen + 1 });
  return 'retried';
}

/** The generation ended otherwise (failed, aborted, timed out): drop its queued job or free its slot, once. */
export async function cancelRender(generationId: string): Promise<void> {
  const db = getDb();
  const job = await getRenderJob(db, generationId);
  if (!job || job.state === 'done') return;
  if (job.state === 'queued') await dropQueuedRenderJob(db, job);
  else await releaseRenderJob(db, job.provider, job.generationId);
  await dispatch(job.provider);
}

/**
 * The local stack starting again after a stop or a crash (issue 27): no worker of the last run is alive, so
 * every job still running is rendered again now instead of waiting for its lease to run out and being refunded
 * (a job already submitted to an asynchronous provider is polled: its prediction is looked up, not paid for
 * again). The next attempt reports a result the dead one had stored without rendering it again.
 */
export async function resumeOrphanedRenders(now = new Date()): Promise<number> {
  // every run of the last process is dead: its begun attempts are replaced whatever their leases say (runOver)
  const db = getDb();
  let resumed = 0;
  for (const { generationId } of await listExpiredRenderLeases(db, new Date('9999-12-31T00:00:00Z'))) {
    const job = await getRenderJob(db, generationId);
    if (!job || job.state !== 'running') continue;
    if (job.providerJobId) {
      await invokeRenderWorker({ generationId, provider: job.provider, action: 'poll' });
    } else {
      // a new attempt that spends none of the job's (the stop was not the render's failure); the dead run's own
      // event, were it ever delivered again, stops at its begin
      const seen = job.attempts ?? 1;
      const lease = new Date(now.getTime() + startLeaseMs());
      if (!(await retryRenderJob(db, generationId, seen, lease, { runOver: true, free: true }))) continue;
      await invokeRenderWorker({ generationId, provider: job.provider, attempt: seen + 1 });
    }
    resumed++;
  }
  return resumed;
}

/** The sweeper's part: overdue leases (poll fallback or time-out), then a dispatch per provider (safety net). */
export async function sweepRenderLeases(now = new Date()): Promise<{ timedOut: number; polled: number }> {
  const db = getDb();
  let timedOut = 0;
  let polled = 0;
  for (const { generationId } of await listExpiredRenderLeases(db, now)) {
    const job = await getRenderJob(db, generationId);
    if (!job || job.state !== 'running') continue;
    // listed overdue, but another sweeper may have retried it since (a new lease, attempts + 1): the item read
    // now must be overdue itself, or this sweeper would take the next attempt's step too
    if (job.leaseUntil && new Date(job.leaseUntil).getTime() > now.getTime()) continue;
    try {
      if (job.providerJobId) {
        polled++;
        // the poll needs the provider key and the buckets: the worker does it
        await invokeRenderWorker({ generationId, provider: job.provider, action: 'poll', attempt: job.attempts ?? 1 });
      } else if ((await retryOrFail(job, RENDER_ERRORS.timeout, new RenderTimeout().message, now)) === 'failed') {
        timedOut++;
      }
    } catch (err) {
      logger.warn('overdue render not settled', { generationId, error: err });
    }
  }
  for (const p of PROVIDER_NAMES) await dispatch(p);
  return { timedOut, polled };
}
