/**
 * "Delete my account" and shared looks: every share of the user ends (revoked) and its copies are deleted;
 * the share items go with the user's partition right after. A step of account deletion (the receipt's
 * `shares` count). Votes and reactions others left expire with their TTL (they hold no data of
 * the deleted user, and the look they point at is gone). The votes and reactions the user cast on others'
 * looks are deleted by account deletion through their per-user index; the user's share rate-limit counters
 * (keyed by `user:<id>`, normally gone by TTL within about an hour) are deleted here.
 */
import { RATE_ACTIONS, RATE_LIMITS, rateWindowStart, userViewerId } from '../../shared/domain/shares';
import { keys } from '../../shared/repositories/keys';
import { deleteItems } from '../../shared/repositories/privacy-repository';
import { endShare, listShares } from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { deleteImages } from '../lib/media-store';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { endShare, listShares };

/** What ending a deleted account's shares works with: the share items and the private bucket's copies. */
export interface ShareDeletionDeps {
  store: Store<typeof repositories>;
  deleteImages: (keys: string[]) => Promise<number>;
}

/** Every share rate-limit counter of the user that may still exist (each window back to its TTL margin). */
export async function deleteRateCountersOf(db: Db, userId: string, now = new Date()): Promise<void> {
  const who = userViewerId(userId);
  const list: { pk: string; sk: string }[] = [];
  for (const action of RATE_ACTIONS) {
    const windowMs = RATE_LIMITS[action].windowSeconds * 1000;
    // a counter's TTL is its window's end + 1 h: older windows are gone
    for (let t = now.getTime(); t >= now.getTime() - windowMs - 3_600_000; t -= windowMs)
      list.push(keys.rateCounter(action, 'user', who, rateWindowStart(action, new Date(t))));
  }
  await deleteItems(db, list);
}

/** Every share of the user ends (an active one is revoked) and its copies are deleted; answers how many there were. */
export async function endSharesOf(deps: ShareDeletionDeps, userId: string, now: Date): Promise<number> {
  const shares = await deps.store.listShares(userId, 10_000);
  for (const s of shares) {
    if (s.status === 'active') await deps.store.endShare(userId, s.id, 'revoked', now);
    await deps.deleteImages(s.images.map((i) => i.key));
  }
  return shares.length;
}

export const deleteSharesOf = (db: Db, userId: string, now = new Date()): Promise<number> =>
  endSharesOf({ store: bindDb(db, repositories), deleteImages: (keys) => deleteImages('private', keys) }, userId, now);
