/**
 * Favourites and style reports.
 * - Favourite: `USER#<uid> / FAV#<styleId>`; its Put (attribute_not_exists) or Delete (attribute_exists) runs in the
 *   same transaction as `ADD favoriteCount ±1` on the style, so the count equals the number of FAV items under any
 *   interleaving of concurrent toggles, and repeating a toggle changes nothing (idempotent).
 * - Report: `REPORT#<id>` (open ones in the sparse gsi1 REPORTS#OPEN), written with the lock item
 *   `STYLE#<styleId> / REPORTLOCK#<uid>` (attribute_not_exists): one open report per user and style.
 */
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createReportWithLock, listOpenReports } from './report-repository';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { stripKeys, withRetry } from './toolkit';

type Reasons = { Code?: string }[];
const reasonsOf = (err: unknown): Reasons => (err as { CancellationReasons?: Reasons }).CancellationReasons ?? [];

/** True for a transaction cancelled only because another transaction touched the same item (retry it). */
export function isTransactionConflict(err: unknown): boolean {
  const e = err as { name?: string };
  if (e?.name === 'TransactionConflictException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  const reasons = reasonsOf(err);
  return (
    reasons.some((r) => r?.Code === 'TransactionConflict') && !reasons.some((r) => r?.Code === 'ConditionalCheckFailed')
  );
}

/** Run a transactional write, retrying transaction conflicts with the toolkit's one policy (full jitter). */
export async function withConflictRetry<T>(fn: () => Promise<T>): Promise<T> {
  return withRetry(fn, isTransactionConflict);
}

export type FavoriteResult = 'added' | 'already' | 'style-missing';

export async function addFavorite(db: Db, userId: string, styleId: string, now = new Date()): Promise<FavoriteResult> {
  const createdAt = now.toISOString();
  try {
    await withConflictRetry(() =>
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: db.tableName,
                Item: {
                  ...keys.favorite(userId, styleId),
                  ...keys.favoriteByUserIndex(userId, createdAt, styleId),
                  type: 'Favorite',
                  userId,
                  styleId,
                  createdAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: db.tableName,
                Key: keys.style(styleId),
                UpdateExpression: 'ADD favoriteCount :one',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      ),
    );
    return 'added';
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = reasonsOf(err);
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'already';
    return 'style-missing';
  }
}

export type UnfavoriteResult = 'removed' | 'absent';

export async function removeFavorite(db: Db, userId: string, styleId: string): Promise<UnfavoriteResult> {
  try {
    await withConflictRetry(() =>
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: db.tableName,
                Key: keys.favorite(userId, styleId),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Update: {
                TableName: db.tableName,
                Key: keys.style(styleId),
                UpdateExpression: 'ADD favoriteCount :minus',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':minus': -1 },
              },
            },
          ],
        }),
      ),
    );
    return 'removed';
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = reasonsOf(err);
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'absent';
    // the style is gone: drop the orphaned favourite on its own (there is no count left to keep)
    await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.favorite(userId, styleId) }));
    return 'removed';
  }
}

export async function isFavorite(db: Db, userId: string, styleId: string): Promise<boolean> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.favorite(userId, styleId), ProjectionExpression: 'pk' }),
  );
  return !!res.Item;
}

/** The style ids a user has favourited, newest first. */
export async function listFavoriteStyleIds(
  db: Db,
  userId: string,
  limit = 500,
): Promise<{ styleId: string; createdAt: string }[]> {
  const out: { styleId: string; createdAt: string }[] = [];
  const pk = keys.favoriteByUserIndex(userId, '', '').gsi2pk;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: TABLE_SCHEMA.gsi2.name,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'styleId, createdAt',
        ScanIndexForward: false,
        ExclusiveStartKey,
      }),
    );
    for (const i of res.Items ?? []) out.push(i as { styleId: string; createdAt: string });
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey && out.length < limit);
  return out.slice(0, limit);
}

/** The number of FAV items of a style (consistent read of the counter on the style item). */
export async function getFavoriteCount(db: Db, styleId: string): Promise<number> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.style(styleId),
      ProjectionExpression: 'favoriteCount',
      ConsistentRead: true,
    }),
  );
  return Number(res.Item?.favoriteCount ?? 0);
}

export interface StyleReportRecord {
  id: string;
  styleId: string;
  styleName: string;
  styleCreatedBy: string;
  reporterId: string;
  reason: string;
  status: 'open' | 'resolved' | 'dismissed';
  createdAt: string;
}

/** Write an open report with its per-user lock; false when this user already has an open report on the style. */
export async function createStyleReport(db: Db, r: StyleReportRecord): Promise<boolean> {
  return createReportWithLock(
    db,
    {
      ...keys.styleReportLock(r.styleId, r.reporterId),
      type: 'StyleReportLock',
      reportId: r.id,
      createdAt: r.createdAt,
    },
    { ...keys.styleReport(r.id), ...keys.styleReportOpenIndex(r.createdAt, r.id), type: 'StyleReport', ...r },
  );
}

/** Open reports, newest first. */
export async function listOpenStyleReports(db: Db, limit = 500): Promise<StyleReportRecord[]> {
  return (await listOpenReports(db, 'StyleReport', limit)).map((i) => stripKeys<StyleReportRecord>(i));
}
