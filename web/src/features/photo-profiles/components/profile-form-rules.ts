/**
 * The photo-profile form rules (spec 02 section 5), pure so they are unit-tested apart from the page.
 * Messages and limits come from shared/schemas/photo-profile.ts, the same ones the API answers with.
 */
import {
  BODY_DESCRIPTION_MIN,
  bodyDescriptionSchema,
  PHOTO_PROFILE_MESSAGES,
  profileNameSchema,
} from '@shared/schemas/photo-profile';
import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_IMAGE_TYPES_LABEL,
  IMAGE_ACCEPT_ATTRIBUTE,
  directUploadMaxBytes,
  photoSizeProblem,
  type PersonPhotoKind,
} from '@shared/schemas/upload';
import { GENDERS } from '@shared/domain/catalog';
import { isOneOf } from '../../../lib/one-of';
import * as z from 'zod';
import type { PhotoValue } from './photo-upload-field';

/** Per photo: the direct-upload cap (the photos go straight to S3, not through the API's payload limit). */
export const PHOTO_MAX_BYTES = directUploadMaxBytes('photo_profile');
export { BODY_DESCRIPTION_MIN };

/** The form (react-hook-form): the API's own name and body-description schemas, a portrait required. */
export const profileFormSchema = z.object({
  name: profileNameSchema,
  gender: z.enum(GENDERS),
  portrait: z.custom<PhotoValue>((v) => v != null, { message: PHOTO_PROFILE_MESSAGES.portraitRequired }),
  fullBody: z.custom<PhotoValue>(),
  bodyDescription: bodyDescriptionSchema,
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** The live counter under the textarea: trimmed characters against the minimum ("12 / 20"). */
export function bodyDescriptionCount(text: string): { count: number; min: number; label: string; enough: boolean } {
  const count = text.trim().length;
  return {
    count,
    min: BODY_DESCRIPTION_MIN,
    label: `${count} / ${BODY_DESCRIPTION_MIN}`,
    enough: count >= BODY_DESCRIPTION_MIN,
  };
}

/** Image types the API accepts: the one list in shared/ (the pickers and the API read the same constant). */
export { ACCEPTED_IMAGE_TYPES };
export const ACCEPT_ATTRIBUTE = IMAGE_ACCEPT_ATTRIBUTE;

export const FILE_MESSAGES = {
  notImage: `Please choose an image file (${ACCEPTED_IMAGE_TYPES_LABEL}).`,
  tooLarge: `This image is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. Please choose a smaller one.`,
  unreadable: 'This image could not be read. Please choose another photo.',
} as const;

/** Refuse a chosen file before any upload: not an accepted image type, or over the size limit. Null when fine. */
export function checkImageFile(file: { type: string; size: number; name?: string }): string | null {
  const type = file.type.toLowerCase();
  const byName = /\.(jpe?g|png|webp|avif)$/i.test(file.name ?? '');
  // Some systems give no type for AVIF: the extension decides then.
  if (!isOneOf(ACCEPTED_IMAGE_TYPES, type) && !(type === '' && byName)) return FILE_MESSAGES.notImage;
  if (file.size > PHOTO_MAX_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/**
 * Refuse a person photo by its pixel size (read in the browser at pick time, before any upload): under the
 * minimum of its kind (PHOTO_MIN_SIZE), or not decodable. Null when fine or when the browser cannot tell (the
 * API checks again).
 */
export function checkPhotoSize(
  kind: PersonPhotoKind,
  size: { width: number; height: number } | 'unreadable' | null,
): string | null {
  if (size === null) return null;
  if (size === 'unreadable') return FILE_MESSAGES.unreadable;
  return photoSizeProblem(kind, size.width, size.height);
}

/** Longest side of a downscaled photo (the helper is kept for previews; uploads send the original bytes). */
export const MAX_UPLOAD_EDGE = 2048;

/** The size to draw an image at so its longest side is at most `max` (null when it already fits). */
export function downscaledSize(
  width: number,
  height: number,
  max = MAX_UPLOAD_EDGE,
): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (!(longest > max)) return null;
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
