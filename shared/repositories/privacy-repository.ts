/**
 * Privacy records: the age statement and retention setting on the user item, photo consents, data export
 * jobs, the retention job's work lists, and the account deletion primitives (the user's partition, the
 * ledger moved to a pseudonym). See docs/privacy.md and docs/data-model.md ("Privacy").
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from './dynamo-client';
import { encodeTime } from 'ulid';
import * as z from 'zod';
import type { AgeStatus, RetentionDays } from '../domain/privacy';
import { exportJobSchema } from '../schemas/responses';
import { tableKeySchema, type TableKey } from './entity';
import { keys, tombstoneKey, userItemKind } from './keys';
import { batchDeleteAll, entity, queryAll as queryEvery, type EntityRecord, type QueryInput } from './toolkit';
import { isConditionFailure, TABLE_SCHEMA, type Db } from './table';
import { buildUpdate, transactConditional, updateIf, WriteConflict, type Item, type TransactItem } from './toolkit';
import { ledgerEntryEntity, packLotEntity } from './ledger-repository';
import { generationEntity } from './generation-repository';
import { receivedEventEntity, appliedEventEntity } from './billing-repository';
import { userEntity } from './user-repository';
import { lazySchema } from '../schemas/lazy-schema';

type Key = TableKey;

/* ---------- user item fields ---------- */

export interface PrivacyFields {
  ageStatus: AgeStatus | null;
  retentionDays: RetentionDays;
  accountStatus: string | null;
  deletionPseudonym: string | null;
}

export async function getPrivacyFields(db: Db, userId: string): Promise<PrivacyFields | null> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, ageStatus, retentionDays, accountStatus, deletionPseudonym',
    }),
  );
  if (!res.Item) return null;
  const i = userEntity.parsePick(res.Item, ['ageStatus', 'retentionDays', 'accountStatus', 'deletionPseudonym']);
  return {
    ageStatus: i.ageStatus ?? null,
    retentionDays: i.retentionDays ?? null,
    accountStatus: i.accountStatus ?? null,
    deletionPseudonym: i.deletionPseudonym ?? null,
  };
}

/** Record the age statement once (false when one is already on file). The birth date itself is not stored. */
export async function setAgeStatus(
  db: Db,
  userId: string,
  status: AgeStatus,
  version: string,
  now = new Date(),
): Promise<boolean> {
  return updateIf(db, {
    Key: keys.user(userId),
    UpdateExpression: 'SET ageStatus = :s, ageConfirmedAt = :t, ageWordingVersion = :v, updatedAt = :t',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ageStatus)',
    ExpressionAttributeValues: { ':s': status, ':t': now.toISOString(), ':v': version },
  });
}

/** Store the retention choice; users with automatic deletion are in the sparse gsi2 RETENTION#ON. */
export async function setRetentionDays(db: Db, userId: string, days: RetentionDays, now = new Date()): Promise<void> {
  // the user's declaration puts it in the retention index (gsi2) exactly while it has a retention setting
  const idx = userEntity.indexUpdate('gsi2', { id: userId, retentionDays: days });
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      ...buildUpdate(
        { retentionDays: days ?? undefined, updatedAt: now.toISOString(), ...idx.set },
        { remove: [...(days === null ? ['retentionDays'] : []), ...idx.remove] },
      ),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** Every user with automatic deletion, with their setting (the retention job's work list). */
export async function listRetentionUsers(db: Db): Promise<{ userId: string; retentionDays: number }[]> {
  const items = await queryEvery(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.retentionIndex('').gsi2pk },
  });
  return items
    .map((i) => userEntity.parsePick(i, ['id', 'retentionDays']))
    .flatMap((u) => (u.retentionDays ? [{ userId: u.id, retentionDays: u.retentionDays }] : []));
}

/* ---------- generations under retention ---------- */

export interface ExpiringGeneration {
  id: string;
  status: string;
  createdAt: string;
  resultKey: string | null;
  inputKeys: string[];
}

/** Every page of a query (the toolkit's), with this module's call shape (TableName given by the caller). */
const queryAll = (db: Db, { TableName: _table, ...input }: QueryInput & { TableName?: string }): Promise<Item[]> =>
  queryEvery(db, input);

const toExpiring = (i: Item): ExpiringGeneration => {
  const g = generationEntity.parsePick(i, ['id', 'status', 'createdAt', 'resultKey', 'inputs']);
  return {
    id: g.id,
    status: g.status,
    createdAt: g.createdAt,
    resultKey: g.resultKey ?? null,
    inputKeys: [g.inputs.styleRefKey, g.inputs.backgroundKey].filter((k): k is string => !!k),
  };
};

