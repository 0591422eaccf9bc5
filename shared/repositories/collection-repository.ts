/**
 * Writes of influencer collections (reads are in catalog-repository.ts).
 * - `COLLECTION#<id> / COLLECTION`, with gsi1 COLLECTIONS#PUBLISHED only while published and gsi2 by owner.
 * - Membership `COLLECTION#<id> / STYLE#<styleId>` (gsi1 STYLE#<styleId>#COLLECTIONS): its Put or Delete runs in
 *   the same transaction as `ADD styleCount ±1` on the collection, so styleCount equals the number of members.
 *   Adding is conditioned on the style being public at that moment and the collection being the caller's.
 */
import { keys } from './keys';
import { type Db } from './table';
import {
  collectionEntity,
  collectionStyleEntity,
  listCollectionIdsOfStyle,
  styleEntity,
  type CollectionRecord,
} from './catalog-repository';
import {
  deleteIf,
  deleteItem,
  ITEM_ABSENT,
  ITEM_EXISTS,
  keysUnder,
  transact,
  transactDeleteAll,
  transactNamed,
  tx,
  updateIfReturning,
} from './toolkit';

export async function createCollection(db: Db, c: CollectionRecord): Promise<void> {
  await transact(db, [tx.put(db, collectionEntity.item(c), ITEM_ABSENT)]);
}

export type CollectionPatch = Partial<Pick<CollectionRecord, 'name' | 'description' | 'isPublic' | 'coverImage'>>;

/** Update the owner's collection; publishing sets the published index key, unpublishing removes it. Null if not the owner's or gone. */
export async function updateCollection(
  db: Db,
  current: CollectionRecord,
  ownerId: string,
  patch: CollectionPatch,
  now = new Date(),
): Promise<CollectionRecord | null> {
  // publishing puts it in the published index, unpublishing takes it out (the collection's declaration)
  const index =
    patch.isPublic === undefined
      ? { set: {}, remove: [] }
      : collectionEntity.indexUpdate('gsi1', { ...current, isPublic: patch.isPublic });
  const written = await updateIfReturning(
    db,
    keys.collection(current.id),
    collectionEntity
      .update()
      .set({ ...patch, updatedAt: now.toISOString() })
      .index(index)
      .where((w) => w.and(ITEM_EXISTS, w.eq('userId', ownerId))),
    'ALL_NEW',
  );
  return written ? collectionEntity.parse(written) : null;
}

async function memberKeys(db: Db, collectionId: string): Promise<{ pk: string; sk: string }[]> {
  return keysUnder(db, keys.collectionStylePrefix(collectionId));
}

/** Delete the owner's collection, then its memberships. False if not the owner's or gone. */
export async function deleteCollection(db: Db, collectionId: string, ownerId: string): Promise<boolean> {
  const w = collectionEntity.where;
  if (!(await deleteIf(db, keys.collection(collectionId), w.and(ITEM_EXISTS, w.eq('userId', ownerId))))) return false;
  await transactDeleteAll(db, await memberKeys(db, collectionId));
  return true;
}

export type AddStyleResult = 'added' | 'already' | 'not-public' | 'not-owner';

/** Add a public style to the owner's collection (idempotent). */
export async function addStyleToCollection(
  db: Db,
  collectionId: string,
  ownerId: string,
  styleId: string,
  now = new Date(),
): Promise<AddStyleResult> {
  const out = await transactNamed(db, {
    publicStyle: tx.check(
      db,
      keys.style(styleId),
      styleEntity.where.and(ITEM_EXISTS, styleEntity.where.eq('isPublic', true)),
    ),
    ownersCollection: tx.update(
      db,
      keys.collection(collectionId),
      collectionEntity
        .update()
        .add({ styleCount: 1 })
        .set({ updatedAt: now.toISOString() })
        .where((w) => w.and(ITEM_EXISTS, w.eq('userId', ownerId))),
    ),
    membership: tx.put(
      db,
      collectionStyleEntity.item({ collectionId, styleId, addedAt: now.toISOString() }),
      ITEM_ABSENT,
    ),
  });
  if (out.applied) return 'added';
  if (out.failed('publicStyle')) return 'not-public';
  if (out.failed('ownersCollection')) return 'not-owner';
  return 'already';
}

/** Remove a style from a collection (idempotent); ownerId null skips the owner condition (style deletion). */
export async function removeStyleFromCollection(
  db: Db,
  collectionId: string,
  styleId: string,
  ownerId: string | null,
  now = new Date(),
): Promise<'removed' | 'absent' | 'not-owner'> {
  const out = await transactNamed(db, {
    membership: tx.delete(db, keys.collectionStyle(collectionId, styleId), ITEM_EXISTS),
    collection: tx.update(
      db,
      keys.collection(collectionId),
      collectionEntity
        .update()
        .add({ styleCount: -1 })
        .set({ updatedAt: now.toISOString() })
        .where((w) => w.and(ITEM_EXISTS, ownerId !== null && w.eq('userId', ownerId))),
    ),
  });
  if (out.applied) return 'removed';
  if (out.failed('collection')) {
    if (ownerId !== null) return 'not-owner';
    // the collection itself is gone: drop the orphan membership
    await deleteItem(db, keys.collectionStyle(collectionId, styleId));
    return 'removed';
  }
  if (out.failed('membership')) return 'absent';
  throw new Error('removeStyleFromCollection: a condition failed that names no item');
}

/** Remove a style from every collection it belongs to (style deleted or made private). */
export async function removeStyleFromAllCollections(db: Db, styleId: string): Promise<number> {
  const ids = await listCollectionIdsOfStyle(db, styleId);
  let n = 0;
  for (const id of ids) if ((await removeStyleFromCollection(db, id, styleId, null)) === 'removed') n++;
  return n;
}
