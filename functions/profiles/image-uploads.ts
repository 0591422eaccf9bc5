/**
 * The uploads that touch no upload-record table of their own: THE image gate every uploaded image goes through
 * (size, type, a real decode, metadata stripped, the content-safety check), the quarantine cleanup, style and outfit
 * images (multipart), and taking a photo-profile photo out of the quarantine (once, by its upload record).
 * `imageUploads(deps)` and `quarantineTakes(deps)` are the use cases on their collaborators; the functions at the
 * end are the production wiring the uploads group and the photo-profile service call. Presigned uploads, their
 * finalize and the avatar: upload-service.ts.
 */
import { ERROR_CODES, HttpError } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { claimDirectUpload, finishDirectUpload } from '../../shared/repositories/upload-repository';
import {
  DIRECT_UPLOAD_MESSAGES,
  UPLOAD_ID_PATTERN,
  UPLOAD_MAX_BYTES,
  directUploadMaxBytes,
  type DirectUploadPurpose,
  type PersonPhotoKind,
  type UploadType,
  photoSizeProblem,
} from '../../shared/schemas/upload';
import type { ImageCheckKind } from '../../shared/domain/content-safety';
import { processImage, withinLimit, type ProcessImageOptions, type ProcessedImage } from '../lib/image-pipeline';
import {
  deleteImages,
  mediaKeys,
  privateImagePath,
  putImage,
  readObjectCapped,
  sha256,
  type BucketKind,
} from '../lib/media-store';
import type { UploadedFile } from '../lib/multipart';
import type { PresignedPost } from '../lib/presigned-post';
import { logger } from '../lib/logger';
import { bindDb, type Store } from '../lib/bind-db';
import { ulid } from 'ulid';

/** What taking a quarantined photo binds (the profiles group bundles it, not the uploads group's wiring). */
const takeRepositories = { claimDirectUpload, finishDirectUpload };

/** The buckets as uploads use them (media-store.ts). */
export interface UploadMedia {
  readCapped(bucket: 'private', key: string, maxBytes: number): Promise<Buffer | null | 'too-large'>;
  put(bucket: BucketKind, key: string, body: Buffer, contentType: string): Promise<void>;
  exists(bucket: BucketKind, key: string): Promise<boolean>;
  delete(bucket: BucketKind, keys: (string | null | undefined)[]): Promise<number>;
  presignQuarantineUpload(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresInSeconds: number,
  ): Promise<PresignedPost>;
}

/** What every upload use case is given besides its records and buckets. */
export interface ImageUploadDeps {
  /** The image pipeline: size, type, decode, re-encode without metadata, the content-safety check. */
  processImage: (bytes: Buffer, opts: ProcessImageOptions) => Promise<ProcessedImage>;
  /** A new image or upload id (ulid). */
  newId: () => string;
}

const SAFETY_KIND: Record<DirectUploadPurpose, ImageCheckKind> = {
  outfit: 'outfit',
  style_prompt: 'style_image',
  style_cover: 'style_image',
  avatar: 'avatar',
  photo_profile: 'photo_profile',
  template_input: 'template_input',
};

/**
 * How long an upload's record (its claim, then its finalized answer) is kept: longer than the form lives and
 * longer than the bucket keeps an abandoned quarantine object (1 day), so no bytes of the form can outlive it.
 */
export const DIRECT_UPLOAD_RECORD_TTL_SECONDS = 3 * 24 * 3600;

export const recordTtl = (now: Date) => Math.floor(now.getTime() / 1000) + DIRECT_UPLOAD_RECORD_TTL_SECONDS;

/** 409: the upload was finalized (or is being finalized) with other bytes than the quarantine holds now. */
export const alreadyUsed = () => new HttpError(409, ERROR_CODES.uploadAlreadyUsed, DIRECT_UPLOAD_MESSAGES.alreadyUsed);