/** The user's generations created before `cutoff` (ulid ids sort by creation time: one key range, no filter). */
export async function listGenerationsCreatedBefore(
  db: Db,
  userId: string,
  cutoff: Date,
): Promise<ExpiringGeneration[]> {
  const k = keys.generationBefore(userId, encodeTime(cutoff.getTime(), 10));
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': k.pk, ':lo': k.skLow, ':hi': k.skHigh },
    ConsistentRead: true,
  });
  return items.filter((i) => userItemKind(String(i.sk)) === 'generation' && typeof i.id === 'string').map(toExpiring);
}

/**
 * Stamp every generation of the user with the DynamoDB TTL attribute (epoch seconds of its expiry), or remove
 * it when the user keeps their images. Returns how many items were updated.
 */
export async function setGenerationTtls(
  db: Db,
  userId: string,
  expiryOf: (createdAt: string) => Date | null,
): Promise<number> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.generationPrefix(userId).pk,
      ':p': keys.generationPrefix(userId).skPrefix,
    },
    ProjectionExpression: 'pk, sk, createdAt',
  });
  const ttl = TABLE_SCHEMA.ttlAttribute;
  for (const item of items) {
    const i = { ...tableKeySchema.parse(item), ...generationEntity.parsePick(item, ['createdAt']) };
    const expiry = expiryOf(i.createdAt);
    await db.doc
      .send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: i.pk, sk: i.sk },
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#ttl': ttl },
          ...(expiry
            ? {
                UpdateExpression: 'SET #ttl = :t',
                ExpressionAttributeValues: { ':t': Math.floor(expiry.getTime() / 1000) },
              }
            : { UpdateExpression: 'REMOVE #ttl' }),
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err; // deleted meanwhile
      });
  }
  return items.length;
}

/** Delete a final generation and its feedback (the ledger entries of its spend stay). False when not final. */
export async function deleteExpiredGeneration(db: Db, userId: string, id: string): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.tableName,
              Key: keys.generation(userId, id),
              ConditionExpression: '#s IN (:c, :f)',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':c': 'completed', ':f': 'failed' },
            },
          },
          { Delete: { TableName: db.tableName, Key: keys.feedback(userId, id) } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/* ---------- photo consent ---------- */

/** Photo consent for one photo profile (wording version, time, salted IP hash). */
export const photoConsentEntity = entity({
  name: 'PhotoConsent',
  schema: lazySchema(() =>
    z.object({
      userId: z.string(),
      profileId: z.string(),
      wordingVersion: z.string(),
      acceptedAt: z.string(),
      /** HMAC-SHA256 of the source IP with a secret salt; never the IP itself. */
      ipHash: z.string().nullable().default(null),
    }),
  ),
  key: (c) => keys.photoConsent(c.userId, c.profileId),
});
export type PhotoConsentRecord = EntityRecord<typeof photoConsentEntity>;

export async function putPhotoConsent(db: Db, c: PhotoConsentRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: photoConsentEntity.item(c),
    }),
  );
}

export async function getPhotoConsent(db: Db, userId: string, profileId: string): Promise<PhotoConsentRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.photoConsent(userId, profileId), ConsistentRead: true }),
  );
  return photoConsentEntity.parseOrNull(res.Item);
}

export async function deletePhotoConsent(db: Db, userId: string, profileId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.photoConsent(userId, profileId) }));
}

/* ---------- data export jobs ---------- */

/** A data export job ("Download my data"), expiring with the table TTL. */
export const dataExportEntity = entity({
  name: 'DataExport',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      status: exportJobSchema.shape.status,
      progress: z.number(),
      createdAt: z.string(),
      updatedAt: z.string(),
      objectKey: z.string().nullable().default(null),
      readyAt: z.string().nullable().default(null),
      error: z.string().nullable().default(null),
    }),
  ),
  key: (e) => keys.dataExport(e.userId, e.id),
});
export type ExportRecord = EntityRecord<typeof dataExportEntity>;

export async function updateExport(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<Pick<ExportRecord, 'status' | 'progress' | 'objectKey' | 'readyAt' | 'error'>>,
  now = new Date(),
): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.dataExport(userId, id),
        ...buildUpdate({ ...patch, updatedAt: now.toISOString() }),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err; // the account was deleted meanwhile
    });
}

/** One export at a time (issue 40): which export last started for the user; its job's state decides the rest. */
export const dataExportLockEntity = entity({
  name: 'DataExportLock',
  schema: lazySchema(() => z.object({ userId: z.string(), exportId: z.string(), startedAt: z.string() })),
  key: (l) => keys.dataExportLock(l.userId),
});

/**
 * Create an export job unless another one is running, in one transaction: the lock item moves to the new job
 * only while it names the job read here (or none), and that job is checked to be finished, failed, gone or
 * stale (`updatedAt` before `staleBefore`). Concurrent requests: exactly one lands. Resolves `{ running }` with
 * the id of the export that holds the lock; throws WriteConflict when the lock moved meanwhile (decide again).
 */
