/**
 * Uploads straight to the bucket (a presigned POST to the quarantine, finalized here) and the avatar. Every byte
 * goes through the image gate (image-uploads.ts, with style and outfit images sent multipart and the photo-profile
 * quarantine take) before it is stored. Remote images: remote-image-service.ts.
 * `uploadUseCases(deps)` is the use case on its collaborators (the upload records, the buckets, the image
 * pipeline, ids, the current-user read); the functions at the end are the production wiring the uploads group
 * and the photo-profile service call.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { updateUser } from '../../shared/repositories/user-repository';
import {
  claimDirectUpload,
  finishDirectUpload,
  getDirectUpload,
  type DirectUploadRecord,
} from '../../shared/repositories/upload-repository';
import type { CurrentUser } from '../../shared/schemas/user';
import {
  DIRECT_UPLOAD_MESSAGES,
  DIRECT_UPLOAD_PURPOSES,
  FINALIZED_BY_RECORD,
  PROFILE_IMAGE_MAX_BYTES,
  directUploadMaxBytes,
  type DirectUploadPurpose,
  type PresignUploadInput,
  type PresignUploadResult,
} from '../../shared/schemas/upload';
import { isOneOf } from '../../shared/domain/one-of';
import { isCreatorRole } from '../../shared/domain/roles';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { AuthContext } from '../lib/auth';
import { processImage, withinLimit, type ProcessedImage } from '../lib/image-pipeline';
import {
  deleteImages,
  mediaKeys,
  objectExists,
  presignQuarantineUpload,
  PUBLIC_IMAGE_PATH_PREFIX,
  privateImagePath,
  publicImagePath,
  putImage,
  readObjectCapped,
  sha256,
  type BucketKind,
} from '../lib/media-store';
import type { UploadedFile } from '../lib/multipart';
import { logger } from '../lib/logger';
import { faultPoint } from '../lib/fault-points';
import { getCurrentUser } from './user-service';
import { bindDb, type Store } from '../lib/bind-db';
import { requireAdult } from '../privacy';
import {
  alreadyUsed,
  imageUploads,
  quarantineTakes,
  recordTtl,
  type ImageUploadDeps,
  type UploadMedia,
} from './image-uploads';

const repositories = { claimDirectUpload, finishDirectUpload, getDirectUpload, updateUser };
export type UploadStore = Store<typeof repositories>;
export interface UploadDeps extends ImageUploadDeps {
  store: UploadStore;
  media: UploadMedia;
  /** The caller with their balance, as GET /api/user answers it (after an avatar change). */
  currentUser: (auth: AuthContext) => Promise<CurrentUser>;
}

/**
 * Presigned POSTs live 10 minutes: long enough for 15 MB on a slow line. The form can be posted again while it
 * lives: what makes an upload single-use is its record (shared/repositories/upload-repository.ts).
 */
export const DIRECT_UPLOAD_TTL_SECONDS = 600;

const creatorOnly = (purpose: DirectUploadPurpose) => purpose === 'style_prompt' || purpose === 'style_cover';

function checkPurposeAllowed(user: UserRecord, purpose: DirectUploadPurpose) {
  if (creatorOnly(purpose) && !isCreatorRole(user))
    throw new HttpError(403, ERROR_CODES.forbidden, 'You need admin or influencer access to upload style images');
}

export const FINALIZE_WITH_RECORD_MESSAGE = 'This upload is saved with its photo profile, not on its own';

const ids = (r: DirectUploadRecord) => ({ userId: r.userId, uploadId: r.uploadId });

const urlOf = (r: { bucket: BucketKind; key: string }) =>
  r.bucket === 'public' ? publicImagePath(r.key) : privateImagePath(r.key);

type FinalizedPurpose = Exclude<DirectUploadPurpose, 'avatar' | 'photo_profile'>;

/** Where a finalized upload of a private purpose is stored, by the upload's own id. */
function finalKey(purpose: FinalizedPurpose, userId: string, imageId: string, ext: string): string {
  if (purpose === 'outfit') return mediaKeys.outfit(userId, imageId, ext);
  if (purpose === 'template_input') return mediaKeys.templateInput(userId, imageId, ext);
  return mediaKeys.styleImage(userId, imageId, ext);
}

/** The key behind a stored avatar URL, only if it is this user's own avatar object (never delete anything else). */
function ownAvatarKey(userId: string, url: string | null): string | null {
  if (!url?.startsWith(PUBLIC_IMAGE_PATH_PREFIX)) return null;
  const key = url.slice(PUBLIC_IMAGE_PATH_PREFIX.length);
  return key.startsWith(mediaKeys.avatarPrefix(userId)) && !key.includes('..') ? key : null;
}

