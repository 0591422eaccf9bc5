import type { ColorGrade, CreativeBackground } from '../domain/creative-look';
/** Reads of catalog items (styles, prompt templates, raw templates, categories). Writes come with the editors. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StyleImageType, StyleSex, TaskType, Vibe, Setting } from '../domain/catalog';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { batchGetAll, queryAll as queryEvery, queryPage } from './toolkit';

export interface StyleRecord {
  id: string;
  name: string;
  description: string;
  sex: StyleSex;
  categoryIds: string[];
  tags: string[];
  tasks: TaskType[];
  styleImageType: StyleImageType;
  promptImageUrl: string | null;
  promptImageOriginalUrl: string | null;
  coverImageUrl: string | null;
  defaultPromptTemplateId: string | null;
  isPublic: boolean;
  /** Set when an admin took the style down after a report (content safety): it cannot be made public again. */
  takenDownAt?: string | null;
  isAiGenerated: boolean;
  createdBy: string;
  usageCount: number;
  /** Number of FAV# items of this style, moved in the same transaction as each favourite Put/Delete. */
  favoriteCount?: number;
  createdAt: string;
  updatedAt: string;
}

export interface PromptTemplateRecord {
  id: string;
  name: string;
  description: string;
  previewImageUrl: string | null;
  task: TaskType;
  template: string;
  styleCategory: string | null;
  /** Creative mode on the Fitly engine (absent on templates made before: the photo's own background, no grade). */
  creativeBackground?: CreativeBackground;
  colorGrade?: ColorGrade;
  createdAt: string;
}

export interface RawTemplateRecord {
  id: string;
  name: string;
  taskType: TaskType;
  vibeCategory: Vibe;
  settingCategory: Setting;
  requiresFullBody: boolean;
  priority: number;
  enabled: boolean;
  jsonText: string;
  createdAt: string;
}

export interface CategoryRecord {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  displayOrder: number;
}

const clean = <T>(item: Record<string, unknown> | undefined): T | null => {
  if (!item) return null;
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, type, ...rest } = item;
  void pk;
  void sk;
  void gsi1pk;
  void gsi1sk;
  void gsi2pk;
  void gsi2sk;
  void type;
  return rest as T;
};

