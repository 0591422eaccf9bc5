/**
 * In-memory collaborators of the render workflow's use cases (functions/generations/workflow/*), for their unit
 * tests: a generation and a render job as stored, and a generation store that keeps the repository's
 * once-only rules (a generation is failed and refunded only while pending or processing). Never wired in production.
 */
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import { randomUUID } from 'node:crypto';
import type { ProviderName } from '../../shared/domain/render-queue';
import type { QueueHead, RenderJob } from '../../shared/repositories/render-queue-repository';
import { aGeneration as aStoredGeneration } from './in-memory-start-deps';

/** A generation being rendered (started, one monthly credit reserved, no result yet): the stored record of
 * `in-memory-start-deps.ts` with the workflow's defaults. */
export function aGeneration(overrides: Partial<GenerationRecord> = {}): GenerationRecord {
  return aStoredGeneration(overrides.id ?? 'gen-1', {
    status: 'processing',
    styleName: 'Style 1',
    reserved: { monthly: 1 },
    resultKey: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    startedAt: '2026-11-01T12:00:01.000Z',
    completedAt: null,
    updatedAt: '2026-11-01T12:00:01.000Z',
    ...overrides,
  });
}

export function aRenderJob(overrides: Partial<RenderJob> = {}): RenderJob {
  return {
    generationId: 'gen-1',
    userId: 'u1',
    provider: 'fashn',
    priority: false,
    taskToken: 'token-1',
    state: 'running',
    enqueuedAt: '2026-11-01T12:00:00.000Z',
    queueSk: '2026-11-01T12:00:00.000Z#gen-1',
    attempts: 1,
    ...overrides,
  };
}

/** Generations by id, with the refunds the store made (one per generation, the repository's condition). */
export interface GenerationsState {
  generations: Map<string, GenerationRecord>;
  refunds: string[];
}

export function generationsState(...gens: GenerationRecord[]): GenerationsState {
  return { generations: new Map(gens.map((g) => [g.id, g])), refunds: [] };
}

/** failWithRefund's rule: only a pending or processing generation is failed (and refunded), once. */
export function failWithRefundIn(s: GenerationsState) {
  return (userId: string, id: string, error: string, now = new Date()): Promise<boolean> => {
    const g = s.generations.get(id);
    if (!g || g.userId !== userId || (g.status !== 'pending' && g.status !== 'processing'))
      return Promise.resolve(false);
    s.generations.set(id, { ...g, status: 'failed', error, updatedAt: now.toISOString() });
    s.refunds.push(id);
    return Promise.resolve(true);
  };
}

/**
 * The render queue as the repository keeps it (shared/repositories/render-queue-repository.ts): per provider, the
 * waiting lanes, the in-flight count and one job per generation, with the repository's conditional writes (a claim
 * needs the entry, a queued job and a free slot; a release needs a running job; a begin needs the job on that
 * attempt and not begun; a retry needs the attempt the caller saw and no live run of it; a run's lease given back
 * only by its own run). What it keeps, for the assertions: the jobs, the slots, the completions and style uses.
 */
export interface RenderQueueState {
  jobs: Map<string, RenderJob>;
  lanes: { provider: ProviderName; generationId: string; enqueuedAt: string; sk: string }[];
  slots: Map<string, number>;
  completed: string[];
  styleUses: string[];
}

export function renderQueueState(): RenderQueueState {
  return { jobs: new Map(), lanes: [], slots: new Map(), completed: [], styleUses: [] };
}

/** A waiting job in its lane (the enqueue task's write). */
export function enqueued(
  s: RenderQueueState,
  input: { generationId: string; provider?: ProviderName; priority?: boolean; enqueuedAt: string; taskToken?: string },
): RenderJob {
  const provider = input.provider ?? 'engine';
  const priority = input.priority ?? false;
  const sk = `${priority ? 'P' : 'S'}#${input.enqueuedAt}#${input.generationId}`;
  const job: RenderJob = {
    generationId: input.generationId,
    userId: 'u1',
    provider,
    priority,
    taskToken: input.taskToken ?? `token-${input.generationId}`,
    state: 'queued',
    enqueuedAt: input.enqueuedAt,
    queueSk: sk,
  };
  s.jobs.set(job.generationId, job);
  s.lanes.push({ provider, generationId: job.generationId, enqueuedAt: job.enqueuedAt, sk });
  return job;
}

