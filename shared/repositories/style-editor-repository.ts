/**
 * Writes of the style editor: styles, their products and product links.
 *
 * Style counts: a style written here carries `counted: true` and is counted on its creator's COUNTERS item
 * (`privateStyleCount` or `publicStyleCount`, next to the photo-profile attributes, which are left untouched).
 * The count moves in the SAME transaction as the Put, the visibility switch or the Delete it counts, and a
 * create or a switch is conditioned on the target count being under the cap, so concurrent creates can never
 * exceed it. The style's own write is conditioned on its visibility being the one read, so two concurrent
 * switches cannot both move the count. Seed styles (no `counted`) are never counted.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from './dynamo-client';
import * as z from 'zod';
import { keys } from './keys';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import {
  productEntity,
  productLinkEntity,
  styleEntity,
  type ProductLinkRecord,
  type ProductRecord,
  type StyleRecord,
} from './catalog-repository';
import { commitStyle, readPostingState } from './explore-postings';
import { tx, type Item, type TransactItem } from './toolkit';
import { buildUpdate, keysUnder, queryAll, transactDeleteAll } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A style as the editor stores it (`counted` is part of the style's declaration). */
export type StoredStyle = StyleRecord;

/** The users' COUNTERS item as the style editor reads it (absent counts are zero). */
const styleCounts = /* @__PURE__ */ lazySchema(() =>
  z.object({
    privateStyleCount: z.number().default(0),
    publicStyleCount: z.number().default(0),
  }),
);

const countField = (isPublic: boolean) => (isPublic ? 'publicStyleCount' : 'privateStyleCount');

export interface StyleCounts {
  privateStyleCount: number;
  publicStyleCount: number;
}

export async function getStyleCounts(db: Db, userId: string): Promise<StyleCounts> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.userCounters(userId),
      ConsistentRead: true,
      ProjectionExpression: 'privateStyleCount, publicStyleCount',
    }),
  );
  const counts = styleCounts.parse(res.Item ?? {});
  return {
    privateStyleCount: Math.max(0, counts.privateStyleCount),
    publicStyleCount: Math.max(0, counts.publicStyleCount),
  };
}

/** The counters update adding one style of this visibility, under `cap` (null = no cap). */
function incrementCount(db: Db, userId: string, isPublic: boolean, cap: number | null) {
  const f = countField(isPublic);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.userCounters(userId),
      UpdateExpression: `SET ${f} = if_not_exists(${f}, :zero) + :one`,
      ...(cap === null ? {} : { ConditionExpression: `attribute_not_exists(${f}) OR ${f} < :max` }),
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ...(cap === null ? {} : { ':max': cap }) },
    },
  };
}

