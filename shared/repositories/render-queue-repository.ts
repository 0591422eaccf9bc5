/**
 * The render queue (see docs/architecture.md "Generations"): per provider, waiting jobs in two lanes
 * (`RENDERQ#<provider> / P#...` priority, `S#...` standard, oldest first), one job item per generation
 * (`RENDERJOB#<id> / JOB`: task token, state, lease) and the provider's in-flight counter
 * (`PROVIDER#<provider> / SLOTS`). Claiming moves a job from its lane to running and takes a slot in one
 * transaction; releasing marks it done and frees the slot in one transaction; each is conditional, so a
 * retried or duplicated call never takes or frees a slot twice.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import { PROVIDER_NAMES, type ProviderName } from '../domain/render-queue';
import { tableKeySchema } from './entity';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import {
  AGAIN,
  countAll,
  entity,
  ITEM_ABSENT,
  ITEM_EXISTS,
  queryPage,
  transactNamed,
  tx,
  updateIf,
  updateIfReturning,
  updateItem,
  withRetry,
  type EntityRecord,
  update,
  where,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

export const RENDER_JOB_STATES = ['queued', 'running', 'done'] as const;
export type RenderJobState = (typeof RENDER_JOB_STATES)[number];

/** What places a job in the sweeper's expired-lease list (gsi2): running, by lease end. */
type Lease = { generationId: string; state: RenderJobState; leaseUntil?: string };

/** A generation's render job (one per generation); in the lease index (gsi2) while running. */
export const renderJobEntity = entity({
  name: 'RenderJob',
  schema: lazySchema(() =>
    z.object({
      generationId: z.string(),
      userId: z.string(),
      provider: z.enum(PROVIDER_NAMES),
      priority: z.boolean(),
      taskToken: z.string(),
      state: z.enum(RENDER_JOB_STATES),
      enqueuedAt: z.string(),
      queueSk: z.string(),
      claimedAt: z.string().optional(),
      leaseUntil: z.string().optional(),
      /** An asynchronous provider's prediction id, once submitted. */
      providerJobId: z.string().optional(),
      /** Times the job was polled after its webhook did not come. */
      polls: z.number().optional(),
      /** A chained outfit on an asynchronous provider: the step `providerJobId` renders (0-based). */
      step: z.number().optional(),
      /** A chained outfit: the prediction whose step is being advanced (claimed before the next step is submitted). */
      advancingFrom: z.string().optional(),
      /**
       * The job's current attempt (1 from the claim; each retry after a dead or crashed worker adds one, and so does
       * a resume after a local stop). The worker's event names the attempt it is for (issue 41).
       */
      attempts: z.number().optional(),
      /** Attempts that do not count towards RENDER_ATTEMPTS (resumes after a stop of the local stack). */
      freeAttempts: z.number().optional(),
      /** The claim's own token: a claim retried after its answer was lost reads back that it holds the job. */
      claimToken: z.string().optional(),
      /** The last attempt a worker began (the fence: one begin per attempt, none for an attempt left behind). */
      startedAttempt: z.number().optional(),
      /** The invocation that began `startedAttempt` (a begin retried after its answer was lost knows it is its own). */
      runToken: z.string().optional(),
    }),
  ),
  key: (j) => keys.renderJob(j.generationId),
  indexes: {
    gsi2: (j: Lease) =>
      j.state === 'running' && j.leaseUntil ? keys.renderJobLeaseIndex(j.leaseUntil, j.generationId) : null,
  },
});
export type RenderJob = EntityRecord<typeof renderJobEntity>;

/** A waiting render in its provider's queue lane (P priority, S standard), oldest first. */
const queueEntryEntity = entity({
  name: 'RenderQueueEntry',
  schema: lazySchema(() =>
    z.object({
      provider: z.string(),
      lane: z.enum(['P', 'S']),
      generationId: z.string(),
      enqueuedAt: z.string(),
    }),
  ),
  key: (e) => keys.renderQueueEntry(e.provider, e.lane, e.enqueuedAt, e.generationId),
});

