/**
 * The JSON of the Secrets Manager secrets that hold several values, read at the boundary: a field that is missing
 * or not a string reads as undefined (each caller then refuses, regenerates or falls back, as before); a value
 * that is not a JSON object is refused (ZodError).
 */
import * as z from 'zod';
import { lazySchema } from './lazy-schema';

const secretField = /* @__PURE__ */ lazySchema(() => z.string().optional().catch(undefined));

/** C2PA signing credentials (functions/lib/provenance.ts): PEM PKCS#8 key, PEM chain signing certificate first. */
export const provenanceSecretSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ privateKeyPem: secretField, certificateChainPem: secretField }),
);
export type ProvenanceSecret = z.infer<typeof provenanceSecretSchema>;

/** Stripe (functions/billing/payments). */
export const stripeSecretSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ secretKey: secretField, webhookSecret: secretField }),
);

/** The AI providers' API keys (functions/generations/providers). */
export const providerSecretSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ fashnApiKey: secretField, geminiApiKey: secretField }),
);
