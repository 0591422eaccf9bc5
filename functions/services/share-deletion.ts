/**
 * "Delete my account" and shared looks: every share of the user ends (revoked) and its copies are deleted;
 * the share items go with the user's partition right after. A step of account deletion (the receipt's
 * `shares` count). Votes and reactions others left expire with their TTL (they hold no data of
 * the deleted user, and the look they point at is gone).
 */
import { endShare, listShares } from '../../shared/repositories/share-repository';
import type { Db } from '../../shared/repositories/table';
import { deleteImages } from '../lib/media-store';

export async function deleteSharesOf(db: Db, userId: string, now = new Date()): Promise<number> {
  const shares = await listShares(db, userId, 10_000);
  for (const s of shares) {
    if (s.status === 'active') await endShare(db, userId, s.id, 'revoked', now);
    await deleteImages(
      'private',
      s.images.map((i) => i.key),
    );
  }
  return shares.length;
}
