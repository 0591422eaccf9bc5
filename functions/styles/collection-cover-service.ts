/**
 * Keeps collection covers in step with the styles in them (shared/domain/collection-rules.ts): after a style
 * leaves a collection (removed by the owner, made private, deleted), a cover taken from it is replaced.
 * The use cases that move styles out of collections (collection-service.ts, style-editor-service.ts) spread
 * `collectionCoverRepositories` into their store and call `collectionCoverUseCases({ store })` on it.
 */
import { coverAfterRemoval, type CoverStyle } from '../../shared/domain/collection-rules';
import {
  getCollection,
  getStylesByIds,
  listCollectionIdsOfStyle,
  listCollectionStyleIds,
} from '../../shared/repositories/catalog-repository';
import { removeStyleFromCollection, updateCollection } from '../../shared/repositories/collection-repository';
import type { Store } from '../lib/bind-db';

export const collectionCoverRepositories = {
  getCollection,
  getStylesByIds,
  listCollectionIdsOfStyle,
  listCollectionStyleIds,
  removeStyleFromCollection,
  updateCollection,
};
export type CollectionCoverStore = Store<typeof collectionCoverRepositories>;

/** The cover upkeep, on its store. */
export function collectionCoverUseCases({ store }: { store: CollectionCoverStore }) {
  /** Re-pick the cover of one collection after `left` left it. */
  async function refreshCoverAfterRemoval(collectionId: string, left: CoverStyle, now = new Date()): Promise<void> {
    const c = await store.getCollection(collectionId);
    if (!c || !c.coverImage) return;
    const remaining = (await store.getStylesByIds(await store.listCollectionStyleIds(collectionId))).filter(
      (s) => s.isPublic,
    );
    const next = coverAfterRemoval(c.coverImage, left, remaining);
    if (next === undefined) return;
    await store.updateCollection(c, c.userId, { coverImage: next }, now);
  }

  /** A style made private or deleted leaves every collection; covers taken from it are replaced. */
  async function removeStyleFromAllCollectionsKeepingCovers(
    style: CoverStyle & { id: string },
    now = new Date(),
  ): Promise<number> {
    const ids = await store.listCollectionIdsOfStyle(style.id);
    let n = 0;
    for (const id of ids) {
      if ((await store.removeStyleFromCollection(id, style.id, null, now)) === 'removed') n++;
      await refreshCoverAfterRemoval(id, style, now);
    }
    return n;
  }

  return { refreshCoverAfterRemoval, removeStyleFromAllCollectionsKeepingCovers };
}
