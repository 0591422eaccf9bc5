/**
 * My Collections (influencers and admins): create, list, read, edit, delete, add and remove public styles.
 * Only the owner changes a collection: another caller gets 403 when the collection is visible to them
 * (published, or they are an admin) and 404 otherwise. styleCount moves in the membership transactions.
 * `collectionUseCases({ store })` is the use case on its store; the functions taking `db` below are the production
 * wiring the handlers call.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, forbidden, notFound } from '../../shared/errors';
import { isAdmin } from '../../shared/domain/roles';
import type { Db } from '../../shared/repositories/table';
import {
  getCollection,
  getStylesByIds,
  listCollectionStyleIds,
  listCollectionsOfOwner,
  type CollectionRecord,
} from '../../shared/repositories/catalog-repository';
import {
  addStyleToCollection,
  createCollection,
  deleteCollection,
  removeStyleFromCollection,
  updateCollection,
} from '../../shared/repositories/collection-repository';
import { getStoredStyle } from '../../shared/repositories/style-editor-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { CollectionCreateInput, CollectionPatchInput } from '../../shared/schemas/admin';
import { imageRefPath, parseStyleImageRef } from '../../shared/domain/image-ref';
import { bindDb, type Store } from '../lib/bind-db';
import { collectionCoverRepositories, collectionCoverUseCases } from './collection-cover-service';

const repositories = {
  ...collectionCoverRepositories,
  addStyleToCollection,
  createCollection,
  deleteCollection,
  getCollection,
  getStoredStyle,
  getStylesByIds,
  listCollectionStyleIds,
  listCollectionsOfOwner,
  removeStyleFromCollection,
  updateCollection,
};

export const COLLECTION_NOT_FOUND = 'Collection not found';
export const NOT_YOUR_COLLECTION = 'You can only change your own collections';
export const ONLY_PUBLIC_STYLES = 'Only public styles can be added to collections';

export const collectionView = (c: CollectionRecord) => ({
  id: c.id,
  userId: c.userId,
  name: c.name,
  title: c.name,
  description: c.description ?? '',
  coverImage: c.coverImage ?? null,
  isPublic: !!c.isPublic,
  isPublished: !!c.isPublic,
  styleCount: Math.max(0, c.styleCount ?? 0),
  affiliateLinks: c.affiliateLinks ?? [],
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

const visibleTo = (c: CollectionRecord, user: UserRecord) => c.userId === user.id || c.isPublic || isAdmin(user);

/** The collection use cases, on their store. */
export function collectionUseCases({ store }: { store: Store<typeof repositories> }) {
  const covers = collectionCoverUseCases({ store });

  async function visibleCollection(user: UserRecord, id: string): Promise<CollectionRecord> {
    const c = id && id.length <= 100 ? await store.getCollection(id) : null;
    if (!c || !visibleTo(c, user)) throw notFound(COLLECTION_NOT_FOUND);
    return c;
  }

  async function ownCollection(user: UserRecord, id: string): Promise<CollectionRecord> {
    const c = await visibleCollection(user, id);
    if (c.userId !== user.id) throw forbidden(NOT_YOUR_COLLECTION);
    return c;
  }

  async function listMyCollections(user: UserRecord) {
    return (await store.listCollectionsOfOwner(user.id)).map(collectionView);
  }

  async function createMyCollection(user: UserRecord, input: CollectionCreateInput, now = new Date()) {
    const ts = now.toISOString();
    const c: CollectionRecord = {
      id: ulid(now.getTime()),
      userId: user.id,
      name: input.name,
      description: input.description ?? '',
      coverImage: null,
      isPublic: input.isPublic,
      styleCount: 0,
      affiliateLinks: [],
      createdAt: ts,
      updatedAt: ts,
    };
    await store.createCollection(c);
    return { ...collectionView(c), styles: [] };
  }

  /** GET /api/influencer-collections/{id}: the collection with its styles (public ones, and the caller's own). */
  async function getMyCollection(user: UserRecord, id: string) {
    const c = await visibleCollection(user, id);
    const styles = (await store.getStylesByIds(await store.listCollectionStyleIds(id))).filter(
      (s) => s.isPublic || s.createdBy === user.id,
    );
    return {
      ...collectionView(c),
      styles: styles.map((s) => ({
        id: s.id,
        name: s.name,
        title: s.name,
        description: s.description,
        coverImageUrl: s.coverImageUrl ?? s.promptImageUrl ?? null,
        coverImage: s.coverImageUrl ?? s.promptImageUrl ?? null,
        tags: s.tags ?? [],
        categoryIds: s.categoryIds ?? [],
        sex: s.sex,
        isPublic: s.isPublic,
      })),
    };
  }

  async function updateMyCollection(user: UserRecord, id: string, input: CollectionPatchInput, now = new Date()) {
    const c = await ownCollection(user, id);
    const cover = input.coverImage ? parseStyleImageRef(input.coverImage) : null;
    if (cover && !cover.ok)
      throw new HttpError(400, ERROR_CODES.validation, 'Cover image must be an uploaded image (/api/public-image/...)');
    const updated = await store.updateCollection(
      c,
      user.id,
      cover?.ok ? { ...input, coverImage: imageRefPath(cover) } : input,
      now,
    );
    if (!updated) throw notFound(COLLECTION_NOT_FOUND);
    return collectionView(updated);
  }

  async function deleteMyCollection(user: UserRecord, id: string) {
    await ownCollection(user, id);
    if (!(await store.deleteCollection(id, user.id))) throw notFound(COLLECTION_NOT_FOUND);
    return { id, deleted: true };
  }

  async function addStyleToMyCollection(user: UserRecord, id: string, styleId: string, now = new Date()) {
    await ownCollection(user, id);
    const style = await store.getStoredStyle(styleId);
    if (!style || (!style.isPublic && style.createdBy !== user.id && !isAdmin(user))) throw notFound('Style not found');
    if (!style.isPublic) throw new HttpError(400, ERROR_CODES.validation, ONLY_PUBLIC_STYLES);
    const res = await store.addStyleToCollection(id, user.id, styleId, now);
    if (res === 'not-public') throw new HttpError(400, ERROR_CODES.validation, ONLY_PUBLIC_STYLES);
    if (res === 'not-owner') throw notFound(COLLECTION_NOT_FOUND);
    // a first style gives a collection without a cover its cover
    const after = await store.getCollection(id);
    if (after && !after.coverImage && (style.coverImageUrl || style.promptImageUrl))
      return collectionView(
        (await store.updateCollection(
          after,
          user.id,
          { coverImage: style.coverImageUrl ?? style.promptImageUrl },
          now,
        )) ?? after,
      );
    return collectionView(after ?? (await ownCollection(user, id)));
  }

  async function removeStyleFromMyCollection(user: UserRecord, id: string, styleId: string, now = new Date()) {
    await ownCollection(user, id);
    const style = await store.getStoredStyle(styleId);
    const res = await store.removeStyleFromCollection(id, styleId, user.id, now);
    if (res === 'not-owner') throw notFound(COLLECTION_NOT_FOUND);
    if (res === 'removed' && style) await covers.refreshCoverAfterRemoval(id, style, now);
    return collectionView(await ownCollection(user, id));
  }

  return {
    listMyCollections,
    createMyCollection,
    getMyCollection,
    updateMyCollection,
    deleteMyCollection,
    addStyleToMyCollection,
    removeStyleFromMyCollection,
  };
}