export async function startExport(
  db: Db,
  e: ExportRecord,
  ttlEpochSeconds: number,
  staleBefore: Date,
): Promise<'started' | { running: string }> {
  const lockKey = keys.dataExportLock(e.userId);
  const held = dataExportLockEntity.parseOrNull(await getItem(db, lockKey))?.exportId ?? null;
  const ttl = { [TABLE_SCHEMA.ttlAttribute]: ttlEpochSeconds };
  const lock = dataExportLockEntity.item({ userId: e.userId, exportId: e.id, startedAt: e.createdAt }, ttl);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: db.tableName,
        Item: lock,
        ...(held
          ? { ConditionExpression: 'exportId = :held', ExpressionAttributeValues: { ':held': held } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: dataExportEntity.item(e, ttl),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (held)
    items.push({
      ConditionCheck: {
        TableName: db.tableName,
        Key: keys.dataExport(e.userId, held),
        ConditionExpression: 'attribute_not_exists(pk) OR NOT (#status IN (:pending, :building)) OR updatedAt < :stale',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':building': 'building',
          ':stale': staleBefore.toISOString(),
        },
      },
    });
  const out = await transactConditional(db, items);
  if (out.applied) return 'started';
  if (held && out.conditionFailed(2)) return { running: held };
  throw new WriteConflict();
}

const toExport = (i: Item | undefined): ExportRecord | null => dataExportEntity.parseOrNull(i);

export async function getExport(db: Db, userId: string, id: string): Promise<ExportRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.dataExport(userId, id), ConsistentRead: true }),
  );
  return toExport(res.Item);
}

export async function listExports(db: Db, userId: string): Promise<ExportRecord[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.dataExportPrefix(userId).pk,
      ':p': keys.dataExportPrefix(userId).skPrefix,
    },
    ScanIndexForward: false,
  });
  return items.map(dataExportEntity.parse);
}

/* ---------- account deletion ---------- */

/** Every item of the user's own partition (`USER#<id>`), all pages. */
export async function listUserPartition(db: Db, userId: string): Promise<Item[]> {
  return queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId).pk },
    ConsistentRead: true,
  });
}

/** Items of a gsi2 partition (a user's collections, styles, applications). */
export async function queryGsi2(db: Db, gsi2pk: string): Promise<Item[]> {
  return queryAll(db, {
    TableName: db.tableName,
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
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: keys.handle(handle),
        ConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/** Store the pseudonym the ledger moves to (once: a retried deletion reuses it). Returns the stored one. */
export async function claimDeletionPseudonym(db: Db, userId: string, pseudonym: string): Promise<string> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET deletionPseudonym = if_not_exists(deletionPseudonym, :p)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': pseudonym },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const { deletionPseudonym } = userEntity.parsePick(res.Attributes, ['deletionPseudonym']);
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
    tx.push([{ Put: { TableName: db.tableName, Item: copy } }, { Delete: { TableName: db.tableName, Key: key } }]);
  }
  for (let i = 0; i < tx.length; i += 50) {
    await db.doc.send(new TransactWriteCommand({ TransactItems: tx.slice(i, i + 50).flat() }));
  }
  return ledger;
}

/** Replace the user id by the pseudonym on an item outside the user's partition (payment grants, Stripe events). */
export async function pseudonymiseReference(db: Db, key: Key, userId: string, pseudonym: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET userId = :p',
        ConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':p': pseudonym, ':u': userId },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Received Stripe events of this user (finance records: pseudonymised, not deleted). */
export async function listStripeEventKeysOf(db: Db, userId: string): Promise<Key[]> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: 'userId = :u',
    ExpressionAttributeValues: { ':pk': keys.stripeEventIndex('', '').gsi2pk, ':u': userId },
  });
  return items.map((i) => tableKeySchema.parse(i));
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

/** A payment-provider event about a deleted account: recorded (received and applied, as ignored) under the pseudonym. */
export async function recordDeletedAccountEvent(
  db: Db,
  e: { eventId: string; eventType: string; eventCreated: string; pseudonym: string },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.doc
    .send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.tableName,
              Item: receivedEventEntity.item({
                eventId: e.eventId,
                eventType: e.eventType,
                eventCreated: e.eventCreated,
                receivedAt: at,
                userId: e.pseudonym,
                expectedEntryId: null,
                paymentRef: null,
                subscriptionId: null,
              }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: db.tableName,
              Item: appliedEventEntity.item({
                eventId: e.eventId,
                eventType: e.eventType,
                outcome: 'ignored: account deleted',
                userId: e.pseudonym,
                appliedAt: at,
              }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err; // a repeated delivery
    });
}

/** Every photo consent of the user ("Delete all my photos" removes them with the profiles). */
export async function deleteAllPhotoConsents(db: Db, userId: string): Promise<number> {
  const items = await queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.photoConsentPrefix(userId).pk,
      ':p': keys.photoConsentPrefix(userId).skPrefix,
    },
    ProjectionExpression: 'pk, sk',
  });
  return deleteItems(
    db,
    items.map((i) => tableKeySchema.parse(i)),
  );
}