/** The uploads that touch no table: the image gate, the quarantine cleanup, style and outfit images. */
export function imageUploads({
  media,
  processImage,
  newId,
}: {
  media: Pick<UploadMedia, 'put' | 'delete'>;
  processImage: ImageUploadDeps['processImage'];
  newId: ImageUploadDeps['newId'];
}) {
  /**
   * THE gate of every uploaded image of these purposes (multipart and direct-to-S3 alike): size, type, decode
   * and re-encode with metadata stripped (processImage). Add upload-wide checks (e.g. moderation) here.
   */
  async function processUploadedImage(
    purpose: DirectUploadPurpose,
    bytes: Buffer,
    userId: string | null,
    maxBytes = directUploadMaxBytes(purpose),
    /** Purpose photo_profile: which photo (its minimum size differs). */
    photoKind?: PersonPhotoKind,
  ): Promise<ProcessedImage> {
    // every upload is checked for nudity and violence (content.unsafe, 422) inside processImage
    const safety = { kind: SAFETY_KIND[purpose], userId: userId ?? undefined };
    if (purpose === 'avatar') {
      try {
        return await processImage(bytes, { maxBytes, square: 512, alpha: 'flatten', safety });
      } catch (err) {
        // The spec's avatar messages (spec 02 section 5).
        if (err instanceof HttpError && err.status === 413)
          throw new HttpError(413, ERROR_CODES.payloadTooLarge, DIRECT_UPLOAD_MESSAGES.tooLarge('avatar'));
        if (err instanceof HttpError && err.code === ERROR_CODES.unsupportedMediaType)
          throw new HttpError(400, ERROR_CODES.unsupportedMediaType, DIRECT_UPLOAD_MESSAGES.invalidType);
        throw err;
      }
    }
    // People's photos: flattened to JPEG (no alpha), as the multipart route always did.
    if (purpose === 'photo_profile')
      return processImage(bytes, {
        maxBytes,
        alpha: 'flatten',
        // a portrait or full-body photo too small to use is refused before anything is stored
        sizeCheck: (w, h) => photoSizeProblem(photoKind ?? 'portrait', w, h),
        safety,
      });
    // Outfits and prompt images are often product cut-outs: transparency is kept (WebP).
    return processImage(bytes, { maxBytes, alpha: 'keep', safety });
  }

  async function discardQuarantine(userId: string, uploadIds: (string | null | undefined)[]): Promise<void> {
    const keys = uploadIds
      .filter((id): id is string => !!id && UPLOAD_ID_PATTERN.test(id))
      .map((id) => mediaKeys.quarantine(userId, id));
    if (!keys.length) return;
    await media
      .delete('private', keys)
      .catch((error) => logger.error('Could not delete a quarantine object', { error, keys }));
  }

  /**
   * A style's prompt or cover image starts private (style-images/<owner>/, owner-only signed URLs): the style
   * editor copies it to the public bucket when, and only while, its style is public (style-editor-service).
   */
  async function storeStyleImage(userId: string, img: ProcessedImage): Promise<string> {
    const key = mediaKeys.styleImage(userId, newId(), img.ext);
    await media.put('private', key, img.buffer, img.contentType);
    return privateImagePath(key);
  }

  async function uploadStyleImage(
    userId: string,
    type: UploadType,
    upload: UploadedFile | undefined,
  ): Promise<{ url: string }> {
    const file = withinLimit(upload, UPLOAD_MAX_BYTES);
    if (!file) throw new HttpError(400, ERROR_CODES.validation, 'File is required');
    const img = await processUploadedImage(type, file.content, userId, UPLOAD_MAX_BYTES);
    return { url: await storeStyleImage(userId, img) };
  }

  async function uploadOutfitImage(userId: string, upload: UploadedFile | undefined): Promise<{ url: string }> {
    const file = withinLimit(upload, UPLOAD_MAX_BYTES);
    if (!file) throw new HttpError(400, ERROR_CODES.validation, 'No image uploaded');
    const img = await processUploadedImage('outfit', file.content, userId, UPLOAD_MAX_BYTES);
    const key = mediaKeys.outfit(userId, newId(), img.ext);
    await media.put('private', key, img.buffer, img.contentType);
    return { url: privateImagePath(key) };
  }

  return { processUploadedImage, discardQuarantine, uploadStyleImage, uploadOutfitImage };
}

