/**
 * The privacy fields of the user item: the age statement, the retention choice (and the sparse retention index it
 * puts the user in) and the account's deletion pseudonym as read. See docs/privacy.md and docs/data-model.md.
 */
import { GetCommand } from './dynamo-client';
import type { AgeStatus, RetentionDays } from '../domain/privacy';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { ITEM_EXISTS, queryAll, updateIf, updateItem } from './toolkit';
import { userEntity } from './user-repository';

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
  const at = now.toISOString();
  return updateIf(
    db,
    keys.user(userId),
    userEntity
      .update()
      .set({ ageStatus: status, ageConfirmedAt: at, ageWordingVersion: version, updatedAt: at })
      .where((w) => w.and(ITEM_EXISTS, w.notExists('ageStatus'))),
  );
}

/** Store the retention choice; users with automatic deletion are in the sparse gsi2 RETENTION#ON. */
export async function setRetentionDays(db: Db, userId: string, days: RetentionDays, now = new Date()): Promise<void> {
  // the user's declaration puts it in the retention index (gsi2) exactly while it has a retention setting
  const u = userEntity
    .update()
    .set({ retentionDays: days ?? undefined, updatedAt: now.toISOString() })
    .index(userEntity.indexUpdate('gsi2', { id: userId, retentionDays: days }))
    .where(ITEM_EXISTS);
  if (days === null) u.remove('retentionDays');
  await updateItem(db, keys.user(userId), u);
}

/** Every user with automatic deletion, with their setting (the retention job's work list). */
export async function listRetentionUsers(db: Db): Promise<{ userId: string; retentionDays: number }[]> {
  const items = await queryAll(db, {
    IndexName: TABLE_SCHEMA.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.retentionIndex('').gsi2pk },
  });
  return items
    .map((i) => userEntity.parsePick(i, ['id', 'retentionDays']))
    .flatMap((u) => (u.retentionDays ? [{ userId: u.id, retentionDays: u.retentionDays }] : []));
}
