/**
 * Discovery around a style and a creator: favourites (exact counts), reports, the collections a style is in,
 * the caller's generations of a style, collection detail, a user's collections, public users and profiles.
 * Private styles are visible to their creator only (404 to everyone else) on every route here.
 */
import { isListedCollection } from '../../shared/domain/collection-rules';
import { ulid } from 'ulid';
import { conflict, notFound } from '../../shared/errors';
import { REPORT_ALREADY_OPEN } from '../../shared/domain/profile-rules';
import { FAVORITES_LIMIT_DEFAULT } from '../../shared/domain/catalog';
import type { FavoritesPageQuery } from '../../shared/schemas/discovery';
import { normalizeHandle } from '../../shared/domain/profile-rules';
import type { Db } from '../../shared/repositories/table';
import {
  getCollection,
  getCollectionsByIds,
  getStylesByIds,
  getVisibleStyle,
  listCollectionIdsOfStyle,
  listCollectionStyleIds,
  listCollectionsOfOwner,
  type CollectionRecord,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import {
  addFavorite,
  createStyleReport,
  getFavoriteCount,
  isFavorite,
  listFavoritePage,
  listOpenStyleReports,
  removeFavorite,
} from '../../shared/repositories/discovery-repository';
import { listGenerations } from '../../shared/repositories/generation-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import { findUserIdByHandle, listUserLinks } from '../../shared/repositories/user-settings-repository';
import { collectionSummary, creators, styleSummary } from './catalog-service';
import { toGenerationView } from '../generations';

const STYLE_NOT_FOUND = 'Style not found';
const COLLECTION_NOT_FOUND = 'Collection not found';
const PROFILE_NOT_FOUND = 'Profile Not Found';
const USER_NOT_FOUND = 'User not found';

const isVisible = (s: StyleRecord, viewerId: string | null) => s.isPublic || s.createdBy === viewerId;

async function visibleStyle(db: Db, id: string, viewerId: string | null): Promise<StyleRecord> {
  const s = await getVisibleStyle(db, id, viewerId);
  if (!s) throw notFound(STYLE_NOT_FOUND);
  return s;
}

const collectionVisible = (c: CollectionRecord, viewerId: string | null) => c.isPublic || c.userId === viewerId;

/** GET /api/styles/{id}/collection: the published collections containing the style (and the viewer's own). */
export async function listStyleCollections(db: Db, styleId: string, viewerId: string | null) {
  await visibleStyle(db, styleId, viewerId);
  const ids = await listCollectionIdsOfStyle(db, styleId);
  const cols = await getCollectionsByIds(db, ids);
  return cols
    .filter((c) => collectionVisible(c, viewerId))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(collectionSummary);
}

/** GET /api/styles/{id}/generations: the caller's generations of this style, newest first. */
export async function listStyleGenerations(db: Db, userId: string, styleId: string) {
  await visibleStyle(db, styleId, userId);
  const gens = await listGenerations(db, userId, 1000);
  return gens.filter((g) => g.inputs?.styleId === styleId).map(toGenerationView);
}

export async function getFavoriteState(db: Db, userId: string | null, styleId: string) {
  await visibleStyle(db, styleId, userId);
  return { isFavorite: userId ? await isFavorite(db, userId, styleId) : false };
}

export async function getStyleFavoriteCount(db: Db, styleId: string, viewerId: string | null) {
  await visibleStyle(db, styleId, viewerId);
  return { count: Math.max(0, await getFavoriteCount(db, styleId)) };
}

/** POST /api/styles/{id}/favorite (idempotent). */
export async function favoriteStyle(db: Db, userId: string, styleId: string) {
  await visibleStyle(db, styleId, userId);
  await addFavorite(db, userId, styleId);
  return { isFavorite: true, count: Math.max(0, await getFavoriteCount(db, styleId)) };
}

/** DELETE /api/styles/{id}/favorite (idempotent; also clears a favourite of a style that went private). */
export async function unfavoriteStyle(db: Db, userId: string, styleId: string) {
  await removeFavorite(db, userId, styleId);
  return { isFavorite: false, count: Math.max(0, await getFavoriteCount(db, styleId)) };
}

/**
 * GET /api/favorites: a page of the caller's favourite styles (still visible to them), most recently favourited
 * first. A favourite of a style that is gone or went private is left out of its page (the page may be short; the
 * cursor goes on).
 */
export async function listFavoriteStyles(db: Db, userId: string, q: FavoritesPageQuery = {}) {
  const page = await listFavoritePage(db, userId, {
    limit: q.limit ?? FAVORITES_LIMIT_DEFAULT,
    cursor: q.cursor ?? null,
  });
  const styles = new Map(
    (
      await getStylesByIds(
        db,
        page.items.map((f) => f.styleId),
      )
    )
      .filter((s) => isVisible(s, userId))
      .map((s) => [s.id, s]),
  );
  const byCreator = await creators(
    db,
    [...styles.values()].map((s) => s.createdBy),
  );
  const items = page.items.flatMap((f) => {
    const s = styles.get(f.styleId);
    return s ? [{ ...styleSummary(s, byCreator.get(s.createdBy)!), favoritedAt: f.createdAt }] : [];
  });
  return { items, nextCursor: page.nextCursor };
}

/** POST /api/styles/{id}/flag: one open report per user and style. */
export async function reportStyle(db: Db, userId: string, styleId: string, reason: string, now = new Date()) {
  const s = await visibleStyle(db, styleId, userId);
  const report = {
    id: ulid(now.getTime()),
    styleId,
    styleName: s.name,
    styleCreatedBy: s.createdBy,
    reporterId: userId,
    reason,
    status: 'open' as const,
    createdAt: now.toISOString(),
  };
  if (!(await createStyleReport(db, report))) throw conflict(REPORT_ALREADY_OPEN);
  return report;
}

/** GET /api/admin/style-reports: open reports, newest first. */
export const listStyleReports = (db: Db) => listOpenStyleReports(db);

export const publicUserView = (u: UserRecord) => ({
  id: u.id,
  handle: u.handle,
  firstName: u.firstName ?? null,
  lastName: u.lastName ?? null,
  profileImageUrl: u.profileImageUrl ?? null,
  isPublic: !!u.isPublic,
  isInfluencer: !!u.isInfluencer,
});

/** GET /api/users/{id}: public fields of a public user (a user always sees their own). */
export async function getPublicUser(db: Db, id: string, viewerId: string | null) {
  const u = await getUser(db, id);
  if (!u || (!u.isPublic && u.id !== viewerId)) throw notFound(USER_NOT_FOUND);
  return publicUserView(u);
}

/** GET /api/collections/{id}: a published collection (or the owner's own) with its affiliate links and styles. */
export async function getCollectionDetail(db: Db, id: string, viewerId: string | null) {
  const c = await getCollection(db, id);
  if (!c || !collectionVisible(c, viewerId)) throw notFound(COLLECTION_NOT_FOUND);
  const styles = (await getStylesByIds(db, await listCollectionStyleIds(db, id))).filter((s) => isVisible(s, viewerId));
  const items = styles.map((s) => ({
    id: s.id,
    title: s.name,
    description: s.description,
    coverImage: s.coverImageUrl ?? s.promptImageUrl ?? null,
    tags: s.tags ?? [],
    categoryIds: s.categoryIds ?? [],
    sex: s.sex,
  }));
  return {
    ...collectionSummary(c),
    name: c.name,
    styleCount: items.length,
    affiliateLinks: (c.affiliateLinks ?? []).map(({ id: linkId, url, productName, retailer }) => ({
      id: linkId,
      url,
      productName,
      retailer,
    })),
    styles: items,
  };
}

/** GET /api/influencer-collections/user/{userId}: that user's published collections (all of them for the owner). */
export async function listUserCollections(db: Db, userId: string, viewerId: string | null) {
  // The owner sees every collection; others the published ones that are not empty.
  return (await listCollectionsOfOwner(db, userId))
    .filter((c) => collectionVisible(c, viewerId) && (c.userId === viewerId || isListedCollection(c)))
    .map(collectionSummary);
}

/** GET /api/profile/{handle}: a public user's card, links and (when they allow it) published collections. */
export async function getPublicProfile(db: Db, rawHandle: string, viewerId: string | null) {
  const handle = normalizeHandle(rawHandle);
  const userId = handle ? await findUserIdByHandle(db, handle) : null;
  const u = userId ? await getUser(db, userId) : null;
  if (!u || (!u.isPublic && u.id !== viewerId)) throw notFound(PROFILE_NOT_FOUND);
  const showCollections = u.showCollections ?? true;
  const [links, collections] = await Promise.all([
    listUserLinks(db, u.id),
    showCollections ? listCollectionsOfOwner(db, u.id) : Promise.resolve<CollectionRecord[]>([]),
  ]);
  const { isPublic, ...user } = publicUserView(u);
  void isPublic;
  return {
    user,
    links: links.map(({ id, title, url }) => ({ id, title, url })),
    collections: collections.filter(isListedCollection).map(collectionSummary),
    showCollections,
  };
}
