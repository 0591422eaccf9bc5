/**
 * Data export jobs ("Download my data", docs/privacy.md): the job items (expiring with the table TTL) and the
 * per-user lock that lets one export run at a time (issue 40).
 */
import { GetCommand } from './dynamo-client';
import * as z from 'zod';
import { EXPORT_STATUSES } from '../domain/privacy';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import {
  entity,
  getItem,
  ITEM_ABSENT,
  ITEM_EXISTS,
  queryAll,
  transactNamed,
  tx,
  updateIf,
  WriteConflict,
  type EntityRecord,
  type Item,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A data export job ("Download my data"), expiring with the table TTL. */
export const dataExportEntity = entity({
  name: 'DataExport',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      status: z.enum(EXPORT_STATUSES),
      progress: z.number(),
      createdAt: z.string(),
      updatedAt: z.string(),
      objectKey: z.string().nullable().default(null),
      readyAt: z.string().nullable().default(null),
      error: z.string().nullable().default(null),
    }),
  ),
  key: (e) => keys.dataExport(e.userId, e.id),
});
export type ExportRecord = EntityRecord<typeof dataExportEntity>;

export async function updateExport(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<Pick<ExportRecord, 'status' | 'progress' | 'objectKey' | 'readyAt' | 'error'>>,
  now = new Date(),
): Promise<void> {
  // false: the account was deleted meanwhile
  await updateIf(
    db,
    keys.dataExport(userId, id),
    dataExportEntity
      .update()
      .set({ ...patch, updatedAt: now.toISOString() })
      .where(ITEM_EXISTS),
  );
}

/** One export at a time (issue 40): which export last started for the user; its job's state decides the rest. */
export const dataExportLockEntity = entity({
  name: 'DataExportLock',
  schema: lazySchema(() => z.object({ userId: z.string(), exportId: z.string(), startedAt: z.string() })),
  key: (l) => keys.dataExportLock(l.userId),
});

/**
 * Create an export job unless another one is running, in one transaction: the lock item moves to the new job
 * only while it names the job read here (or none), and that job is checked to be finished, failed, gone or
 * stale (`updatedAt` before `staleBefore`). Concurrent requests: exactly one lands. Resolves `{ running }` with
 * the id of the export that holds the lock; throws WriteConflict when the lock moved meanwhile (decide again).
 */
export async function startExport(
  db: Db,
  e: ExportRecord,
  ttlEpochSeconds: number,
  staleBefore: Date,
): Promise<'started' | { running: string }> {
  const lockKey = keys.dataExportLock(e.userId);
  const held = dataExportLockEntity.parseOrNull(await getItem(db, lockKey, { consistent: true }))?.exportId ?? null;
  const ttl = { [TABLE_SCHEMA.ttlAttribute]: ttlEpochSeconds };
  const lock = dataExportLockEntity.item({ userId: e.userId, exportId: e.id, startedAt: e.createdAt }, ttl);
  const jobs = dataExportEntity.where;
  const out = await transactNamed(db, {
    lock: tx.put(db, lock, held ? dataExportLockEntity.where.eq('exportId', held) : ITEM_ABSENT),
    job: tx.put(db, dataExportEntity.item(e, ttl), ITEM_ABSENT),
    heldJobOver:
      held &&
      tx.check(
        db,
        keys.dataExport(e.userId, held),
        jobs.or(
          jobs.notExists('pk'),
          jobs.not(jobs.in('status', ['pending', 'building'])),
          jobs.lt('updatedAt', staleBefore.toISOString()),
        ),
      ),
  });
  if (out.applied) return 'started';
  if (held && out.failed('heldJobOver')) return { running: held };
  throw new WriteConflict();
}

const toExport = (i: Item | undefined): ExportRecord | null => dataExportEntity.parseOrNull(i);

export async function getExport(db: Db, userId: string, id: string): Promise<ExportRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.dataExport(userId, id), ConsistentRead: true }),
  );
  return toExport(res.Item);
}

export async function listExports(db: Db, userId: string): Promise<ExportRecord[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.dataExportPrefix(userId).pk,
      ':p': keys.dataExportPrefix(userId).skPrefix,
    },
    ScanIndexForward: false,
  });
  return items.map(dataExportEntity.parse);
}
