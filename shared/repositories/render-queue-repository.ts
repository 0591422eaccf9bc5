/**
 * The render queue (see docs/architecture.md "Generations"): per provider, waiting jobs in two lanes
 * (`RENDERQ#<provider> / P#...` priority, `S#...` standard, oldest first), one job item per generation
 * (`RENDERJOB#<id> / JOB`: task token, state, lease) and the provider's in-flight counter
 * (`PROVIDER#<provider> / SLOTS`). Claiming moves a job from its lane to running and takes a slot in one
 * transaction; releasing marks it done and frees the slot in one transaction; each is conditional, so a
 * retried or duplicated call never takes or frees a slot twice.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProviderName } from '../domain/render-queue';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { countAll, queryPage, updateIf, withRetry } from './toolkit';

export type RenderJobState = 'queued' | 'running' | 'done';

export interface RenderJob {
  generationId: string;
  userId: string;
  provider: ProviderName;
  priority: boolean;
  taskToken: string;
  state: RenderJobState;
  enqueuedAt: string;
  queueSk: string;
  claimedAt?: string;
  leaseUntil?: string;
  /** An asynchronous provider's prediction id, once submitted. */
  providerJobId?: string;
  /** Times the job was polled after its webhook did not come. */
  polls?: number;
  /** A chained outfit on an asynchronous provider: the step `providerJobId` renders (0-based). */
  step?: number;
  /** A chained outfit: the prediction whose step is being advanced (claimed before the next step is submitted). */
  advancingFrom?: string;
}

export interface QueueHead {
  generationId: string;
  enqueuedAt: string;
  sk: string;
}

const JOB_TTL_SECONDS = 7 * 24 * 3600;
const ttl = (now: Date) => Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS;
const conflictOrCondition = (err: unknown) =>
  isConditionFailure(err) ||
  (err as Error).name === 'TransactionCanceledException' ||
  (err as Error).name === 'TransactionConflictException';

function toJob(item: Record<string, unknown> | undefined): RenderJob | null {
  if (!item) return null;
  const { pk, sk, gsi2pk, gsi2sk, type, ttl: t, ...rest } = item;
  void pk;
  void sk;
  void gsi2pk;
  void gsi2sk;
  void type;
  void t;
  return rest as unknown as RenderJob;
}

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
  const entry = keys.renderQueueEntry(input.provider, input.priority ? 'P' : 'S', enqueuedAt, input.generationId);
  const job: RenderJob = { ...input, state: 'queued', enqueuedAt, queueSk: entry.sk };
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: { ...keys.renderJob(input.generationId), type: 'RenderJob', ...job, ttl: ttl(now) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: db.tableName,
              Item: { ...entry, type: 'RenderQueueEntry', generationId: input.generationId, enqueuedAt, ttl: ttl(now) },
            },
          },
        ],
      }),
    );
    return job;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  // Already queued or running: the task was retried with a new token; the old one is dead.
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.renderJob(input.generationId),
      UpdateExpression: 'SET taskToken = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': input.taskToken },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toJob(res.Attributes)!;
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
    return i ? { generationId: String(i.generationId), enqueuedAt: String(i.enqueuedAt), sk: String(i.sk) } : null;
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
 * Take a slot for a waiting job: delete its queue entry, mark it running with a lease, and add one to the
 * provider's in-flight count (below `maxInFlight`), in one transaction. False when another dispatcher won.
 */
export async function claimRenderJob(
  db: Db,
  provider: ProviderName,
  head: QueueHead,
  maxInFlight: number,
  leaseSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.tableName,
              Key: keys.renderQueueItem(provider, head.sk),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: keys.renderJob(head.generationId),
              UpdateExpression:
                'SET #s = :running, claimedAt = :now, leaseUntil = :lease, gsi2pk = :gpk, gsi2sk = :gsk',
              ConditionExpression: '#s = :queued',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: {
                ':running': 'running',
                ':queued': 'queued',
                ':now': now.toISOString(),
                ':lease': leaseUntil,
                ...gsi(leaseUntil, head.generationId),
              },
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: keys.providerSlots(provider),
              UpdateExpression: 'SET inFlight = if_not_exists(inFlight, :zero) + :one, #t = :type',
              ConditionExpression: 'attribute_not_exists(inFlight) OR inFlight < :max',
              ExpressionAttributeNames: { '#t': 'type' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': maxInFlight, ':type': 'ProviderSlots' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (conflictOrCondition(err)) return false;
    throw err;
  }
}

