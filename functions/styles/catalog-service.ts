/** Public catalog reads: styles (with their creator's name), categories, products, published collections. */
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

/** The creators of many styles in BatchGet calls of up to 100 keys (unprocessed keys retried). */
export async function creators(db: Db, ids: string[]): Promise<Map<string, Creator>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, Creator>();
  for (const u of await getUsersByIds(db, unique, ['id', 'firstName', 'lastName', 'email', 'handle', 'isPublic']))
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

export async function getStyleDetail(db: Db, id: string, viewerId: string | null) {
  const s = await getVisibleStyle(db, id, viewerId);
  if (!s) throw notFound('Style not found');
  const creator = creatorOf(await getUser(db, s.createdBy), s.createdBy);
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

export async function getStyleProducts(db: Db, id: string, viewerId: string | null) {
  const s = await getVisibleStyle(db, id, viewerId);
  if (!s) throw notFound('Style not found');
  return listStyleProducts(db, id);
}

export async function listActiveCategories(db: Db) {
  return (await listCategories(db))
    .filter((c) => c.isActive)
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map(({ id, name, description, isActive, displayOrder }) => ({ id, name, description, isActive, displayOrder }));
}

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

export async function listCollections(db: Db) {
  // Empty collections are not listed (shared/domain/collection-rules.ts).
  return (await listPublishedCollections(db)).filter(isListedCollection).map(collectionSummary);
}