/**
 * Taking a photo-profile photo out of the quarantine (the profiles group's share of the uploads: it never presigns
 * a form nor checks whether a stored key exists).
 */
export function quarantineTakes(
  deps: {
    store: Store<typeof takeRepositories>;
    media: Pick<UploadMedia, 'readCapped' | 'put' | 'delete'>;
  } & ImageUploadDeps,
) {
  const { store, media } = deps;
  const { processUploadedImage, discardQuarantine } = imageUploads(deps);

  /**
   * Take a record-finalized upload (a photo-profile photo) out of the quarantine: read it (capped), claim it (once:
   * an upload already taken is a 409, whatever was posted to its form since), run it through the one gate
   * (processUploadedImage) and delete the quarantine object whatever the outcome. The key is derived from the
   * caller, so nobody can use another user's upload; a wrong or expired id is a 404.
   */
  async function takeQuarantinedUpload(
    userId: string,
    uploadId: string,
    purpose: DirectUploadPurpose,
    photoKind?: PersonPhotoKind,
    now = new Date(),
  ): Promise<ProcessedImage> {
    if (!uploadId.startsWith(`${purpose}.`) || !UPLOAD_ID_PATTERN.test(uploadId))
      throw new HttpError(400, ERROR_CODES.validation, 'Invalid upload id');
    const quarantineKey = mediaKeys.quarantine(userId, uploadId);
    const maxBytes = directUploadMaxBytes(purpose);
    const bytes = await media.readCapped('private', quarantineKey, maxBytes);
    if (bytes === null) throw new HttpError(404, ERROR_CODES.notFound, DIRECT_UPLOAD_MESSAGES.notFound);
    try {
      if (bytes === 'too-large')
        throw new HttpError(413, ERROR_CODES.payloadTooLarge, DIRECT_UPLOAD_MESSAGES.tooLarge(purpose));
      const sourceSha = sha256(bytes);
      const claim = { userId, uploadId, sourceSha, now, ttlEpochSeconds: recordTtl(now) };
      if (!(await store.claimDirectUpload(claim))) throw alreadyUsed();
      const img = await processUploadedImage(purpose, bytes, userId, maxBytes, photoKind);
      // taken: the record that uses it is written by the caller; the upload id cannot be used again
      await store.finishDirectUpload({ userId, uploadId, sourceSha, result: null, now });
      return img;
    } finally {
      await discardQuarantine(userId, [uploadId]);
    }
  }

  return { takeQuarantinedUpload };
}

// The production wirings. Each exported function builds only the collaborators its use cases call, inside the
// function (never a module-level object that names them all): the profiles group bundles the image gate and the
// quarantine take, and neither the presigned POST nor the existence check of the uploads group
// (test/infra/iam-contract.test.ts).
const newId = () => ulid();
const images = () => imageUploads({ media: { put: putImage, delete: deleteImages }, processImage, newId });

export const processUploadedImage = (
  purpose: DirectUploadPurpose,
  bytes: Buffer,
  userId: string | null,
  maxBytes?: number,
  photoKind?: PersonPhotoKind,
): Promise<ProcessedImage> => images().processUploadedImage(purpose, bytes, userId, maxBytes, photoKind);
export const discardQuarantine = (userId: string, uploadIds: (string | null | undefined)[]): Promise<void> =>
  images().discardQuarantine(userId, uploadIds);
export const uploadStyleImage = (userId: string, type: UploadType, upload: UploadedFile | undefined) =>
  images().uploadStyleImage(userId, type, upload);
export const uploadOutfitImage = (userId: string, upload: UploadedFile | undefined) =>
  images().uploadOutfitImage(userId, upload);
export const takeQuarantinedUpload = (
  db: Db,
  userId: string,
  uploadId: string,
  purpose: DirectUploadPurpose,
  photoKind?: PersonPhotoKind,
  now = new Date(),
): Promise<ProcessedImage> =>
  quarantineTakes({
    store: bindDb(db, takeRepositories),
    media: { readCapped: readObjectCapped, put: putImage, delete: deleteImages },
    processImage,
    newId,
  }).takeQuarantinedUpload(userId, uploadId, purpose, photoKind, now);
