/**
 * Explore postings that always match the committed style (issue 40; the design in docs/data-model.md, "Explore
 * index: consistency"). The postings of explore-repository.ts are written here, and only here, under three rules:
 *
 * 1. Every style write is VERSIONED: the style item carries `rev`, and each write (create, edit, publish,
 *    unpublish, takedown, delete, a popularity move) is one transaction conditioned on the `rev` it read and
 *    setting `rev + 1`. The same transaction moves the tag counts (EXPLORE#TAGS) from the tags the style counted
 *    (`listedTags`, on the item) to the ones it counts now, so tag chips are exact, and carries as many of the
 *    posting deletes and puts as the transaction has room for (DynamoDB: 100 items); a hide (unpublish, takedown,
 *    delete) of a settled style always fits (at most 82 postings + 10 tags + 2).
 * 2. The style item lists every posting key that may exist (`postingKeys`): a write sets it to its target keys
 *    plus any stale key it could not delete in its own transaction, and every posting put or delete outside that
 *    transaction is in a transaction with a ConditionCheck of the `rev` it belongs to, so a writer that lost a
 *    race (a newer `rev` committed) cannot add a posting afterwards. Hence a posting exists only if its key is
 *    listed on the style, and a delete or takedown that removes the listed keys removes every posting, whatever
 *    the style's history.
 * 3. A write that left work (`postingsPending`) settles it at once (settleStylePostings: put the target, delete
 *    the unlisted keys, then list exactly the target; all under the same `rev`); anyone may settle, concurrent
 *    settlers of one `rev` do the same idempotent work, and the repair sweep (repairExploreIndex) finishes what a
 *    crashed writer left and deletes postings that no style lists (from before this design).
 *
 * The postings' content is a pure function of the committed item: `indexedUsage` (the use count the postings
 * show) is set by the versioned write, so the sharded use counter (which adds to `usageCount` without a version)
 * never makes two writers of one `rev` disagree; a use reaching a new popularity tier is a versioned write of
 * its own (reindexStylePopularity).
 */
import * as z from 'zod';
import { popularityTier } from '../domain/explore-search';
import {
  explorePostingSchema,
  exploreIndexItems,
  exploreTagUpdate,
  isListed,
  type IndexableStyle,
} from './explore-repository';
import { keys } from './keys';
import type { Db } from './table';
import {
  AGAIN,
  getItem,
  ITEM_EXISTS,
  transactNamed,
  tx,
  update,
  where,
  withRetry,
  type Condition,
  type Item,
  type Key,
  type TransactItem,
} from './toolkit';
import type { StyleRecord } from './catalog-repository';
import { lazySchema } from '../schemas/lazy-schema';

/** Items in one DynamoDB transaction at most. */
export const MAX_TRANSACTION_ITEMS = 100;

export type PostingKey = [pk: string, sk: string];
export const idOf = (k: PostingKey) => `${k[0]}\u0000${k[1]}`;
export const keyOfItem = (i: Item): PostingKey => [String(i.pk), String(i.sk)];
export const asKey = (k: PostingKey): Key => ({ pk: k[0], sk: k[1] });

const stateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    rev: z.number().int().default(0),
    postingKeys: z.array(z.tuple([z.string(), z.string()])).optional(),
    listedTags: z.array(z.string()).optional(),
    indexedUsage: z.number().optional(),
    postingsPending: z.boolean().optional(),
    takedownPending: z.boolean().optional(),
  }),
);

/** The fields of a style item the postings are made of (IndexableStyle), as stored: a posting's, and whether it is listed. */
const indexableSchema = /* @__PURE__ */ lazySchema(() =>
  explorePostingSchema.extend({ isPublic: z.boolean(), takenDownAt: z.string().nullish() }),
);

/** What a style item records about its postings. */
export interface PostingState {
  rev: number;
  /** Every posting key that may exist (exactly the target once settled). */
  keys: PostingKey[];
  /** The tags this style counts in EXPLORE#TAGS. */
  tags: string[];
  /** The use count its postings show. */
  usage: number;
  /** Posting work left by the last write (settleStylePostings). */
  pending: boolean;
  /** A takedown has started (its marker is set); owners' writes wait until it is done. */
  takedownPending: boolean;
}

/**
 * The posting state of a stored style item. An item written before this design has none: its postings are
 * taken to be those of its current fields (what the former writes kept), and the repair sweep deletes strays.
 */
export function postingStateOf(item: Item, style: IndexableStyle, legacyUsage = style.usageCount): PostingState {
  const s = stateSchema.parse(item);
  const usage = s.indexedUsage ?? legacyUsage;
  return {
    rev: s.rev,
    keys: s.postingKeys ?? exploreIndexItems({ ...style, usageCount: usage }).map(keyOfItem),
    tags: s.listedTags ?? (isListed(style) ? [...new Set(style.tags)] : []),
    usage,
    pending: !!s.postingsPending,
    takedownPending: !!s.takedownPending,
  };
}