/** The render-job store on `s`: the repository functions without their table, same conditions. */
export function renderQueueStore(s: RenderQueueState) {
  const copy = (j: RenderJob | undefined): RenderJob | null => (j ? { ...j } : null);
  const onAttempt = (j: RenderJob, n: number) => (j.attempts ?? 1) === n && (n === 1 || j.attempts !== undefined);
  const head = (provider: ProviderName, lane: 'P' | 'S'): QueueHead | null => {
    const e = s.lanes
      .filter((x) => x.provider === provider && x.sk.startsWith(`${lane}#`))
      .sort((a, b) => (a.sk < b.sk ? -1 : 1))[0];
    return e ? { generationId: e.generationId, enqueuedAt: e.enqueuedAt, sk: e.sk } : null;
  };
  const update = (id: string, patch: Partial<RenderJob>) => {
    const j = s.jobs.get(id)!;
    s.jobs.set(id, { ...j, ...patch });
  };
  return {
    getRenderJob: (id: string) => Promise.resolve(copy(s.jobs.get(id))),
    queueHeads: (provider: ProviderName) =>
      Promise.resolve({ priority: head(provider, 'P'), standard: head(provider, 'S') }),
    inFlight: (provider: string) => Promise.resolve(s.slots.get(provider) ?? 0),
    claimRenderJob: (
      provider: ProviderName,
      h: QueueHead,
      maxInFlight: number,
      leaseSeconds: number,
      now = new Date(),
      claimToken: string = randomUUID(),
    ) => {
      const entry = s.lanes.findIndex((x) => x.provider === provider && x.sk === h.sk);
      const job = s.jobs.get(h.generationId);
      const busy = s.slots.get(provider) ?? 0;
      if (entry < 0 || job?.state !== 'queued' || busy >= maxInFlight)
        return Promise.resolve(job?.claimToken === claimToken && job.state !== 'queued');
      s.lanes.splice(entry, 1);
      s.slots.set(provider, busy + 1);
      update(h.generationId, {
        state: 'running',
        claimedAt: now.toISOString(),
        attempts: 1,
        claimToken,
        leaseUntil: new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
      });
      return Promise.resolve(true);
    },
    releaseRenderJob: (provider: ProviderName, id: string) => {
      if (s.jobs.get(id)?.state !== 'running') return Promise.resolve(false);
      const busy = s.slots.get(provider) ?? 0;
      if (busy > 0) s.slots.set(provider, busy - 1); // a reopened job holds no slot: it ends without freeing one
      update(id, { state: 'done' });
      return Promise.resolve(true);
    },
    dropQueuedRenderJob: (job: RenderJob) => {
      if (s.jobs.get(job.generationId)?.state !== 'queued') return Promise.resolve(false);
      s.lanes = s.lanes.filter((x) => !(x.provider === job.provider && x.sk === job.queueSk));
      update(job.generationId, { state: 'done' });
      return Promise.resolve(true);
    },
    retryRenderJob: (
      id: string,
      seen: number,
      leaseUntil: Date,
      opts: { now?: Date; runOver?: boolean; dropPrediction?: boolean; free?: boolean } = {},
    ) => {
      const j = s.jobs.get(id);
      const now = (opts.now ?? new Date()).toISOString();
      const noLiveRun =
        opts.runOver ||
        j?.startedAttempt === undefined ||
        j.startedAttempt < seen ||
        (j.leaseUntil !== undefined && j.leaseUntil <= now);
      if (j?.state !== 'running' || !onAttempt(j, seen) || !noLiveRun) return Promise.resolve(false);
      const { providerJobId, ...rest } = j;
      s.jobs.set(id, {
        ...rest,
        ...(opts.dropPrediction || providerJobId === undefined ? {} : { providerJobId }),
        attempts: seen + 1,
        leaseUntil: leaseUntil.toISOString(),
        ...(opts.free ? { freeAttempts: (j.freeAttempts ?? 0) + 1 } : {}),
      });
      return Promise.resolve(true);
    },
    endRenderRun: (id: string, runToken: string, now = new Date()) => {
      const j = s.jobs.get(id);
      if (j?.state !== 'running' || j.runToken !== runToken || j.providerJobId) return Promise.resolve(false);
      update(id, { leaseUntil: now.toISOString() });
      return Promise.resolve(true);
    },
    beginRenderAttempt: (id: string, attempt: number, runToken: string, leaseUntil: Date) => {
      const j = s.jobs.get(id);
      if (j?.state === 'running' && onAttempt(j, attempt) && (j.startedAttempt ?? 0) < attempt) {
        update(id, { startedAttempt: attempt, runToken, leaseUntil: leaseUntil.toISOString() });
        return Promise.resolve(copy(s.jobs.get(id)));
      }
      return Promise.resolve(
        j?.state === 'running' && j.startedAttempt === attempt && j.runToken === runToken ? copy(j) : null,
      );
    },
    listExpiredRenderLeases: (now: Date) =>
      Promise.resolve(
        [...s.jobs.values()]
          .filter((j) => j.state === 'running' && j.leaseUntil !== undefined && j.leaseUntil < now.toISOString())
          .sort((a, b) => (a.leaseUntil! < b.leaseUntil! ? -1 : 1))
          .map((j) => ({ generationId: j.generationId })),
      ),
    /** markCompleted's rule: a generation is completed once. */
    markCompleted: (_userId: string, id: string) => {
      if (s.completed.includes(id)) return Promise.resolve(false);
      s.completed.push(id);
      return Promise.resolve(true);
    },
    incrementStyleUsage: (styleId: string) => {
      s.styleUses.push(styleId);
      return Promise.resolve();
    },
  };
}
