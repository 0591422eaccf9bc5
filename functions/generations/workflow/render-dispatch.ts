/**
 * The render queue's slots: no polling for capacity. The state machine's Render task hands its task token to
 * enqueueRender (a `lambda:invoke.waitForTaskToken` step) and waits, at no cost, until a worker reports.
 * dispatch(provider): while the provider has a free slot and work waits, claim the next job (priority lane
 * first, standard work promoted by age) and start a render worker (render-queue.ts); called on enqueue, on
 * every release, and by the sweeper as a safety net, so a render starts the moment a slot frees. Also how a
 * job ends: its failure reported to the workflow (which refunds once), its slot released.
 * Each use case is `xWith(deps, ...)` on the collaborators it uses (the render-job store's functions, the clock, the
 * worker invoker, the workflow's reports), and its production wiring (`x(...)`, the exported name the workers, the
 * sweeper and the tasks call) binds only those inside the exported function: the failure destination, the sweeper
 * and the tasks bundle what they call, never a module-wide store (IAM contract, test/infra/iam-contract.test.ts).
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
import { bindDb, type Store } from '../../lib/bind-db';
import { logger } from '../../lib/logger';
import { reportTaskFailure, reportTaskSuccess } from '../../lib/workflow-client';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';
import { AGAIN, withRetry, type RetryPolicy } from '../../../shared/repositories/toolkit';
import type { SlotPolicy } from '../../../shared/domain/render-queue';

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

/** The repository functions the dispatch's use cases use (types only: each wiring binds its own). */
type DispatchRepositories = {
  queueHeads: typeof queueHeads;
  inFlight: typeof inFlight;
  claimRenderJob: typeof claimRenderJob;
  releaseRenderJob: typeof releaseRenderJob;
  dropQueuedRenderJob: typeof dropQueuedRenderJob;
  getRenderJob: typeof getRenderJob;
  beginRenderAttempt: typeof beginRenderAttempt;
  endRenderRun: typeof endRenderRun;
  retryRenderJob: typeof retryRenderJob;
  listExpiredRenderLeases: typeof listExpiredRenderLeases;
  markCompleted: typeof markCompleted;
  incrementStyleUsage: typeof incrementStyleUsage;
};
/** The render jobs (and the two generation writes a completion makes), bound to the table. */
export type DispatchStore = Store<DispatchRepositories>;
type StoreOf<K extends keyof DispatchStore> = { store: Pick<DispatchStore, K> };

/** What starting renders works with: the queue's heads, slots and claims, the clock, the worker invoker. */
export type DispatchDeps = StoreOf<'queueHeads' | 'inFlight' | 'claimRenderJob'> & {
  now: () => Date;
  invokeRenderWorker: (event: RenderWorkerEvent) => Promise<void>;
};
/** Freeing a slot, and handing it on. */
export type FinishDeps = DispatchDeps & StoreOf<'releaseRenderJob'>;
/** Reporting a failure (the current task token), then freeing the slot. */
export type FailDeps = FinishDeps &
  StoreOf<'getRenderJob'> & { reportTaskFailure: (token: string, error: string, cause: string) => Promise<unknown> };
/** Completing the look, reporting it, then freeing the slot. */
export type ReportDeps = FinishDeps &
  StoreOf<'getRenderJob' | 'markCompleted' | 'incrementStyleUsage'> & {
    reportTaskSuccess: (token: string, output: unknown) => Promise<unknown>;
  };
/** The fence: beginning an attempt. */
export type BeginDeps = StoreOf<'getRenderJob' | 'beginRenderAttempt'> & { now: () => Date; newRunToken: () => string };
/** A crashed run giving its lease back. */
export type EndRunDeps = StoreOf<'endRenderRun'> & { now: () => Date };
/** The one retry path: another attempt, or the failure once the attempts are spent. */
export type RetryDeps = FailDeps & StoreOf<'retryRenderJob'>;
/** A generation that ended otherwise: its queued job dropped or its slot freed. */
export type CancelDeps = FinishDeps & StoreOf<'getRenderJob' | 'dropQueuedRenderJob'>;
/** The local stack's resume after a stop. */
export type ResumeDeps = StoreOf<'listExpiredRenderLeases' | 'getRenderJob' | 'retryRenderJob'> & {
  invokeRenderWorker: (event: RenderWorkerEvent) => Promise<void>;
};
/** The sweeper's part. */
export type SweepDeps = RetryDeps & StoreOf<'listExpiredRenderLeases'>;