/** A provider's in-flight counter. */
const providerSlotsEntity = entity({
  name: 'ProviderSlots',
  schema: lazySchema(() => z.object({ provider: z.string(), inFlight: z.number().default(0) })),
  key: (p) => keys.providerSlots(p.provider),
});

/** The lease index key of a running job whose lease ends at `leaseUntil` (the job's declaration builds it). */
const leaseIndex = (generationId: string, leaseUntil: string) =>
  renderJobEntity.indexUpdate('gsi2', { generationId, state: 'running', leaseUntil });

/** A running job's update that moves its lease to `leaseUntil` (within the lease index: its sort key is the lease end). */
const leaseMove = (generationId: string, leaseUntil: string) =>
  renderJobEntity.update().set({ leaseUntil }).index(leaseIndex(generationId, leaseUntil));

/** "The job is on attempt n" (a job claimed before attempts were counted has none: it is on its first). */
const onAttempt = (w: typeof renderJobEntity.where, n: number) =>
  n === 1 ? w.or(w.eq('attempts', n), w.notExists('attempts')) : w.eq('attempts', n);

export interface QueueHead {
  generationId: string;
  enqueuedAt: string;
  sk: string;
}

const JOB_TTL_SECONDS = 7 * 24 * 3600;
const ttl = (now: Date) => Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS;
/** The provider's in-flight counter item's attributes. */
type ProviderSlots = { inFlight: number };

const toJob = (item: unknown): RenderJob | null => renderJobEntity.parseOrNull(item);

export async function getRenderJob(db: Db, generationId: string): Promise<RenderJob | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.renderJob(generationId), ConsistentRead: true }),
  );
  return toJob(res.Item);
}

/**
 * Queue a generation's render, or (a retried enqueue task) hand the job the new task token. Returns the job
 * as stored afterwards.
 */
export async function enqueueRenderJob(
  db: Db,
  input: { generationId: string; userId: string; provider: ProviderName; priority: boolean; taskToken: string },
  now = new Date(),
): Promise<RenderJob> {
  const enqueuedAt = now.toISOString();
  const lane = input.priority ? 'P' : 'S';
  const entry = { provider: input.provider, lane, generationId: input.generationId, enqueuedAt } as const;
  const job: RenderJob = { ...input, state: 'queued', enqueuedAt, queueSk: queueEntryEntity.key(entry).sk };
  const out = await transactNamed(
    db,
    {
      job: tx.put(db, renderJobEntity.item(job, { ttl: ttl(now) }), ITEM_ABSENT),
      entry: tx.put(db, queueEntryEntity.item(entry, { ttl: ttl(now) })),
    },
    { retryConflicts: false },
  );
  if (out.applied) return job;
  if (out.conflict) throw out.error; // as before: only an existing job is an answer
  // Already queued or running: the task was retried with a new token; the old one is dead.
  const after = await updateItem(
    db,
    keys.renderJob(input.generationId),
    renderJobEntity.update().set({ taskToken: input.taskToken }).where(ITEM_EXISTS),
    { returnValues: 'ALL_NEW' },
  );
  return toJob(after)!;
}

/** The oldest waiting job of each lane (strongly consistent). */
export async function queueHeads(
  db: Db,
  provider: ProviderName,
): Promise<{ priority: QueueHead | null; standard: QueueHead | null }> {
  const head = async (lane: 'P' | 'S'): Promise<QueueHead | null> => {
    const { pk, skPrefix } = keys.renderQueueLane(provider, lane);
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ConsistentRead: true,
        Limit: 1,
      }),
    );
    const i = res.Items?.[0];
    if (!i) return null;
    const { generationId, enqueuedAt } = queueEntryEntity.parsePick(i, ['generationId', 'enqueuedAt']);
    return { generationId, enqueuedAt, sk: tableKeySchema.parse(i).sk };
  };
  const [priority, standard] = await Promise.all([head('P'), head('S')]);
  return { priority, standard };
}

