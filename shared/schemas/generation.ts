import * as z from 'zod';
import { GENERATION_STATUSES, MODES, QUICK_TRY_MODES } from '../domain/generation';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';
import {
  GARMENT_SLOTS,
  GARMENT_SLOT_MESSAGE,
  MAX_OUTFIT_PIECES,
  MAX_VARIANTS,
  MIN_OUTFIT_PIECES,
  MIN_VARIANTS,
  OUTFIT_MESSAGES,
  OUTFIT_SLOTS,
  PIECE_SOURCES,
} from '../domain/outfit';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());

const id = /* @__PURE__ */ lazySchema(() => z.string().trim().min(1).max(128));
// The preprocessors' parameter types are the inputs the clients' types see (z.input); any value still reaches them.
const optionalId = /* @__PURE__ */ lazySchema(() =>
  z.preprocess((v: string | null | undefined) => (v === '' || v === null ? undefined : v), id.optional()),
);

/** 1 to 4 variants (multipart sends text: "3" is read as 3). */
export const variantsField = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (v: number | string | null | undefined) =>
      v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
    z
      .number({ message: OUTFIT_MESSAGES.variantsRange })
      .int(OUTFIT_MESSAGES.variantsRange)
      .min(MIN_VARIANTS, OUTFIT_MESSAGES.variantsRange)
      .max(MAX_VARIANTS, OUTFIT_MESSAGES.variantsRange)
      .optional(),
  ),
);

/** The slot the person says a garment takes (issue 39); absent, empty or null: the engine's guess (old clients). */
export const garmentSlotField = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null ? undefined : v),
    z.enum(GARMENT_SLOTS, { message: GARMENT_SLOT_MESSAGE }).optional(),
  ),
);

/** The size of the style's chart the preview drew (issue 39): the render draws the same fit. */
const sizeField = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null ? undefined : v),
    z.string({ message: 'Size must be a size of the style' }).trim().min(1).max(40).optional(),
  ),
);

export const generateFromStyleSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      styleId: z.preprocess(
        (v: string) => (v === '' ? undefined : v),
        z.string({ message: 'Please select a style first' }).trim().min(1, 'Please select a style first').max(128),
      ),
      photoProfileId: optionalId,
      promptTemplateId: optionalId,
      mode: z.enum(MODES, { message: 'Mode must be exact or creative' }).optional(),
      variants: variantsField,
    })
    .strict(),
);

export const quickTryStyleSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      mode: z.enum(QUICK_TRY_MODES, { message: 'Mode must be precise or creative' }).optional(),
      photoProfileId: optionalId,
      variants: variantsField,
      size: sizeField,
    })
    .strict(),
);

export const quickTryCustomSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      imageUrl: z.preprocess(
        (v: string) => (v === '' ? undefined : v),
        z.string({ message: 'No image uploaded' }).trim().min(1, 'No image uploaded').max(2048),
      ),
      imageType: z.enum(STYLE_IMAGE_TYPES, {
        message: 'Image type must be model_wearer, product_only or product_laydown',
      }),
      photoProfileId: optionalId,
      promptTemplateId: optionalId,
      mode: z.enum([...MODES, ...QUICK_TRY_MODES], { message: 'Mode must be exact or creative' }).optional(),
      variants: variantsField,
      slot: garmentSlotField,
    })
    .strict(),
);

const SLOT_MESSAGE = `Slot must be one of ${OUTFIT_SLOTS.join(', ')}`;

/** One piece of an outfit: an uploaded image (imageUrl), a style (styleId) or a product of a style (styleId + productId). */
export const outfitPieceSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      slot: z.enum(OUTFIT_SLOTS, { message: SLOT_MESSAGE }),
      source: z.enum(PIECE_SOURCES, { message: 'Source must be upload, style or product' }),
      imageUrl: z.string().trim().min(1, 'No image uploaded').max(2048).optional(),
      imageType: z
        .enum(STYLE_IMAGE_TYPES, { message: 'Image type must be model_wearer, product_only or product_laydown' })
        .optional(),
      styleId: optionalId,
      productId: optionalId,
    })
    .strict()
    .superRefine((p, ctx) => {
      if (p.source === 'upload' && !p.imageUrl)
        ctx.addIssue({ code: 'custom', message: 'No image uploaded', path: ['imageUrl'] });
      if (p.source !== 'upload' && !p.styleId)
        ctx.addIssue({ code: 'custom', message: 'Please select a style first', path: ['styleId'] });
      if (p.source === 'product' && !p.productId)
        ctx.addIssue({ code: 'custom', message: 'Please choose a product', path: ['productId'] });
    }),
);

