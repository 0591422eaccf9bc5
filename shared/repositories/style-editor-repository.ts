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
import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { countersUpdate, countersWhere } from './user-counters';
import {
  productEntity,
  productLinkEntity,
  styleEntity,
  type ProductLinkRecord,
  type ProductRecord,
  type StyleRecord,
} from './catalog-repository';
import { bookkeepingUpdate, commitStyle, readPostingState } from './explore-postings';
import {
  ITEM_ABSENT,
  ITEM_EXISTS,
  keysUnder,
  queryAll,
  transactDeleteAll,
  transactNamed,
  tx,
  updateIfReturning,
  type CompiledUpdate,
  type Item,
  type TransactItem,
} from './toolkit';
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

/**
 * The counters update adding one style of this visibility, under `cap` (null = no cap); with `movedFrom`, the
 * same update takes one from the other visibility (a transaction may touch the counters item only once).
 */
function incrementCount(db: Db, userId: string, isPublic: boolean, cap: number | null, movedFrom?: boolean) {
  const f = countField(isPublic);
  const w = countersWhere;
  const u = countersUpdate()
    .increment(f, 1)
    .where(cap !== null && w.or(w.notExists(f), w.lt(f, cap)));
  if (movedFrom !== undefined) u.increment(countField(movedFrom), -1, { from: 1 });
  return tx.update(db, keys.userCounters(userId), u);
}

function decrementCount(db: Db, userId: string, isPublic: boolean) {
  return tx.update(db, keys.userCounters(userId), countersUpdate().increment(countField(isPublic), -1, { from: 1 }));
}

/** Create a style and count it; 'limit' when the creator's cap for its visibility is reached (nothing written). */
export async function createStyle(db: Db, style: StyleRecord, cap: number | null): Promise<StoredStyle | 'limit'> {
  const stored: StoredStyle = { ...style, counted: true, rev: 1 };
  const res = await commitStyle(db, {
    id: style.id,
    from: null,
    to: stored,
    styleWrite: (b) => tx.put(db, styleEntity.item(stored, b.set), ITEM_ABSENT),
    others: [incrementCount(db, style.createdBy, style.isPublic, cap)],
  });
  if (res === 'settle-first' || !res.applied) {
    if (res !== 'settle-first' && res.failed('others')) return 'limit';
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
    others.push(
      incrementCount(db, current.createdBy, !!next.isPublic, cap, current.counted ? current.isPublic : undefined),
    );
  }
  const res = await commitStyle(db, {
    id: current.id,
    from: read,
    to: next,
    others,
    styleWrite: (b) =>
      tx.update(
        db,
        keys.style(current.id),
        bookkeepingUpdate(b)
          .set({ ...patch, updatedAt: next.updatedAt, ...(switching ? { counted: true } : {}) })
          .index(index),
      ),
  });
  if (res === 'settle-first') return 'changed';
  if (res.applied) return next;
  if (res.failed('others')) return 'limit';
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
    styleWrite: (b) => tx.delete(db, keys.style(current.id), styleEntity.where.and(ITEM_EXISTS, b.condition)),
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
  const out = await transactNamed(
    db,
    {
      style: tx.check(db, keys.style(p.styleId), ITEM_EXISTS),
      product: tx.put(db, productItem(p), ITEM_ABSENT),
      links: links.map((l) => tx.put(db, linkItem(l), ITEM_ABSENT)),
    },
    { retryConflicts: false },
  );
  if (out.conflict) throw out.error; // as before: only a failed condition is an answer
  return out.applied;
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

/** The item as it is after the patch (read when nothing changes), or null when it is gone. */
async function updateFields<T>(
  db: Db,
  key: Record<string, string>,
  update: { empty: boolean; compile(): CompiledUpdate },
  parse: (item: unknown) => T,
): Promise<T | null> {
  if (update.empty) {
    const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
    return res.Item ? parse(res.Item) : null;
  }
  const written = await updateIfReturning(db, key, update, 'ALL_NEW');
  return written ? parse(written) : null;
}

export const updateProduct = (db: Db, p: NewProduct, patch: Partial<NewProduct>) =>
  updateFields(
    db,
    keys.product(p.styleId, p.id),
    productEntity.update().set(patch).where(ITEM_EXISTS),
    productEntity.parse,
  );
export const updateProductLink = (db: Db, l: ProductLinkRecord, patch: Partial<ProductLinkRecord>) =>
  updateFields(
    db,
    keys.productLink(l.styleId, l.productId, l.id),
    productLinkEntity.update().set(patch).where(ITEM_EXISTS),
    productLinkEntity.parse,
  );

/** Add a link to an existing product; false when the product is gone. */
export async function createProductLink(db: Db, l: ProductLinkRecord): Promise<boolean> {
  const out = await transactNamed(
    db,
    {
      product: tx.check(db, keys.product(l.styleId, l.productId), ITEM_EXISTS),
      link: tx.put(db, linkItem(l), ITEM_ABSENT),
    },
    { retryConflicts: false },
  );
  if (out.conflict) throw out.error; // as before: only a failed condition is an answer
  return out.applied;
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
