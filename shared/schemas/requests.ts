/**
 * Request parts the route table names that have no home in a domain schema file: lenient query strings (the
 * services clamp them) and the fields of form routes (multipart or JSON, parsed by the pipeline like any body).
 */
import * as z from 'zod';
import { PHOTO_UPLOAD_ID_PATTERN, uploadTypeSchema } from './upload';
import { PHOTO_PROFILE_MESSAGES as M, bodyDescriptionSchema, genderSchema, profileNameSchema } from './photo-profile';
import { lazySchema } from './lazy-schema';

const q = /* @__PURE__ */ lazySchema(() => z.string().optional());

/** POST /api/providers/fashn/webhook?generation=&sig= (a wrong or missing signature is a 401, not a 400). */
export const fashnWebhookQuery = /* @__PURE__ */ lazySchema(() => z.object({ generation: q, sig: q }));
/** GET /api/credits/ledger */
export const ledgerPageQuery = /* @__PURE__ */ lazySchema(() => z.object({ limit: q, cursor: q }));
/** GET /api/admin/products?style= (styleId accepted too) */
export const adminProductsQuery = /* @__PURE__ */ lazySchema(() => z.object({ style: q, styleId: q }));
/** POST /api/admin/styles/{id}/cover/from-generation: the id is checked by the service (ownership, state). */
export const coverFromGenerationSchema = /* @__PURE__ */ lazySchema(() => z.object({ generationId: z.unknown() }));

/**
 * The text fields of form routes (multipart/form-data, or the same fields as JSON). One schema per route, the
 * pipeline's one parse: a multipart field is always text, so flags take 'true'/'false' (and JSON booleans).
 */
const FLAG_TRUE = ['true', '1', 'on'];
const FLAG_FALSE = ['false', '0', 'off'];
/** A boolean form field: a JSON boolean, or 'true'/'false'/'1'/'0'/'on'/'off' (any case); '' is absent. */
export const formBoolean = (name: string) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v, ctx): boolean | undefined => {
      if (typeof v !== 'string') return v;
      const t = v.trim().toLowerCase();
      if (t === '') return undefined;
      if (FLAG_TRUE.includes(t)) return true;
      if (FLAG_FALSE.includes(t)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

export const noFieldsSchema = /* @__PURE__ */ lazySchema(() => z.object({}));
export const uploadFieldsSchema = /* @__PURE__ */ lazySchema(() => z.object({ type: uploadTypeSchema }));

/** A direct upload's id (POST /api/uploads, purpose photo_profile); '' is absent. */
const photoUploadId = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(PHOTO_UPLOAD_ID_PATTERN, 'Invalid upload id').optional()),
);
/** Only the upload ids of a photo-profile body (a refused body's uploads are discarded all the same). */
export const photoUploadIdsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    portraitUploadId: photoUploadId.catch(undefined),
    fullBodyUploadId: photoUploadId.catch(undefined),
  }),
);

/** '' (a form's empty choice) is unisex; absent is no choice (unisex on create, unchanged on edit). */
const genderField = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ message: M.gender })
    .optional()
    .transform((v) => (v === undefined ? undefined : v.trim().toLowerCase() || 'unisex'))
    .pipe(genderSchema.optional()),
);

/**
 * POST /api/photo-profiles: the fields, as multipart (with the files `portrait` and `fullBody`) or as JSON (the
 * SPA: photos sent straight to storage first, named here by their upload ids). Checked in the spec's order; the
 * photo itself (file or upload id, one of them) and the consent (`consent`: the wording version the form showed,
 * with its own error code) are checked by the profiles route.
 */
export const photoProfileCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: profileNameSchema,
    portraitUploadId: photoUploadId,
    bodyDescription: bodyDescriptionSchema,
    gender: genderField,
    fullBodyUploadId: photoUploadId,
    consent: z.string().optional(),
  }),
);
export type PhotoProfileCreateInput = z.output<typeof photoProfileCreateSchema>;

/** PATCH /api/photo-profiles/{id}: any of the fields; flags to remove the full-body photo or make it the default. */
export const photoProfilePatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: profileNameSchema.optional(),
    portraitUploadId: photoUploadId,
    removePortrait: formBoolean('removePortrait'),
    bodyDescription: bodyDescriptionSchema.optional(),
    gender: genderField,
    fullBodyUploadId: photoUploadId,
    removeFullBody: formBoolean('removeFullBody'),
    isDefault: formBoolean('isDefault'),
  }),
);
export type PhotoProfilePatchInput = z.output<typeof photoProfilePatchSchema>;
