import * as z from 'zod';
import { LEDGER_KINDS } from '../domain/ledger';
import { RETURN_PATH_MAX, RETURN_PATH_MESSAGE, safeReturnPath } from '../domain/return-path';
import { MONTHLY_PLAN_IDS, PLAN_IDS, PRODUCT_TYPES } from '../domain/plans';
import { lazySchema } from './lazy-schema';

/** POST /api/subscriptions/checkout */
export const checkoutSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    productType: z.enum(
      PRODUCT_TYPES,
      'productType must be one of trial, starter, creator, pack-30, pack-150, pack-300',
    ),
    /** The page to come back to after paying or cancelling (a path on this site; default /subscription). */
    returnTo: z
      .string(RETURN_PATH_MESSAGE)
      .max(RETURN_PATH_MAX, RETURN_PATH_MESSAGE)
      .refine((p) => safeReturnPath(p) !== null, RETURN_PATH_MESSAGE)
      .optional(),
  }),
);
export type CheckoutRequest = z.infer<typeof checkoutSchema>;

/** POST /api/subscriptions/change */
export const changePlanSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ plan: z.enum(MONTHLY_PLAN_IDS, 'plan must be starter or creator') }),
);
export type ChangePlanRequest = z.infer<typeof changePlanSchema>;

const day = /* @__PURE__ */ lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-mm-dd'));

/** GET /api/admin/finance/ledger and export.csv */
export const financeLedgerQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    userId: z.string().min(1).max(128).optional(),
    kind: z.enum(LEDGER_KINDS).optional(),
    from: day.optional(),
    to: day.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
);
export type FinanceLedgerQuery = z.infer<typeof financeLedgerQuery>;

/** GET /api/admin/finance/summary */
export const financeSummaryQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ from: day.optional(), to: day.optional() }),
);

/** GET /api/subscriptions/current (and the plan-change calls): the summary fields of spec 01 section 3. */
export const subscriptionSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    currentPlan: z.enum(PLAN_IDS),
    subscriptionStatus: z.string(),
    credits: z.number(),
    hasUnlimitedCredits: z.boolean(),
    profilesUsed: z.number(),
    maxProfiles: z.number(),
    privateStylesUsed: z.number(),
    maxPrivateStyles: z.number(),
    publicStylesUsed: z.number(),
    maxPublicStyles: z.number(),
    isInfluencer: z.boolean(),
    hasPriorityQueue: z.boolean(),
    hasAdvancedControls: z.boolean(),
    canPublish: z.boolean(),
    subscriptionId: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    /** A plan, 'none' (cancelling at period end) or null. */
    nextScheduledPlan: z.enum(PLAN_IDS).nullable(),
    nextScheduledPlanDate: z.string().nullable(),
    hasUsedTrial: z.boolean(),
    isTrialEligible: z.boolean(),
  }),
);
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