function decrementCount(db: Db, userId: string, isPublic: boolean) {
  const f = countField(isPublic);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.userCounters(userId),
      UpdateExpression: `SET ${f} = if_not_exists(${f}, :one) - :one`,
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** Create a style and count it; 'limit' when the creator's cap for its visibility is reached (nothing written). */
export async function createStyle(db: Db, style: StyleRecord, cap: number | null): Promise<StoredStyle | 'limit'> {
  const stored: StoredStyle = { ...style, counted: true, rev: 1 };
  const res = await commitStyle(db, {
    id: style.id,
    from: null,
    to: stored,
    styleWrite: (b) => tx.put(db, styleEntity.item(stored, b.set), 'attribute_not_exists(pk)'),
    others: [incrementCount(db, style.createdBy, style.isPublic, cap)],
  });
  if (res === 'settle-first' || !res.applied) {
    if (res !== 'settle-first' && res.conditionFailed(1)) return 'limit';
    throw new Error(`Style ${style.id} exists already`);
  }
  return stored;
}

/** The fields of a style an edit may change (a takedown is takeDownStyle's, the counts the counters'). */
export type StylePatch = Partial<
  Omit<StyleRecord, 'id' | 'createdBy' | 'createdAt' | 'usageCount' | 'favoriteCount' | 'rev' | 'takenDownAt'>
>;

/** 'taken-down': the patch would make a taken-down style public (refused, nothing written). */
export type UpdateStyleResult = StoredStyle | 'limit' | 'changed' | 'missing' | 'taken-down';

/** The style as read at `current`'s version, with its posting state; 'changed' when it moved on, or is being taken down. */
async function readAt(db: Db, current: StoredStyle) {
  const read = await readPostingState(db, current.id);
  if (!read) return 'missing' as const;
  // a takedown in progress: edits wait for it (then see the style taken down)
  if (read.state.rev !== (current.rev ?? 0) || read.state.takedownPending) return 'changed' as const;
  return read;
}

/**
 * Apply a patch to a style as read (`current`), as one versioned write (explore-postings.ts): conditioned on the
 * version read, with its explore postings and tag counts. A visibility switch moves the count from one attribute
 * to the other under the new cap, and the public index key is set or removed. 'changed' when the style changed
 * since it was read (read again and retry), 'missing' when it is gone.
 */
export async function updateStyle(
  db: Db,
  current: StoredStyle,
  patch: StylePatch,
  cap: number | null,
  now = new Date(),
): Promise<UpdateStyleResult> {
  const read = await readAt(db, current);
  if (typeof read === 'string') return read;
  if (patch.isPublic === true && (current.takenDownAt || read.style.takenDownAt)) return 'taken-down';
  const switching = patch.isPublic !== undefined && patch.isPublic !== current.isPublic;
  const next: StoredStyle = {
    ...current,
    ...patch,
    usageCount: read.style.usageCount,
    updatedAt: now.toISOString(),
    counted: current.counted || switching,
    rev: read.state.rev + 1,
  };
  // a visibility switch moves the style in or out of the public index (the style's declaration)
  const index = switching ? styleEntity.indexUpdate('gsi1', next) : { set: {}, remove: [] };
  const others: TransactItem[] = [];
  if (switching) {
    // An uncounted (seed) style starts being counted when it switches; a counted one moves its count
    // (one update of the counters item: a transaction may touch an item only once).
    const move = incrementCount(db, current.createdBy, !!next.isPublic, cap);
    if (current.counted) {
      const from = countField(current.isPublic);
      move.Update.UpdateExpression += `, ${from} = if_not_exists(${from}, :one) - :one`;
    }
    others.push(move);
  }
  const res = await commitStyle(db, {
    id: current.id,
    from: read,
    to: next,
    others,
    styleWrite: (b) =>
      tx.update(db, keys.style(current.id), {
        ...buildUpdate(
          { ...patch, updatedAt: next.updatedAt, ...index.set, ...(switching ? { counted: true } : {}), ...b.set },
          { remove: [...index.remove, ...b.remove], names: b.names, values: b.values },
        ),
        ConditionExpression: `attribute_exists(pk) AND ${b.condition}`,
      }),
  });
  if (res === 'settle-first') return 'changed';
  if (res.applied) return next;
  if (res.conditionFailed(1)) return 'limit';
  return (await styleExists(db, current.id)) ? 'changed' : 'missing';
}

async function styleExists(db: Db, id: string): Promise<boolean> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.style(id), ProjectionExpression: 'pk', ConsistentRead: true }),
  );
  return !!res.Item;
}

/**
 * Delete the style item and uncount it, conditioned on the version read; every explore posting the style lists
 * goes in the same transaction (explore-postings.ts: a posting exists only if its style lists it).
 */
export async function deleteStyleItem(db: Db, current: StoredStyle): Promise<'deleted' | 'changed' | 'missing'> {
  const read = await readPostingState(db, current.id);
  if (!read) return 'missing';
  if (read.state.rev !== (current.rev ?? 0)) return 'changed';
  const res = await commitStyle(db, {
    id: current.id,
    from: read,
    to: null,
    others: current.counted ? [decrementCount(db, current.createdBy, current.isPublic)] : [],
    styleWrite: (b) => ({
      Delete: {
        TableName: db.tableName,
        Key: keys.style(current.id),
        ConditionExpression: `attribute_exists(pk) AND ${b.condition}`,
        ExpressionAttributeNames: b.names,
        ...(Object.keys(b.values).length ? { ExpressionAttributeValues: b.values } : {}),
      },
    }),
  });
  if (res === 'settle-first') return 'changed';
  if (res.applied) return 'deleted';
  return (await styleExists(db, current.id)) ? 'changed' : 'missing';
}

export async function getStoredStyle(db: Db, id: string): Promise<StoredStyle | null> {
  if (!id || id.length > 100) return null;
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.style(id), ConsistentRead: true }));
  return styleEntity.parseOrNull(res.Item);
}

