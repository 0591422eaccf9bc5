/**
 * In-memory collaborators of the styles domain's use cases (catalog, discovery, collections and their covers,
 * the style editor, products, style covers), for their unit tests: the stored state in maps, with the
 * repositories' rules the use cases rely on (a private style is seen by its creator only; adding to a collection
 * needs a public style and the owner's collection and moves styleCount; a style write is conditioned on the
 * version read and counts the style under its creator's cap; one open report per user and style), and the
 * two buckets as a map with content-addressed copies. Never wired in production.
 */
import { createHash } from 'node:crypto';
import type { BucketKind } from '../../functions/lib/media-store';
import type {
  CategoryRecord,
  CollectionRecord,
  ProductLinkRecord,
  ProductRecord,
  PromptTemplateRecord,
  StyleRecord,
} from '../../shared/repositories/catalog-repository';
import type { StyleReportRecord } from '../../shared/repositories/discovery-repository';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { UserLinkRecord } from '../../shared/repositories/user-settings-repository';
import type { catalogUseCases } from '../../functions/styles/catalog-service';
import type { collectionUseCases } from '../../functions/styles/collection-service';
import type { discoveryUseCases } from '../../functions/styles/discovery-service';
import type { StyleEditorStore } from '../../functions/styles/style-editor-service';
import type { styleProductUseCases } from '../../functions/styles/style-product-service';
import type { StyleCoverDeps } from '../../functions/styles/style-cover-service';
import type { PlacementMedia } from '../../functions/styles/style-image-placement';

type StoreOf<F extends (deps: never) => unknown> = Parameters<F>[0] extends { store: infer S } ? S : never;

/** Every repository function the styles domain's use cases read and write, in memory. */
export type CatalogStore = StoreOf<typeof catalogUseCases> &
  StoreOf<typeof discoveryUseCases> &
  StoreOf<typeof collectionUseCases> &
  StoreOf<typeof styleProductUseCases> &
  StyleEditorStore &
  StyleCoverDeps['store'];

export interface InMemoryCatalog {
  users: Map<string, UserRecord>;
  styles: Map<string, StyleRecord>;
  categories: CategoryRecord[];
  prompts: PromptTemplateRecord[];
  /** styleId -> its products with their links */
  products: Map<string, ProductRecord[]>;
  collections: Map<string, CollectionRecord>;
  /** collectionId -> its style ids, in the order added */
  members: Map<string, string[]>;
  /** userId -> favourites, newest first */
  favorites: Map<string, { styleId: string; createdAt: string }[]>;
  styleReports: StyleReportRecord[];
  generations: Map<string, GenerationRecord>;
  handles: Map<string, string>;
  links: Map<string, UserLinkRecord[]>;
  /** `${bucket}:${key}` -> bytes */
  objects: Map<string, Buffer>;
  /** Runs before the next style update is applied (a concurrent writer). */
  beforeNextStyleWrite: (() => void) | null;
  store: CatalogStore;
  media: PlacementMedia;
}

const obj = (bucket: BucketKind, key: string) => `${bucket}:${key}`;
const ok = <T>(v: T) => Promise.resolve(v);

