/**
 * Photo profiles on the wire: the response shape and the field rules, shared by the API and the web form
 * so both show the same messages (spec 02 section 5).
 */
import * as z from 'zod';
import { isSafeText, normalizeText, UNSAFE_TEXT_MESSAGE } from '../domain/text-rules';
import { GENDERS } from '../domain/catalog';
import { bodyMeasurementsCmSchema } from '../domain/size-advice';
import { lazySchema } from './lazy-schema';

export const BODY_DESCRIPTION_MIN = 20;
export const BODY_DESCRIPTION_MAX = 2000;
export const PROFILE_NAME_MAX = 80;
/** Per photo; the multipart request carries up to two. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const PHOTO_PROFILE_MESSAGES = {
  nameRequired: 'Profile name is required',
  nameTooLong: `Profile name must be at most ${PROFILE_NAME_MAX} characters`,
  portraitRequired: 'Portrait photo is required',
  bodyRequired: 'Body description is required',
  bodyTooShort: `Body description must be at least ${BODY_DESCRIPTION_MIN} characters`,
  bodyTooLong: `Body description must be at most ${BODY_DESCRIPTION_MAX} characters`,
  gender: 'Gender must be male, female or unisex',
  notFound: 'Photo profile not found',
  removeAndReplaceFullBody: 'Send either a new full-body photo or removeFullBody, not both',
  cannotUnsetDefault: 'Make another profile the default instead',
} as const;

const M = PHOTO_PROFILE_MESSAGES;

export const genderSchema = /* @__PURE__ */ lazySchema(() => z.enum(GENDERS, { message: M.gender }));
export const profileNameSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ message: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(PROFILE_NAME_MAX, M.nameTooLong)
    .refine(isSafeText, `Profile name ${UNSAFE_TEXT_MESSAGE}`)
    .transform(normalizeText),
);
export const bodyDescriptionSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ message: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .min(BODY_DESCRIPTION_MIN, M.bodyTooShort)
    .max(BODY_DESCRIPTION_MAX, M.bodyTooLong),
);

/** GET /api/photo-profiles (list items), POST and PATCH responses. */
export const photoProfileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    gender: genderSchema,
    bodyDescription: z.string(),
    /** `/api/private-image/<key>`: GET it (signed in) for a short-lived URL. */
    portraitUrl: z.string(),
    fullBodyUrl: z.string().nullable(),
    isDefault: z.boolean(),
    /** Creative mode (needs a portrait). */
    supportsNano: z.boolean(),
    /** Exact mode (needs a full-body photo). */
    supportsFashn: z.boolean(),
    /** The full-body photo's check (null without one): "checking" until the engine answers, then ok or refused. */
    bodyCheck: z.object({ status: z.enum(['checking', 'ok', 'refused']), message: z.string().nullable() }).nullable(),
    /** The owner's measurements in cm for size advice (only the owner's reads carry them), or null. */
    measurements: bodyMeasurementsCmSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type PhotoProfile = z.infer<typeof photoProfileSchema>;

export const photoProfileListSchema = /* @__PURE__ */ lazySchema(() => z.array(photoProfileSchema));

/** DELETE /api/user/photos */
export const deleteAllPhotosResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    deletedProfiles: z.number().int().nonnegative(),
    deletedObjects: z.number().int().nonnegative(),
  }),
);
export type DeleteAllPhotosResult = z.infer<typeof deleteAllPhotosResultSchema>;