/** A creator's styles, newest first (gsi2 STYLES#OWNER#<id>). */
export async function listStylesOfOwner(db: Db, userId: string): Promise<StoredStyle[]> {
  const k = keys.styleOwnerIndex(userId, '', '');
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': k.gsi2pk },
    ScanIndexForward: false,
  });
  return items.map(styleEntity.parse);
}

// ---------------------------------------------------------------------------------------------------------
// Products and links

export type NewProduct = Omit<ProductRecord, 'links'>;

const productItem = (p: NewProduct): Item => productEntity.item(p);
const linkItem = (l: ProductLinkRecord): Item => productLinkEntity.item(l);

/** Create a product with its links in one transaction; false when the style is gone. */
export async function createProduct(db: Db, p: NewProduct, links: ProductLinkRecord[]): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: keys.style(p.styleId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          { Put: { TableName: db.tableName, Item: productItem(p), ConditionExpression: 'attribute_not_exists(pk)' } },
          ...links.map((l) => ({
            Put: { TableName: db.tableName, Item: linkItem(l), ConditionExpression: 'attribute_not_exists(pk)' },
          })),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

async function byGsi1<T>(db: Db, gsi1pk: string, gsi1sk: string, parse: (item: unknown) => T): Promise<T | null> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: TABLE_SCHEMA.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
      Limit: 1,
    }),
  );
  const item = res.Items?.[0];
  return item ? parse(item) : null;
}

export async function getProductById(db: Db, productId: string): Promise<NewProduct | null> {
  if (!productId || productId.length > 100) return null;
  const k = keys.productIdIndex(productId);
  const found = await byGsi1(db, k.gsi1pk, k.gsi1sk, productEntity.parse);
  if (!found) return null;
  // the index is eventually consistent: confirm on the table
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.product(found.styleId, productId), ConsistentRead: true }),
  );
  return productEntity.parseOrNull(res.Item);
}

export async function getProductLinkById(db: Db, linkId: string): Promise<ProductLinkRecord | null> {
  if (!linkId || linkId.length > 100) return null;
  const k = keys.productLinkIdIndex(linkId);
  const found = await byGsi1(db, k.gsi1pk, k.gsi1sk, productLinkEntity.parse);
  if (!found) return null;
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.productLink(found.styleId, found.productId, linkId),
      ConsistentRead: true,
    }),
  );
  return productLinkEntity.parseOrNull(res.Item);
}

export async function listProductLinks(db: Db, styleId: string, productId: string): Promise<ProductLinkRecord[]> {
  const k = keys.productLinkPrefix(styleId, productId);
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? [])
    .map(productLinkEntity.parse)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

async function updateFields<T>(
  db: Db,
  key: Record<string, string>,
  patch: Record<string, unknown>,
  parse: (item: unknown) => T,
): Promise<T | null> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (!entries.length) {
    const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
    return res.Item ? parse(res.Item) : null;
  }
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        ...buildUpdate(Object.fromEntries(entries)),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return parse(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

export const updateProduct = (db: Db, p: NewProduct, patch: Partial<NewProduct>) =>
  updateFields(db, keys.product(p.styleId, p.id), patch, productEntity.parse);
export const updateProductLink = (db: Db, l: ProductLinkRecord, patch: Partial<ProductLinkRecord>) =>
  updateFields(db, keys.productLink(l.styleId, l.productId, l.id), patch, productLinkEntity.parse);

/** Add a link to an existing product; false when the product is gone. */
export async function createProductLink(db: Db, l: ProductLinkRecord): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: keys.product(l.styleId, l.productId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          { Put: { TableName: db.tableName, Item: linkItem(l), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Delete a product and its links. */
export async function deleteProduct(db: Db, styleId: string, productId: string): Promise<void> {
  const links = await listProductLinks(db, styleId, productId);
  await transactDeleteAll(db, [
    ...links.map((l) => keys.productLink(styleId, productId, l.id)),
    keys.product(styleId, productId),
  ]);
}

/** Delete every product and link of a style (its partition's PRODUCT# items). Returns how many items. */
export async function deleteStyleProducts(db: Db, styleId: string): Promise<number> {
  const toDelete = await keysUnder(db, keys.styleProductsPrefix(styleId));
  await transactDeleteAll(db, toDelete);
  return toDelete.length;
}