// ---------------------------------------------------------------------------------------------- dispatch

/** Start renders while `provider` has free slots and work waits. Bounded; safe to call from anywhere, any time. */
export async function dispatchWith(deps: DispatchDeps, provider: ProviderName): Promise<number> {
  const policy = slotPolicy(provider);
  let started = 0;
  for (let round = 0; round < policy.limit * 3 + 6; round++) {
    const job = await claimNext(deps, provider, policy);
    if (!job) return started;
    started++;
    await deps.invokeRenderWorker({ generationId: job.generationId, provider, attempt: 1 }).catch((err) =>
      // the job keeps its lease; the sweeper times it out and the workflow refunds
      logger.error('could not start a render worker', { generationId: job.generationId, error: err }),
    );
  }
  return started;
}

/** Claim the job that runs next (null: no free slot or no work), looking again while other dispatchers win. */
function claimNext(deps: DispatchDeps, provider: ProviderName, policy: SlotPolicy): Promise<QueueHead | null> {
  const { store } = deps;
  return withRetry(
    async (_n, last) => {
      const [heads, busy] = await Promise.all([store.queueHeads(provider), store.inFlight(provider)]);
      const now = deps.now();
      const next = pickNext(heads, busy, policy, now);
      if (!next) return null;
      if (await store.claimRenderJob(provider, next.job, next.maxInFlight, startLeaseMs() / 1000, now)) return next.job;
      return last ? null : AGAIN;
    },
    () => false,
    undefined,
    CLAIM_RETRY,
  );
}

/** Release a job's slot (once) and hand the slot to the next waiting job. */
export async function finishJobWith(deps: FinishDeps, job: RenderJob): Promise<void> {
  await deps.store.releaseRenderJob(job.provider, job.generationId);
  await dispatchWith(deps, job.provider);
}

/** Report a failure to the waiting workflow (it refunds exactly once), then free the slot. */
export async function failJobWith(deps: FailDeps, job: RenderJob, error: string, cause: string): Promise<void> {
  const current = (await deps.store.getRenderJob(job.generationId)) ?? job;
  await deps.reportTaskFailure(current.taskToken, error, cause);
  await finishJobWith(deps, current);
}

/**
 * The look is done: the generation completed (once: needs its stored result, and only from processing) and
 * counted as a use of its style. The state machine ends at Render (one state transition per generation), so
 * this is the worker's part, before it tells the workflow.
 */
async function completeGeneration(deps: ReportDeps, gen: GenerationRecord): Promise<void> {
  const completed = await deps.store.markCompleted(gen.userId, gen.id);
  // A cover made in the style editor is not a use of the style. A count that cannot be kept (throttled, the
  // style gone) never fails the look; an attempt that finds the look completed already does not count it again.
  const styleId = gen.inputs.styleId;
  if (completed && styleId && gen.kind !== 'style-cover')
    await deps.store
      .incrementStyleUsage(styleId)
      .catch((err: unknown) =>
        logger.warn('style use not counted', { styleId, error: err instanceof Error ? err.name : String(err) }),
      );
}

/**
 * Complete the look, tell the waiting workflow (its current task token: a resumed execution gave the job a new
 * one) and free the slot. Also how a result stored (or a look completed) by a worker that died before reporting
 * it is reported by the next attempt, without a second render or a second store. A generation that ended
 * otherwise meanwhile (failed and refunded) stays as it is: the report only ends its execution.
 */
