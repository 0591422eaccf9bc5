import * as z from 'zod';
import { BUCKETS } from '../domain/ledger';
import { lazySchema } from './lazy-schema';

/** POST /api/admin/credits/adjust: an admin grant or removal, recorded in the ledger once per idempotency key. */
export const adjustCreditsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      userId: z.string().min(1).max(128),
      amount: z
        .number()
        .int()
        .refine((n) => n !== 0, 'Amount must not be zero')
        .refine((n) => Math.abs(n) <= 100_000, 'Amount too large'),
      bucket: z.enum(BUCKETS).default('pack'),
      reason: z.string().trim().min(3, 'A reason is required').max(500),
      idempotencyKey: z.string().min(8).max(128),
    })
    .strict(),
);
export type AdjustCreditsInput = z.infer<typeof adjustCreditsSchema>;

// Responses (the route table's `response`: see common.ts)
export const adjustCreditsResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ applied: z.boolean(), balance: z.unknown().optional() }),
);
