/**
 * The small answers many routes share (an id, a URL, a receipt) and the OpenAPI document's shape: apart from
 * responses.ts so that a group whose routes need only these (the Stripe webhook) does not build every response
 * schema at cold start (responses.ts re-exports them).
 */
import * as z from 'zod';
import { lazySchema } from './lazy-schema';

export const idResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string() }));
export const deletedResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ id: z.string(), deleted: z.boolean() }));
export const urlResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string() }));
export const mediaUrlSchema = /* @__PURE__ */ lazySchema(() => z.object({ url: z.string(), expiresAt: z.string() }));
export const receivedSchema = /* @__PURE__ */ lazySchema(() => z.object({ received: z.boolean() }));

/** GET /api/openapi.json (its content is checked by an OpenAPI validator in shared/openapi.test.ts). */
export const openApiDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    openapi: z.literal('3.1.0'),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);
