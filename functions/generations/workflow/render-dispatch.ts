/**
 * The render queue's slots: no polling for capacity. The state machine's Render task hands its task token to
 * enqueueRender (a `lambda:invoke.waitForTaskToken` step) and waits, at no cost, until a worker reports.
 * dispatch(provider): while the provider has a free slot and work waits, claim the next job (priority lane
 * first, standard work promoted by age) and start a render worker (render-queue.ts); called on enqueue, on
 * every release, and by the sweeper as a safety net, so a render starts the moment a slot frees. Also how a
 * job ends: its failure reported to the workflow (which refunds once), its slot released, or its result reported.
 * Attempts and leases (the fence, the retry path, the sweep, the resume) are in render-attempts.ts.
 * Each use case is `xWith(deps, ...)` on the collaborators it uses (the render-job store's functions, the clock, the
 * worker invoker, the workflow's reports), and its production wiring (`x(...)`, the exported name the workers, the
 * sweeper and the tasks call) binds only those inside the exported function: the failure destination, the sweeper
 * and the tasks bundle what they call, never a module-wide store (IAM contract, test/infra/iam-contract.test.ts).
 */
import {
  RENDER_LEASE_SECONDS,
  RENDER_START_LEASE_SECONDS,
  RENDER_TIME_LIMIT_SECONDS,
  pickNext,
  slotPolicy,
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
export type StoreOf<K extends keyof DispatchStore> = { store: Pick<DispatchStore, K> };

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
/** A generation that ended otherwise: its queued job dropped or its slot freed. */
export type CancelDeps = FinishDeps & StoreOf<'getRenderJob' | 'dropQueuedRenderJob'>;
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

/** The generation ended otherwise (failed, aborted, timed out): drop its queued job or free its slot, once. */
export async function cancelRenderWith(deps: CancelDeps, generationId: string): Promise<void> {
  const { store } = deps;
  const job = await store.getRenderJob(generationId);
  if (!job || job.state === 'done') return;
  if (job.state === 'queued') await store.dropQueuedRenderJob(job);
  else await store.releaseRenderJob(job.provider, job.generationId);
  await dispatchWith(deps, job.provider);
}

// ---------------------------------------------------------------------------------------------- production wiring
// Each exported function binds only the repository functions and reports its use case reaches, inside itself.

export const clock = (): Date => new Date();

const dispatchDeps = (): DispatchDeps => ({
  store: bindDb(getDb(), { queueHeads, inFlight, claimRenderJob }),
  now: clock,
  invokeRenderWorker,
});

const finishDeps = (): FinishDeps => {
  const d = dispatchDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { releaseRenderJob }) } };
};

export const productionFailDeps = (): FailDeps => {
  const d = finishDeps();
  return { ...d, store: { ...d.store, ...bindDb(getDb(), { getRenderJob }) }, reportTaskFailure };
};

export const dispatch = (provider: ProviderName): Promise<number> => dispatchWith(dispatchDeps(), provider);

export const finishJob = (job: RenderJob): Promise<void> => finishJobWith(finishDeps(), job);

export const failJob = (job: RenderJob, error: string, cause: string): Promise<void> =>
  failJobWith(productionFailDeps(), job, error, cause);

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

export const cancelRender = (generationId: string): Promise<void> => {
  const d = finishDeps();
  return cancelRenderWith(
    { ...d, store: { ...d.store, ...bindDb(getDb(), { getRenderJob, dropQueuedRenderJob }) } },
    generationId,
  );
};