/** A stored style item as the postings see it (null when absent). */
export async function readPostingState(
  db: Db,
  id: string,
): Promise<{ style: IndexableStyle; state: PostingState } | null> {
  const item = await getItem(db, keys.style(id), { consistent: true });
  if (!item) return null;
  const style = indexableSchema.parse(item);
  return { style, state: postingStateOf(item, style) };
}

/** The style item's attributes as a versioned write sees them: the style's and its posting bookkeeping. */
export type StyleItem = StyleRecord & {
  rev: number;
  postingKeys: PostingKey[];
  listedTags: string[];
  indexedUsage: number;
  postingsPending: boolean;
  takedownPending: boolean;
};

/** A new typed update of the style item. */
export const styleUpdate = () => update<StyleItem>();
/** The condition operators for the style item. */
export const styleWhere = where<StyleItem>();

/** The condition "the item is still at `rev`" (an item from before versions has none: rev 0). */
export function revCondition(rev: number): Condition {
  return rev === 0 ? styleWhere.notExists('rev') : styleWhere.eq('rev', rev);
}

/** What a versioned style write adds to the style item's own write: bookkeeping to SET/REMOVE and its condition. */
export interface Bookkeeping {
  set: Pick<StyleItem, 'rev' | 'postingKeys' | 'listedTags' | 'indexedUsage'> & { postingsPending?: true };
  remove: 'postingsPending'[];
  /** `rev = <read>` (the write's own conditions are added to it). */
  condition: Condition;
}

/** A style item update carrying the bookkeeping: its SETs and REMOVE, conditioned on the item at the rev read. */
export const bookkeepingUpdate = (b: Bookkeeping) =>
  styleUpdate()
    .set(b.set)
    .remove(...b.remove)
    .where(ITEM_EXISTS)
    .where(b.condition);

export interface StyleCommit {
  id: string;
  /** The style as read, with its posting state (null: a new style). */
  from: { style: IndexableStyle; state: PostingState } | null;
  /** The style after the write (null: deleted). Its `usageCount` is what its postings will show. */
  to: IndexableStyle | null;
  /** The style item's own write, given the bookkeeping (a Put, Update or Delete of keys.style(id)). */
  styleWrite: (b: Bookkeeping) => TransactItem;
  /** Other items of the same transaction (the creator's counters): `failed('others')` names them. */
  others?: TransactItem[];
}

export type CommitOutcome =
  | { applied: true }
  /** A condition failed: the style write's (changed or gone) or one of the `others`'. */
  | { applied: false; failed: (item: 'style' | 'others') => boolean };

const tagMove = (db: Db, tag: string, delta: number): TransactItem =>
  tx.update(db, keys.exploreTag(tag), exploreTagUpdate(tag, delta));

const listedTagsOf = (s: IndexableStyle | null) => (isListed(s) ? [...new Set(s.tags)] : []);

/** The posting work of a write from `from` to `to`: puts (not already in place), deletes, tag moves. */
function planOf(from: StyleCommit['from'], to: IndexableStyle | null) {
  const target = exploreIndexItems(to);
  const targetIds = new Set(target.map((i) => idOf(keyOfItem(i))));
  // a settled style's postings are exactly those of its fields as written: only what changed is put again
  const inPlace = new Map<string, string>();
  if (from && !from.state.pending)
    for (const i of exploreIndexItems({ ...from.style, usageCount: from.state.usage }))
      inPlace.set(idOf(keyOfItem(i)), JSON.stringify(i));
  const puts = target.filter((i) => inPlace.get(idOf(keyOfItem(i))) !== JSON.stringify(i));
  const deletes = (from?.state.keys ?? []).filter((k) => !targetIds.has(idOf(k)));
  const oldTags = new Set(from?.state.tags ?? []);
  const newTags = listedTagsOf(to);
  const tags = [
    ...[...oldTags].filter((t) => !newTags.includes(t)).map((t) => ({ tag: t, delta: -1 as const })),
    ...newTags.filter((t) => !oldTags.has(t)).map((t) => ({ tag: t, delta: 1 as const })),
  ];
  return { target, puts, deletes, tags, newTags };
}

/** Index items a write from `from` to `to` writes (puts, deletes, tag counts), from a settled style. */
export function postingWriteCount(from: IndexableStyle | null, to: IndexableStyle | null): number {
  const state = from
    ? { rev: 0, keys: exploreIndexItems(from).map(keyOfItem), tags: listedTagsOf(from) }
    : { rev: 0, keys: [], tags: [] };
  const p = planOf(
    from ? { style: from, state: { ...state, usage: from.usageCount, pending: false, takedownPending: false } } : null,
    to,
  );
  return p.puts.length + p.deletes.length + p.tags.length;
}

/** Run posting operations in transactions of at most 100, each with `guard` (the style at its rev). */
export async function guardedChunks(
  db: Db,
  guard: TransactItem,
  ops: TransactItem[],
  last?: TransactItem,
): Promise<boolean> {
  const room = MAX_TRANSACTION_ITEMS - 1;
  const chunks: TransactItem[][] = [];
  for (let i = 0; i < ops.length; i += room) chunks.push(ops.slice(i, i + room));
  if (last) {
    // the last transaction carries the closing update of the style item in place of the guard
    const tail = chunks[chunks.length - 1];
    if (!tail || tail.length === room) chunks.push([]);
  }
  for (const [n, chunk] of chunks.entries()) {
    const closing = last && n === chunks.length - 1 ? last : guard;
    const res = await transactNamed(db, { closing, chunk });
    if (!res.applied) return false;
  }
  return true;
}

