/**
 * The open-report index (gsi1 `styleReportOpenIndex`), shared by reports of styles (type StyleReport,
 * discovery-repository.ts) and of shared looks (type ShareReport, share-repository.ts). A report is written
 * together with its reporter's lock (one open report per reporter and subject); closing it takes it out of the
 * index and releases the lock in one transaction.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { queryAll, stripKeys, type Item, type Key } from './toolkit';

export type ReportType = 'StyleReport' | 'ShareReport';

/** What every report carries (a style report adds the style, a share report the share). */
export interface ReportRecord {
  id: string;
  reporterId: string;
  reason: string;
  status: 'open' | 'resolved' | 'dismissed';
  createdAt: string;
}

/** Write a report and its reporter's lock; false when the lock (an open report of this reporter) exists. */
export async function createReportWithLock(db: Db, type: ReportType, lockKey: Key, r: ReportRecord): Promise<boolean> {
  const lock = { ...lockKey, type: `${type}Lock`, reportId: r.id, createdAt: r.createdAt };
  const report = { ...keys.styleReport(r.id), ...keys.styleReportOpenIndex(r.createdAt, r.id), type, ...r };
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.tableName, Item: lock, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: db.tableName, Item: report, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Open reports of one type, newest first (at most `limit`). */
export async function listOpenReports(db: Db, type: ReportType, limit?: number): Promise<Item[]> {
  return queryAll(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#t = :t',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':pk': keys.styleReportOpenIndex('', '').gsi1pk, ':t': type },
      ScanIndexForward: false,
    },
    limit === undefined ? {} : { max: limit },
  );
}

/** Open reports of one type as records (keys stripped), newest first. */
export async function listOpenReportRecords<T>(db: Db, type: ReportType, limit: number): Promise<T[]> {
  return (await listOpenReports(db, type, limit)).map((i) => stripKeys<T>(i));
}

/** Close a report (status set, out of the open index) and release its reporter's lock. */
export async function closeReport(
  db: Db,
  reportId: string,
  lock: Key,
  resolution: 'resolved' | 'dismissed',
  now: Date,
): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.tableName,
            Key: keys.styleReport(reportId),
            UpdateExpression: 'SET #s = :s, resolvedAt = :at REMOVE gsi1pk, gsi1sk',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':s': resolution, ':at': now.toISOString() },
          },
        },
        { Delete: { TableName: db.tableName, Key: lock } },
      ],
    }),
  );
}
