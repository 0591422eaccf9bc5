/**
 * Response bodies of the API (issue 16) live by area, next to their requests (admin.ts, billing.ts, catalog.ts,
 * discovery.ts, generation.ts, privacy.ts, share.ts, upload.ts, ...): one zod schema per JSON answer, named by the
 * route table (shared/routes/ `response`), checked against every response the integration tests receive
 * (test/support/integration.ts), published in the OpenAPI document and inferred by the SPA's fetchers
 * (web/src/features/<feature>/api). Objects are not strict: a field the server adds is not drift, a field it drops or
 * retypes is.
 *
 * This file holds the small answers many routes share (an id, a URL, a receipt) and the OpenAPI document's shape; it
 * imports no other schema file, so a group whose routes need only these (the Stripe webhook) does not build the other
 * areas' schemas at cold start. The area files do not import it: each has its own one-line `nstr`/`count`, because a
 * module the SPA's forms reach only for such pieces stays in their first load as a chunk of its own (it imports zod,
 * whose SPA alias has a side effect).
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

export type UrlResult = z.output<typeof urlResultSchema>;
export type IdResult = z.output<typeof idResultSchema>;
export type DeletedResult = z.output<typeof deletedResultSchema>;
