/**
 * Retention of generated images (Settings > Privacy): keep until deleted (default) or delete automatically
 * 7, 30 or 90 days after creation. Enforced twice:
 *  - the retention job (daily in AWS, hourly locally) deletes each due generation's objects, then its item
 *    (and feedback), and sweeps objects under users/<id>/generations/ older than the cutoff (orphans);
 *  - every generation item carries the table's TTL attribute (`ttl`, epoch seconds of its expiry), so
 *    DynamoDB removes the item even if the job did not run. The ledger is never touched.
 * `retentionUseCases(deps)` is the use case on its collaborators (the stored state, the private bucket); the
 * functions at the end are the production wiring the privacy group, the retention job and the local stack call.
 */
import { ERROR_CODES, badRequest } from '../../shared/errors';
import type { PrivacySettings, RetentionImpact } from '../../shared/schemas/privacy';
import {
  PRIVACY_MESSAGES,
  PHOTO_CONSENT,
  retentionExpiry,
  isRetentionDays,
  DAY_MS,
  type RetentionDays,
} from '../../shared/domain/privacy';
import type { Db } from '../../shared/repositories/table';
import {
  deleteExpiredGeneration,
  getPrivacyFields,
  listGenerationsCreatedBefore,
  listRetentionUsers,
  setGenerationTtls,
  setRetentionDays,
} from '../../shared/repositories/privacy-repository';
import { deleteImages, deletePrefix, listObjects, mediaKeys } from '../lib/media-store';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';

/** The settings as the caller's item holds them (GET /api/user/privacy: the item the request pipeline read). */
export function privacySettingsOf(f: { retentionDays?: RetentionDays; ageStatus?: 'adult' | 'minor' | null } | null) {
  return {
    retentionDays: f?.retentionDays ?? null,
    ageStatus: f?.ageStatus ?? null,
    photoConsent: { ...PHOTO_CONSENT },
  } satisfies PrivacySettings;
}

/**
 * The repository functions, grouped by the Lambda that calls them: the privacy group reads and saves the setting,
 * the retention job lists and deletes what is due. Each wiring binds its own group only, so neither bundle sends
 * the other's commands (test/infra/iam-contract.test.ts).
 */
const settingsRepositories = { getPrivacyFields, setRetentionDays, setGenerationTtls, listGenerationsCreatedBefore };
const runRepositories = { listRetentionUsers, listGenerationsCreatedBefore, deleteExpiredGeneration };
export type RetentionStore = Store<typeof settingsRepositories & typeof runRepositories>;

/** The private bucket as the retention job uses it (media-store.ts: deleteImages, deletePrefix, listObjects). */
export interface RetentionMedia {
  delete(bucket: 'private', keys: (string | null | undefined)[]): Promise<number>;
  deletePrefix(bucket: 'private', prefix: string): Promise<number>;
  listObjects(bucket: 'private', prefix: string): Promise<{ key: string; lastModified: Date | null }[]>;
}

export interface RetentionRunResult {
  users: number;
  generationsDeleted: number;
  objectsDeleted: number;
}

/** The privacy group's use cases of the setting (its Lambda never sends the job's deletes). */
export function retentionSettingsUseCases({ store }: { store: Store<typeof settingsRepositories> }) {
  async function getPrivacySettings(userId: string): Promise<PrivacySettings> {
    return privacySettingsOf(await store.getPrivacyFields(userId));
  }

  /** Save the choice and re-stamp the TTL of every existing generation (a shorter period applies to old images too). */
  async function updateRetention(userId: string, days: RetentionDays, now: Date): Promise<PrivacySettings> {
    await store.setRetentionDays(userId, days, now);
    await store.setGenerationTtls(userId, (createdAt) => retentionExpiry(createdAt, days));
    return getPrivacySettings(userId);
  }

  /**
   * What choosing `days` would delete now (the confirmation before a shorter retention): the completed
   * generations (generated images) made before the cutoff, which the next retention run and the table TTL remove.
   */
  async function retentionImpact(userId: string, days: number, now: Date): Promise<RetentionImpact> {
    if (!isRetentionDays(days) || days === null)
      throw badRequest(PRIVACY_MESSAGES.retentionInvalid, ERROR_CODES.validation);
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const due = await store.listGenerationsCreatedBefore(userId, cutoff);
    return {
      retentionDays: days,
      results: due.filter((g) => g.status === 'completed').length,
      cutoff: cutoff.toISOString(),
    };
  }

  return { getPrivacySettings, updateRetention, retentionImpact };
}

/** The retention job's use case (its Lambda never sends the setting's writes). */
export function retentionRunUseCases({
  store,
  media,
}: {
  store: Store<typeof runRepositories>;
  media: RetentionMedia;
}) {
  /** Objects under users/<id>/generations/ last modified before the cutoff (left behind when TTL removed the item first). */
  async function orphanedGenerationObjects(userId: string, cutoff: Date): Promise<string[]> {
    const objects = await media.listObjects('private', `${mediaKeys.userPrefix(userId)}generations/`);
    return objects.filter((o) => o.lastModified && o.lastModified.getTime() < cutoff.getTime()).map((o) => o.key);
  }

  /** The retention job: for every user with automatic deletion, delete what is due. */
  async function applyRetention(now: Date): Promise<RetentionRunResult> {
    const result: RetentionRunResult = { users: 0, generationsDeleted: 0, objectsDeleted: 0 };
    for (const { userId, retentionDays } of await store.listRetentionUsers()) {
      result.users++;
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
      try {
        for (const g of await store.listGenerationsCreatedBefore(userId, cutoff)) {
          if (g.status !== 'completed' && g.status !== 'failed') continue; // running: next time
          // Objects first, then the item: an item never points at a deleted object for long, and no object is orphaned.
          result.objectsDeleted += await media.delete('private', [g.resultKey, ...g.inputKeys]);
          result.objectsDeleted += await media.deletePrefix(
            'private',
            `${mediaKeys.userPrefix(userId)}generations/${g.id}/`,
          );
          if (await store.deleteExpiredGeneration(userId, g.id)) result.generationsDeleted++;
        }
        const orphans = await orphanedGenerationObjects(userId, cutoff);
        result.objectsDeleted += await media.delete('private', orphans);
      } catch (error) {
        logger.error('Retention: a user failed, the others go on', { error, userId });
      }
    }
    return result;
  }

  return { applyRetention };
}

/** Every retention use case on one set of collaborators (the unit tests'). */
export function retentionUseCases(deps: { store: RetentionStore; media: RetentionMedia }) {
  return { ...retentionSettingsUseCases(deps), ...retentionRunUseCases(deps) };
}

const settings = (db: Db) =>
  retentionSettingsUseCases({
    store: bindDb(db, settingsRepositories),
  });

export const getPrivacySettings = (db: Db, userId: string): Promise<PrivacySettings> =>
  settings(db).getPrivacySettings(userId);
export const updateRetention = (db: Db, userId: string, days: RetentionDays, now = new Date()) =>
  settings(db).updateRetention(userId, days, now);
export const retentionImpact = (db: Db, userId: string, days: number, now = new Date()) =>
  settings(db).retentionImpact(userId, days, now);
export const applyRetention = (db: Db, now = new Date()): Promise<RetentionRunResult> =>
  retentionRunUseCases({
    store: bindDb(db, runRepositories),
    media: { delete: deleteImages, deletePrefix, listObjects },
  }).applyRetention(now);
