/**
 * My Collections (influencers and admins): create, list, read, edit, delete, add and remove public styles.
 * Only the owner changes a collection: another caller gets 403 when the collection is visible to them
 * (published, or they are an admin) and 404 otherwise. styleCount moves in the membership transactions.
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
import { refreshCoverAfterRemoval } from './collection-cover-service';

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

async function visibleCollection(db: Db, user: UserRecord, id: string): Promise<CollectionRecord> {
  const c = id && id.length <= 100 ? await getCollection(db, id) : null;
  if (!c || !visibleTo(c, user)) throw notFound(COLLECTION_NOT_FOUND);
  return c;
}

async function ownCollection(db: Db, user: UserRecord, id: string): Promise<CollectionRecord> {
  const c = await visibleCollection(db, user, id);
  if (c.userId !== user.id) throw forbidden(NOT_YOUR_COLLECTION);
  return c;
}

export async function listMyCollections(db: Db, user: UserRecord) {
  return (await listCollectionsOfOwner(db, user.id)).map(collectionView);
}

export async function createMyCollection(db: Db, user: UserRecord, input: CollectionCreateInput, now = new Date()) {
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
  await createCollection(db, c);
  return { ...collectionView(c), styles: [] };
}

/** GET /api/influencer-collections/{id}: the collection with its styles (public ones, and the caller's own). */
export async function getMyCollection(db: Db, user: UserRecord, id: string) {
  const c = await visibleCollection(db, user, id);
  const styles = (await getStylesByIds(db, await listCollectionStyleIds(db, id))).filter(
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

export async function updateMyCollection(
  db: Db,
  user: UserRecord,
  id: string,
  input: CollectionPatchInput,
  now = new Date(),
) {
  const c = await ownCollection(db, user, id);
  const cover = input.coverImage ? parseStyleImageRef(input.coverImage) : null;
  if (cover && !cover.ok)
    throw new HttpError(400, ERROR_CODES.validation, 'Cover image must be an uploaded image (/api/public-image/...)');
  const updated = await updateCollection(
    db,
    c,
    user.id,
    cover?.ok ? { ...input, coverImage: imageRefPath(cover) } : input,
    now,
  );
  if (!updated) throw notFound(COLLECTION_NOT_FOUND);
  return collectionView(updated);
}

export async function deleteMyCollection(db: Db, user: UserRecord, id: string) {
  await ownCollection(db, user, id);
  if (!(await deleteCollection(db, id, user.id))) throw notFound(COLLECTION_NOT_FOUND);
  return { id, deleted: true };
}

export async function addStyleToMyCollection(db: Db, user: UserRecord, id: string, styleId: string, now = new Date()) {
  await ownCollection(db, user, id);
  const style = await getStoredStyle(db, styleId);
  if (!style || (!style.isPublic && style.createdBy !== user.id && !isAdmin(user))) throw notFound('Style not found');
  if (!style.isPublic) throw new HttpError(400, ERROR_CODES.validation, ONLY_PUBLIC_STYLES);
  const res = await addStyleToCollection(db, id, user.id, styleId, now);
  if (res === 'not-public') throw new HttpError(400, ERROR_CODES.validation, ONLY_PUBLIC_STYLES);
  if (res === 'not-owner') throw notFound(COLLECTION_NOT_FOUND);
  // a first style gives a collection without a cover its cover
  const after = await getCollection(db, id);
  if (after && !after.coverImage && (style.coverImageUrl || style.promptImageUrl))
    return collectionView(
      (await updateCollection(db, after, user.id, { coverImage: style.coverImageUrl ?? style.promptImageUrl }, now)) ??
        after,
    );
  return collectionView(after ?? (await ownCollection(db, user, id)));
}

export async function removeStyleFromMyCollection(
  db: Db,
  user: UserRecord,
  id: string,
  styleId: string,
  now = new Date(),
) {
  await ownCollection(db, user, id);
  const style = await getStoredStyle(db, styleId);
  const res = await removeStyleFromCollection(db, id, styleId, user.id, now);
  if (res === 'not-owner') throw notFound(COLLECTION_NOT_FOUND);
  if (res === 'removed' && style) await refreshCoverAfterRemoval(db, id, style, now);
  return collectionView(await ownCollection(db, user, id));
}
