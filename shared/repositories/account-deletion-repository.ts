/**
 * Account deletion's storage primitives (docs/privacy.md "Delete my account"): the sweeps of the user's own
 * partition and gsi2 partitions, the handle claim, the ledger pseudonym and the move of the accounting items to
 * it, the pseudonymisation of references outside the partition, and the tombstone a deleted account leaves.
 */
import { GetCommand, PutCommand } from './dynamo-client';
import * as z from 'zod';
import { tableKeySchema, type TableKey } from './entity';
import { keys, tombstoneKey, userItemKind } from './keys';
import { ledgerEntryEntity, packLotEntity } from './ledger-repository';
import { TABLE_SCHEMA, type Db } from './table';
import {
  batchDeleteAll,
  deleteIf,
  entity,
  ITEM_EXISTS,
  queryAll,
  transact,
  tx as txItem,
  update,
  updateIf,
  updateItem,
  where,
  type Item,
  type TransactItem,
} from './toolkit';
import { handleClaimEntity, userEntity } from './user-repository';
import { lazySchema } from '../schemas/lazy-schema';

type Key = TableKey;

/** An item outside the user's partition that names its user (a payment grant, a Stripe event). */
type UserReference = { userId: string };

/** Every item of the user's own partition (`USER#<id>`), all pages. */
export async function listUserPartition(db: Db, userId: string): Promise<Item[]> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId).pk },
    ConsistentRead: true,
  });
}

/** Items of a gsi2 partition (a user's collections, styles, applications). */
export async function queryGsi2(db: Db, gsi2pk: string): Promise<Item[]> {
  return queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi2pk },
  });
}

/** Delete items by key (BatchWriteItem of 25, unprocessed ones retried). */
export async function deleteItems(db: Db, list: Key[]): Promise<number> {
  await batchDeleteAll(
    db,
    list.map((k) => ({ pk: k.pk, sk: k.sk })),
  );
  return list.length;
}

/** Delete the user's handle claim, only if it still names this user. */
export async function deleteHandleClaim(db: Db, handle: string, userId: string): Promise<void> {
  await deleteIf(db, keys.handle(handle), handleClaimEntity.where.eq('userId', userId)); // false: not theirs (any more)
}

/** Store the pseudonym the ledger moves to (once: a retried deletion reuses it). Returns the stored one. */
export async function claimDeletionPseudonym(db: Db, userId: string, pseudonym: string): Promise<string> {
  const after = await updateItem(
    db,
    keys.user(userId),
    userEntity.update().setIfNotExists({ deletionPseudonym: pseudonym }).where(ITEM_EXISTS),
    { returnValues: 'ALL_NEW' },
  );
  const { deletionPseudonym } = userEntity.parsePick(after, ['deletionPseudonym']);
  if (!deletionPseudonym) throw new Error('The deletion pseudonym was not stored');
  return deletionPseudonym;
}

const isAccountingItem = (sk: string) => ['ledger', 'balance', 'lot'].includes(userItemKind(sk));

/**
 * Move the accounting items (ledger entries, balance, pack lots) from `USER#<userId>` to `USER#<pseudonym>`
 * with every user id inside replaced by the pseudonym and the indexes rebuilt, so finance totals and the
 * reconciliation stay whole while nothing links them to the person. Each item moves in a transaction
 * (Put copy + Delete original), so a retry after a crash finishes the job. Returns the number of ledger entries.
 */
export async function moveAccountingToPseudonym(
  db: Db,
  userId: string,
  pseudonym: string,
  items: Item[],
): Promise<number> {
  const accounting = items.filter((i) => isAccountingItem(String(i.sk)));
  let ledger = 0;
  const tx: TransactItem[][] = [];
  for (const item of accounting) {
    const key = tableKeySchema.parse(item);
    const kind = userItemKind(key.sk);
    const copy: Item = { ...item, pk: keys.user(pseudonym).pk, userId: pseudonym, pseudonymised: true };
    delete copy.gsi1pk;
    delete copy.gsi1sk;
    delete copy.gsi2pk;
    delete copy.gsi2sk;
    // the indexes are rebuilt by the item's declaration, under the pseudonym
    if (kind === 'ledger') {
      ledger++;
      const entry = { ...ledgerEntryEntity.parse(item), userId: pseudonym };
      Object.assign(copy, ledgerEntryEntity.indexKey('gsi1', entry));
      if (item.gsi2pk) Object.assign(copy, ledgerEntryEntity.indexKey('gsi2', entry));
    } else if (kind === 'lot' && item.gsi2pk) {
      Object.assign(copy, packLotEntity.indexKey('gsi2', { ...packLotEntity.parse(item), userId: pseudonym }));
    }
    tx.push([txItem.put(db, copy), txItem.delete(db, key)]);
  }
  for (let i = 0; i < tx.length; i += 50) {
    await transact(db, tx.slice(i, i + 50).flat());
  }
  return ledger;
}

/** Replace the user id by the pseudonym on an item outside the user's partition (payment grants, Stripe events). */
export async function pseudonymiseReference(db: Db, key: Key, userId: string, pseudonym: string): Promise<boolean> {
  return updateIf(
    db,
    key,
    update<UserReference>().set({ userId: pseudonym }).where(where<UserReference>().eq('userId', userId)),
  );
}

export async function getItem(db: Db, key: Key): Promise<Item | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  return res.Item ?? null;
}

/** The key of a deleted account's tombstone (a hash of the id: the id itself is not kept). */
export { tombstoneKey };

/** A deleted account's tombstone: the ledger pseudonym and when, never the id (keyed by its hash). */
const deletedAccountEntity = entity({
  name: 'DeletedAccount',
  schema: lazySchema(() => z.object({ userId: z.string().optional(), pseudonym: z.string(), deletedAt: z.string() })),
  key: (t) => tombstoneKey(t.userId ?? ''),
});

/**
 * Written before the user item is deleted; expires (table TTL) once no token issued before the deletion and no
 * payment-provider event about the account can still arrive. Holds the ledger pseudonym, never the id.
 */
export async function putTombstone(
  db: Db,
  userId: string,
  pseudonym: string,
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...deletedAccountEntity.item({ pseudonym, deletedAt: now.toISOString() }),
        // the key from the id's hash (the id itself is not written)
        ...tombstoneKey(userId),
        [TABLE_SCHEMA.ttlAttribute]: Math.floor(expiresAt.getTime() / 1000),
      },
    }),
  );
}

/** The ledger pseudonym of a deleted account, or null when the id is not a deleted account's. */
export async function deletedAccountPseudonym(db: Db, userId: string): Promise<string | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: tombstoneKey(userId), ConsistentRead: true }),
  );
  return deletedAccountEntity.parseOrNull(res.Item)?.pseudonym ?? null;
}