export function inMemoryCatalog(): InMemoryCatalog {
  const m: Omit<InMemoryCatalog, 'store' | 'media'> = {
    users: new Map(),
    styles: new Map(),
    categories: [],
    prompts: [],
    products: new Map(),
    collections: new Map(),
    members: new Map(),
    favorites: new Map(),
    styleReports: [],
    generations: new Map(),
    handles: new Map(),
    links: new Map(),
    objects: new Map(),
    beforeNextStyleWrite: null,
  };
  const countOf = (userId: string, isPublic: boolean) =>
    [...m.styles.values()].filter((s) => s.createdBy === userId && s.counted && s.isPublic === isPublic).length;
  const allLinks = () => [...m.products.values()].flat().flatMap((p) => p.links);
  const productOf = (id: string) => [...m.products.values()].flat().find((p) => p.id === id);
  const withoutLinks = ({ links, ...p }: ProductRecord) => {
    void links;
    return p;
  };

  const store: CatalogStore = {
    // users
    getUser: (id) => ok(m.users.get(id) ?? null),
    getUsersByIds: (ids) => ok(ids.flatMap((id) => (m.users.has(id) ? [m.users.get(id)!] : []))),
    findUserIdByHandle: (handle) => ok(m.handles.get(handle) ?? null),
    listUserLinks: (userId) => ok(m.links.get(userId) ?? []),
    // styles
    getVisibleStyle: (id, viewerId) => {
      const s = m.styles.get(id);
      return ok(s && (s.isPublic || s.createdBy === viewerId) ? s : null);
    },
    getStoredStyle: (id) => ok((id && id.length <= 100 ? m.styles.get(id) : undefined) ?? null),
    getStylesByIds: (ids) => ok(ids.flatMap((id) => (m.styles.has(id) ? [m.styles.get(id)!] : []))),
    listStylesOfOwner: (userId) =>
      ok(
        [...m.styles.values()]
          .filter((s) => s.createdBy === userId)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      ),
    listCategories: () => ok([...m.categories]),
    getPromptTemplate: (id) => ok(m.prompts.find((p) => p.id === id) ?? null),
    createStyle: (style, cap) => {
      if (cap !== null && countOf(style.createdBy, style.isPublic) >= cap) return ok('limit' as const);
      const stored = { ...style, counted: true, rev: 1 };
      m.styles.set(style.id, stored);
      return ok(stored);
    },
    updateStyle: (current, patch, cap, now = new Date()) => {
      m.beforeNextStyleWrite?.();
      m.beforeNextStyleWrite = null;
      const read = m.styles.get(current.id);
      if (!read) return ok('missing' as const);
      if ((read.rev ?? 0) !== (current.rev ?? 0)) return ok('changed' as const);
      if (patch.isPublic === true && read.takenDownAt) return ok('taken-down' as const);
      const switching = patch.isPublic !== undefined && patch.isPublic !== current.isPublic;
      if (switching && cap !== null && countOf(current.createdBy, !!patch.isPublic) >= cap) return ok('limit' as const);
      const next = {
        ...current,
        ...patch,
        updatedAt: now.toISOString(),
        counted: current.counted || switching,
        rev: (read.rev ?? 0) + 1,
      };
      m.styles.set(current.id, next);
      return ok(next);
    },
    deleteStyleItem: (current) => {
      const read = m.styles.get(current.id);
      if (!read) return ok('missing' as const);
      if ((read.rev ?? 0) !== (current.rev ?? 0)) return ok('changed' as const);
      m.styles.delete(current.id);
      return ok('deleted' as const);
    },
    deleteStyleCounters: () => ok(undefined),
    // products
    listStyleProducts: (styleId) => ok(m.products.get(styleId) ?? []),
    deleteStyleProducts: (styleId) => {
      const items = (m.products.get(styleId) ?? []).reduce((n, p) => n + 1 + p.links.length, 0);
      m.products.delete(styleId);
      return ok(items);
    },
    createProduct: (p, links) => {
      if (!m.styles.has(p.styleId)) return ok(false);
      m.products.set(p.styleId, [...(m.products.get(p.styleId) ?? []), { ...p, links }]);
      return ok(true);
    },
    getProductById: (id) => {
      const p = productOf(id);
      return ok(p ? withoutLinks(p) : null);
    },
    updateProduct: (p, patch) => {
      const found = productOf(p.id);
      if (!found) return ok(null);
      Object.assign(found, patch);
      return ok(withoutLinks(found));
    },
    deleteProduct: (styleId, productId) => {
      m.products.set(
        styleId,
        (m.products.get(styleId) ?? []).filter((p) => p.id !== productId),
      );
      return ok(undefined);
    },
    listProductLinks: (_styleId, productId) => ok(productOf(productId)?.links ?? []),
    getProductLinkById: (id) => ok(allLinks().find((l) => l.id === id) ?? null),
    createProductLink: (l) => {
      const p = productOf(l.productId);
      if (!p) return ok(false);
      p.links.push(l);
      return ok(true);
    },
    updateProductLink: (l, patch) => {
      const found = allLinks().find((x) => x.id === l.id);
      if (!found) return ok(null);
      Object.assign(found, patch);
      return ok({ ...found } satisfies ProductLinkRecord);
    },
    // collections
    getCollection: (id) => ok(m.collections.get(id) ?? null),
    getCollectionsByIds: (ids) => ok(ids.flatMap((id) => (m.collections.has(id) ? [m.collections.get(id)!] : []))),
    listCollectionStyleIds: (id) => ok([...(m.members.get(id) ?? [])]),
    listCollectionIdsOfStyle: (styleId) =>
      ok([...m.members.entries()].filter(([, ids]) => ids.includes(styleId)).map(([id]) => id)),
    listCollectionsOfOwner: (userId) =>
      ok(
        [...m.collections.values()]
          .filter((c) => c.userId === userId)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      ),
    listPublishedCollections: () =>
      ok([...m.collections.values()].filter((c) => c.isPublic).sort((a, b) => b.createdAt.localeCompare(a.createdAt))),
    createCollection: (c) => {
      m.collections.set(c.id, c);
      return ok(undefined);
    },
    updateCollection: (current, ownerId, patch, now = new Date()) => {
      const c = m.collections.get(current.id);
      if (!c || c.userId !== ownerId) return ok(null);
      const next = { ...c, ...patch, updatedAt: now.toISOString() };
      m.collections.set(c.id, next);
      return ok(next);
    },
    deleteCollection: (id, ownerId) => {
      const c = m.collections.get(id);
      if (!c || c.userId !== ownerId) return ok(false);
      m.collections.delete(id);
      m.members.delete(id);
      return ok(true);
    },
    addStyleToCollection: (collectionId, ownerId, styleId) => {
      const style = m.styles.get(styleId);
      const c = m.collections.get(collectionId);
      if (!style?.isPublic) return ok('not-public' as const);
      if (!c || c.userId !== ownerId) return ok('not-owner' as const);
      const ids = m.members.get(collectionId) ?? [];
      if (ids.includes(styleId)) return ok('already' as const);
      m.members.set(collectionId, [...ids, styleId]);
      m.collections.set(collectionId, { ...c, styleCount: c.styleCount + 1 });
      return ok('added' as const);
    },
    removeStyleFromCollection: (collectionId, styleId, ownerId) => {
      const c = m.collections.get(collectionId);
      const ids = m.members.get(collectionId) ?? [];
      if (!c) {
        if (ownerId !== null) return ok('not-owner' as const);
        m.members.set(
          collectionId,
          ids.filter((id) => id !== styleId),
        );
        return ok('removed' as const);
      }
      if (ownerId !== null && c.userId !== ownerId) return ok('not-owner' as const);
      if (!ids.includes(styleId)) return ok('absent' as const);
      m.members.set(
        collectionId,
        ids.filter((id) => id !== styleId),
      );
      m.collections.set(collectionId, { ...c, styleCount: c.styleCount - 1 });
      return ok('removed' as const);
    },
    // favourites and reports
    addFavorite: (userId, styleId, now = new Date()) => {
      const list = m.favorites.get(userId) ?? [];
      if (list.some((f) => f.styleId === styleId)) return ok('already' as const);
      m.favorites.set(userId, [{ styleId, createdAt: now.toISOString() }, ...list]);
      return ok('added' as const);
    },
    removeFavorite: (userId, styleId) => {
      const list = m.favorites.get(userId) ?? [];
      m.favorites.set(
        userId,
        list.filter((f) => f.styleId !== styleId),
      );
      return ok(list.some((f) => f.styleId === styleId) ? 'removed' : 'absent');
    },
    isFavorite: (userId, styleId) => ok((m.favorites.get(userId) ?? []).some((f) => f.styleId === styleId)),
    getFavoriteCount: (styleId) =>
      ok([...m.favorites.values()].filter((list) => list.some((f) => f.styleId === styleId)).length),
    listFavoritePage: (userId, { limit, cursor }) => {
      const list = m.favorites.get(userId) ?? [];
      const start = cursor ? Number(cursor) : 0;
      const items = list.slice(start, start + limit);
      return ok({ items, nextCursor: start + limit < list.length ? String(start + limit) : null });
    },
    createStyleReport: (r) => {
      if (m.styleReports.some((x) => x.styleId === r.styleId && x.reporterId === r.reporterId && x.status === 'open'))
        return ok(false);
      m.styleReports.push(r);
      return ok(true);
    },
    listOpenStyleReports: () => ok(m.styleReports.filter((r) => r.status === 'open').reverse()),
    // generations
    listGenerations: (userId) => ok([...m.generations.values()].filter((g) => g.userId === userId)),
    getGeneration: (userId, id) => {
      const g = m.generations.get(id);
      return ok(g && g.userId === userId ? g : null);
    },
  };

  const media: PlacementMedia = {
    copyAddressed: (from, fromKey, to, keyFor) => {
      const bytes = m.objects.get(obj(from, fromKey));
      if (!bytes) return ok(null);
      const ext = /\.([a-z0-9]+)$/i.exec(fromKey)?.[1]?.toLowerCase() ?? 'jpg';
      const key = keyFor(createHash('sha256').update(bytes).digest('hex').slice(0, 32), ext);
      m.objects.set(obj(to, key), bytes);
      return ok(key);
    },
    delete: (bucket, keys) => {
      for (const key of keys) m.objects.delete(obj(bucket, key));
      return ok(keys.length);
    },
  };
  return Object.assign(m, { store, media });
}

