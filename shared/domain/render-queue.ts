/**
 * The render queue's rules: provider concurrency, the priority lane, age-based promotion and the time limits.
 * One place for the numbers; the workflow, the sweeper, the CDK app and the bench import them.
 */
export type ProviderName = 'engine' | 'fashn' | 'gemini';
export const PROVIDER_NAMES: readonly ProviderName[] = ['engine', 'fashn', 'gemini'];

/**
 * Concurrent renders per provider (FASHN's default account limit is 6). The Fitly engine is CPU-bound: locally
 * its renders run on a pool of worker threads (one per core, ENGINE_THREADS), so two more than that keeps the
 * pool fed while results are stored; in AWS each render is its own Lambda invocation (set by the stack).
 */
export const PROVIDER_CONCURRENCY: Record<ProviderName, number> = { engine: 4, fashn: 6, gemini: 10 };

export interface SlotPolicy {
  limit: number;
  /** Slots standard work may not take (it may use limit - reservedForPriority), so priority work starts at once. */
  reservedForPriority: number;
}

export function slotPolicy(provider: ProviderName, env: Record<string, string | undefined> = process.env): SlotPolicy {
  const override = Number(env[`PROVIDER_CONCURRENCY_${provider.toUpperCase()}`]);
  const limit = Number.isFinite(override) && override > 0 ? override : PROVIDER_CONCURRENCY[provider];
  return { limit, reservedForPriority: limit > 1 ? Math.max(1, Math.floor(limit / 4)) : 0 };
}

/** Standard work that has waited this long competes with priority work by age (never starved). */
export const PROMOTION_AFTER_SECONDS = 60;
/** One render (a provider call plus storing its result) must finish within this, or it fails and is refunded. */
export const RENDER_TIME_LIMIT_SECONDS = 150;
/** The render worker's own timeout (Lambda): the render's limit plus time to store and report its result. */
export const RENDER_WORKER_TIMEOUT_SECONDS = RENDER_TIME_LIMIT_SECONDS + 30;
/**
 * How long an event for the render worker (or the provider-call function) may wait in Lambda's asynchronous queue
 * (throttling) before Lambda drops it to the on-failure destination (MaximumEventAgeInSeconds; Lambda's minimum is
 * 60 s, its default 6 h). Short, so an attempt that could not start is retried at once by the destination instead
 * of starting late, and so the sweeper (RENDER_START_LEASE_SECONDS) never gives up on an event that may still come.
 */
export const RENDER_WORKER_MAX_EVENT_AGE_SECONDS = 60;
/**
 * A new attempt's lease until its worker begins (the claim, a retry): the event's longest wait in Lambda's queue plus
 * a margin. When it runs out without a begin the event was lost: the sweeper starts the next attempt (a late event
 * of the old one then stops at its begin, docs/reliability.md "Fenced attempts").
 */
export const RENDER_START_LEASE_SECONDS = RENDER_WORKER_MAX_EVENT_AGE_SECONDS + 30;
/**
 * A begun attempt's lease (issue 27, issue 41): it starts when the worker begins the attempt (its conditional
 * "begin attempt N" write, before any provider call) and outlives any invocation of the worker, so a lease that runs
 * out means the worker is gone (crashed, killed, timed out), never that it is still rendering. The sweeper then
 * renders the job again, up to RENDER_ATTEMPTS times in all, before it fails and refunds it: the one retry path
 * (Lambda's own asynchronous retries of the worker are off).
 */
export const RENDER_LEASE_SECONDS = RENDER_WORKER_TIMEOUT_SECONDS + 30;
/** Lambda's asynchronous retries of the render worker: none, the lease retries (above). */
export const RENDER_WORKER_ASYNC_RETRIES = 0;
/** Attempts of one render (the first and the retries after a dead worker); RENDER_ATTEMPTS overrides it. */
export const RENDER_ATTEMPTS = 3;
export function renderAttempts(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.RENDER_ATTEMPTS);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : RENDER_ATTEMPTS;
}
/** An asynchronous provider's job with no webhook by then is polled (the fallback), then every minute. */
export const ASYNC_POLL_AFTER_SECONDS = 45;
/** Provider throttling and timeouts are retried inside the render this many times, with backoff and jitter. */
export const PROVIDER_RETRIES = 3;
export const PROVIDER_RETRY_BASE_MS = 2000;
/**
 * Providers whose call is synchronous and remote (the render is the provider's latency, not our CPU): their call
 * runs in the small provider-call function (functions/generations/workflow/provider-call.ts), which stages the provider's
 * bytes and hands the image work to the render worker only when they arrive (issue 28). The Fitly engine renders
 * on the worker's CPU; FASHN is asynchronous (submit and return).
 */
export const SMALL_WORKER_PROVIDERS: readonly ProviderName[] = ['gemini'];
export const callsInSmallWorker = (provider: ProviderName): boolean => SMALL_WORKER_PROVIDERS.includes(provider);

/**
 * The job's "prediction id" once the provider-call function has staged `count` images: the render worker reads
 * them back (instead of polling a provider) through the asynchronous providers' completion path, so the sweeper's
 * fallback and the restart's resume finish a staged job like a submitted one.
 */
export const stagedJobId = (count: number): string => `staged:${count}`;
/** The number of staged images a job's providerJobId names, or null when it names a provider's prediction. */
export function stagedCount(providerJobId: string | undefined): number | null {
  const m = /^staged:([1-9]\d?)$/.exec(providerJobId ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * Memory (MB) of the generation workflow's Lambda functions: the CDK sets them from here (infra/lib/constructs/
 * workflow.ts) and the bench prices their invocations from here (test/bench/render-queue.ts).
 */
export const WORKFLOW_MEMORY_MB = {
  /** The state machine's tasks (enqueueRender, markFailed) and the worker's failure handler. */
  task: 512,
  /** The render worker: the Fitly engine (TensorFlow.js WASM) and the image work (sharp, moderation, C2PA). */
  renderWorker: 1536,
  /** The provider-call function: an HTTP call and an S3 put, no sharp or TensorFlow.js in its bundle. */
  providerCall: 256,
} as const;

/** Whole generation (queue wait included): the execution's timeout; the sweeper treats older ones as stuck. */
export const GENERATION_TIMEOUT_SECONDS = 3600;

/** Which queued job runs next: the older head among priority and promoted standard work, else standard work if it may use a slot. */
export function pickNext<J extends { enqueuedAt: string }>(
  heads: { priority: J | null; standard: J | null },
  inFlight: number,
  policy: SlotPolicy,
  now: Date,
): { job: J; lane: 'priority' | 'standard'; maxInFlight: number } | null {
  if (inFlight >= policy.limit) return null;
  const { priority, standard } = heads;
  const promoted = !!standard && now.getTime() - Date.parse(standard.enqueuedAt) >= PROMOTION_AFTER_SECONDS * 1000;
  if (priority && !(promoted && standard!.enqueuedAt < priority.enqueuedAt))
    return { job: priority, lane: 'priority', maxInFlight: policy.limit };
  if (standard && promoted) return { job: standard, lane: 'standard', maxInFlight: policy.limit };
  const standardMax = policy.limit - policy.reservedForPriority;
  if (standard && inFlight < standardMax) return { job: standard, lane: 'standard', maxInFlight: standardMax };
  return null;
}
