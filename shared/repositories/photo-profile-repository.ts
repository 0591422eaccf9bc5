/**
 * Photo profiles: items `USER#<userId> / PHOTO#<ulid>` plus two attributes on the user's `COUNTERS` item:
 * - photoProfileCount: the number of profile items, changed only in the same transaction as the Put or Delete
 *   it counts, so the plan cap holds under concurrency (the create's condition is `photoProfileCount < :max`);
 * - defaultPhotoProfileId: which profile is the default. One pointer instead of an isDefault flag per item makes
 *   "exactly one default" true by construction: the first create sets it (if_not_exists), switching is one write,
 *   and deleting the default moves it to the oldest remaining profile in the delete's transaction.
 * Records returned from here carry a computed isDefault.
 */
import { GetCommand } from './dynamo-client';
import * as z from 'zod';
import { GENDERS, type Gender } from '../domain/catalog';
import type { BodyCheckRecord } from '../domain/body-check';
import { bodyMeasurementsCmSchema } from '../domain/size-advice';
import { keys } from './keys';
import { type Db } from './table';
import { countersUpdate, countersWhere } from './user-counters';
import {
  AGAIN,
  entity,
  ITEM_ABSENT,
  ITEM_EXISTS,
  queryAll,
  transactNamed,
  tx,
  updateIf,
  updateIfReturning,
  updateItem,
  withRetry,
  type EntityRecord,
} from './toolkit';
import { lazySchema } from '../schemas/lazy-schema';

/** A photo profile in its user's partition (which one is the default lives on the COUNTERS item). */
export const photoProfileEntity = entity({
  name: 'PhotoProfile',
  schema: lazySchema(() =>
    z.object({
      id: z.string(),
      userId: z.string(),
      name: z.string(),
      gender: z.enum(GENDERS),
      bodyDescription: z.string(),
      /** Private-bucket key of the portrait (always present). */
      portraitKey: z.string(),
      /** Private-bucket key of the full-body photo, or null. */
      fullBodyKey: z.string().nullable().default(null),
      /** The full-body check's verdict for a full-body key (stale when the key changed: "checking"). */
      bodyCheck: z
        .object({
          key: z.string(),
          status: z.enum(['ok', 'refused']),
          code: z.string().nullable(),
          message: z.string().nullable(),
          checkedAt: z.string(),
        })
        .nullable()
        .default(null),
      /** The person's measurements in cm (issue 25: optional, private to the owner), or null. */
      measurements: bodyMeasurementsCmSchema.nullable().default(null),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  key: (p) => keys.photoProfile(p.userId, p.id),
});
type StoredProfile = EntityRecord<typeof photoProfileEntity>;

export type PhotoProfileRecord = StoredProfile & { isDefault: boolean };

export interface NewPhotoProfile {
  id: string;
  userId: string;
  name: string;
  gender: Gender;
  bodyDescription: string;
  portraitKey: string;
  fullBodyKey: string | null;
}

export type PhotoProfilePatch = Partial<
  Pick<StoredProfile, 'name' | 'gender' | 'bodyDescription' | 'portraitKey' | 'fullBodyKey' | 'measurements'>
>;

/** The photo-profile attributes of the user's COUNTERS item. */
const countersSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    photoProfileCount: z.number().optional(),
    defaultPhotoProfileId: z.string().optional(),
  }),
);
type Counters = z.output<typeof countersSchema>;

const toStored = (item: unknown): StoredProfile => photoProfileEntity.parse(item);

async function getCounters(db: Db, userId: string): Promise<Counters> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.userCounters(userId), ConsistentRead: true }),
  );
  return countersSchema.parse(res.Item ?? {});
}

async function queryStored(db: Db, userId: string): Promise<StoredProfile[]> {
  const k = keys.photoProfilePrefix(userId);
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': k.pk, ':sk': k.skPrefix },
    ConsistentRead: true,
  });
  return items.map(toStored); // ascending by ULID: oldest first
}

/**
 * The effective default: the pointer when it names an existing profile, else the oldest profile. The fallback
 * only matters after a race the writes cannot fully exclude (a create landing while "delete all" runs).
 */