export const outfitSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      pieces: z
        .array(outfitPieceSchema, { message: OUTFIT_MESSAGES.noPieces })
        .min(MIN_OUTFIT_PIECES, OUTFIT_MESSAGES.noPieces)
        .max(MAX_OUTFIT_PIECES, OUTFIT_MESSAGES.tooManyPieces),
      photoProfileId: optionalId,
      promptTemplateId: optionalId,
      mode: z.enum(MODES, { message: 'Mode must be exact or creative' }).optional(),
      variants: variantsField,
    })
    .strict(),
);
export type OutfitInput = z.infer<typeof outfitSchema>;

/** POST /api/generations/{id}/keep: the variant indexes (0-based) to keep. */
export const keepVariantsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      variants: z
        .array(
          z
            .number({ message: 'Variant must be a whole number' })
            .int('Variant must be a whole number')
            .min(0, 'Variant not found')
            .max(MAX_VARIANTS - 1, 'Variant not found'),
          { message: 'Choose the variants to keep' },
        )
        .min(1, 'Choose the variants to keep')
        .max(MAX_VARIANTS),
    })
    .strict(),
);

/**
 * POST /api/generate (JSON): the optional style reference and background are images the caller uploaded
 * first (direct upload with purpose template_input): their /api/private-image/... references.
 */
const optionalImageRef = /* @__PURE__ */ lazySchema(() =>
  z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(2048).optional(),
  ),
);
export const generateFromRawTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      rawTemplateId: z.string({ message: 'Template not found' }).trim().min(1, 'Template not found').max(128),
      photoProfileId: optionalId,
      styleRefUrl: optionalImageRef,
      backgroundUrl: optionalImageRef,
      variants: variantsField,
    })
    .strict(),
);
export type GenerateFromRawTemplateInput = z.infer<typeof generateFromRawTemplateSchema>;

export const feedbackSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      styleId: z.string().trim().max(128).nullable().optional(),
      generationId: id,
      rating: z
        .number({ message: 'Rating must be a whole number from 1 to 5' })
        .int('Rating must be a whole number from 1 to 5')
        .min(1, 'Rating must be a whole number from 1 to 5')
        .max(5, 'Rating must be a whole number from 1 to 5'),
    })
    .strict(),
);

export const generationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(GENERATION_STATUSES),
    mode: z.enum(MODES),
    kind: z.string(),
    resultUrl: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    styleId: z.string().nullable(),
    styleName: z.string().nullable(),
    templateName: z.string().nullable(),
    cost: z.number(),
    inputs: z.object({
      photoProfileId: z.string(),
      styleId: z.string().nullable(),
      promptTemplateId: z.string().nullable(),
      rawTemplateId: z.string().nullable(),
      imageUrl: z.string().nullable(),
      imageType: z.string().nullable(),
      /** The slot the garment was rendered as (issue 39); null: the engine's guess. */
      slot: z.enum(GARMENT_SLOTS).nullable().optional(),
      /** The size of the style's chart whose fit was drawn (issue 39); null: the default fit. */
      size: z.string().nullable().optional(),
      /** Kind outfit: the pieces in layering order. */
      outfit: z
        .array(
          z.object({
            slot: z.enum(OUTFIT_SLOTS),
            source: z.enum(PIECE_SOURCES),
            label: z.string(),
            styleId: z.string().nullable(),
            productId: z.string().nullable(),
          }),
        )
        .optional(),
    }),
    /** How many variants the run renders (1 = an ordinary generation, itself a gallery item). */
    variantCount: z.number(),
    /** A completed run with several variants: each variant, and the generation id it became when kept. */
    variants: z.array(
      z.object({
        index: z.number(),
        url: z.string(),
        keptGenerationId: z.string().nullable(),
        /** How this variant differs (the engine's fit, or the AI model's take): issue 39. */
        label: z.string(),
      }),
    ),
    /** On a kept variant: the run it came from and its index there. */
    variantOf: z.string().nullable(),
    variantIndex: z.number().nullable(),
    /** On a kept variant: how it differed from the run's other variants. */
    variantLabel: z.string().nullable(),
    /** A completed result: made by an AI image model ('generative') or by the Fitly engine ('engine', preview quality). */
    madeBy: z.enum(['generative', 'engine']).nullable(),
  }),
);
export type GenerationView = z.infer<typeof generationSchema>;

// Responses (the route table's `response`: see common.ts)
export const feedbackViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ rating: z.number(), styleId: nstr, generationId: z.string().optional() }),
);
export const generationListSchema = /* @__PURE__ */ lazySchema(() => z.array(generationSchema));
export type FeedbackView = z.output<typeof feedbackViewSchema>;
export const keepVariantsResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kept: z.array(z.object({ index: z.number(), generationId: z.string() })),
  }),
);
