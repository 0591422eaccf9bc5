/**
 * Writes of influencer collections (reads are in catalog-repository.ts).
 * - `COLLECTION#<id> / COLLECTION`, with gsi1 COLLECTIONS#PUBLISHED only while published and gsi2 by owner.
 * - Membership `COLLECTION#<id> / STYLE#<styleId>` (gsi1 STYLE#<styleId>#COLLECTIONS): its Put or Delete runs in
 *   the same transaction as `ADD styleCount ±1` on the collection, so styleCount equals the number of members.
 *   Adding is conditioned on the style being public at that moment and the collection being the caller's.
 */
import { TransactWriteCommand, UpdateCommand, DeleteCommand } from './dynamo-client';
import { keys } from './keys';
import { cancellationReasons, errorName, isConditionFailure, type Db } from './table';
import {
  collectionEntity,
  collectionStyleEntity,
  listCollectionIdsOfStyle,
  type CollectionRecord,
} from './catalog-repository';
import {
  buildUpdate,
  deleteItem,
  keysUnder,
  transactConditional,
  transactDeleteAll,
  tx,
  withConflictRetry,
} from './toolkit';

const cancellationCodes = (err: unknown): string[] =>
  errorName(err) === 'TransactionCanceledException' ? cancellationReasons(err).map((c) => c ?? 'None') : [];

export async function createCollection(db: Db, c: CollectionRecord): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: collectionEntity.item(c),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

export type CollectionPatch = Partial<Pick<CollectionRecord, 'name' | 'description' | 'isPublic' | 'coverImage'>>;

/** Update the owner's collection; publishing sets the published index key, unpublishing removes it. Null if not the owner's or gone. */
export async function updateCollection(
  db: Db,
  current: CollectionRecord,
  ownerId: string,
  patch: CollectionPatch,
  now = new Date(),
): Promise<CollectionRecord | null> {
  // publishing puts it in the published index, unpublishing takes it out (the collection's declaration)
  const index =
    patch.isPublic === undefined
      ? { set: {}, remove: [] }
      : collectionEntity.indexUpdate('gsi1', { ...current, isPublic: patch.isPublic });
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.collection(current.id),
        ...buildUpdate(
          { ...patch, updatedAt: now.toISOString(), ...index.set },
          {
            remove: index.remove,
            names: { '#owner': 'userId' },
            values: { ':owner': ownerId },
          },
        ),
        ConditionExpression: 'attribute_exists(pk) AND #owner = :owner',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return collectionEntity.parse(res.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

async function memberKeys(db: Db, collectionId: string): Promise<{ pk: string; sk: string }[]> {
  return keysUnder(db, keys.collectionStylePrefix(collectionId));
}

/** Delete the owner's collection, then its memberships. False if not the owner's or gone. */
export async function deleteCollection(db: Db, collectionId: string, ownerId: string): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: keys.collection(collectionId),
        ConditionExpression: 'attribute_exists(pk) AND userId = :owner',
        ExpressionAttributeValues: { ':owner': ownerId },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
  await transactDeleteAll(db, await memberKeys(db, collectionId));
  return true;
}

export type AddStyleResult = 'added' | 'already' | 'not-public' | 'not-owner';

/** Add a public style to the owner's collection (idempotent). */
export async function addStyleToCollection(
  db: Db,
  collectionId: string,
  ownerId: string,
  styleId: string,
  now = new Date(),
): Promise<AddStyleResult> {
  try {
    await withConflictRetry(() =>
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: db.tableName,
                Key: keys.style(styleId),
                ConditionExpression: 'attribute_exists(pk) AND isPublic = :true',
                ExpressionAttributeValues: { ':true': true },
              },
            },
            {
              Update: {
                TableName: db.tableName,
                Key: keys.collection(collectionId),
                UpdateExpression: 'ADD styleCount :one SET updatedAt = :now',
                ConditionExpression: 'attribute_exists(pk) AND userId = :owner',
                ExpressionAttributeValues: { ':one': 1, ':owner': ownerId, ':now': now.toISOString() },
              },
            },
            {
              Put: {
                TableName: db.tableName,
                Item: collectionStyleEntity.item({ collectionId, styleId, addedAt: now.toISOString() }),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );
    return 'added';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes[0] === 'ConditionalCheckFailed') return 'not-public';
    if (codes[1] === 'ConditionalCheckFailed') return 'not-owner';
    if (codes[2] === 'ConditionalCheckFailed') return 'already';
    throw err;
  }
}

/** Remove a style from a collection (idempotent); ownerId null skips the owner condition (style deletion). */
export async function removeStyleFromCollection(
  db: Db,
  collectionId: string,
  styleId: string,
  ownerId: string | null,
  now = new Date(),
): Promise<'removed' | 'absent' | 'not-owner'> {
  const out = await transactConditional(db, [
    tx.delete(db, keys.collectionStyle(collectionId, styleId), 'attribute_exists(pk)'),
    tx.update(db, keys.collection(collectionId), {
      UpdateExpression: 'ADD styleCount :minus SET updatedAt = :now',
      ConditionExpression: ownerId === null ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND userId = :owner',
      ExpressionAttributeValues: {
        ':minus': -1,
        ':now': now.toISOString(),
        ...(ownerId === null ? {} : { ':owner': ownerId }),
      },
    }),
  ]);
  if (out.applied) return 'removed';
  if (out.conditionFailed(1)) {
    if (ownerId !== null) return 'not-owner';
    // the collection itself is gone: drop the orphan membership
    await deleteItem(db, keys.collectionStyle(collectionId, styleId));
    return 'removed';
  }
  if (out.conditionFailed(0)) return 'absent';
  throw new Error('removeStyleFromCollection: a condition failed that names no item');
}

/** Remove a style from every collection it belongs to (style deleted or made private). */
export async function removeStyleFromAllCollections(db: Db, styleId: string): Promise<number> {
  const ids = await listCollectionIdsOfStyle(db, styleId);
  let n = 0;
  for (const id of ids) if ((await removeStyleFromCollection(db, id, styleId, null)) === 'removed') n++;
  return n;
}
