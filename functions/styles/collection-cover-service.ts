/**
 * Keeps collection covers in step with the styles in them (shared/domain/collection-rules.ts): after a style
 * leaves a collection (removed by the owner, made private, deleted), a cover taken from it is replaced.
 */
import { coverAfterRemoval, type CoverStyle } from '../../shared/domain/collection-rules';
import type { Db } from '../../shared/repositories/table';
import {
  getCollection,
  getStylesByIds,
  listCollectionIdsOfStyle,
  listCollectionStyleIds,
} from '../../shared/repositories/catalog-repository';
import { removeStyleFromCollection, updateCollection } from '../../shared/repositories/collection-repository';

/** Re-pick the cover of one collection after `left` left it. */
export async function refreshCoverAfterRemoval(
  db: Db,
  collectionId: string,
  left: CoverStyle,
  now = new Date(),
): Promise<void> {
  const c = await getCollection(db, collectionId);
  if (!c || !c.coverImage) return;
  const remaining = (await getStylesByIds(db, await listCollectionStyleIds(db, collectionId))).filter(
    (s) => s.isPublic,
  );
  const next = coverAfterRemoval(c.coverImage, left, remaining);
  if (next === undefined) return;
  await updateCollection(db, c, c.userId, { coverImage: next }, now);
}

/** A style made private or deleted leaves every collection; covers taken from it are replaced. */
export async function removeStyleFromAllCollectionsKeepingCovers(
  db: Db,
  style: CoverStyle & { id: string },
  now = new Date(),
): Promise<number> {
  const ids = await listCollectionIdsOfStyle(db, style.id);
  let n = 0;
  for (const id of ids) {
    if ((await removeStyleFromCollection(db, id, style.id, null, now)) === 'removed') n++;
    await refreshCoverAfterRemoval(db, id, style, now);
  }
  return n;
}
