/**
 * Photo profiles: validation (spec 02 section 5, same messages as the web form), the plan cap, the images
 * (pipeline -> private bucket) and the records. Order of every write: images first, then the database;
 * a failed database write deletes the images it uploaded, and a replaced image is deleted only after the
 * database points at its successor, so no request leaves an orphan or a dangling key behind.
 */
import { monotonicFactory, ulid } from 'ulid';
import { ERROR_CODES, HttpError, notFound } from '../../shared/errors';
import { limitsFor } from '../../shared/domain/plans';
import type { Db } from '../../shared/repositories/table';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { PHOTO_MAX_BYTES, PHOTO_PROFILE_MESSAGES as M, type PhotoProfile } from '../../shared/schemas/photo-profile';
import {
  countPhotoProfiles,
  createPhotoProfile,
  deleteAllPhotoProfiles,
  deletePhotoProfile,
  getPhotoProfile,
  listPhotoProfiles,
  setDefaultPhotoProfile,
  updatePhotoProfile,
  type PhotoProfilePatch,
  type PhotoProfileRecord,
} from '../../shared/repositories/photo-profile-repository';
import {
  deleteImages,
  deletePrefix,
  listKeys,
  mediaKeys,
  privateImagePath,
  purgeVersions,
  putImage,
  type PhotoKind,
} from '../lib/media-store';
import type { UploadedFile } from '../lib/multipart';
import { withinLimit } from '../lib/image-pipeline';
import {
  photoUploadIdsSchema,
  type PhotoProfileCreateInput,
  type PhotoProfilePatchInput,
} from '../../shared/schemas/requests';
import { discardQuarantine, processUploadedImage, takeQuarantinedUpload } from './image-uploads';
import { logger } from '../lib/logger';
import { photoDeletionUseCases, type PhotoDeletionMedia } from './photo-deletion-service';
import { bindDb, type Store } from '../lib/bind-db';
import { BODY_CHECK_RETRY_AFTER_MS, bodyCheckOf } from '../../shared/domain/body-check';
import { requestBodyCheck } from '../generations';
import { clearResultKeys } from '../../shared/repositories/generation-repository';
import { deleteAllPhotoConsents, deletePhotoConsent } from '../../shared/repositories/privacy-repository';
import { recordPhotoConsent, requirePhotoConsent } from '../privacy';