/** Put bytes in a bucket of the in-memory catalogue. */
export const putObject = (m: InMemoryCatalog, bucket: BucketKind, key: string, bytes = Buffer.from(key)) =>
  m.objects.set(obj(bucket, key), bytes);

/** Whether an object is in a bucket of the in-memory catalogue. */
export const hasObject = (m: InMemoryCatalog, bucket: BucketKind, key: string) => m.objects.has(obj(bucket, key));

/** Objects of a bucket under a prefix. */
export const objectKeys = (m: InMemoryCatalog, bucket: BucketKind, prefix = '') =>
  [...m.objects.keys()]
    .filter((k) => k.startsWith(`${bucket}:${prefix}`))
    .map((k) => k.slice(bucket.length + 1))
    .sort();

/** A collection of `userId`. */
export function aCollection(overrides: Partial<CollectionRecord> = {}): CollectionRecord {
  return {
    id: 'c1',
    userId: 'inf',
    name: 'Summer picks',
    description: '',
    coverImage: null,
    isPublic: true,
    styleCount: 0,
    affiliateLinks: [],
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Add styles to a collection of the in-memory catalogue (members and styleCount together). */
export function fillCollection(m: InMemoryCatalog, c: CollectionRecord, styleIds: string[]): void {
  m.members.set(c.id, [...styleIds]);
  m.collections.set(c.id, { ...c, styleCount: styleIds.length });
}
