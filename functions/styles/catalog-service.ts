/**
 * Public catalog reads: styles (with their creator's name), categories, products, published collections.
 * `catalogUseCases({ store })` is the use case on its store; the functions taking `db` below are the production
 * wiring the handlers call.
 */
import { isListedCollection } from '../../shared/domain/collection-rules';
import { notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import {
  getVisibleStyle,
  listCategories,
  listPublishedCollections,
  listStyleProducts,
  type CollectionRecord,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import { getUser, getUsersByIds, type UserRecord } from '../../shared/repositories/user-repository';
import { bindDb, type Store } from '../lib/bind-db';

export interface Creator {
  id: string;
  name: string;
  handle: string | null;
  isPublic: boolean;
}

export const creatorOf = (
  u: Pick<UserRecord, 'id' | 'firstName' | 'lastName' | 'email' | 'handle' | 'isPublic'> | null,
  id: string,
): Creator => {
  if (!u) return { id, name: 'Unknown creator', handle: null, isPublic: false };
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return { id, name: full || u.handle, handle: u.handle, isPublic: !!u.isPublic };
};

/** What reading the creators of styles needs (the use cases that name creators spread it into their store). */
export const creatorRepositories = { getUsersByIds };
export type CreatorStore = Store<typeof creatorRepositories>;

/** The creators of many styles in BatchGet calls of up to 100 keys (unprocessed keys retried). */
export async function creators(store: CreatorStore, ids: string[]): Promise<Map<string, Creator>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, Creator>();
  for (const u of await store.getUsersByIds(unique, ['id', 'firstName', 'lastName', 'email', 'handle', 'isPublic']))
    out.set(u.id, creatorOf(u, u.id));
  for (const id of unique) if (!out.has(id)) out.set(id, creatorOf(null, id));
  return out;
}

export const styleSummary = (s: StyleRecord, creator: Creator) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  tags: s.tags ?? [],
  categoryIds: s.categoryIds ?? [],
  sex: s.sex,
  styleImageType: s.styleImageType,
  garmentSlot: s.garmentSlot ?? null,
  coverImageUrl: s.coverImageUrl,
  promptImageUrl: s.promptImageUrl,
  usageCount: s.usageCount ?? 0,
  isPublic: s.isPublic,
  createdBy: s.createdBy,
  userName: creator.name,
  createdAt: s.createdAt,
});

/** A collection as listed publicly (spec 02: title and isPublished in public listings). */
export const collectionSummary = (c: CollectionRecord) => ({
  id: c.id,
  userId: c.userId,
  title: c.name,
  description: c.description,
  coverImage: c.coverImage,
  isPublished: c.isPublic,
  styleCount: c.styleCount ?? 0,
  createdAt: c.createdAt,
});

const repositories = {
  ...creatorRepositories,
  getUser,
  getVisibleStyle,
  listCategories,
  listPublishedCollections,
  listStyleProducts,
};

/** The public catalogue reads, on their store. */
export function catalogUseCases({ store }: { store: Store<typeof repositories> }) {
  async function getStyleDetail(id: string, viewerId: string | null) {
    const s = await store.getVisibleStyle(id, viewerId);
    if (!s) throw notFound('Style not found');
    const creator = creatorOf(await store.getUser(s.createdBy), s.createdBy);
    return {
      ...styleSummary(s, creator),
      tasks: s.tasks ?? [],
      defaultPromptTemplateId: s.defaultPromptTemplateId ?? null,
      promptImageOriginalUrl: s.promptImageOriginalUrl ?? null,
      isAiGenerated: !!s.isAiGenerated,
      creator: { name: creator.name, handle: creator.isPublic ? creator.handle : null, isPublic: creator.isPublic },
      sizeChart: s.sizeChart ?? null,
    };
  }

  async function getStyleProducts(id: string, viewerId: string | null) {
    const s = await store.getVisibleStyle(id, viewerId);
    if (!s) throw notFound('Style not found');
    return store.listStyleProducts(id);
  }

  async function listActiveCategories() {
    return (await store.listCategories())
      .filter((c) => c.isActive)
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map(({ id, name, description, isActive, displayOrder }) => ({ id, name, description, isActive, displayOrder }));
  }

  async function listCollections() {
    // Empty collections are not listed (shared/domain/collection-rules.ts).
    return (await store.listPublishedCollections()).filter(isListedCollection).map(collectionSummary);
  }

  return { getStyleDetail, getStyleProducts, listActiveCategories, listCollections };
}

type CatalogUseCases = ReturnType<typeof catalogUseCases>;
const production = (db: Db) => catalogUseCases({ store: bindDb(db, repositories) });

export const getStyleDetail = (db: Db, ...a: Parameters<CatalogUseCases['getStyleDetail']>) =>
  production(db).getStyleDetail(...a);
export const getStyleProducts = (db: Db, ...a: Parameters<CatalogUseCases['getStyleProducts']>) =>
  production(db).getStyleProducts(...a);
export const listActiveCategories = (db: Db) => production(db).listActiveCategories();
export const listCollections = (db: Db) => production(db).listCollections();