export function uploadUseCases(deps: UploadDeps) {
  const { store, media, newId, currentUser } = deps;
  const images = imageUploads(deps);
  const { processUploadedImage } = images;
  const { takeQuarantinedUpload } = quarantineTakes(deps);

  /**
   * POST /api/uploads: a presigned POST to a quarantine key of the private bucket. The policy pins the key,
   * the Content-Type and the size range, so S3 refuses anything else (s3rver does not: see completeUpload).
   */
  async function presignUpload(user: UserRecord, input: PresignUploadInput): Promise<PresignUploadResult> {
    checkPurposeAllowed(user, input.purpose);
    // A person's photo is only sent by a known adult (the consent itself is checked when the profile is saved).
    if (input.purpose === 'photo_profile') requireAdult(user);
    const maxBytes = directUploadMaxBytes(input.purpose);
    if (input.size > maxBytes)
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, DIRECT_UPLOAD_MESSAGES.tooLarge(input.purpose));
    const uploadId = `${input.purpose}.${newId()}`;
    // The policy allows exactly what was declared (at most the purpose's cap): S3 refuses a bigger body.
    const post = await media.presignQuarantineUpload(
      mediaKeys.quarantine(user.id, uploadId),
      input.contentType,
      input.size,
      DIRECT_UPLOAD_TTL_SECONDS,
    );
    return { uploadId, url: post.url, fields: post.fields, maxBytes: input.size, expiresAt: post.expiresAt };
  }

  /**
   * POST /api/uploads/complete: validate the uploaded bytes (size again, because s3rver ignores POST policies;
   * type by magic bytes; a real decode), re-encode them into the purpose's real key, and delete the quarantine
   * object whatever the outcome. The key is derived from the caller: nobody can finalize another user's upload.
   *
   * Once (issue 40): the presigned form stays valid after a finalize, so the quarantine may hold other bytes by
   * the next call. The first finalize claims the upload for the sha256 of the bytes it read (a conditional write
   * on the upload's record) and records the stored image; every later finalize answers that image again without
   * reading the quarantine (and deletes whatever was posted since), and bytes other than the claimed ones are
   * never stored (409). The stored key (not the form's key) is never written twice: a key that exists is kept.
   *
   * Exactly once (issue 27): the stored image's id is the upload's own id, so a finalize retried after a crash
   * (the claim stands for the same bytes) finds its image and never stores a second copy.
   */
  async function completeUpload(user: UserRecord, uploadId: string, now = new Date()): Promise<{ url: string }> {
    const purpose = uploadId.slice(0, uploadId.indexOf('.'));
    // the route's schema took only ids of a known purpose (UPLOAD_ID_PATTERN)
    if (!isOneOf(DIRECT_UPLOAD_PURPOSES, purpose))
      throw new HttpError(404, ERROR_CODES.notFound, DIRECT_UPLOAD_MESSAGES.notFound);
    checkPurposeAllowed(user, purpose);
    // Nothing is processed or stored on its own: the profile save checks consent first (and deletes it).
    if (FINALIZED_BY_RECORD.includes(purpose) || purpose === 'photo_profile')
      throw new HttpError(400, ERROR_CODES.validation, FINALIZE_WITH_RECORD_MESSAGE);
    const imageId = uploadId.slice(purpose.length + 1);
    const quarantineKey = mediaKeys.quarantine(user.id, uploadId);
    const maxBytes = directUploadMaxBytes(purpose);
    try {
      const taken = await store.getDirectUpload(user.id, uploadId);
      // finalized already: its image, whatever the form received since (not read)
      if (taken?.status === 'finalized') return { url: await finalizedAnswer(taken) };
      const bytes = await media.readCapped('private', quarantineKey, maxBytes);
      if (bytes === null) {
        // stored by a finalize that failed before recording it (its claim is finished now), or by one from before
        // uploads had records: its image (nothing is read from the form)
        const stored = await storedUpload(user.id, purpose, imageId);
        if (!stored) throw new HttpError(404, ERROR_CODES.notFound, DIRECT_UPLOAD_MESSAGES.notFound);
        if (taken) await store.finishDirectUpload({ ...ids(taken), sourceSha: taken.sourceSha, result: stored, now });
        return { url: urlOf(stored) };
      }
      if (bytes === 'too-large')
        throw new HttpError(413, ERROR_CODES.payloadTooLarge, DIRECT_UPLOAD_MESSAGES.tooLarge(purpose));
      const sourceSha = sha256(bytes);
      if (
        !(await store.claimDirectUpload({ userId: user.id, uploadId, sourceSha, now, ttlEpochSeconds: recordTtl(now) }))
      ) {
        // lost to a finalize of other bytes: its answer if it is done, else nothing is stored
        const winner = await store.getDirectUpload(user.id, uploadId);
        if (winner?.status === 'finalized') return { url: await finalizedAnswer(winner) };
        throw alreadyUsed();
      }
      let result: { bucket: BucketKind; key: string };
      if (purpose === 'avatar') {
        result = { bucket: 'public', key: await storeAvatar(user.id, user, bytes, imageId) };
      } else {
        const img = await processUploadedImage(purpose, bytes, user.id);
        result = { bucket: 'private', key: finalKey(purpose, user.id, imageId, img.ext) };
        await putOnce(result.bucket, result.key, img);
      }
      faultPoint('upload.after-store');
      await store.finishDirectUpload({ userId: user.id, uploadId, sourceSha, result, now });
      return { url: urlOf(result) };
    } finally {
      await media
        .delete('private', [quarantineKey])
        .catch((error) => logger.error('Could not delete a quarantine object', { error, key: quarantineKey }));
    }
  }

  /** A finalized upload's answer: its image while it exists (a replaced avatar is gone, and so is its answer). */
  async function finalizedAnswer(r: DirectUploadRecord): Promise<string> {
    if (r.resultBucket && r.resultKey && (await media.exists(r.resultBucket, r.resultKey)))
      return urlOf({ bucket: r.resultBucket, key: r.resultKey });
    throw new HttpError(404, ERROR_CODES.notFound, DIRECT_UPLOAD_MESSAGES.notFound);
  }

  /**
   * Store a finalized image under its key unless that key exists: keys are served immutable, so a key is written
   * once (a retried finalize of the same claimed bytes finds its image there and keeps it).
   */
  async function putOnce(bucket: BucketKind, key: string, img: ProcessedImage): Promise<void> {
    if (await media.exists(bucket, key)) return;
    await media.put(bucket, key, img.buffer, img.contentType);
  }

  /** The image a finalize of this upload already stored (a retried finalize answers it again), if it is there. */
  async function storedUpload(
    userId: string,
    purpose: FinalizedPurpose | 'avatar',
    imageId: string,
  ): Promise<{ bucket: BucketKind; key: string } | null> {
    if (purpose === 'avatar') {
      // an avatar is always re-encoded to JPEG; one that was replaced since is gone, and so is its answer
      const key = mediaKeys.avatar(userId, imageId, 'jpg');
      return (await media.exists('public', key)) ? { bucket: 'public', key } : null;
    }
    for (const ext of ['jpg', 'webp'] as const) {
      const key = finalKey(purpose, userId, imageId, ext);
      if (await media.exists('private', key)) return { bucket: 'private', key };
    }
    return null;
  }

  /** POST /api/user/profile-image: a 512x512 avatar (public: it shows on the public profile page). */
  async function setProfileImage(
    auth: AuthContext,
    current: { profileImageUrl: string | null },
    upload: UploadedFile | undefined,
  ): Promise<CurrentUser> {
    const file = withinLimit(upload, PROFILE_IMAGE_MAX_BYTES);
    if (!file) throw new HttpError(400, ERROR_CODES.validation, 'Profile image is required');
    await storeAvatar(auth.sub, current, file.content);
    return currentUser(auth);
  }

  /**
   * Re-encode the avatar, store it under a key of its own (public, served immutable: never written twice), point
   * the user at it, then delete the previous one. Returns its key.
   */
  async function storeAvatar(
    userId: string,
    current: { profileImageUrl: string | null },
    bytes: Buffer,
    imageId: string = newId(),
  ): Promise<string> {
    const img = await processUploadedImage('avatar', bytes, userId);
    const key = mediaKeys.avatar(userId, imageId, img.ext);
    await putOnce('public', key, img);
    const url = publicImagePath(key);
    try {
      await store.updateUser(userId, { profileImageUrl: url });
    } catch (err) {
      await media.delete('public', [key]).catch(() => undefined);
      throw err;
    }
    const previous = ownAvatarKey(userId, current.profileImageUrl);
    if (previous && previous !== key) {
      await media
        .delete('public', [previous])
        .catch((error) => logger.error('Could not delete the previous avatar', { error, key: previous }));
    }
    return key;
  }

  return { ...images, takeQuarantinedUpload, presignUpload, completeUpload, setProfileImage };
}

// The production wirings. Each exported function builds only the collaborators its use cases call, inside the
// function (never a module-level object that names them all): the profiles group bundles the image gate and the
// quarantine take, and neither the presigned POST nor the existence check of the uploads group
// (test/infra/iam-contract.test.ts).
const newId = () => ulid();
const production = (db: Db) =>
  uploadUseCases({
    store: bindDb(db, repositories),
    media: {
      readCapped: readObjectCapped,
      put: putImage,
      exists: objectExists,
      delete: deleteImages,
      presignQuarantineUpload,
    },
    processImage,
    newId,
    currentUser: (auth) => getCurrentUser(db, auth),
  });

export const presignUpload = (db: Db, user: UserRecord, input: PresignUploadInput): Promise<PresignUploadResult> =>
  production(db).presignUpload(user, input);
export const completeUpload = (db: Db, user: UserRecord, uploadId: string, now = new Date()) =>
  production(db).completeUpload(user, uploadId, now);
export const setProfileImage = (
  db: Db,
  auth: AuthContext,
  current: { profileImageUrl: string | null },
  upload: UploadedFile | undefined,
): Promise<CurrentUser> => production(db).setProfileImage(auth, current, upload);