/** How many jobs wait in a provider's queue (the bench; not on a request path). */
export async function queueDepth(db: Db, provider: ProviderName): Promise<number> {
  return countAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.renderQueuePartition(provider).pk },
  });
}

/**
 * Take a slot for a waiting job: delete its queue entry, mark it running (attempt 1) with a start lease, and add one
 * to the provider's in-flight count (below `maxInFlight`), in one transaction. False when another dispatcher won.
 * The claim carries its own token: when the transaction is sent again after its answer was lost (it applied, the
 * repeat fails its conditions), the job read back holds this token and the claim is ours (true), so the job is not
 * left running with no worker until its lease runs out.
 */
export async function claimRenderJob(
  db: Db,
  provider: ProviderName,
  head: QueueHead,
  maxInFlight: number,
  leaseSeconds: number,
  now = new Date(),
  claimToken: string = randomUUID(),
): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const slots = where<ProviderSlots>();
  const out = await transactNamed(
    db,
    {
      entry: tx.delete(db, keys.renderQueueItem(provider, head.sk), ITEM_EXISTS),
      // running: into the lease index
      job: tx.update(
        db,
        keys.renderJob(head.generationId),
        leaseMove(head.generationId, leaseUntil)
          .set({ state: 'running', claimedAt: now.toISOString(), attempts: 1, claimToken })
          .where((w) => w.eq('state', 'queued')),
      ),
      slots: tx.update(
        db,
        keys.providerSlots(provider),
        update<ProviderSlots>()
          .increment('inFlight', 1)
          .set({ type: 'ProviderSlots' })
          .where(slots.or(slots.notExists('inFlight'), slots.lt('inFlight', maxInFlight))),
      ),
    },
    { retryConflicts: false, anyCancellationIsConflict: true },
  );
  if (out.applied) return true;
  // lost: another dispatcher won, or this very claim applied and only its answer was lost
  const job = await getRenderJob(db, head.generationId);
  return job?.claimToken === claimToken && job.state !== 'queued';
}

/** Finish a running job and free its slot (one transaction). False when it was not running (already released). */
export async function releaseRenderJob(db: Db, provider: ProviderName, generationId: string): Promise<boolean> {
  // done: out of the lease index
  const finish = () =>
    renderJobEntity
      .update()
      .set({ state: 'done' })
      .index(renderJobEntity.indexUpdate('gsi2', { generationId, state: 'done' }))
      .where((w) => w.eq('state', 'running'));
  // a conflict with a concurrent claim or release of the same counter: the toolkit's bounded retry with jitter
  return withRetry(async () => {
    const out = await transactNamed(
      db,
      {
        job: tx.update(db, keys.renderJob(generationId), finish()),
        slots: tx.update(
          db,
          keys.providerSlots(provider),
          update<ProviderSlots>()
            .increment('inFlight', -1)
            .where((w) => w.gt('inFlight', 0)),
        ),
      },
      { retryConflicts: false, anyCancellationIsConflict: true },
    );
    if (out.applied) return true;
    if (out.conflict) return AGAIN;
    // The job is running but its provider counts no slot in flight: a job reopened after a stop (reopenRenderJob
    // takes none) ends without freeing one (before, it stayed running for ever, and the sweeper kept finding it).
    if (!out.failed('job') && out.failed('slots')) return updateIf(db, keys.renderJob(generationId), finish());
    return false;
  });
}

/** Take a job out of the queue without running it (aborted or failed execution). False when it was not queued. */
export async function dropQueuedRenderJob(db: Db, job: RenderJob): Promise<boolean> {
  const out = await transactNamed(
    db,
    {
      entry: tx.delete(db, keys.renderQueueItem(job.provider, job.queueSk)),
      job: tx.update(
        db,
        keys.renderJob(job.generationId),
        renderJobEntity
          .update()
          .set({ state: 'done' })
          .where((w) => w.eq('state', 'queued')),
      ),
    },
    { retryConflicts: false, anyCancellationIsConflict: true },
  );
  return out.applied;
}