export async function reportResultWith(
  deps: ReportDeps,
  job: RenderJob,
  gen: GenerationRecord,
  resultKey: string,
): Promise<void> {
  const current = (await deps.store.getRenderJob(job.generationId)) ?? job;
  await completeGeneration(deps, gen);
  await deps.reportTaskSuccess(current.taskToken, { resultKey, provider: job.provider });
  await finishJobWith(deps, current);
}

/**
 * What a new attempt (the render worker's or the provider-call function's) does first with its generation: a
 * result an earlier attempt stored, or a look it completed, before dying is reported, never rendered or stored
 * twice; a generation that ended otherwise frees the slot. `null`: nothing was done before, render it.
 */
export async function settleEarlierAttemptWith(
  deps: ReportDeps,
  job: RenderJob,
  gen: GenerationRecord | null,
): Promise<'reported-stored' | 'generation-final' | null> {
  if (gen?.resultKey && (gen.status === 'processing' || gen.status === 'completed')) {
    await reportResultWith(deps, job, gen, gen.resultKey);
    return 'reported-stored';
  }
  if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) {
    await finishJobWith(deps, job);
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

/** The generation ended otherwise (failed, aborted, timed out): drop its queued job or free its slot, once. */
export async function cancelRenderWith(deps: CancelDeps, generationId: string): Promise<void> {
  const { store } = deps;
  const job = await store.getRenderJob(generationId);
  if (!job || job.state === 'done') return;
  if (job.state === 'queued') await store.dropQueuedRenderJob(job);
  else await store.releaseRenderJob(job.provider, job.generationId);
  await dispatchWith(deps, job.provider);
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
// Each exported function binds only the repository functions and reports its use case reaches, inside itself.

const clock = () => new Date();

const dispatchDeps = (): DispatchDeps => ({
  store: bindDb(getDb(), { queueHeads, inFlight, claimRenderJob }),
  now: clock,
  invokeRenderWorker,
});

const finishDeps = (): FinishDeps => {
  const d = dispatchDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { releaseRenderJob }) } };
};

const failDeps = (): FailDeps => {
  const d = finishDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { getRenderJob }) }, reportTaskFailure };
};

const retryDeps = (): RetryDeps => {
  const d = failDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { retryRenderJob }) } };
};

export const dispatch = (provider: ProviderName): Promise<number> => dispatchWith(dispatchDeps(), provider);

export const finishJob = (job: RenderJob): Promise<void> => finishJobWith(finishDeps(), job);

export const failJob = (job: RenderJob, error: string, cause: string): Promise<void> =>
  failJobWith(failDeps(), job, error, cause);

const reportDeps = (): ReportDeps => {
  const d = finishDeps();
  return {
    ...d,
    store: { ...d.store, ...bindDb(getDb(), { getRenderJob, markCompleted, incrementStyleUsage }) },
    reportTaskSuccess,
  };
};

export const reportResult = (job: RenderJob, gen: GenerationRecord, resultKey: string): Promise<void> =>
  reportResultWith(reportDeps(), job, gen, resultKey);

export const settleEarlierAttempt = (
  job: RenderJob,
  gen: GenerationRecord | null,
): Promise<'reported-stored' | 'generation-final' | null> => settleEarlierAttemptWith(reportDeps(), job, gen);

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

export const cancelRender = (generationId: string): Promise<void> => {
  const d = finishDeps();
  return cancelRenderWith(
    { ...d, store: { ...d.store, ...bindDb(getDb(), { getRenderJob, dropQueuedRenderJob }) } },
    generationId,
  );
};

export const resumeOrphanedRenders = (now = new Date()): Promise<number> =>
  resumeOrphanedRendersWith(
    { store: bindDb(getDb(), { listExpiredRenderLeases, getRenderJob, retryRenderJob }), invokeRenderWorker },
    now,
  );

export const sweepRenderLeases = (now = new Date()): Promise<{ timedOut: number; polled: number }> => {
  const d = retryDeps();
  return sweepRenderLeasesWith({ ...d, store: { ...d.store, ...bindDb(getDb(), { listExpiredRenderLeases }) } }, now);
};