type CollectionUseCases = ReturnType<typeof collectionUseCases>;
const production = (db: Db) => collectionUseCases({ store: bindDb(db, repositories) });

export const listMyCollections = (db: Db, ...a: Parameters<CollectionUseCases['listMyCollections']>) =>
  production(db).listMyCollections(...a);
export const createMyCollection = (db: Db, ...a: Parameters<CollectionUseCases['createMyCollection']>) =>
  production(db).createMyCollection(...a);
export const getMyCollection = (db: Db, ...a: Parameters<CollectionUseCases['getMyCollection']>) =>
  production(db).getMyCollection(...a);
export const updateMyCollection = (db: Db, ...a: Parameters<CollectionUseCases['updateMyCollection']>) =>
  production(db).updateMyCollection(...a);
export const deleteMyCollection = (db: Db, ...a: Parameters<CollectionUseCases['deleteMyCollection']>) =>
  production(db).deleteMyCollection(...a);
export const addStyleToMyCollection = (db: Db, ...a: Parameters<CollectionUseCases['addStyleToMyCollection']>) =>
  production(db).addStyleToMyCollection(...a);
export const removeStyleFromMyCollection = (
  db: Db,
  ...a: Parameters<CollectionUseCases['removeStyleFromMyCollection']>
) => production(db).removeStyleFromMyCollection(...a);
