/** Reads of catalog items (styles, prompt templates, raw templates, categories). Writes come with the editors. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StyleImageType, StyleSex, TaskType, Vibe, Setting } from '../domain/catalog';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';

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
  isAiGenerated: boolean;
  createdBy: string;
  usageCount: number;
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
  void pk; void sk; void gsi1pk; void gsi1sk; void gsi2pk; void gsi2sk; void type;
  return rest as T;
};

async function queryAll<T>(db: Db, index: string, pk: string, pkAttr: string, forward = true): Promise<T[]> {
  const out: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: index,
        KeyConditionExpression: `${pkAttr} = :pk`,
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: forward,
        ExclusiveStartKey,
      }),
    );
    for (const i of res.Items ?? []) out.push(clean<T>(i)!);
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
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
  return queryAll<PromptTemplateRecord>(db, TABLE_SCHEMA.gsi1.name, 'PROMPTS', 'gsi1pk');
}

export async function getRawTemplate(db: Db, id: string): Promise<RawTemplateRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.rawTemplate(id) }));
  return clean<RawTemplateRecord>(res.Item);
}

export function listRawTemplates(db: Db): Promise<RawTemplateRecord[]> {
  return queryAll<RawTemplateRecord>(db, TABLE_SCHEMA.gsi1.name, 'RAWTPLS', 'gsi1pk');
}

export function listCategories(db: Db): Promise<CategoryRecord[]> {
  return queryAll<CategoryRecord>(db, TABLE_SCHEMA.gsi1.name, 'CATEGORIES', 'gsi1pk');
}

/** Public styles, newest first (gsi1 STYLES#PUBLIC). */
export function listPublicStyles(db: Db): Promise<StyleRecord[]> {
  return queryAll<StyleRecord>(db, TABLE_SCHEMA.gsi1.name, 'STYLES#PUBLIC', 'gsi1pk', false);
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
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `STYLE#${styleId}`, ':p': 'PRODUCT#' },
    }),
  );
  const products = new Map<string, ProductRecord>();
  const links: ProductLinkRecord[] = [];
  for (const item of res.Items ?? []) {
    if (item.type === 'Product') products.set(item.id as string, { ...clean<Omit<ProductRecord, 'links'>>(item)!, links: [] });
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
  return queryAll<CollectionRecord>(db, TABLE_SCHEMA.gsi1.name, 'COLLECTIONS#PUBLISHED', 'gsi1pk', false);
}
