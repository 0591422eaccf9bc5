/**
 * Request parts the route table names that have no home in a domain schema file: lenient query strings (the
 * services clamp them) and the text fields of multipart bodies (validated by their services in the spec's order,
 * with the same message format; described here for the OpenAPI document).
 */
import * as z from 'zod';
import { UPLOAD_TYPE_VALUES } from './upload';

const q = z.string().optional();

/** POST /api/providers/fashn/webhook?generation=&sig= (a wrong or missing signature is a 401, not a 400). */
export const fashnWebhookQuery = z.object({ generation: q, sig: q });
/** GET /api/credits/ledger */
export const ledgerPageQuery = z.object({ limit: q, cursor: q });
/** GET /api/admin/products?style= (styleId accepted too) */
export const adminProductsQuery = z.object({ style: q, styleId: q });
/** POST /api/admin/styles/{id}/cover/from-generation: the id is checked by the service (ownership, state). */
export const coverFromGenerationSchema = z.object({ generationId: z.unknown() });

/** Multipart text fields. */
export const noFieldsSchema = z.object({});
export const uploadFieldsSchema = z.object({ type: z.enum(UPLOAD_TYPE_VALUES) });
export const photoProfileFieldsSchema = z.object({
  name: z.string(),
  gender: z.enum(['male', 'female', 'unisex']).optional(),
  bodyDescription: z.string(),
  consent: z.string().optional(),
  removeFullBody: z.enum(['true', 'false']).optional(),
  isDefault: z.enum(['true', 'false']).optional(),
});
