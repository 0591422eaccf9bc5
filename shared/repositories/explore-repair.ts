/** The explore index's repair sweep (issue 40; docs/data-model.md "Explore index: consistency"). */
import { keys } from './keys';
import type { Db } from './table';
import { ITEM_ABSENT, scanAll, tx } from './toolkit';
import {
  asKey,
  guardAt,
  guardedChunks,
  idOf,
  keyOfItem,
  readPostingState,
  settleStylePostings,
  type PostingKey,
} from './explore-postings';

export interface RepairReport {
  /** Styles whose unfinished posting work was settled. */
  settled: number;
  /** Postings deleted because no style lists them (or the style is gone). */
  strays: number;
}

/**
 * The repair sweep (ops: `npm run catalog:seed` against a deployed stage runs it; tests call it): settles every style with posting work
 * left (a writer that crashed), and deletes every posting that its style does not list, or whose style is gone
 * (postings from before versioned writes, or from a bug). A stray is deleted in a transaction with a check that
 * the style is still at the version that did not list it (or still absent), so a concurrent write is never undone.
 * A Scan of the table: run it as an operation, not per request.
 */
export async function repairExploreIndex(db: Db): Promise<RepairReport> {
  const postings = await scanAll(db, {
    FilterExpression: 'begins_with(pk, :p) AND #t = :type',
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: { ':p': 'EXPLORE#', ':type': 'ExplorePosting' },
    ProjectionExpression: 'pk, sk, id',
  });
  const byStyle = new Map<string, PostingKey[]>();
  for (const p of postings) {
    const id = String(p.id);
    byStyle.set(id, [...(byStyle.get(id) ?? []), keyOfItem(p)]);
  }
  const pendingStyles = await scanAll(db, {
    FilterExpression: '#t = :style AND postingsPending = :yes',
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: { ':style': 'Style', ':yes': true },
    ProjectionExpression: 'id',
  });
  let settled = 0;
  for (const s of pendingStyles) if (await settleStylePostings(db, String(s.id))) settled++;
  let strays = 0;
  for (const [id, found] of byStyle) {
    const read = await readPostingState(db, id);
    if (read?.state.pending && (await settleStylePostings(db, id))) settled++;
    const now = await readPostingState(db, id);
    const listedIds = new Set((now ? now.state.keys : []).map(idOf));
    const stray = found.filter((k) => !listedIds.has(idOf(k)));
    if (!stray.length) continue;
    const guard = now ? guardAt(db, id, now.state.rev) : tx.check(db, keys.style(id), ITEM_ABSENT);
    if (
      await guardedChunks(
        db,
        guard,
        stray.map((k) => tx.delete(db, asKey(k))),
      )
    )
      strays += stray.length;
  }
  return { settled, strays };
}
