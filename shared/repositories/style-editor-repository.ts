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
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from './dynamo-client';
import * as z from 'zod';
import { keys } from './keys';
import { cancellationReasons, errorName, isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import {
  productEntity,
  productLinkEntity,
  styleEntity,
  type ProductLinkRecord,
  type ProductRecord,
  type StyleRecord,
} from './catalog-repository';
import { exploreIndexWrites } from './explore-repository';
import { withConflictRetry, type Item, type TransactItem } from './toolkit';
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

const cancellationCodes = (err: unknown): string[] =>
  errorName(err) === 'TransactionCanceledException' ? cancellationReasons(err).map((c) => c ?? 'None') : [];

const styleItem = (s: StoredStyle): Item => styleEntity.item(s);

/** Create a style and count it; 'limit' when the creator's cap for its visibility is reached (nothing written). */
export async function createStyle(db: Db, style: StyleRecord, cap: number | null): Promise<StoredStyle | 'limit'> {
  const stored: StoredStyle = { ...style, counted: true };
  try {
    await withConflictRetry(() =>
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            incrementCount(db, style.createdBy, style.isPublic, cap),
            {
              Put: {
                TableName: db.tableName,
                Item: styleItem(stored),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );
    await exploreIndexWrites(db, null, stored).after();
    return stored;
  } catch (err) {
    if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return 'limit';
    throw err;
  }
}

export type StylePatch = Partial<Omit<StyleRecord, 'id' | 'createdBy' | 'createdAt' | 'usageCount' | 'favoriteCount'>>;

export type UpdateStyleResult = StoredStyle | 'limit' | 'changed' | 'missing';

/**
 * Apply a patch to a style as read (`current`). A visibility switch moves the count from one attribute to the
 * other under the new cap, and the public index key is set or removed. 'changed' when the style's visibility
 * moved since it was read (read again and retry), 'missing' when it is gone.
 */
export async function updateStyle(
  db: Db,
  current: StoredStyle,
  patch: StylePatch,
  cap: number | null,
  now = new Date(),
): Promise<UpdateStyleResult> {
  const next: StoredStyle = { ...current, ...patch, updatedAt: now.toISOString() };
  const switching = patch.isPublic !== undefined && patch.isPublic !== current.isPublic;
  // a visibility switch moves the style in or out of the public index (the style's declaration)
  const index = switching ? styleEntity.indexUpdate('gsi1', next) : { set: {}, remove: [] };
  const styleUpdate = {
    Update: {
      TableName: db.tableName,
      Key: keys.style(current.id),
      ...buildUpdate(
        { ...patch, updatedAt: next.updatedAt, ...index.set, ...(switching ? { counted: true } : {}) },
        { remove: index.remove, values: { ':wasPublic': current.isPublic, ':wasUpdated': current.updatedAt } },
      ),
      // the version read: the explore index is moved from exactly this state (a concurrent edit reads again)
      ConditionExpression: 'attribute_exists(pk) AND isPublic = :wasPublic AND updatedAt = :wasUpdated',
    },
  };
  const explore = exploreIndexWrites(db, current, next);
  try {
    await explore.before();
    if (!switching) {
      await db.doc.send(new UpdateCommand(styleUpdate.Update));
    } else {
      // An uncounted (seed) style starts being counted when it switches; a counted one moves its count
      // (one update of the counters item: a transaction may touch an item only once).
      const move = incrementCount(db, current.createdBy, !!next.isPublic, cap);
      if (current.counted) {
        const from = countField(current.isPublic);
        move.Update.UpdateExpression += `, ${from} = if_not_exists(${from}, :one) - :one`;
      }
      const items: TransactItem[] = [styleUpdate, move];
      await withConflictRetry(() => db.doc.send(new TransactWriteCommand({ TransactItems: items })));
    }
    await explore.after();
    return { ...next, counted: current.counted || switching };
  } catch (err) {
    if (!switching && isConditionFailure(err)) return (await styleExists(db, current.id)) ? 'changed' : 'missing';
    const codes = cancellationCodes(err);
    if (codes[1] === 'ConditionalCheckFailed') return 'limit';
    if (codes[0] === 'ConditionalCheckFailed') return (await styleExists(db, current.id)) ? 'changed' : 'missing';
    throw err;
  }
}

async function styleExists(db: Db, id: string): Promise<boolean> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.style(id), ProjectionExpression: 'pk', ConsistentRead: true }),
  );
  return !!res.Item;
}

/** Delete the style item and uncount it (conditioned on the visibility read). */
export async function deleteStyleItem(db: Db, current: StoredStyle): Promise<'deleted' | 'changed' | 'missing'> {
  const del = {
    Delete: {
      TableName: db.tableName,
      Key: keys.style(current.id),
      ConditionExpression: 'attribute_exists(pk) AND isPublic = :wasPublic',
      ExpressionAttributeValues: { ':wasPublic': current.isPublic },
    },
  };
  try {
    await exploreIndexWrites(db, current, null).before();
    if (current.counted)
      await withConflictRetry(() =>
        db.doc.send(
          new TransactWriteCommand({ TransactItems: [del, decrementCount(db, current.createdBy, current.isPublic)] }),
        ),
      );
    else await db.doc.send(new DeleteCommand(del.Delete));
    return 'deleted';
  } catch (err) {
    if (isConditionFailure(err)) return (await styleExists(db, current.id)) ? 'changed' : 'missing';
    throw err;
  }
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
