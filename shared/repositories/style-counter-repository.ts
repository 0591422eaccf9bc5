/**
 * A style's write-sharded counters (issue 28; docs/data-model.md "Style counters", docs/capacity.md): items
 * `STYLE#<id>#COUNT#<n> / COUNT` (type StyleCounter), each its own partition.
 * - `pending`: completed generations of the style not yet folded into the style's `usageCount`. A generation adds
 *   1 to a random shard; when that shard last folded more than STYLE_USAGE_FOLD_MS ago, the same call moves its
 *   pending count onto the style in one transaction (the shard's condition: its pending count is still at least
 *   what is moved and nobody folded it meanwhile), so `usageCount + sum(pending)` is always the number of uses, and
 *   the style item takes at most STYLE_COUNTER_SHARDS folds per STYLE_USAGE_FOLD_MS (a minute) however hot the style is.
 * - `favorites`: favourites added (+1) and removed (-1) since the counters exist, on the user's own shard, moved in
 *   the favourite's own transaction; the count is the style's `favoriteCount` (from before) + the shards.
 */
import * as z from 'zod';
import { STYLE_COUNTER_SHARDS, STYLE_USAGE_FOLD_MS } from '../domain/catalog';
import { stableHash } from '../domain/shares';
import { moveStylePopularity, styleEntity } from './catalog-repository';
import { keys } from './keys';
import type { Db } from './table';
import {
  batchDeleteAll,
  batchGetAll,
  getItem,
  ITEM_EXISTS,
  transactNamed,
  tx,
  update,
  updateItem,
  type TransactItem,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

const shardKeys = (styleId: string) =>
  Array.from({ length: STYLE_COUNTER_SHARDS }, (_, n) => keys.styleCounter(styleId, n));

const shardNumbers = /* @__PURE__ */ lazySchema(() =>
  z.object({
    pending: z.number().default(0),
    favorites: z.number().default(0),
    foldedAt: z.number().default(0),
  }),
);
/** A shard's attributes as written (its numbers, and the style it counts). */
type StyleCounterShard = z.output<typeof shardNumbers> & { styleId: string };

/** Count one completed generation of a style (see above); a style deleted meanwhile keeps no count. */
export async function incrementStyleUsage(db: Db, styleId: string, now = new Date(), shard?: number): Promise<void> {
  const n = shard ?? Math.floor(Math.random() * STYLE_COUNTER_SHARDS);
  const key = keys.styleCounter(styleId, n);
  const after = shardNumbers.parse(
    (await updateItem(db, key, update<StyleCounterShard>().add({ pending: 1 }).set({ type: 'StyleCounter', styleId }), {
      returnValues: 'ALL_NEW',
    })) ?? {},
  );
  const t = now.getTime();
  if (after.pending <= 0 || after.foldedAt > t - STYLE_USAGE_FOLD_MS) return;
  // a failed condition: another call folded this shard meanwhile, or the style is gone; either way nothing to do
  const fold = await transactNamed(db, {
    shard: tx.update(
      db,
      key,
      update<StyleCounterShard>()
        .set({ foldedAt: t })
        .add({ pending: -after.pending })
        .where((w) =>
          w.and(
            w.ge('pending', after.pending),
            w.or(w.notExists('foldedAt'), w.le('foldedAt', t - STYLE_USAGE_FOLD_MS)),
          ),
        ),
    ),
    style: tx.update(
      db,
      keys.style(styleId),
      styleEntity.update().add({ usageCount: after.pending }).where(ITEM_EXISTS),
    ),
  });
  // the explore index's popular order follows the folded count (a tier per power of two)
  if (fold.applied) await moveStylePopularity(db, styleId, after.pending);
}

/** The shard update of a favourite's transaction: `favorites` ±1 on the user's own shard. */
export const favoriteCountMove = (db: Db, styleId: string, userId: string, delta: 1 | -1): TransactItem =>
  tx.update(
    db,
    keys.styleCounter(styleId, stableHash(userId) % STYLE_COUNTER_SHARDS),
    update<StyleCounterShard>().add({ favorites: delta }).set({ type: 'StyleCounter', styleId }),
  );

/** Sums of a style's shards (one consistent BatchGet of STYLE_COUNTER_SHARDS small items). */
export async function getStyleCounterSums(db: Db, styleId: string): Promise<{ pending: number; favorites: number }> {
  const items = await batchGetAll(db, shardKeys(styleId), { consistent: true });
  return items
    .map((i) => shardNumbers.parse(i))
    .reduce((s, i) => ({ pending: s.pending + i.pending, favorites: s.favorites + i.favorites }), {
      pending: 0,
      favorites: 0,
    });
}

/** The number of FAV items of a style: the style's own favoriteCount (kept before the shards) + the shards. */
export async function getFavoriteCount(db: Db, styleId: string): Promise<number> {
  const [style, sums] = await Promise.all([
    getItem(db, keys.style(styleId), { consistent: true, projection: 'favoriteCount' }),
    getStyleCounterSums(db, styleId),
  ]);
  return z.object({ favoriteCount: z.number().default(0) }).parse(style ?? {}).favoriteCount + sums.favorites;
}

/** The counter shards of a deleted style. */
export const deleteStyleCounters = (db: Db, styleId: string): Promise<void> => batchDeleteAll(db, shardKeys(styleId));