/**
 * Another attempt of a running job whose worker died or crashed (issue 27): attempts + 1 and a new start lease
 * (`leaseUntil`), only from the attempt the caller saw (two sweepers, or a sweeper and the failure destination, retry
 * it once), and only when no worker may still run that attempt (issue 41): no worker began it, or the run that began
 * it gave its lease back (it crashed: endRenderRun) or its lease ran out by `now` (it died). `runOver`: the attempt's
 * run is known to be over (it handed its result on: a crash in a webhook's or a staged result's completion), so the
 * begun run's lease is not asked about. `dropPrediction`: the attempt starts from the provider call again (a staged
 * result whose image work crashed), so the recorded prediction id goes with it. `free`: the attempt does not count
 * towards RENDER_ATTEMPTS (a resume after a stop of the local stack).
 */
export async function retryRenderJob(
  db: Db,
  generationId: string,
  seenAttempts: number,
  leaseUntil: Date,
  opts: { now?: Date; runOver?: boolean; dropPrediction?: boolean; free?: boolean } = {},
): Promise<boolean> {
  const lease = leaseUntil.toISOString();
  const now = (opts.now ?? new Date()).toISOString();
  const u = leaseMove(generationId, lease)
    .set({ attempts: seenAttempts + 1 })
    .where((w) =>
      w.and(
        w.eq('state', 'running'),
        onAttempt(w, seenAttempts),
        !opts.runOver &&
          w.or(w.notExists('startedAttempt'), w.lt('startedAttempt', seenAttempts), w.le('leaseUntil', now)),
      ),
    );
  if (opts.free) u.add({ freeAttempts: 1 });
  if (opts.dropPrediction) u.remove('providerJobId');
  return updateIf(db, keys.renderJob(generationId), u);
}

/**
 * A begun run that crashed gives its lease back (it ends now), so its failure destination may start the next attempt
 * at once (retryRenderJob). Only the run that began the attempt (`runToken`), and only before it recorded a
 * prediction or a staged result (that one is finished by the webhook or the sweeper's poll, never paid for again).
 */
export function endRenderRun(db: Db, generationId: string, runToken: string, now = new Date()): Promise<boolean> {
  const lease = now.toISOString();
  return updateIf(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease).where((w) =>
      w.and(w.eq('state', 'running'), w.eq('runToken', runToken), w.notExists('providerJobId')),
    ),
  );
}

/**
 * "Begin attempt N" (issue 41), written by the worker before anything else and so before any provider call: only
 * while the job is running on attempt N and no worker began it yet. It moves the lease to `leaseUntil` (the lease
 * starts when the worker starts). The job as it is afterwards, or null: a stale attempt (the job moved on to a later
 * one, or ended) or another delivery of the same event that began first; either way the caller stops. A begin sent
 * again after its answer was lost reads back its own `runToken` and goes on.
 */
export async function beginRenderAttempt(
  db: Db,
  generationId: string,
  attempt: number,
  runToken: string,
  leaseUntil: Date,
): Promise<RenderJob | null> {
  const lease = leaseUntil.toISOString();
  const begun = await updateIfReturning(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease)
      .set({ startedAttempt: attempt, runToken })
      .where((w) =>
        w.and(
          w.eq('state', 'running'),
          onAttempt(w, attempt),
          w.or(w.notExists('startedAttempt'), w.lt('startedAttempt', attempt)),
        ),
      ),
    'ALL_NEW',
  );
  if (begun) return toJob(begun);
  const job = await getRenderJob(db, generationId);
  return job?.state === 'running' && job.startedAttempt === attempt && job.runToken === runToken ? job : null;
}

/**
 * Record the prediction (or staged result) attempt `attempt` got from the provider and move the lease (the webhook
 * is awaited until then). Set once: only while the job is running on that attempt and has none. False when it was
 * not recorded (the job ended or moved on). Sent again after a lost answer, it reads back its own id (true).
 */
