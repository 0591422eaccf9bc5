/** Uploads and remote image fetches on the wire. */
import * as z from 'zod';
import { isOneOf } from '../domain/one-of';
import { lazySchema } from './lazy-schema';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The avatar must be under 5 MB (spec 02 section 9). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024 - 1;
export const UPLOAD_TYPE_VALUES = ['style_prompt', 'style_cover'] as const;

// The field name is part of these messages (the wording the API has always sent for these two routes).
const urlField = /* @__PURE__ */ lazySchema(() =>
  z.string({ message: 'url: URL is required' }).trim().min(1, 'url: URL is required').max(2048, 'url: URL is too long'),
);

/** POST /api/download-image */
export const downloadImageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ url: urlField, originalUrl: z.string().max(2048).optional() }).strict(),
);
export type DownloadImageInput = z.infer<typeof downloadImageSchema>;
export const downloadImageResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ url: z.string(), originalUrl: z.string() }),
);

/** POST /api/scrape-url */
export const scrapeUrlSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: urlField }).strict());
export type ScrapeUrlInput = z.infer<typeof scrapeUrlSchema>;
export const scrapeUrlResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ image: z.string() }));

/** POST /api/upload (multipart: file, type) */
export const uploadTypeSchema = /* @__PURE__ */ lazySchema(() =>
  z.enum(UPLOAD_TYPE_VALUES, { message: 'Type must be style_prompt or style_cover' }),
);
export type UploadType = z.infer<typeof uploadTypeSchema>;
export const uploadResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string() }));

/**
 * Direct uploads (browser -> S3 with a presigned POST, then POST /api/uploads/complete): every image field of
 * the SPA. The browser checks type and size first with the same rules (web/src/components/image-upload).
 */
export const DIRECT_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** template_input: a raw template's style reference or background (private; copied into the generation). */
export const DIRECT_UPLOAD_PURPOSES = [
  'outfit',
  'style_prompt',
  'style_cover',
  'avatar',
  'photo_profile',
  'template_input',
] as const;
export type DirectUploadPurpose = (typeof DIRECT_UPLOAD_PURPOSES)[number];
/**
 * Purposes whose finalize step is not POST /api/uploads/complete but the record that uses the image: a photo
 * profile's portrait and full-body photo are read from the quarantine by POST/PATCH /api/photo-profiles
 * (`portraitUploadId`, `fullBodyUploadId`), after the consent and age checks, through the same image gate.
 */
export const FINALIZED_BY_RECORD: readonly DirectUploadPurpose[] = ['photo_profile'];
/**
 * The image types accepted everywhere (pickers, presign, the API's image gate in functions/lib/image-pipeline.ts):
 * the one list, so what a picker offers and what the server takes never differ (issue 26).
 */
export const DIRECT_UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const ACCEPTED_IMAGE_TYPES = DIRECT_UPLOAD_CONTENT_TYPES;
/** The `accept` attribute of every image file input. */
export const IMAGE_ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');
/** How the accepted types read in hints and messages. */
export const ACCEPTED_IMAGE_TYPES_LABEL = 'JPEG, PNG, WebP or AVIF';

/**
 * The smallest person photos taken ("at least 400 x 400" for the portrait; a full-body photo needs height for
 * the whole person): checked when the file is picked (web) and again by the API's image gate before anything
 * is stored. `short` and `long` are the image's shorter and longer sides, so either orientation passes.
 */
