/**
 * Discovery around a style and a creator: favourites (exact counts), reports, the collections a style is in,
 * the caller's generations of a style, collection detail, a user's collections, public users and profiles.
 * Private styles are visible to their creator only (404 to everyone else) on every route here.
 * `discoveryUseCases({ store })` is the use case on its store; the functions taking `db` below are the production
 * wiring the handlers call.
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
import { collectionSummary, creatorRepositories, creators, styleSummary } from './catalog-service';
import { toGenerationView } from '../generations';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = {
  ...creatorRepositories,
  addFavorite,
  createStyleReport,
  findUserIdByHandle,
  getCollection,
  getCollectionsByIds,
  getFavoriteCount,
  getStylesByIds,
  getUser,
  getVisibleStyle,
  isFavorite,
  listCollectionIdsOfStyle,
  listCollectionStyleIds,
  listCollectionsOfOwner,
  listFavoritePage,
  listGenerations,
  listOpenStyleReports,
  listUserLinks,
  removeFavorite,
};

const STYLE_NOT_FOUND = 'Style not found';
const COLLECTION_NOT_FOUND = 'Collection not found';
const PROFILE_NOT_FOUND = 'Profile Not Found';
const USER_NOT_FOUND = 'User not found';

const isVisible = (s: StyleRecord, viewerId: string | null) => s.isPublic || s.createdBy === viewerId;

const collectionVisible = (c: CollectionRecord, viewerId: string | null) => c.isPublic || c.userId === viewerId;

export const publicUserView = (u: UserRecord) => ({
  id: u.id,
  handle: u.handle,
  firstName: u.firstName ?? null,
  lastName: u.lastName ?? null,
  profileImageUrl: u.profileImageUrl ?? null,
  isPublic: !!u.isPublic,
  isInfluencer: !!u.isInfluencer,
});

/** The discovery use cases, on their store. */
export function discoveryUseCases({ store }: { store: Store<typeof repositories> }) {
  async function visibleStyle(id: string, viewerId: string | null): Promise<StyleRecord> {
    const s = await store.getVisibleStyle(id, viewerId);
    if (!s) throw notFound(STYLE_NOT_FOUND);
    return s;
  }

  /** GET /api/styles/{id}/collection: the published collections containing the style (and the viewer's own). */
  async function listStyleCollections(styleId: string, viewerId: string | null) {
    await visibleStyle(styleId, viewerId);
    const ids = await store.listCollectionIdsOfStyle(styleId);
    const cols = await store.getCollectionsByIds(ids);
    return cols
      .filter((c) => collectionVisible(c, viewerId))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(collectionSummary);
  }

  /** GET /api/styles/{id}/generations: the caller's generations of this style, newest first. */
  async function listStyleGenerations(userId: string, styleId: string) {
    await visibleStyle(styleId, userId);
    const gens = await store.listGenerations(userId, 1000);
    return gens.filter((g) => g.inputs?.styleId === styleId).map(toGenerationView);
  }

  async function getFavoriteState(userId: string | null, styleId: string) {
    await visibleStyle(styleId, userId);
    return { isFavorite: userId ? await store.isFavorite(userId, styleId) : false };
  }

  async function getStyleFavoriteCount(styleId: string, viewerId: string | null) {
    await visibleStyle(styleId, viewerId);
    return { count: Math.max(0, await store.getFavoriteCount(styleId)) };
  }

  /** POST /api/styles/{id}/favorite (idempotent). */
  async function favoriteStyle(userId: string, styleId: string) {
    await visibleStyle(styleId, userId);
    await store.addFavorite(userId, styleId);
    return { isFavorite: true, count: Math.max(0, await store.getFavoriteCount(styleId)) };
  }

  /** DELETE /api/styles/{id}/favorite (idempotent; also clears a favourite of a style that went private). */
  async function unfavoriteStyle(userId: string, styleId: string) {
    await store.removeFavorite(userId, styleId);
    return { isFavorite: false, count: Math.max(0, await store.getFavoriteCount(styleId)) };
  }

  /**
   * GET /api/favorites: a page of the caller's favourite styles (still visible to them), most recently favourited
   * first. A favourite of a style that is gone or went private is left out of its page (the page may be short; the
   * cursor goes on).
   */
  async function listFavoriteStyles(userId: string, q: FavoritesPageQuery = {}) {
    const page = await store.listFavoritePage(userId, {
      limit: q.limit ?? FAVORITES_LIMIT_DEFAULT,
      cursor: q.cursor ?? null,
    });
    const styles = new Map(
      (await store.getStylesByIds(page.items.map((f) => f.styleId)))
        .filter((s) => isVisible(s, userId))
        .map((s) => [s.id, s]),
    );
    const byCreator = await creators(
      store,
      [...styles.values()].map((s) => s.createdBy),
    );
    const items = page.items.flatMap((f) => {
      const s = styles.get(f.styleId);
      return s ? [{ ...styleSummary(s, byCreator.get(s.createdBy)!), favoritedAt: f.createdAt }] : [];
    });
    return { items, nextCursor: page.nextCursor };
  }

  /** POST /api/styles/{id}/flag: one open report per user and style. */
  async function reportStyle(userId: string, styleId: string, reason: string, now = new Date()) {
    const s = await visibleStyle(styleId, userId);
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
    if (!(await store.createStyleReport(report))) throw conflict(REPORT_ALREADY_OPEN);
    return report;
  }

  /** GET /api/admin/style-reports: open reports, newest first. */
  const listStyleReports = () => store.listOpenStyleReports();

  /** GET /api/users/{id}: public fields of a public user (a user always sees their own). */
  async function getPublicUser(id: string, viewerId: string | null) {
    const u = await store.getUser(id);
    if (!u || (!u.isPublic && u.id !== viewerId)) throw notFound(USER_NOT_FOUND);
    return publicUserView(u);
  }

  /** GET /api/collections/{id}: a published collection (or the owner's own) with its affiliate links and styles. */
  async function getCollectionDetail(id: string, viewerId: string | null) {
    const c = await store.getCollection(id);
    if (!c || !collectionVisible(c, viewerId)) throw notFound(COLLECTION_NOT_FOUND);
    const styles = (await store.getStylesByIds(await store.listCollectionStyleIds(id))).filter((s) =>
      isVisible(s, viewerId),
    );
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
  async function listUserCollections(userId: string, viewerId: string | null) {
    // The owner sees every collection; others the published ones that are not empty.
    return (await store.listCollectionsOfOwner(userId))
      .filter((c) => collectionVisible(c, viewerId) && (c.userId === viewerId || isListedCollection(c)))
      .map(collectionSummary);
  }

  /** GET /api/profile/{handle}: a public user's card, links and (when they allow it) published collections. */
  async function getPublicProfile(rawHandle: string, viewerId: string | null) {
    const handle = normalizeHandle(rawHandle);
    const userId = handle ? await store.findUserIdByHandle(handle) : null;
    const u = userId ? await store.getUser(userId) : null;
    if (!u || (!u.isPublic && u.id !== viewerId)) throw notFound(PROFILE_NOT_FOUND);
    const showCollections = u.showCollections ?? true;
    const [links, collections] = await Promise.all([
      store.listUserLinks(u.id),
      showCollections ? store.listCollectionsOfOwner(u.id) : Promise.resolve<CollectionRecord[]>([]),
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

  return {
    listStyleCollections,
    listStyleGenerations,
    getFavoriteState,
    getStyleFavoriteCount,
    favoriteStyle,
    unfavoriteStyle,
    listFavoriteStyles,
    reportStyle,
    listStyleReports,
    getPublicUser,
    getCollectionDetail,
    listUserCollections,
    getPublicProfile,
  };
}

type DiscoveryUseCases = ReturnType<typeof discoveryUseCases>;
const production = (db: Db) => discoveryUseCases({ store: bindDb(db, repositories) });

export const listStyleCollections = (db: Db, ...a: Parameters<DiscoveryUseCases['listStyleCollections']>) =>
  production(db).listStyleCollections(...a);
export const listStyleGenerations = (db: Db, ...a: Parameters<DiscoveryUseCases['listStyleGenerations']>) =>
  production(db).listStyleGenerations(...a);
export const getFavoriteState = (db: Db, ...a: Parameters<DiscoveryUseCases['getFavoriteState']>) =>
  production(db).getFavoriteState(...a);
export const getStyleFavoriteCount = (db: Db, ...a: Parameters<DiscoveryUseCases['getStyleFavoriteCount']>) =>
  production(db).getStyleFavoriteCount(...a);
export const favoriteStyle = (db: Db, ...a: Parameters<DiscoveryUseCases['favoriteStyle']>) =>
  production(db).favoriteStyle(...a);
export const unfavoriteStyle = (db: Db, ...a: Parameters<DiscoveryUseCases['unfavoriteStyle']>) =>
  production(db).unfavoriteStyle(...a);
export const listFavoriteStyles = (db: Db, ...a: Parameters<DiscoveryUseCases['listFavoriteStyles']>) =>
  production(db).listFavoriteStyles(...a);
export const reportStyle = (db: Db, ...a: Parameters<DiscoveryUseCases['reportStyle']>) =>
  production(db).reportStyle(...a);
export const listStyleReports = (db: Db, ...a: Parameters<DiscoveryUseCases['listStyleReports']>) =>
  production(db).listStyleReports(...a);
export const getPublicUser = (db: Db, ...a: Parameters<DiscoveryUseCases['getPublicUser']>) =>
  production(db).getPublicUser(...a);
export const getCollectionDetail = (db: Db, ...a: Parameters<DiscoveryUseCases['getCollectionDetail']>) =>
  production(db).getCollectionDetail(...a);
export const listUserCollections = (db: Db, ...a: Parameters<DiscoveryUseCases['listUserCollections']>) =>
  production(db).listUserCollections(...a);
export const getPublicProfile = (db: Db, ...a: Parameters<DiscoveryUseCases['getPublicProfile']>) =>
  production(db).getPublicProfile(...a);
