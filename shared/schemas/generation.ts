import * as z from 'zod';
import { GENERATION_STATUSES, MODES, QUICK_TRY_MODES } from '../domain/generation';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';

const id = z.string().trim().min(1).max(128);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());

export const generateFromStyleSchema = z
  .object({
    styleId: z.preprocess((v) => (v === '' ? undefined : v), z.string({ message: 'Please select a style first' }).trim().min(1, 'Please select a style first').max(128)),
    photoProfileId: optionalId,
    promptTemplateId: optionalId,
    mode: z.enum(MODES, { message: 'Mode must be exact or creative' }).optional(),
  })
  .strict();

export const quickTryStyleSchema = z.object({ mode: z.enum(QUICK_TRY_MODES, { message: 'Mode must be precise or creative' }).optional(), photoProfileId: optionalId }).strict();

export const quickTryCustomSchema = z
  .object({
    imageUrl: z.preprocess((v) => (v === '' ? undefined : v), z.string({ message: 'No image uploaded' }).trim().min(1, 'No image uploaded').max(2048)),
    imageType: z.enum(STYLE_IMAGE_TYPES, { message: 'Image type must be model_wearer, product_only or product_laydown' }),
    photoProfileId: optionalId,
    promptTemplateId: optionalId,
    mode: z.enum([...MODES, ...QUICK_TRY_MODES] as [string, ...string[]], { message: 'Mode must be exact or creative' }).optional(),
  })
  .strict();

export const generateFromRawTemplateFieldsSchema = z.object({
  rawTemplateId: z.string({ message: 'Template not found' }).trim().min(1, 'Template not found').max(128),
  photoProfileId: optionalId,
});

export const feedbackSchema = z
  .object({
    styleId: z.string().trim().max(128).nullable().optional(),
    generationId: id,
    rating: z.number({ message: 'Rating must be a whole number from 1 to 5' }).int('Rating must be a whole number from 1 to 5').min(1, 'Rating must be a whole number from 1 to 5').max(5, 'Rating must be a whole number from 1 to 5'),
  })
  .strict();

export const generationSchema = z.object({
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
  }),
});
export type GenerationView = z.infer<typeof generationSchema>;
