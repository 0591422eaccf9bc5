/**
 * Favourites and style reports.
 * - Favourite: `USER#<uid> / FAV#<styleId>`; its Put (attribute_not_exists) or Delete (attribute_exists) runs in the
 *   same transaction as `ADD favoriteCount ±1` on the style, so the count equals the number of FAV items under any
 *   interleaving of concurrent toggles, and repeating a toggle changes nothing (idempotent).
 * - Report: `REPORT#<id>` (open ones in the sparse gsi1 REPORTS#OPEN), written with the lock item
 *   `STYLE#<styleId> / REPORTLOCK#<uid>` (attribute_not_exists): one open report per user and style.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  createReportWithLock,
  listOpenReportRecords,
  openReportIndex,
  reportKey,
  reportSchema,
} from './report-repository';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { deleteItem, entity, queryAll, transactConditional, tx, type EntityRecord } from './toolkit';

/** A user's favourite style; a user's favourites newest first (gsi2). */
export const favoriteEntity = entity({
  name: 'Favorite',
  schema: z.object({ userId: z.string(), styleId: z.string(), createdAt: z.string() }),
  key: (f) => keys.favorite(f.userId, f.styleId),
  indexes: { gsi2: (f) => keys.favoriteByUserIndex(f.userId, f.createdAt, f.styleId) },
});

export type FavoriteResult = 'added' | 'already' | 'style-missing';

export async function addFavorite(db: Db, userId: string, styleId: string, now = new Date()): Promise<FavoriteResult> {
  const createdAt = now.toISOString();
  const out = await transactConditional(db, [
    tx.put(db, favoriteEntity.item({ userId, styleId, createdAt }), 'attribute_not_exists(pk)'),
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
  const items = await queryAll(
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
  return items.map((i) => favoriteEntity.parsePick(i, ['styleId', 'createdAt']));
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
  return z.object({ favoriteCount: z.number().default(0) }).parse(res.Item ?? {}).favoriteCount;
}

/** A report of a style (the open-report index is the reports' common declaration). */
export const styleReportEntity = entity({
  name: 'StyleReport',
  schema: reportSchema.extend({ styleId: z.string(), styleName: z.string(), styleCreatedBy: z.string() }),
  key: reportKey,
  indexes: { gsi1: openReportIndex },
});
export type StyleReportRecord = EntityRecord<typeof styleReportEntity>;

/** Write an open report with its per-user lock; false when this user already has an open report on the style. */
export async function createStyleReport(db: Db, r: StyleReportRecord): Promise<boolean> {
  return createReportWithLock(db, 'StyleReport', keys.styleReportLock(r.styleId, r.reporterId), r);
}

/** Open reports, newest first. */
export async function listOpenStyleReports(db: Db, limit = 500): Promise<StyleReportRecord[]> {
  return listOpenReportRecords(db, styleReportEntity, limit);
}