function effectiveDefault(oldestFirst: StoredProfile[], pointer: string | undefined): string | null {
  if (pointer && oldestFirst.some((p) => p.id === pointer)) return pointer;
  return oldestFirst[0]?.id ?? null;
}

/** Default first, then newest first. */
function present(oldestFirst: StoredProfile[], pointer: string | undefined): PhotoProfileRecord[] {
  const def = effectiveDefault(oldestFirst, pointer);
  const recs = oldestFirst.map((p) => ({ ...p, isDefault: p.id === def }));
  return [...recs.filter((r) => r.isDefault), ...recs.filter((r) => !r.isDefault).reverse()];
}

export async function listPhotoProfiles(db: Db, userId: string): Promise<PhotoProfileRecord[]> {
  const [items, counters] = await Promise.all([queryStored(db, userId), getCounters(db, userId)]);
  return present(items, counters.defaultPhotoProfileId);
}

/** One profile of this user, or null (another user's id is simply not found under this user's key). */
export async function getPhotoProfile(db: Db, userId: string, profileId: string): Promise<PhotoProfileRecord | null> {
  if (!profileId || profileId.length > 64) return null;
  return (await listPhotoProfiles(db, userId)).find((p) => p.id === profileId) ?? null;
}

export async function countPhotoProfiles(db: Db, userId: string): Promise<number> {
  return Number((await getCounters(db, userId)).photoProfileCount ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Writes

/** Create a profile if the user is under `maxProfiles`; 'limit' when the cap is reached (nothing written). */
export async function createPhotoProfile(
  db: Db,
  input: NewPhotoProfile,
  maxProfiles: number,
  now = new Date(),
): Promise<PhotoProfileRecord | 'limit'> {
  const ts = now.toISOString();
  const item: StoredProfile = { ...input, bodyCheck: null, measurements: null, createdAt: ts, updatedAt: ts };
  const w = countersWhere;
  const out = await transactNamed(db, {
    counters: tx.update(
      db,
      keys.userCounters(input.userId),
      countersUpdate()
        .increment('photoProfileCount', 1)
        .setIfNotExists({ defaultPhotoProfileId: input.id })
        .where(w.or(w.notExists('photoProfileCount'), w.lt('photoProfileCount', maxProfiles))),
    ),
    profile: tx.put(db, photoProfileEntity.item(item), ITEM_ABSENT),
  });
  if (out.failed('counters')) return 'limit';
  if (!out.applied) throw new Error(`Photo profile ${input.id} already exists`);
  const created = await getPhotoProfile(db, input.userId, input.id);
  return created ?? { ...item, isDefault: false };
}

/**
 * Change fields of an existing profile. Returns the stored record before and after the write (the before
 * values come from the write itself, so a concurrent edit cannot make the caller delete the wrong image),
 * or null when the profile does not exist.
 */
export async function updatePhotoProfile(
  db: Db,
  userId: string,
  profileId: string,
  patch: PhotoProfilePatch,
  now = new Date(),
): Promise<{ before: StoredProfile; after: StoredProfile } | null> {
  const entries = Object.entries({ ...patch, updatedAt: now.toISOString() }).filter(([, v]) => v !== undefined);
  const old = await updateIfReturning(
    db,
    keys.photoProfile(userId, profileId),
    photoProfileEntity
      .update()
      .set({ ...patch, updatedAt: now.toISOString() })
      .where(ITEM_EXISTS),
    'ALL_OLD',
  );
  if (!old) return null;
  const before = toStored(old);
  return { before, after: toStored({ ...before, ...Object.fromEntries(entries) }) };
}

/**
 * Record the full-body check's verdict, only while the profile still has that full-body photo (a verdict for a
 * replaced photo is dropped). False when it was dropped.
 */
export async function recordBodyCheck(
  db: Db,
  userId: string,
  profileId: string,
  check: BodyCheckRecord,
): Promise<boolean> {
  return updateIf(
    db,
    keys.photoProfile(userId, profileId),
    photoProfileEntity
      .update()
      .set({ bodyCheck: check })
      .where((w) => w.eq('fullBodyKey', check.key)),
  );
}

/** Make this profile the default (the previous default stops being one in the same write). False if it does not exist. */
export async function setDefaultPhotoProfile(db: Db, userId: string, profileId: string): Promise<boolean> {
  const out = await transactNamed(db, {
    profile: tx.check(db, keys.photoProfile(userId, profileId), ITEM_EXISTS),
    counters: tx.update(db, keys.userCounters(userId), countersUpdate().set({ defaultPhotoProfileId: profileId })),
  });
  return out.applied;
}

/**
 * The counters update that goes with deleting `removed` from `all`: the count and the default pointer are
 * written as computed from what was read, on condition that both are still what was read (a concurrent
 * create, delete or default switch makes the transaction fail and the caller read again).
 */
function countersAfterRemoval(db: Db, userId: string, all: StoredProfile[], counters: Counters, removed: Set<string>) {
  const remaining = all.filter((p) => !removed.has(p.id));
  const pointer = counters.defaultPhotoProfileId;
  const nextDefault =
    pointer && !removed.has(pointer) && remaining.some((p) => p.id === pointer)
      ? pointer
      : effectiveDefault(remaining, undefined);
  const before = counters.photoProfileCount;
  const after = remaining.length === 0 ? 0 : Math.max(0, (before ?? all.length) - removed.size);
  const w = countersWhere;
  const u = countersUpdate().set({ photoProfileCount: after });
  if (nextDefault) u.set({ defaultPhotoProfileId: nextDefault });
  else u.remove('defaultPhotoProfileId');
  u.where(
    w.and(
      before === undefined ? w.notExists('photoProfileCount') : w.eq('photoProfileCount', before),
      pointer === undefined ? w.notExists('defaultPhotoProfileId') : w.eq('defaultPhotoProfileId', pointer),
    ),
  );
  return tx.update(db, keys.userCounters(userId), u);
}

/** Delete one profile (promoting the oldest remaining one if it was the default). Returns it, or null if missing. */
export async function deletePhotoProfile(
  db: Db,
  userId: string,
  profileId: string,
): Promise<PhotoProfileRecord | null> {
  return withRetry(async () => {
    const [all, counters] = await Promise.all([queryStored(db, userId), getCounters(db, userId)]);
    const target = all.find((p) => p.id === profileId);
    if (!target) return null;
    const out = await transactNamed(db, {
      profile: tx.delete(db, keys.photoProfile(userId, profileId), ITEM_EXISTS),
      counters: countersAfterRemoval(db, userId, all, counters, new Set([profileId])),
    });
    // A failed condition means something changed since the read: read again and retry (conflicts too).
    if (!out.applied) return AGAIN;
    return { ...target, isDefault: effectiveDefault(all, counters.defaultPhotoProfileId) === profileId };
  });
}

/** Delete every profile of the user and reset the count. Returns the deleted records. */
export async function deleteAllPhotoProfiles(db: Db, userId: string): Promise<PhotoProfileRecord[]> {
  const deleted: PhotoProfileRecord[] = [];
  // each try reads again: the next chunk, the empty end, or the state a concurrent write left
  return withRetry(async () => {
    const [all, counters] = await Promise.all([queryStored(db, userId), getCounters(db, userId)]);
    if (!all.length) {
      if (counters.photoProfileCount || counters.defaultPhotoProfileId) {
        await updateItem(
          db,
          keys.userCounters(userId),
          countersUpdate().set({ photoProfileCount: 0 }).remove('defaultPhotoProfileId'),
        );
      }
      return deleted;
    }
    // A transaction holds at most 100 items: one is the counters update. Caps are far below that.
    const chunk = all.slice(0, 99);
    const out = await transactNamed(db, {
      profiles: chunk.map((p) => tx.delete(db, keys.photoProfile(userId, p.id), ITEM_EXISTS)),
      counters: countersAfterRemoval(db, userId, all, counters, new Set(chunk.map((p) => p.id))),
    });
    if (out.applied) {
      const def = effectiveDefault(all, counters.defaultPhotoProfileId);
      deleted.push(...chunk.map((p) => ({ ...p, isDefault: p.id === def })));
    }
    return AGAIN;
  });
}
