/**
 * Favourites and style reports.
 * - Favourite: `USER#<uid> / FAV#<styleId>`; its Put (attribute_not_exists) or Delete (attribute_exists) runs in the
 *   same transaction as `ADD favorites ±1` on one of the style's counter shards (style-counter-repository.ts; never
 *   the style item, a hot key for a viral style), so the count (the style's favoriteCount from before + the shards)
 *   equals the number of FAV items under any interleaving of concurrent toggles, and repeating a toggle changes
 *   nothing (idempotent).
 * - Report: `REPORT#<id>` (open ones in the sparse gsi1 REPORTS#OPEN), written with the lock item
 *   `STYLE#<styleId> / REPORTLOCK#<uid>` (attribute_not_exists): one open report per user and style.
 */
import { GetCommand } from './dynamo-client';
import * as z from 'zod';
import {
  createReportWithLock,
  reportByReporterIndex,
  listOpenReportRecords,
  openReportIndex,
  reportKey,
  reportSchema,
} from './report-repository';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import {
  decodeCursor,
  encodeCursor,
  entity,
  queryAll,
  queryPage,
  ITEM_ABSENT,
  ITEM_EXISTS,
  transactNamed,
  tx,
  type EntityRecord,
} from './toolkit';
import { favoriteCountMove } from './style-counter-repository';
import { lazySchema } from '../schemas/lazy-schema';

/** A user's favourite style; a user's favourites newest first (gsi2). */
export const favoriteEntity = entity({
  name: 'Favorite',
  schema: lazySchema(() => z.object({ userId: z.string(), styleId: z.string(), createdAt: z.string() })),
  key: (f) => keys.favorite(f.userId, f.styleId),
  indexes: { gsi2: (f) => keys.favoriteByUserIndex(f.userId, f.createdAt, f.styleId) },
});

export type FavoriteResult = 'added' | 'already';

/** Favourite a style (the caller checked it is visible): the FAV item and the user's counter shard move together. */
export async function addFavorite(db: Db, userId: string, styleId: string, now = new Date()): Promise<FavoriteResult> {
  const createdAt = now.toISOString();
  const out = await transactNamed(db, {
    favorite: tx.put(db, favoriteEntity.item({ userId, styleId, createdAt }), ITEM_ABSENT),
    count: favoriteCountMove(db, styleId, userId, 1),
  });
  return out.applied ? 'added' : 'already';
}

export type UnfavoriteResult = 'removed' | 'absent';

/** Unfavourite (also a style that is gone or went private): the FAV item goes and the count drops, exactly once. */
export async function removeFavorite(db: Db, userId: string, styleId: string): Promise<UnfavoriteResult> {
  const out = await transactNamed(db, {
    favorite: tx.delete(db, keys.favorite(userId, styleId), ITEM_EXISTS),
    count: favoriteCountMove(db, styleId, userId, -1),
  });
  return out.applied ? 'removed' : 'absent';
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

/**
 * One page of a user's favourites, newest first (`cursor` from the page before; signed for this user's list, so
 * a cursor of another list or user is a 400).
 */
export async function listFavoritePage(
  db: Db,
  userId: string,
  opts: { limit: number; cursor?: string | null },
): Promise<{ items: { styleId: string; createdAt: string }[]; nextCursor: string | null }> {
  const scope = `favorites:${userId}`;
  const pk = keys.favoriteByUserIndex(userId, '', '').gsi2pk;
  const start = decodeCursor(opts.cursor, scope);
  const page = await queryPage(
    db,
    {
      IndexName: TABLE_SCHEMA.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'pk, sk, gsi2pk, gsi2sk, styleId, createdAt',
      ScanIndexForward: false,
      Limit: opts.limit,
    },
    start && start.gsi2pk === pk ? start : undefined,
  );
  return {
    items: page.items.map((i) => favoriteEntity.parsePick(i, ['styleId', 'createdAt'])),
    nextCursor: encodeCursor(page.lastKey, scope),
  };
}

export { getFavoriteCount } from './style-counter-repository';

/** A report of a style (the open-report index is the reports' common declaration). */
export const styleReportEntity = entity({
  name: 'StyleReport',
  schema: lazySchema(() =>
    reportSchema.extend({ styleId: z.string(), styleName: z.string(), styleCreatedBy: z.string() }),
  ),
  key: reportKey,
  indexes: { gsi1: openReportIndex, gsi2: (r) => reportByReporterIndex(r.reporterId, r) },
});
export type StyleReportRecord = EntityRecord<typeof styleReportEntity>;

/** Write an open report with its per-user lock; false when this user already has an open report on the style. */
export async function createStyleReport(db: Db, r: StyleReportRecord): Promise<boolean> {
  const lock = keys.styleReportLock(r.styleId, r.reporterId);
  return createReportWithLock(db, 'StyleReport', lock, r, styleReportEntity.item(r));
}

/** Open reports, newest first. */
export async function listOpenStyleReports(db: Db, limit = 500): Promise<StyleReportRecord[]> {
  return listOpenReportRecords(db, styleReportEntity, limit);
}