export async function recordProviderJob(
  db: Db,
  generationId: string,
  attempt: number,
  providerJobId: string,
  leaseUntil: Date,
  fields: { step?: number } = {},
): Promise<boolean> {
  const lease = leaseUntil.toISOString();
  const applied = await updateIf(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease)
      .set({ providerJobId, step: fields.step })
      .where((w) => w.and(w.eq('state', 'running'), onAttempt(w, attempt), w.notExists('providerJobId'))),
  );
  if (applied) return true;
  const job = await getRenderJob(db, generationId);
  return job?.state === 'running' && job.providerJobId === providerJobId && (job.attempts ?? 1) === attempt;
}

/**
 * A job that ended ('done') while its generation is still active: the end (a result, a cancel) was never heard
 * by the workflow because the stack stopped or crashed in between (issue 27). The resumed execution opens it
 * again as running with a lease already out, so the start-up resume (locally) or the sweeper (AWS) takes it:
 * a stored result is reported, otherwise the look is rendered again. Only from 'done' (one caller wins).
 */
export async function reopenRenderJob(db: Db, generationId: string, now = new Date()): Promise<boolean> {
  const lease = now.toISOString();
  return updateIf(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease)
      .set({ state: 'running' })
      .where((w) => w.eq('state', 'done')),
  );
}

/**
 * Move a running job's lease (and its polls); a chained outfit's advance records the next step's prediction, only
 * from the prediction the caller finished (`expectProviderJobId`). A first prediction is recorded by
 * recordProviderJob (once, by its attempt).
 */
export async function setRenderJobLease(
  db: Db,
  generationId: string,
  leaseUntil: Date,
  fields: { polls?: number; step?: number } & (
    | { providerJobId?: undefined; expectProviderJobId?: undefined }
    | { providerJobId: string; expectProviderJobId: string }
  ) = {},
): Promise<boolean> {
  const lease = leaseUntil.toISOString();
  return updateIf(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease)
      .set({ providerJobId: fields.providerJobId || undefined, polls: fields.polls, step: fields.step })
      // advancing a chained outfit: only from the prediction this caller finished (one advance per step)
      .where((w) =>
        w.and(
          w.eq('state', 'running'),
          !!fields.expectProviderJobId && w.eq('providerJobId', fields.expectProviderJobId),
        ),
      ),
  );
}

/**
 * Claim the advance of a chained outfit past the prediction `fromProviderJobId` (it ended): true for exactly one
 * caller per prediction, whoever completes it (a repeated webhook, the sweeper's poll), so the next step is
 * submitted to the provider once. The lease covers the submission; a claimer that dies leaves the claim to the
 * sweeper, which ends the job (it cannot know whether the next step was submitted).
 */
export function claimRenderStepAdvance(
  db: Db,
  generationId: string,
  fromProviderJobId: string,
  leaseUntil: Date,
): Promise<boolean> {
  const lease = leaseUntil.toISOString();
  return updateIf(
    db,
    keys.renderJob(generationId),
    leaseMove(generationId, lease)
      .set({ advancingFrom: fromProviderJobId })
      .where((w) =>
        w.and(
          w.eq('state', 'running'),
          w.eq('providerJobId', fromProviderJobId),
          w.or(w.notExists('advancingFrom'), w.ne('advancingFrom', fromProviderJobId)),
        ),
      ),
  );
}

/** Running jobs whose lease ended before `now` (the sweeper: poll fallback or time-out). */
export async function listExpiredRenderLeases(db: Db, now: Date, limit = 100): Promise<{ generationId: string }[]> {
  const page = await queryPage(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
    ExpressionAttributeValues: { ':pk': keys.renderJobLeasePartition(), ':now': now.toISOString() },
    Limit: limit,
  });
  return page.items.map((i) => renderJobEntity.parsePick(i, ['generationId']));
}

export async function inFlight(db: Db, provider: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.providerSlots(provider), ConsistentRead: true }),
  );
  return res.Item ? providerSlotsEntity.parsePick(res.Item, ['inFlight']).inFlight : 0;
}
