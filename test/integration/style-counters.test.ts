/**
 * Issue 28: a style's uses and favourites are counted on write-sharded counter items, not on the style item (a
 * viral style's hot key). Against DynamoDB Local: uses at once keep `usageCount + pending` exact and fold onto the
 * style at most once a second per shard; a lone use shows at once; favourites at once (add, repeat, remove) keep
 * the count equal to the FAV items, on top of a count kept on the style item before the shards; a deleted style
 * takes its shards with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '../../shared/repositories/dynamo-client';
import { setupIntegration, type IntegrationContext } from '../support/integration';
import { putTestStyle } from '../support/styles';
import { keys } from '../../shared/repositories/keys';
import { STYLE_COUNTER_SHARDS, STYLE_USAGE_FOLD_MS } from '../../shared/domain/catalog';
import {
  deleteStyleCounters,
  getFavoriteCount,
  getStyleCounterSums,
  incrementStyleUsage,
} from '../../shared/repositories/style-counter-repository';
import { addFavorite, removeFavorite } from '../../shared/repositories/discovery-repository';
import { getStyle, type StyleRecord } from '../../shared/repositories/catalog-repository';
import { queryAll, update, updateItem } from '../../shared/repositories/toolkit';

let ctx: IntegrationContext;
let seq = 0;
const newStyle = async () => {
  const id = `hot-style-${++seq}`;
  await putTestStyle(ctx, id, 'creator-1');
  return id;
};
const usage = async (id: string) => (await getStyle(ctx.db, id))!.usageCount;

beforeAll(async () => {
  ctx = await setupIntegration();
}, 120_000);

describe('uses of a style', () => {
  it('a lone use shows on the style at once', async () => {
    const id = await newStyle();
    await incrementStyleUsage(ctx.db, id);
    expect(await usage(id)).toBe(1);
    expect((await getStyleCounterSums(ctx.db, id)).pending).toBe(0);
  });

  it('uses at once: usageCount + pending is exact, a shard folds onto the style at most once a window, a later use folds the rest', async () => {
    const id = await newStyle();
    const now = new Date();
    await Promise.all(Array.from({ length: 80 }, () => incrementStyleUsage(ctx.db, id, now)));
    const folded = await usage(id);
    expect(folded).toBeGreaterThan(0);
    expect(folded + (await getStyleCounterSums(ctx.db, id)).pending).toBe(80);
    // within the same window no shard folds again: the style item is not written, the uses wait on the shards
    await Promise.all(Array.from({ length: 40 }, () => incrementStyleUsage(ctx.db, id, now)));
    expect(await usage(id)).toBe(folded);
    expect((await getStyleCounterSums(ctx.db, id)).pending).toBe(120 - folded);

    // one more use on each shard after the window moves everything onto the style
    const later = new Date(now.getTime() + STYLE_USAGE_FOLD_MS + 1);
    for (let n = 0; n < STYLE_COUNTER_SHARDS; n++) await incrementStyleUsage(ctx.db, id, later, n);
    expect(await usage(id)).toBe(120 + STYLE_COUNTER_SHARDS);
    expect((await getStyleCounterSums(ctx.db, id)).pending).toBe(0);
  });

  it('a use of a style deleted meanwhile adds to no style; a deleted style takes its shards', async () => {
    const id = await newStyle();
    await incrementStyleUsage(ctx.db, id);
    await deleteStyleCounters(ctx.db, id);
    const left = await queryAll(ctx.db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.styleCounter(id, 0).pk },
    });
    expect(left).toEqual([]);
    await incrementStyleUsage(ctx.db, 'no-such-style');
    expect(await getStyle(ctx.db, 'no-such-style')).toBeNull();
  });
});

describe('favourites of a style', () => {
  it('adds, repeats and removes at once: the count equals the FAV items, on top of the count from before the shards', async () => {
    const id = await newStyle();
    // two favourites from before the shards: counted on the style item
    for (const u of ['old-1', 'old-2'])
      await ctx.db.doc.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: {
            ...keys.favorite(u, id),
            type: 'Favorite',
            userId: u,
            styleId: id,
            createdAt: '2026-01-01T00:00:00Z',
          },
        }),
      );
    await updateItem(ctx.db, keys.style(id), update<StyleRecord>().set({ favoriteCount: 2 }));
    expect(await getFavoriteCount(ctx.db, id)).toBe(2);
    const users = Array.from({ length: 40 }, (_, n) => `fan-${n}`);
    const first = await Promise.all(users.map((u) => addFavorite(ctx.db, u, id)));
    expect(first.every((r) => r === 'added')).toBe(true);
    const burst = await Promise.all([
      ...users.slice(0, 10).map((u) => addFavorite(ctx.db, u, id)), // repeats
      ...users.slice(10, 25).map((u) => removeFavorite(ctx.db, u, id)),
      ...users.slice(10, 15).map((u) => removeFavorite(ctx.db, u, id)), // removed twice at once
      removeFavorite(ctx.db, 'old-1', id), // one from before the shards
      removeFavorite(ctx.db, 'never', id),
    ]);
    expect(burst.filter((r) => r === 'already')).toHaveLength(10);
    expect(burst.filter((r) => r === 'removed')).toHaveLength(16);
    expect(burst.filter((r) => r === 'absent')).toHaveLength(6);
    // old-2, fans 0-9 and 25-39
    expect(await getFavoriteCount(ctx.db, id)).toBe(1 + 25);
  });
});
