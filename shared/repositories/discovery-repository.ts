/**
 * Favourites and style reports.
 * - Favourite: `USER#<uid> / FAV#<styleId>`; its Put (attribute_not_exists) or Delete (attribute_exists) runs in the
 *   same transaction as `ADD favoriteCount ±1` on the style, so the count equals the number of FAV items under any
 *   interleaving of concurrent toggles, and repeating a toggle changes nothing (idempotent).
 * - Report: `REPORT#<id>` (open ones in the sparse gsi1 REPORTS#OPEN), written with the lock item
 *   `STYLE#<styleId> / REPORTLOCK#<uid>` (attribute_not_exists): one open report per user and style.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createReportWithLock, listOpenReportRecords, type ReportRecord } from './report-repository';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { deleteItem, queryAll, transactConditional, tx } from './toolkit';

export type FavoriteResult = 'added' | 'already' | 'style-missing';

export async function addFavorite(db: Db, userId: string, styleId: string, now = new Date()): Promise<FavoriteResult> {
  const createdAt = now.toISOString();
  const out = await transactConditional(db, [
    tx.put(
      db,
      {
        ...keys.favorite(userId, styleId),
        ...keys.favoriteByUserIndex(userId, createdAt, styleId),
        type: 'Favorite',
        userId,
        styleId,
        createdAt,
      },
      'attribute_not_exists(pk)',
    ),
    tx.update(db, keys.style(styleId), {
      UpdateExpression: 'ADD favoriteCount :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  ]);
  if (out.applied) return 'added';
  return out.conditionFailed(0) ? 'already' : 'style-missing';
}

export type UnfavoriteResult = 'removed' | 'absent';

export async function removeFavorite(db: Db, userId: string, styleId: string): Promise<UnfavoriteResult> {
  const out = await transactConditional(db, [
    tx.delete(db, keys.favorite(userId, styleId), 'attribute_exists(pk)'),
    tx.update(db, keys.style(styleId), {
      UpdateExpression: 'ADD favoriteCount :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minus': -1 },
    }),
  ]);
  if (out.applied) return 'removed';
  if (out.conditionFailed(0)) return 'absent';
  // the style is gone: drop the orphaned favourite on its own (there is no count left to keep)
  await deleteItem(db, keys.favorite(userId, styleId));
  return 'removed';
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
  const pk = keys.favoriteByUserIndex(userId, '', '').gsi2pk;
  return queryAll<{ styleId: string; createdAt: string }>(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'styleId, createdAt',
      ScanIndexForward: false,
    },
    { max: limit },
  );
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

export interface StyleReportRecord extends ReportRecord {
  styleId: string;
  styleName: string;
  styleCreatedBy: string;
}

/** Write an open report with its per-user lock; false when this user already has an open report on the style. */
export async function createStyleReport(db: Db, r: StyleReportRecord): Promise<boolean> {
  return createReportWithLock(db, 'StyleReport', keys.styleReportLock(r.styleId, r.reporterId), r);
}

/** Open reports, newest first. */
export async function listOpenStyleReports(db: Db, limit = 500): Promise<StyleReportRecord[]> {
  return listOpenReportRecords<StyleReportRecord>(db, 'StyleReport', limit);
}
