/**
 * The raw-template Generate form (/generate/{id}) as react-hook-form + zod: the chosen photo profile, where the
 * style comes from, and the two optional images, already uploaded (their stored paths). What makes a profile
 * usable and whether the account may spend is validateRawTemplateGenerate's (the same toasts as before).
 */
import * as z from 'zod';

export const TEMPLATE_STYLE_SOURCES = ['template', 'own'] as const;

export const templateFormSchema = z.object({
  photoProfileId: z.string().nullable(),
  source: z.enum(TEMPLATE_STYLE_SOURCES),
  styleRefUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
});
export type TemplateFormValues = z.infer<typeof templateFormSchema>;
