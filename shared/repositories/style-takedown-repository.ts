/**
 * The takedown of a style (content safety, issue 40 item 3): moderation wins against any number of concurrent
 * edits, in bounded time.
 *
 * 1. The marker: ONE UpdateItem, conditioned on nothing but the item's existence (never on its version), sets
 *    `takenDownAt` and `takedownPending` and moves the version on. From then on the style is not listed (a
 *    taken-down style has no target postings) and every owner write is refused while the marker is pending
 *    (updateStyle reads it and answers 'changed'; the service retries and then sees the style taken down). An
 *    owner's edit that read the style before the marker fails its version condition.
 * 2. The completion: a versioned write (explore-postings.ts) that makes the style private (out of the public
 *    index, counted as private, its images cleared), removes every explore posting it lists, moves the tag counts,
 *    and clears `takedownPending`. Only another takedown of the same style (or the owner deleting it) can move the
 *    version meanwhile, so the retry is bounded.
 * `takenDownAt` is never cleared: an owner's edit cannot make the style public again (updateStyle: 'taken-down'),
 * and a rename cannot list it (explore lists only public styles that are not taken down).
 */
import { styleEntity, type StyleRecord } from './catalog-repository';
import { bookkeepingUpdate, commitStyle, postingStateOf, styleUpdate } from './explore-postings';
import { keys } from './keys';
import type { Db } from './table';
import { AGAIN, getItem, ITEM_EXISTS, retryOptimistic, tx, updateIf, type TransactItem } from './toolkit';
import { countersUpdate } from './user-counters';

/** Step 1: set the takedown marker (whatever the version); false when the style is gone. */
export async function markStyleTakenDown(db: Db, id: string, now = new Date()): Promise<boolean> {
  const item = await getItem(db, keys.style(id), { consistent: true });
  if (!item) return false;
  const style = styleEntity.parse(item);
  // an item from before versioned writes: its posting bookkeeping is written down before `takenDownAt` hides it
  const legacy = postingStateOf(item, style);
  return updateIf(
    db,
    keys.style(id),
    styleUpdate()
      .setIfNotExists({ takenDownAt: now.toISOString() })
      .set({ takedownPending: true, postingsPending: true })
      .setIfNotExists({ postingKeys: legacy.keys, listedTags: legacy.tags, indexedUsage: legacy.usage })
      .increment('rev', 1)
      .where(ITEM_EXISTS),
  );
}

/** What to clear on the style (the images that were taken down). */
export type TakedownClear = Partial<Record<'coverImageUrl' | 'promptImageUrl', null>>;

/**
 * Step 2: complete a marked takedown (see above): the style private, unlisted, its images cleared. Returns the
 * style as it was just before (null when it is gone). Retried only while another takedown of it moves the version.
 */
export async function completeStyleTakedown(
  db: Db,
  id: string,
  clear: (style: StyleRecord) => TakedownClear,
  now = new Date(),
): Promise<StyleRecord | null> {
  return retryOptimistic(async () => {
    const item = await getItem(db, keys.style(id), { consistent: true });
    if (!item) return null;
    const style = styleEntity.parse(item);
    const read = { style, state: postingStateOf(item, style) };
    const takenDownAt = style.takenDownAt ?? now.toISOString();
    const patch = { isPublic: false, takenDownAt, updatedAt: now.toISOString(), ...clear(style) };
    const next: StyleRecord = { ...style, ...patch, counted: style.counted || style.isPublic };
    const index = styleEntity.indexUpdate('gsi1', next);
    const others: TransactItem[] = [];
    if (style.isPublic) {
      // public -> private, never capped (a takedown is not the owner's choice): one update of the counters item
      const move = countersUpdate().increment('privateStyleCount', 1);
      if (style.counted) move.increment('publicStyleCount', -1, { from: 1 });
      others.push(tx.update(db, keys.userCounters(style.createdBy), move));
    }
    const res = await commitStyle(db, {
      id,
      from: read,
      to: next,
      others,
      styleWrite: (b) =>
        tx.update(
          db,
          keys.style(id),
          bookkeepingUpdate(b)
            .set({ ...patch, ...(next.counted ? { counted: true } : {}) })
            .index(index)
            .remove('takedownPending'),
        ),
    });
    if (res === 'settle-first' || !res.applied) return AGAIN;
    return style;
  });
}
