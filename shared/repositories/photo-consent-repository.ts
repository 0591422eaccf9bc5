/** Photo consents (`USER#<id> / CONSENT#<profileId>`): one per photo profile, removed with the profiles. */
import { DeleteCommand, GetCommand, PutCommand } from './dynamo-client';
import * as z from 'zod';
import { tableKeySchema } from './entity';
import { keys } from './keys';
import type { Db } from './table';
import { batchDeleteAll, entity, queryAll, type EntityRecord } from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

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

/** Every photo consent of the user ("Delete all my photos" removes them with the profiles). */
export async function deleteAllPhotoConsents(db: Db, userId: string): Promise<number> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.photoConsentPrefix(userId).pk,
      ':p': keys.photoConsentPrefix(userId).skPrefix,
    },
    ProjectionExpression: 'pk, sk',
  });
  await batchDeleteAll(
    db,
    items.map((i) => tableKeySchema.parse(i)),
  );
  return items.length;
}
