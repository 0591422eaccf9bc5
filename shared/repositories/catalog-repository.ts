/** Reads of catalog items (styles, prompt templates, raw templates, categories). Writes come with the editors. */
import { GetCommand } from './dynamo-client';
import * as z from 'zod';
import { COLOR_GRADES, CREATIVE_BACKGROUNDS } from '../domain/creative-look';
import { SETTINGS, STYLE_IMAGE_TYPES, STYLE_SEXES, TASK_TYPES, VIBES } from '../domain/catalog';
import { storedSizeChartSchema } from '../domain/size-advice';
import { GARMENT_SLOTS } from '../domain/outfit';
import { reindexStylePopularity } from './explore-postings';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { batchGetAll, entity, queryAll as queryEvery, type EntityRecord, type Item } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A style: public ones newest first (gsi1, only while public), a creator's own (gsi2). */
export const styleEntity = entity({
  name: 'Style',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      sex: z.enum(STYLE_SEXES),
      categoryIds: z.array(z.string()),
      tags: z.array(z.string()),
      tasks: z.array(z.enum(TASK_TYPES)),
      styleImageType: z.enum(STYLE_IMAGE_TYPES),
      promptImageUrl: z.string().nullable(),
      // absent on older and minimal items: read as none
      promptImageOriginalUrl: z.string().nullable().default(null),
      coverImageUrl: z.string().nullable(),
      defaultPromptTemplateId: z.string().nullable().default(null),
      isPublic: z.boolean(),
      /** The version of the item: every write of the style is conditioned on it (explore-postings.ts). */
      rev: z.number().int().optional(),
      /** Set when an admin took the style down after a report (content safety): it cannot be made public again. */
      takenDownAt: z.string().nullish(),
      isAiGenerated: z.boolean().default(false),
      /** The slot its garment takes, as its creator said it (issue 39); absent or null: the engine's guess. */
      garmentSlot: z.enum(GARMENT_SLOTS).nullish(),
      /** The brand's size chart (issue 25), in cm; absent or null: none. */
      sizeChart: storedSizeChartSchema.nullable().default(null),
      createdBy: z.string(),
      /** Completed generations of it, as folded from its counter shards (style-counter-repository.ts: lags by at most the last minute's). */
      usageCount: z.number(),
      /** FAV# items counted before the counter shards (issue 28); the count is this + the shards' `favorites`. */
      favoriteCount: z.number().optional(),
      /** Counted on its creator's COUNTERS item (style-editor-repository); seed styles are not. */
      counted: z.boolean().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (s) => keys.style(s.id),
  indexes: {
    gsi1: (s: { id: string; createdAt: string; isPublic: boolean }) =>
      s.isPublic ? keys.stylePublicIndex(s.createdAt, s.id) : null,
    gsi2: (s) => keys.styleOwnerIndex(s.createdBy, s.createdAt, s.id),
  },
});
export type StyleRecord = EntityRecord<typeof styleEntity>;

/** A prompt template, by lower-cased name (gsi1 PROMPTS). */
export const promptTemplateEntity = entity({
  name: 'PromptTemplate',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      previewImageUrl: z.string().nullable(),
      task: z.enum(TASK_TYPES),
      template: z.string(),
      styleCategory: z.string().nullable(),
      /** Creative mode on the Fitly engine (absent on templates made before: the photo's own background, no grade). */
      creativeBackground: z.enum(CREATIVE_BACKGROUNDS).optional(),
      colorGrade: z.enum(COLOR_GRADES).optional(),
      createdAt: z.string(),
      updatedAt: z.string().optional(),
    }),
  ),
  key: (t) => keys.promptTemplate(t.id),
  indexes: { gsi1: (t: { id: string; name: string }) => keys.promptTemplateIndex(t.name, t.id) },
});
export type PromptTemplateRecord = EntityRecord<typeof promptTemplateEntity>;

/** A raw template, by zero-padded priority (gsi1 RAWTPLS). */
export const rawTemplateEntity = entity({
  name: 'RawTemplate',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      taskType: z.enum(TASK_TYPES),
      vibeCategory: z.enum(VIBES),
      settingCategory: z.enum(SETTINGS),
      requiresFullBody: z.boolean(),
      priority: z.number(),
      enabled: z.boolean(),
      jsonText: z.string(),
      createdAt: z.string(),
      updatedAt: z.string().optional(),
    }),
  ),
  key: (t) => keys.rawTemplate(t.id),
  indexes: { gsi1: (t: { id: string; priority: number }) => keys.rawTemplateIndex(t.priority, t.id) },
});
export type RawTemplateRecord = EntityRecord<typeof rawTemplateEntity>;