export function toPhotoProfile(p: PhotoProfileRecord): PhotoProfile {
  return {
    id: p.id,
    name: p.name,
    gender: p.gender,
    bodyDescription: p.bodyDescription,
    portraitUrl: privateImagePath(p.portraitKey),
    fullBodyUrl: p.fullBodyKey ? privateImagePath(p.fullBodyKey) : null,
    isDefault: p.isDefault,
    supportsNano: !!p.portraitKey,
    supportsFashn: !!p.fullBodyKey,
    bodyCheck: bodyCheckOf(p),
    measurements: p.measurements,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function limitError(max: number, user: Pick<UserRecord, 'currentPlan' | 'isInfluencer'>): HttpError {
  const topPlan = user.isInfluencer || user.currentPlan === 'creator';
  const hint = topPlan ? 'Delete a profile to add another.' : 'Upgrade to add more.';
  return new HttpError(
    403,
    ERROR_CODES.limitPhotoProfiles,
    `You have reached the photo profile limit of your plan (${max}). ${hint}`,
  );
}

/** A photo of the request: a multipart file (API clients, small photos) or a direct upload's id (the SPA). */
interface PhotoInput {
  kind: PhotoKind;
  file: UploadedFile | undefined;
  uploadId: string | undefined;
}

/** The photos a request may carry as multipart files (the route's `multipart.files`). */
export interface PhotoFiles {
  portrait?: UploadedFile;
  fullBody?: UploadedFile;
}
/** The direct-upload ids a request names (checked against their pattern by the route's schema). */
interface PhotoUploadIds {
  portraitUploadId?: string;
  fullBodyUploadId?: string;
}

/** The photo of one kind: a file or an upload id, never both. */
function photoInput(
  kind: PhotoKind,
  upload: UploadedFile | undefined,
  uploadId: string | undefined,
  [fileField, idField]: [string, string],
): PhotoInput {
  const file = withinLimit(upload, PHOTO_MAX_BYTES);
  if (file && uploadId)
    throw new HttpError(400, ERROR_CODES.validation, `Send either ${fileField} or ${idField}, not both`);
  return { kind, file, uploadId };
}
const portraitOf = (input: PhotoUploadIds, files: PhotoFiles) =>
  photoInput('portrait', files.portrait, input.portraitUploadId, ['portrait', 'portraitUploadId']);
const fullBodyOf = (input: PhotoUploadIds, files: PhotoFiles) =>
  photoInput('full-body', files.fullBody, input.fullBodyUploadId, ['fullBody', 'fullBodyUploadId']);

/** The direct-upload ids a request names (to delete their quarantine objects when the request fails early). */
export const uploadIdsOf = (input: PhotoUploadIds): string[] =>
  [input.portraitUploadId, input.fullBodyUploadId].filter((v): v is string => !!v);

const repositories = {
  countPhotoProfiles,
  createPhotoProfile,
  deleteAllPhotoProfiles,
  deletePhotoProfile,
  getPhotoProfile,
  listPhotoProfiles,
  setDefaultPhotoProfile,
  updatePhotoProfile,
  clearResultKeys,
  deleteAllPhotoConsents,
  deletePhotoConsent,
  // the uploads' and the consent's writes on the same table
  takeQuarantinedUpload,
  recordPhotoConsent,
};
export type PhotoProfileStore = Store<typeof repositories>;

/** The private bucket as photo profiles use it (media-store.ts). */
export interface PhotoProfileMedia extends PhotoDeletionMedia {
  put(bucket: 'private', key: string, body: Buffer, contentType: string): Promise<void>;
  delete(bucket: 'private', keys: (string | null | undefined)[]): Promise<number>;
}

export interface PhotoProfileDeps {
  store: PhotoProfileStore;
  media: PhotoProfileMedia;
  /** The image gate and the quarantine cleanup (image-uploads.ts). */
  uploads: {
    processUploadedImage: typeof processUploadedImage;
    discardQuarantine: typeof discardQuarantine;
  };
  /** Asks the full-body check for a verdict on a profile's full-body photo (the generations domain). */
  requestBodyCheck: (userId: string, profileId: string, fullBodyKey: string) => Promise<unknown>;
  /** A new profile's id (monotonic ulid). */
  newId: () => string;
}

export function photoProfileUseCases(deps: PhotoProfileDeps) {
  const { store, media, uploads, requestBodyCheck, newId } = deps;
  const { processUploadedImage, discardQuarantine } = uploads;
  const { deleteProfile, deleteAllPhotos } = photoDeletionUseCases(deps);
  /**
   * The caller's profiles. A full-body photo still without a verdict long after it was saved (its request was lost,
   * or the profile predates the check) is asked for again, so "checking" always ends.
   */
  async function listProfiles(userId: string, now = Date.now()): Promise<PhotoProfile[]> {
    const profiles = await store.listPhotoProfiles(userId);
    for (const p of profiles)
      if (bodyCheckOf(p)?.status === 'checking' && now - Date.parse(p.updatedAt) > BODY_CHECK_RETRY_AFTER_MS)
        await requestBodyCheck(userId, p.id, p.fullBodyKey!);
    return profiles.map(toPhotoProfile);
  }

  /**
   * Run both photos through the one image gate (processUploadedImage: size, type, decode, re-encode without
   * metadata, moderation) before anything is stored, so a bad second photo stores nothing. Direct uploads are
   * taken out of the quarantine (and deleted there) by takeQuarantinedUpload.
   */
  async function prepareImages(inputs: PhotoInput[], userId: string) {
    const out: { kind: PhotoKind; buffer: Buffer; contentType: string; ext: string }[] = [];
    try {
      for (const { kind, file, uploadId } of inputs) {
        let img;
        if (uploadId) img = await store.takeQuarantinedUpload(userId, uploadId, 'photo_profile', kind);
        else if (file) img = await processUploadedImage('photo_profile', file.content, userId, PHOTO_MAX_BYTES, kind);
        else continue;
        out.push({ kind, buffer: img.buffer, contentType: img.contentType, ext: img.ext });
      }
    } finally {
      // the other photo's quarantine object goes too when the first one is refused
      await discardQuarantine(
        userId,
        inputs.map((i) => i.uploadId),
      );
    }
    return out;
  }

  /** Upload the prepared images; if one upload fails, the others are removed before the error goes on. */
  async function uploadImages(
    userId: string,
    id: string,
    images: Awaited<ReturnType<typeof prepareImages>>,
  ): Promise<Partial<Record<PhotoKind, string>>> {
    const keys: Partial<Record<PhotoKind, string>> = {};
    for (const img of images) keys[img.kind] = mediaKeys.photoProfileImage(userId, id, img.kind, ulid(), img.ext);
    const results = await Promise.allSettled(
      images.map((img) => media.put('private', keys[img.kind]!, img.buffer, img.contentType)),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await discard(Object.values(keys));
      throw failed.reason;
    }
    return keys;
  }

  async function discard(keys: (string | null | undefined)[]) {
    try {
      await media.delete('private', keys);
    } catch (error) {
      logger.error('Could not delete photo-profile objects', { error, keys });
    }
  }

  /**
   * "Create a photo profile", the whole use case: consent and age first (server-enforced: nothing is processed or
   * stored without them), then the photos and the record, then the consent record. A refused request leaves no
   * uploaded photo behind (not even in the quarantine), and there is no profile without its recorded consent.
   * The fields come parsed by the route's schema (shared/schemas/requests.ts photoProfileCreateSchema).
   */
  async function createProfile(
    user: UserRecord,
    input: PhotoProfileCreateInput,
    files: PhotoFiles,
    clientIp: string | null,
  ): Promise<PhotoProfile> {
    let profile: PhotoProfile;
    try {
      requirePhotoConsent(user, input.consent);
      profile = await storeProfile(user, input, files);
    } catch (err) {
      await discardQuarantine(user.id, uploadIdsOf(input));
      throw err;
    }
    try {
      await store.recordPhotoConsent(user.id, profile.id, clientIp);
    } catch (err) {
      await deleteProfile(user.id, profile.id).catch(() => undefined);
      throw err;
    }
    return profile;
  }

  /** The photos and the record of a new profile (the consent is checked and recorded by createProfile). */
  async function storeProfile(
    user: UserRecord,
    input: PhotoProfileCreateInput,
    files: PhotoFiles,
  ): Promise<PhotoProfile> {
    const { name, bodyDescription } = input;
    const gender = input.gender ?? 'unisex';
    const portrait = portraitOf(input, files);
    if (!portrait.file && !portrait.uploadId) throw new HttpError(400, ERROR_CODES.validation, M.portraitRequired);
    const fullBody = fullBodyOf(input, files);

    // Cheap early refusal; the transaction below is what enforces the cap under concurrency.
    const max = limitsFor(user).photoProfiles;
    if ((await store.countPhotoProfiles(user.id)) >= max) throw limitError(max, user);

    const images = await prepareImages([portrait, fullBody], user.id);
    const id = newId();
    const keys = await uploadImages(user.id, id, images);
    let created: PhotoProfileRecord | 'limit';
    try {
      created = await store.createPhotoProfile(
        {
          id,
          userId: user.id,
          name,
          gender,
          bodyDescription,
          portraitKey: keys.portrait!,
          fullBodyKey: keys['full-body'] ?? null,
        },
        max,
      );
    } catch (err) {
      await discard(Object.values(keys));
      throw err;
    }
    if (created === 'limit') {
      await discard(Object.values(keys));
      throw limitError(max, user);
    }
    if (created.fullBodyKey) await requestBodyCheck(user.id, id, created.fullBodyKey);
    return toPhotoProfile(created);
  }

  /** "Edit a photo profile": a refused request leaves none of its direct uploads in the quarantine. */
  async function updateProfile(
    user: UserRecord,
    id: string,
    input: PhotoProfilePatchInput,
    files: PhotoFiles,
  ): Promise<PhotoProfile> {
    try {
      return await changeProfile(user, id, input, files);
    } catch (err) {
      await discardQuarantine(user.id, uploadIdsOf(input));
      throw err;
    }
  }

  /** The fields come parsed by the route's schema (shared/schemas/requests.ts photoProfilePatchSchema). */
  async function changeProfile(
    user: UserRecord,
    id: string,
    input: PhotoProfilePatchInput,
    files: PhotoFiles,
  ): Promise<PhotoProfile> {
    const existing = await store.getPhotoProfile(user.id, id);
    if (!existing) throw notFound(M.notFound);

    const patch: PhotoProfilePatch = {};
    if (input.name !== undefined) patch.name = input.name;
    const portrait = portraitOf(input, files);
    if (!portrait.file && !portrait.uploadId && input.removePortrait)
      throw new HttpError(400, ERROR_CODES.validation, M.portraitRequired);
    if (input.bodyDescription !== undefined) patch.bodyDescription = input.bodyDescription;
    if (input.gender !== undefined) patch.gender = input.gender;
    const fullBody = fullBodyOf(input, files);
    const removeFullBody = input.removeFullBody === true;
    if (removeFullBody && (fullBody.file || fullBody.uploadId))
      throw new HttpError(400, ERROR_CODES.validation, M.removeAndReplaceFullBody);
    const makeDefault = input.isDefault;
    // There is always exactly one default: it moves by choosing another profile, not by unsetting this one.
    if (makeDefault === false && existing.isDefault)
      throw new HttpError(400, ERROR_CODES.validation, M.cannotUnsetDefault);

    const images = await prepareImages([portrait, fullBody], user.id);
    const keys = await uploadImages(user.id, id, images);
    if (keys.portrait) patch.portraitKey = keys.portrait;
    if (keys['full-body']) patch.fullBodyKey = keys['full-body'];
    else if (removeFullBody) patch.fullBodyKey = null;

    if (Object.keys(patch).length) {
      let result: Awaited<ReturnType<typeof updatePhotoProfile>>;
      try {
        result = await store.updatePhotoProfile(user.id, id, patch);
      } catch (err) {
        await discard(Object.values(keys));
        throw err;
      }
      if (!result) {
        await discard(Object.values(keys));
        throw notFound(M.notFound);
      }
      const { before, after } = result;
      await discard([
        before.portraitKey !== after.portraitKey ? before.portraitKey : null,
        before.fullBodyKey !== after.fullBodyKey ? before.fullBodyKey : null,
      ]);
    }
    if (makeDefault && !(await store.setDefaultPhotoProfile(user.id, id))) throw notFound(M.notFound);
    if (keys['full-body']) await requestBodyCheck(user.id, id, keys['full-body']);

    const fresh = await store.getPhotoProfile(user.id, id);
    if (!fresh) throw notFound(M.notFound);
    return toPhotoProfile(fresh);
  }

  return { listProfiles, createProfile, updateProfile, deleteProfile, deleteAllPhotos };
}

const profileId = monotonicFactory();
const production = (db: Db) =>
  photoProfileUseCases({
    store: bindDb(db, repositories),
    media: { put: putImage, delete: deleteImages, deletePrefix, listKeys, purgeVersions },
    uploads: { processUploadedImage, discardQuarantine },
    requestBodyCheck,
    newId: profileId,
  });

export const listProfiles = (db: Db, userId: string, now = Date.now()): Promise<PhotoProfile[]> =>
  production(db).listProfiles(userId, now);
/** A create or edit refused before it ran (its body did not parse): the uploads it named (well-formed ids) go. */
export const discardNamedUploads = (userId: string, body: unknown): Promise<void> => {
  const named = photoUploadIdsSchema.safeParse(body);
  return named.success ? discardQuarantine(userId, uploadIdsOf(named.data)) : Promise.resolve();
};
export const createProfile = (
  db: Db,
  user: UserRecord,
  input: PhotoProfileCreateInput,
  files: PhotoFiles,
  clientIp: string | null,
): Promise<PhotoProfile> => production(db).createProfile(user, input, files, clientIp);
export const updateProfile = (
  db: Db,
  user: UserRecord,
  id: string,
  input: PhotoProfilePatchInput,
  files: PhotoFiles,
): Promise<PhotoProfile> => production(db).updateProfile(user, id, input, files);
export { deleteProfile, deleteAllPhotos } from './photo-deletion-service';