export const guardAt = (db: Db, id: string, rev: number): TransactItem =>
  tx.check(db, keys.style(id), revCondition(rev));

/**
 * Commit a versioned style write with its postings and tag counts (rule 1), then settle what did not fit (rule 3).
 * 'settle-first': the style read has unsettled work that a hide cannot carry: it was settled now; read it again.
 */
export async function commitStyle(db: Db, c: StyleCommit): Promise<CommitOutcome | 'settle-first'> {
  const { from, to } = c;
  const rev = from?.state.rev ?? 0;
  const plan = planOf(from, to);
  const others = c.others ?? [];
  let room = MAX_TRANSACTION_ITEMS - 1 - others.length - plan.tags.length;
  const inTxDeletes = plan.deletes.slice(0, Math.max(0, room));
  const overflow = plan.deletes.slice(inTxDeletes.length);
  if (overflow.length && (from?.state.pending || !isListed(to))) {
    // only an unsettled superset overflows a hide: settle it (its keys become its own target), then read again
    await settleStylePostings(db, c.id);
    return 'settle-first';
  }
  if (overflow.length) {
    // a rewrite of nearly every posting of a listed style: the stale keys it cannot carry go first, under the
    // version read, and stay listed (a late writer of that version may put one back) until it is settled
    if (
      !(await guardedChunks(
        db,
        guardAt(db, c.id, rev),
        overflow.map((k) => tx.delete(db, asKey(k))),
      ))
    )
      return { applied: false, failed: (item) => item === 'style' };
  }
  room -= inTxDeletes.length;
  const inTxPuts = plan.puts.slice(0, Math.max(0, room));
  const pending = overflow.length > 0 || inTxPuts.length < plan.puts.length;
  const listedKeys = [...plan.target.map(keyOfItem), ...overflow];
  const book: Bookkeeping = {
    set: {
      rev: rev + 1,
      postingKeys: listedKeys,
      listedTags: plan.newTags,
      indexedUsage: to?.usageCount ?? 0,
      ...(pending ? { postingsPending: true } : {}),
    },
    remove: pending ? [] : ['postingsPending'],
    condition: revCondition(rev),
  };
  const res = await transactNamed(db, {
    style: c.styleWrite(book),
    others,
    tags: plan.tags.map((t) => tagMove(db, t.tag, t.delta)),
    deletes: inTxDeletes.map((k) => tx.delete(db, asKey(k))),
    puts: inTxPuts.map((i) => tx.put(db, i)),
  });
  if (!res.applied) return { applied: false, failed: (item) => res.failed(item) };
  if (pending && to) await settleStylePostings(db, c.id);
  return { applied: true };
}

/**
 * Finish the posting work of a style's current version (rule 3): put its target postings, delete every listed
 * key that is not one of them, then list exactly the target and clear the pending mark, all conditioned on the
 * version read (a newer write took over otherwise). Idempotent; returns whether there was work.
 */
export async function settleStylePostings(db: Db, id: string): Promise<boolean> {
  const read = await readPostingState(db, id);
  if (!read || !read.state.pending) return false;
  const { style, state } = read;
  const target = exploreIndexItems({ ...style, usageCount: state.usage });
  const targetIds = new Set(target.map((i) => idOf(keyOfItem(i))));
  const extras = state.keys.filter((k) => !targetIds.has(idOf(k)));
  const closing = tx.update(
    db,
    keys.style(id),
    styleUpdate()
      .set({ postingKeys: target.map(keyOfItem) })
      .remove('postingsPending')
      .where(revCondition(state.rev)),
  );
  await guardedChunks(
    db,
    guardAt(db, id, state.rev),
    [...extras.map((k) => tx.delete(db, asKey(k))), ...target.map((i) => tx.put(db, i))],
    closing,
  );
  return true;
}

/** A versioned write of the style that changes nothing but the postings' use count (a new popularity tier). */
export async function reindexStylePopularity(db: Db, id: string, folded = 0): Promise<void> {
  await withRetry(
    async () => {
      const item = await getItem(db, keys.style(id), { consistent: true });
      if (!item) return;
      const style = indexableSchema.parse(item);
      const state = postingStateOf(item, style, style.usageCount - folded);
      // a takedown in progress hides the style anyway; it reindexes it itself
      if (state.takedownPending || popularityTier(state.usage) === popularityTier(style.usageCount)) return;
      const res = await commitStyle(db, {
        id,
        from: { style, state },
        to: style,
        styleWrite: (b) => tx.update(db, keys.style(id), bookkeepingUpdate(b)),
      });
      return res !== 'settle-first' && res.applied ? undefined : AGAIN;
    },
    () => false,
  );
}