/** A category, by display order (gsi1 CATEGORIES). */
export const categoryEntity = entity({
  name: 'Category',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      isActive: z.boolean(),
      displayOrder: z.number(),
    }),
  ),
  key: (c) => keys.category(c.id),
  indexes: { gsi1: (c) => keys.categoryIndex(c.displayOrder, c.id) },
});
export type CategoryRecord = EntityRecord<typeof categoryEntity>;

/** Every item of one index partition, parsed by its declaration. */
async function queryAll<T>(
  db: Db,
  index: string,
  pk: string,
  pkAttr: string,
  forward: boolean,
  parse: (item: Item) => T,
): Promise<T[]> {
  const items = await queryEvery(db, {
    IndexName: index,
    KeyConditionExpression: `${pkAttr} = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
    ScanIndexForward: forward,
  });
  return items.map(parse);
}

export async function getStyle(db: Db, id: string): Promise<StyleRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.style(id) }));
  return styleEntity.parseOrNull(res.Item);
}

/** A style the viewer may see: public, or private and theirs. */
export async function getVisibleStyle(db: Db, id: string, viewerId: string | null): Promise<StyleRecord | null> {
  const s = await getStyle(db, id);
  if (!s) return null;
  return s.isPublic || s.createdBy === viewerId ? s : null;
}

/**
 * After `folded` uses were moved onto a style's `usageCount` (style-counter-repository.ts): when the count crossed
 * a power of two the style moved up a popularity tier, and its popular postings of the explore index move with
 * it (explore-repository), once per tier, not once per use.
 */
export async function moveStylePopularity(db: Db, id: string, folded: number): Promise<void> {
  await reindexStylePopularity(db, id, folded);
}

export async function getPromptTemplate(db: Db, id: string): Promise<PromptTemplateRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.promptTemplate(id) }));
  return promptTemplateEntity.parseOrNull(res.Item);
}

export function listPromptTemplates(db: Db): Promise<PromptTemplateRecord[]> {
  const partition = keys.promptTemplatePartition();
  return queryAll(db, TABLE_SCHEMA.gsi1.name, partition, 'gsi1pk', true, promptTemplateEntity.parse);
}

export async function getRawTemplate(db: Db, id: string): Promise<RawTemplateRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.rawTemplate(id) }));
  return rawTemplateEntity.parseOrNull(res.Item);
}

export function listRawTemplates(db: Db): Promise<RawTemplateRecord[]> {
  return queryAll(db, TABLE_SCHEMA.gsi1.name, keys.rawTemplatePartition(), 'gsi1pk', true, rawTemplateEntity.parse);
}

export function listCategories(db: Db): Promise<CategoryRecord[]> {
  return queryAll(db, TABLE_SCHEMA.gsi1.name, keys.categoryPartition(), 'gsi1pk', true, categoryEntity.parse);
}

/** Public styles, newest first (gsi1 STYLES#PUBLIC). */
export function listPublicStyles(db: Db): Promise<StyleRecord[]> {
  return queryAll(db, TABLE_SCHEMA.gsi1.name, keys.stylePublicPartition(), 'gsi1pk', false, styleEntity.parse);
}

/** A product of a style (in the style's partition), found by its id on gsi1. */
export const productEntity = entity({
  name: 'Product',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      styleId: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      brand: z.string().nullable(),
      category: z.string().nullable(),
      imageUrl: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  key: (p) => keys.product(p.styleId, p.id),
  indexes: { gsi1: (p) => keys.productIdIndex(p.id) },
});

/** A retailer link of a product (in the style's partition), found by its id on gsi1. */
export const productLinkEntity = entity({
  name: 'ProductLink',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      productId: z.string(),
      styleId: z.string(),
      retailer: z.string(),
      url: z.string(),
      price: z.number().nullable(),
      currency: z.string().nullable(),
      affiliateCode: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  key: (l) => keys.productLink(l.styleId, l.productId, l.id),
  indexes: { gsi1: (l) => keys.productLinkIdIndex(l.id) },
});
export type ProductLinkRecord = EntityRecord<typeof productLinkEntity>;
export type ProductRecord = EntityRecord<typeof productEntity> & { links: ProductLinkRecord[] };

/** A style's products with their links, in one Query of the style's partition. */
export async function listStyleProducts(db: Db, styleId: string): Promise<ProductRecord[]> {
  const k = keys.styleProductsPrefix(styleId);
  const items = await queryEvery(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
  });
  const products = new Map<string, ProductRecord>();
  const links: ProductLinkRecord[] = [];
  for (const item of items) {
    if (item.type === productEntity.name) {
      const product = productEntity.parse(item);
      products.set(product.id, { ...product, links: [] });
    } else if (item.type === productLinkEntity.name) links.push(productLinkEntity.parse(item));
  }
  for (const l of links) products.get(l.productId)?.links.push(l);
  return [...products.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** A collection: published ones newest first (gsi1, only while public), an owner's (gsi2). */
export const collectionEntity = entity({
  name: 'Collection',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      name: z.string(),
      description: z.string(),
      coverImage: z.string().nullable(),
      isPublic: z.boolean(),
      styleCount: z.number(),
      affiliateLinks: z.array(
        z.object({ id: z.string(), url: z.string(), productName: z.string(), retailer: z.string() }),
      ),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (c) => keys.collection(c.id),
  indexes: {
    gsi1: (c: { id: string; createdAt: string; isPublic: boolean }) =>
      c.isPublic ? keys.collectionPublishedIndex(c.createdAt, c.id) : null,
    gsi2: (c) => keys.collectionOwnerIndex(c.userId, c.createdAt, c.id),
  },
});
export type CollectionRecord = EntityRecord<typeof collectionEntity>;

/** A style's membership of a collection (gsi1: the collections of a style). */
export const collectionStyleEntity = entity({
  name: 'CollectionStyle',
  schema: lazySchema(() => z.object({ collectionId: z.string(), styleId: z.string(), addedAt: z.string().optional() })),
  key: (m) => keys.collectionStyle(m.collectionId, m.styleId),
  indexes: { gsi1: (m) => keys.styleCollectionsIndex(m.styleId, m.collectionId) },
});

export function listPublishedCollections(db: Db): Promise<CollectionRecord[]> {
  const partition = keys.collectionPublishedPartition();
  return queryAll(db, TABLE_SCHEMA.gsi1.name, partition, 'gsi1pk', false, collectionEntity.parse);
}

/** Items by key in BatchGet calls of up to 100 keys (unprocessed keys retried), in the order of `ids`; missing ones dropped. */
async function batchGetByIds<T extends { id: string }>(
  db: Db,
  ids: string[],
  key: (id: string) => Record<string, string>,
  parse: (item: Item) => T,
): Promise<T[]> {
  const found = new Map<string, T>();
  for (const item of await batchGetAll(db, ids.map(key))) {
    const c = parse(item);
    found.set(c.id, c);
  }
  return ids.map((id) => found.get(id)).filter((x): x is T => !!x);
}

export const getStylesByIds = (db: Db, ids: string[]) => batchGetByIds(db, ids, keys.style, styleEntity.parse);
export const getCollectionsByIds = (db: Db, ids: string[]) =>
  batchGetByIds(db, ids, keys.collection, collectionEntity.parse);

export async function getCollection(db: Db, id: string): Promise<CollectionRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.collection(id) }));
  return collectionEntity.parseOrNull(res.Item);
}

/** The member style ids of a collection, in the order they were added. */
export async function listCollectionStyleIds(db: Db, collectionId: string): Promise<string[]> {
  const k = keys.collectionStylePrefix(collectionId);
  const items = await queryEvery(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ProjectionExpression: 'styleId, addedAt',
  });
  const rows = items.map((i) => collectionStyleEntity.parsePick(i, ['styleId', 'addedAt']));
  return rows.sort((a, b) => (a.addedAt ?? '').localeCompare(b.addedAt ?? '')).map((r) => r.styleId);
}

/** Ids of the collections a style belongs to (gsi1 STYLE#<id>#COLLECTIONS). */
export async function listCollectionIdsOfStyle(db: Db, styleId: string): Promise<string[]> {
  const k = keys.styleCollectionsIndex(styleId, '');
  const rows = await queryAll(db, TABLE_SCHEMA.gsi1.name, k.gsi1pk, 'gsi1pk', true, (i) =>
    collectionStyleEntity.parsePick(i, ['collectionId']),
  );
  return rows.map((r) => r.collectionId);
}

/** A user's collections, newest first (gsi2 COLLECTIONS#OWNER#<id>), published or not. */
export function listCollectionsOfOwner(db: Db, userId: string): Promise<CollectionRecord[]> {
  const k = keys.collectionOwnerIndex(userId, '', '');
  return queryAll(db, TABLE_SCHEMA.gsi2.name, k.gsi2pk, 'gsi2pk', false, collectionEntity.parse);
}