export const PHOTO_MIN_SIZE = {
  portrait: { short: 400, long: 400 },
  'full-body': { short: 300, long: 600 },
} as const;
export type PersonPhotoKind = keyof typeof PHOTO_MIN_SIZE;
/** The portrait's minimum side (the "at least 400 x 400" of the hints). */
export const PHOTO_MIN_SIDE = PHOTO_MIN_SIZE.portrait.short;
export const photoTooSmallMessage = (kind: PersonPhotoKind, width: number, height: number) => {
  const min = PHOTO_MIN_SIZE[kind];
  return `This photo is ${width} x ${height} pixels. Use a ${kind === 'portrait' ? 'portrait' : 'full-body photo'} of at least ${min.short} x ${min.long} pixels.`;
};
/** Null when a person photo of this size is big enough, else the message. */
export function photoSizeProblem(kind: PersonPhotoKind, width: number, height: number): string | null {
  const min = PHOTO_MIN_SIZE[kind];
  return Math.min(width, height) < min.short || Math.max(width, height) < min.long
    ? photoTooSmallMessage(kind, width, height)
    : null;
}

/** The avatar keeps its spec cap (under 5 MB); every other image may be up to 15 MB. */
export const directUploadMaxBytes = (purpose: DirectUploadPurpose): number =>
  purpose === 'avatar' ? PROFILE_IMAGE_MAX_BYTES : DIRECT_UPLOAD_MAX_BYTES;
export const DIRECT_UPLOAD_MESSAGES = {
  invalidType: 'Invalid file type',
  unsupported: `Unsupported image type. Use ${ACCEPTED_IMAGE_TYPES_LABEL}.`,
  tooLarge: (purpose: DirectUploadPurpose) =>
    purpose === 'avatar'
      ? 'File too large. The image must be under 5 MB.'
      : 'File too large. The image must be at most 15 MB.',
  notFound: 'Upload not found or expired. Please upload the image again.',
  alreadyUsed: 'This upload was already used. Please upload the image again.',
} as const;

/** POST /api/uploads (JSON): ask for a presigned POST. */
export const presignUploadSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      purpose: z.enum(DIRECT_UPLOAD_PURPOSES, {
        message: `Purpose must be one of ${DIRECT_UPLOAD_PURPOSES.join(', ')}`,
      }),
      contentType: z.enum(DIRECT_UPLOAD_CONTENT_TYPES, { message: DIRECT_UPLOAD_MESSAGES.unsupported }),
      size: z.number({ message: 'Size is required' }).int().positive('The file is empty'),
    })
    .strict(),
);
export type PresignUploadInput = z.infer<typeof presignUploadSchema>;
export const presignUploadResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    uploadId: z.string(),
    /** The form action (S3 bucket URL) and the fields to send before the file. */
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    maxBytes: z.number(),
    expiresAt: z.string(),
  }),
);
export type PresignUploadResult = z.infer<typeof presignUploadResultSchema>;

export const UPLOAD_ID_PATTERN =
  /^(outfit|style_prompt|style_cover|avatar|photo_profile|template_input)\.[0-9A-HJKMNP-TV-Z]{26}$/;
/** An upload id of a photo-profile photo (POST/PATCH /api/photo-profiles). */
export const PHOTO_UPLOAD_ID_PATTERN = /^photo_profile\.[0-9A-HJKMNP-TV-Z]{26}$/;
/** POST /api/uploads/complete (JSON) */
export const completeUploadSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ uploadId: z.string().regex(UPLOAD_ID_PATTERN, 'Invalid upload id') }).strict(),
);
export const completeUploadResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string() }));

/**
 * The browser's check before anything is sent (same rules as the presign route): null when the file may be
 * uploaded, else the message to show.
 */
export function checkUploadFile(purpose: DirectUploadPurpose, file: { type: string; size: number }): string | null {
  if (!isOneOf(DIRECT_UPLOAD_CONTENT_TYPES, file.type))
    return purpose === 'avatar' ? DIRECT_UPLOAD_MESSAGES.invalidType : DIRECT_UPLOAD_MESSAGES.unsupported;
  if (file.size <= 0) return 'The file is empty';
  if (file.size > directUploadMaxBytes(purpose)) return DIRECT_UPLOAD_MESSAGES.tooLarge(purpose);
  return null;
}

// Responses (the route table's `response`: see common.ts)
export type DownloadImageResult = z.output<typeof downloadImageResultSchema>;
