/**
 * Settings of a user: onboarding preferences, profile fields with the unique handle, and profile links.
 * - Handle change: one transaction deletes the old `HANDLE#` claim, puts the new one (attribute_not_exists) and
 *   updates the user only if its handle is still the old one, so exactly one of concurrent claimants wins.
 * - Links: `USER#<uid> / LINK#<ulid>`, counted by linkCount on the COUNTERS item in the same transaction
 *   (`linkCount < :max`), so the cap holds under concurrent adds.
 */
import { GetCommand, QueryCommand } from './dynamo-client';
import * as z from 'zod';
import { keys } from './keys';
import { type Db } from './table';
import { countersUpdate, countersWhere } from './user-counters';
import { handleClaimEntity, userEntity, type UserRecord } from './user-repository';
import {
  entity,
  ITEM_ABSENT,
  ITEM_EXISTS,
  transact,
  transactNamed,
  tx,
  withConflictRetry,
  type EntityRecord,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** Onboarding preferences (lists absent on older items read as empty). */
export const preferencesEntity = entity({
  name: 'Preferences',
  schema: lazySchema(() =>
    z.object({
      userId: z.string(),
      styles: z.array(z.string()).default([]),
      brands: z.array(z.string()).default([]),
      colors: z.array(z.string()).default([]),
      updatedAt: z.string(),
    }),
  ),
  key: (p) => keys.preferences(p.userId),
});
export type PreferencesRecord = Omit<EntityRecord<typeof preferencesEntity>, 'userId'>;

/** A link on a user's public profile (ulid ids: creation order), counted by linkCount on COUNTERS. */
export const userLinkEntity = entity({
  name: 'UserLink',
  schema: lazySchema(() =>
    z.object({ userId: z.string(), id: z.string(), title: z.string(), url: z.string(), createdAt: z.string() }),
  ),
  key: (l) => keys.userLink(l.userId, l.id),
});

/** Store the preferences and mark the user onboarded, together. */
export async function savePreferences(
  db: Db,
  userId: string,
  prefs: Omit<PreferencesRecord, 'updatedAt'>,
  now = new Date(),
): Promise<PreferencesRecord> {
  const rec: PreferencesRecord = { ...prefs, updatedAt: now.toISOString() };
  await withConflictRetry(() =>
    transact(db, [
      tx.put(db, preferencesEntity.item({ userId, ...rec })),
      tx.update(
        db,
        keys.user(userId),
        userEntity.update().set({ onboarded: true, updatedAt: rec.updatedAt }).where(ITEM_EXISTS),
      ),
    ]),
  );
  return rec;
}

export async function getPreferences(db: Db, userId: string): Promise<PreferencesRecord | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.preferences(userId) }));
  const prefs = preferencesEntity.parseOrNull(res.Item);
  if (!prefs) return null;
  const { styles, brands, colors, updatedAt } = prefs;
  return { styles, brands, colors, updatedAt };
}

export interface ProfileFields {
  firstName?: string | null;
  lastName?: string | null;
  isPublic?: boolean;
  showCollections?: boolean;
}

export type ProfileUpdateResult = { ok: true; user: UserRecord } | { ok: false; reason: 'handle-taken' | 'stale' };

/**
 * Update profile fields and, when `newHandle` differs from `oldHandle`, move the handle claim in the same
 * transaction. 'stale' means the user's handle changed meanwhile (the caller re-reads and retries).
 */
export async function updateProfile(
  db: Db,
  userId: string,
  oldHandle: string,
  fields: ProfileFields,
  newHandle: string | null,
  now = new Date(),
): Promise<ProfileUpdateResult> {
  const moving = newHandle !== null && newHandle !== oldHandle;
  const claims = handleClaimEntity.where;
  const out = await transactNamed(db, {
    oldClaim:
      moving && tx.delete(db, keys.handle(oldHandle), claims.or(claims.notExists('pk'), claims.eq('userId', userId))),
    newClaim:
      moving &&
      tx.put(db, handleClaimEntity.item({ handle: newHandle, userId, claimedAt: now.toISOString() }), ITEM_ABSENT),
    user: tx.update(
      db,
      keys.user(userId),
      userEntity
        .update()
        .set({ updatedAt: now.toISOString(), ...fields, ...(moving ? { handle: newHandle } : {}) })
        .where((w) => w.and(ITEM_EXISTS, w.eq('handle', oldHandle))),
    ),
  });
  if (!out.applied) return { ok: false, reason: out.failed('newClaim') ? 'handle-taken' : 'stale' };
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.user(userId), ConsistentRead: true }),
  );
  return { ok: true, user: userEntity.parse(res.Item) };
}

/** The user id holding a handle claim, or null. */
export async function findUserIdByHandle(db: Db, handle: string): Promise<string | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.handle(handle) }));
  return res.Item ? handleClaimEntity.parsePick(res.Item, ['userId']).userId : null;
}

export type UserLinkRecord = Omit<EntityRecord<typeof userLinkEntity>, 'userId'>;

export async function listUserLinks(db: Db, userId: string): Promise<UserLinkRecord[]> {
  const k = keys.userLinkPrefix(userId);
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    }),
  );
  return (res.Items ?? []).map((i) => {
    const { id, title, url, createdAt } = userLinkEntity.parse(i);
    return { id, title, url, createdAt };
  });
}

/** Add a link unless the user already has `max`; false when the cap is reached. */
export async function addUserLink(db: Db, userId: string, link: UserLinkRecord, max: number): Promise<boolean> {
  const w = countersWhere;
  const out = await transactNamed(db, {
    counters: tx.update(
      db,
      keys.userCounters(userId),
      countersUpdate()
        .add({ linkCount: 1 })
        .where(w.or(w.notExists('linkCount'), w.lt('linkCount', max))),
    ),
    link: tx.put(db, userLinkEntity.item({ userId, ...link }), ITEM_ABSENT),
  });
  return out.applied;
}

/** Delete one of the user's links; false when it does not exist. */
export async function deleteUserLink(db: Db, userId: string, linkId: string): Promise<boolean> {
  const out = await transactNamed(db, {
    link: tx.delete(db, keys.userLink(userId, linkId), ITEM_EXISTS),
    counters: tx.update(db, keys.userCounters(userId), countersUpdate().add({ linkCount: -1 })),
  });
  return out.applied;
}
