/**
 * Deleting photos: one photo profile (its folder, its record, its consent) and "Delete all my photos" (every
 * object under users/<id>/, then the records). A file of its own because account deletion (the privacy group)
 * calls "Delete all my photos": its bundle gets the deletes, and none of the photo-profile writes, the image gate,
 * the uploads or the body check (test/infra/iam-contract.test.ts). photo-profile-service.ts composes these.
 */
import { ERROR_CODES, HttpError, notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { PHOTO_PROFILE_MESSAGES as M, type DeleteAllPhotosResult } from '../../shared/schemas/photo-profile';
import {
  deleteAllPhotoProfiles,
  deletePhotoProfile,
  getPhotoProfile,
} from '../../shared/repositories/photo-profile-repository';
import { clearResultKeys } from '../../shared/repositories/generation-repository';
import { deleteAllPhotoConsents, deletePhotoConsent } from '../../shared/repositories/privacy-repository';
import { deletePrefix, listKeys, mediaKeys, purgeVersions } from '../lib/media-store';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';

export const PHOTO_PURGE_FAILED = 'We could not delete all of your photos just now. Please try again.';

/**
 * What deleting photos binds: account deletion (the privacy group) bundles these, and none of the writes, the
 * uploads or the consent record of the profiles group (test/infra/iam-contract.test.ts).
 */
const deletionRepositories = {
  getPhotoProfile,
  deletePhotoProfile,
  deletePhotoConsent,
  clearResultKeys,
  deleteAllPhotoConsents,
  deleteAllPhotoProfiles,
};

/** The private bucket as deleting photos uses it (media-store.ts). */
export interface PhotoDeletionMedia {
  deletePrefix(bucket: 'private', prefix: string): Promise<number>;
  listKeys(bucket: 'private', prefix: string): Promise<string[]>;
  purgeVersions(bucket: 'private', prefix: string): Promise<number>;
}

/** What deleting photos works with: the records' deletes and the bucket's listing and deletes, nothing else. */
export interface PhotoDeletionDeps {
  store: Store<typeof deletionRepositories>;
  media: PhotoDeletionMedia;
}

/**
 * Deleting one profile and "Delete all my photos": their own use cases, because account deletion (the privacy
 * group) calls the second and must not bundle the image gate, the uploads or the body check with it.
 */
export function photoDeletionUseCases({ store, media }: PhotoDeletionDeps) {
  async function deleteProfile(userId: string, id: string): Promise<void> {
    if (!(await store.getPhotoProfile(userId, id))) throw notFound(M.notFound);
    // Objects first, then the record: if the objects cannot be deleted the request fails and the profile is
    // still there to delete again (never a "deleted" profile whose photos stay in S3). The whole folder, not
    // just the two known keys: it also catches objects of an upload that crashed midway.
    await purgePrefix(mediaKeys.photoProfilePrefix(userId, id));
    const deleted = await store.deletePhotoProfile(userId, id);
    if (!deleted) throw notFound(M.notFound);
    // An image uploaded to the folder while the record was being deleted (a concurrent edit) goes too.
    await purgePrefix(mediaKeys.photoProfilePrefix(userId, id));
    // the consent given for this profile's photos goes with them
    await store.deletePhotoConsent(userId, id);
  }

  /**
   * Delete every object under the prefix and check that none is left: the caller reports "deleted" only
   * when it is true. A failure is a 503 the client may retry (the records are still in place).
   */
  async function purgePrefix(prefix: string): Promise<number> {
    let deleted: number;
    try {
      deleted = await media.deletePrefix('private', prefix);
      const left = await media.listKeys('private', prefix);
      if (left.length) throw new Error(`${left.length} object(s) still under ${prefix}`);
      // versioned buckets (prod): the deleted photos' noncurrent versions and delete markers go too
      await media.purgeVersions('private', prefix);
    } catch (error) {
      logger.error('Could not delete photo objects', { error, prefix });
      throw new HttpError(503, ERROR_CODES.unavailable, PHOTO_PURGE_FAILED);
    }
    return deleted;
  }

  /**
   * "Delete all my photos", the same from every entry point (the profiles route and account deletion): every
   * object under users/<userId>/ (generation results and inputs live there too), then the generation records
   * forget those keys (none points at a deleted image), then the photo consents and the photo-profile records.
   * Ledger entries are never touched.
   */
  async function deleteAllPhotos(userId: string): Promise<DeleteAllPhotosResult> {
    // Objects first: a failure here leaves every record in place (retryable), never a false "deleted".
    const prefix = mediaKeys.userPrefix(userId);
    let deletedObjects = await purgePrefix(prefix);
    await store.clearResultKeys(userId);
    await store.deleteAllPhotoConsents(userId);
    const profiles = await store.deleteAllPhotoProfiles(userId);
    // A photo stored between the first pass and the record deletion (another tab) is removed too.
    deletedObjects += await purgePrefix(prefix);
    return { deletedProfiles: profiles.length, deletedObjects };
  }

  return { deleteProfile, deleteAllPhotos };
}

/** Deleting photos binds only the deletes (account deletion bundles this, not the image gate). */
const deletion = (db: Db) =>
  photoDeletionUseCases({
    store: bindDb(db, deletionRepositories),
    media: { deletePrefix, listKeys, purgeVersions },
  });
export const deleteProfile = (db: Db, userId: string, id: string): Promise<void> =>
  deletion(db).deleteProfile(userId, id);
/** "Delete all my photos" (production wiring; account deletion calls it through the profiles entry). */
export const deleteAllPhotos = (db: Db, userId: string): Promise<DeleteAllPhotosResult> =>
  deletion(db).deleteAllPhotos(userId);