const gsi = (leaseUntil: string, generationId: string) => {
  const k = keys.renderJobLeaseIndex(leaseUntil, generationId);
  return { ':gpk': k.gsi2pk, ':gsk': k.gsi2sk };
};

/** Finish a running job and free its slot (one transaction). False when it was not running (already released). */
export async function releaseRenderJob(db: Db, provider: ProviderName, generationId: string): Promise<boolean> {
  // a conflict with a concurrent claim or release of the same counter: the toolkit's bounded retry with jitter
  const conflict = (err: unknown) => (err as Error).name === 'TransactionCanceledException' && !isConditionFailure(err);
  return withRetry(async () => {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: db.tableName,
                Key: keys.renderJob(generationId),
                UpdateExpression: 'SET #s = :done REMOVE gsi2pk, gsi2sk',
                ConditionExpression: '#s = :running',
                ExpressionAttributeNames: { '#s': 'state' },
                ExpressionAttributeValues: { ':done': 'done', ':running': 'running' },
              },
            },
            {
              Update: {
                TableName: db.tableName,
                Key: keys.providerSlots(provider),
                UpdateExpression: 'SET inFlight = inFlight - :one',
                ConditionExpression: 'inFlight > :zero',
                ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }, conflict);
}

/** Take a job out of the queue without running it (aborted or failed execution). False when it was not queued. */
export async function dropQueuedRenderJob(db: Db, job: RenderJob): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: db.tableName, Key: keys.renderQueueItem(job.provider, job.queueSk) } },
          {
            Update: {
              TableName: db.tableName,
              Key: keys.renderJob(job.generationId),
              UpdateExpression: 'SET #s = :done',
              ConditionExpression: '#s = :queued',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':done': 'done', ':queued': 'queued' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (conflictOrCondition(err)) return false;
    throw err;
  }
}

/** Record an asynchronous provider's prediction id and move the lease (the webhook is awaited until then). */
export async function setRenderJobLease(
  db: Db,
  generationId: string,
  leaseUntil: Date,
  fields: { providerJobId?: string; polls?: number; step?: number; expectProviderJobId?: string } = {},
): Promise<boolean> {
  const lease = leaseUntil.toISOString();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.renderJob(generationId),
        UpdateExpression: `SET leaseUntil = :lease, gsi2sk = :gsk${fields.providerJobId ? ', providerJobId = :pj' : ''}${fields.polls !== undefined ? ', polls = :polls' : ''}${fields.step !== undefined ? ', #step = :step' : ''}`,
        // advancing a chained outfit: only from the prediction this caller finished (one advance per step)
        ConditionExpression: `#s = :running${fields.expectProviderJobId ? ' AND providerJobId = :prev' : ''}`,
        ExpressionAttributeNames: { '#s': 'state', ...(fields.step !== undefined ? { '#step': 'step' } : {}) },
        ExpressionAttributeValues: {
          ':lease': lease,
          ':gsk': keys.renderJobLeaseIndex(lease, generationId).gsi2sk,
          ':running': 'running',
          ...(fields.providerJobId ? { ':pj': fields.providerJobId } : {}),
          ...(fields.polls !== undefined ? { ':polls': fields.polls } : {}),
          ...(fields.step !== undefined ? { ':step': fields.step } : {}),
          ...(fields.expectProviderJobId ? { ':prev': fields.expectProviderJobId } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
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
  return updateIf(db, {
    Key: keys.renderJob(generationId),
    UpdateExpression: 'SET advancingFrom = :from, leaseUntil = :lease, gsi2sk = :gsk',
    ConditionExpression:
      '#s = :running AND providerJobId = :from AND (attribute_not_exists(advancingFrom) OR advancingFrom <> :from)',
    ExpressionAttributeNames: { '#s': 'state' },
    ExpressionAttributeValues: {
      ':from': fromProviderJobId,
      ':lease': lease,
      ':gsk': keys.renderJobLeaseIndex(lease, generationId).gsi2sk,
      ':running': 'running',
    },
  });
}

/** Running jobs whose lease ended before `now` (the sweeper: poll fallback or time-out). */
export async function listExpiredRenderLeases(db: Db, now: Date, limit = 100): Promise<{ generationId: string }[]> {
  const page = await queryPage(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :now',
    ExpressionAttributeValues: { ':pk': keys.renderJobLeasePartition(), ':now': now.toISOString() },
    Limit: limit,
  });
  return page.items.map((i) => ({ generationId: String(i.generationId) }));
}

export async function inFlight(db: Db, provider: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.providerSlots(provider), ConsistentRead: true }),
  );
  return Number(res.Item?.inFlight ?? 0);
}