/** Every item of one index partition, cleaned. */
async function queryAll<T>(db: Db, index: string, pk: string, pkAttr: string, forward = true): Promise<T[]> {
  const items = await queryEvery(db, {
    IndexName: index,
    KeyConditionExpression: `${pkAttr} = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
    ScanIndexForward: forward,
  });
  return items.map((i) => clean<T>(i)!);
}

export async function getStyle(db: Db, id: string): Promise<StyleRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.style(id) }));
  return clean<StyleRecord>(res.Item);
}

/** A style the viewer may see: public, or private and theirs. */
export async function getVisibleStyle(db: Db, id: string, viewerId: string | null): Promise<StyleRecord | null> {
  const s = await getStyle(db, id);
  if (!s) return null;
  return s.isPublic || s.createdBy === viewerId ? s : null;
}

export async function incrementStyleUsage(db: Db, id: string): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.style(id),
        UpdateExpression: 'ADD usageCount :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch(() => undefined); // a style deleted meanwhile has no count to keep
}

export async function getPromptTemplate(db: Db, id: string): Promise<PromptTemplateRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.promptTemplate(id) }));
  return clean<PromptTemplateRecord>(res.Item);
}

export function listPromptTemplates(db: Db): Promise<PromptTemplateRecord[]> {
  return queryAll<PromptTemplateRecord>(db, TABLE_SCHEMA.gsi1.name, keys.promptTemplatePartition(), 'gsi1pk');
}

export async function getRawTemplate(db: Db, id: string): Promise<RawTemplateRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.rawTemplate(id) }));
  return clean<RawTemplateRecord>(res.Item);
}

export function listRawTemplates(db: Db): Promise<RawTemplateRecord[]> {
  return queryAll<RawTemplateRecord>(db, TABLE_SCHEMA.gsi1.name, keys.rawTemplatePartition(), 'gsi1pk');
}

export function listCategories(db: Db): Promise<CategoryRecord[]> {
  return queryAll<CategoryRecord>(db, TABLE_SCHEMA.gsi1.name, keys.categoryPartition(), 'gsi1pk');
}

/** Public styles, newest first (gsi1 STYLES#PUBLIC). */
export function listPublicStyles(db: Db): Promise<StyleRecord[]> {
  return queryAll<StyleRecord>(db, TABLE_SCHEMA.gsi1.name, keys.stylePublicPartition(), 'gsi1pk', false);
}

export interface ProductLinkRecord {
  id: string;
  productId: string;
  styleId: string;
  retailer: string;
  url: string;
  price: number | null;
  currency: string | null;
  affiliateCode: string | null;
  createdAt: string;
}

export interface ProductRecord {
  id: string;
  styleId: string;
  name: string;
  description: string | null;
  brand: string | null;
  category: string | null;
  imageUrl: string | null;
  createdAt: string;
  links: ProductLinkRecord[];
}

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
    if (item.type === 'Product')
      products.set(item.id as string, { ...clean<Omit<ProductRecord, 'links'>>(item)!, links: [] });
    else if (item.type === 'ProductLink') links.push(clean<ProductLinkRecord>(item)!);
  }
  for (const l of links) products.get(l.productId)?.links.push(l);
  return [...products.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export interface CollectionRecord {
  id: string;
  userId: string;
  name: string;
  description: string;
  coverImage: string | null;
  isPublic: boolean;
  styleCount: number;
  affiliateLinks: { id: string; url: string; productName: string; retailer: string }[];
  createdAt: string;
  updatedAt: string;
}

export function listPublishedCollections(db: Db): Promise<CollectionRecord[]> {
  return queryAll<CollectionRecord>(db, TABLE_SCHEMA.gsi1.name, keys.collectionPublishedPartition(), 'gsi1pk', false);
}

/** Items by key in BatchGet calls of up to 100 keys (unprocessed keys retried), in the order of `ids`; missing ones dropped. */
async function batchGetByIds<T extends { id: string }>(
  db: Db,
  ids: string[],
  key: (id: string) => Record<string, string>,
): Promise<T[]> {
  const found = new Map<string, T>();
  for (const item of await batchGetAll(db, ids.map(key))) {
    const c = clean<T>(item)!;
    found.set(c.id, c);
  }
  return ids.map((id) => found.get(id)).filter((x): x is T => !!x);
}

export const getStylesByIds = (db: Db, ids: string[]) => batchGetByIds<StyleRecord>(db, ids, keys.style);
export const getCollectionsByIds = (db: Db, ids: string[]) => batchGetByIds<CollectionRecord>(db, ids, keys.collection);

export async function getCollection(db: Db, id: string): Promise<CollectionRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.collection(id) }));
  return clean<CollectionRecord>(res.Item);
}

/** The member style ids of a collection, in the order they were added. */
export async function listCollectionStyleIds(db: Db, collectionId: string): Promise<string[]> {
  const k = keys.collectionStylePrefix(collectionId);
  const rows = await queryEvery<{ styleId: string; addedAt?: string }>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    ProjectionExpression: 'styleId, addedAt',
  });
  return rows.sort((a, b) => (a.addedAt ?? '').localeCompare(b.addedAt ?? '')).map((r) => r.styleId);
}

/** Ids of the collections a style belongs to (gsi1 STYLE#<id>#COLLECTIONS). */
export async function listCollectionIdsOfStyle(db: Db, styleId: string): Promise<string[]> {
  const k = keys.styleCollectionsIndex(styleId, '');
  const rows = await queryAll<{ collectionId: string }>(db, TABLE_SCHEMA.gsi1.name, k.gsi1pk, 'gsi1pk');
  return rows.map((r) => r.collectionId);
}

/** A user's collections, newest first (gsi2 COLLECTIONS#OWNER#<id>), published or not. */
export function listCollectionsOfOwner(db: Db, userId: string): Promise<CollectionRecord[]> {
  const k = keys.collectionOwnerIndex(userId, '', '');
  return queryAll<CollectionRecord>(db, TABLE_SCHEMA.gsi2.name, k.gsi2pk, 'gsi2pk', false);
}

/** Whether a user has created any style (gsi2 STYLES#OWNER#<id>, one item read). */
export async function ownsAnyStyle(db: Db, userId: string): Promise<boolean> {
  const k = keys.styleOwnerIndex(userId, '', '');
  const page = await queryPage(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': k.gsi2pk },
    Limit: 1,
    ProjectionExpression: 'id',
  });
  return page.items.length > 0;
}
