import * as z from 'zod';
import { BUCKETS, LEDGER_KINDS } from '../domain/ledger';
import { RETURN_PATH_MAX, RETURN_PATH_MESSAGE, safeReturnPath } from '../domain/return-path';
import { MONTHLY_PLAN_IDS, PLAN_IDS, PRODUCT_TYPES } from '../domain/plans';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());
const count = /* @__PURE__ */ lazySchema(() => z.number().int());

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

// Responses (the route table's `response`: see common.ts)
export const creditsViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credits: z.number(),
    hasUnlimitedCredits: z.boolean(),
    buckets: z.record(z.enum(BUCKETS), z.number()),
    monthlyAllowance: z.number(),
    rolloverCap: z.number().nullable(),
    packLots: z.array(z.object({ remaining: z.number(), amount: z.number(), expiresAt: z.string() })),
    monthlyExpiresAt: nstr,
  }),
);
export const ledgerEntryViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    entryId: z.string(),
    userId: z.string().optional(),
    kind: z.enum(LEDGER_KINDS),
    bucket: z.enum(BUCKETS),
    amount: z.number(),
    causeId: z.string().optional(),
    note: nstr,
    createdAt: z.string(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
);
export const ledgerPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(ledgerEntryViewSchema), nextCursor: nstr }),
);
export const checkoutResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ checkoutUrl: z.string() }));
/** A finance row: the entry, whose it is (e-mail; null when the account is gone) and the money behind it (issue 39). */
export const financeLedgerEntrySchema = /* @__PURE__ */ lazySchema(() =>
  ledgerEntryViewSchema.extend({
    email: nstr,
    money: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  }),
);
export const financeLedgerPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(financeLedgerEntrySchema), nextCursor: nstr, from: z.string(), to: z.string() }),
);
const dayTotalsFields = /* @__PURE__ */ lazySchema(() => ({
  granted: z.number(),
  spent: z.number(),
  refunded: z.number(),
  expired: z.number(),
  revoked: z.number(),
  adjusted: z.number(),
}));
export const financeSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), ...dayTotalsFields })),
    totals: z.object({ ...dayTotalsFields }),
  }),
);
const bucketsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ trial: z.number(), monthly: z.number(), pack: z.number() }),
);
export const reconciliationReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    checkedUsers: count,
    mismatches: z.array(
      z.object({
        userId: z.string(),
        balance: bucketsSchema.extend({ credits: z.number() }),
        entries: bucketsSchema,
        lotsRemaining: z.number(),
        problems: z.array(z.string()),
      }),
    ),
    unappliedEvents: z.array(z.object({ eventId: z.string(), eventType: z.string(), receivedAt: z.string() })),
    paymentsWithoutGrant: z.array(
      z.object({
        eventId: z.string(),
        eventType: z.string(),
        userId: nstr,
        expectedEntryId: z.string(),
        receivedAt: z.string(),
      }),
    ),
    generatedAt: z.string(),
  }),
);
export type CreditsView = z.output<typeof creditsViewSchema>;
export type LedgerEntryView = z.output<typeof ledgerEntryViewSchema>;
export type LedgerPage = z.output<typeof ledgerPageSchema>;
export type CheckoutResult = z.output<typeof checkoutResultSchema>;
export type FinanceLedgerPage = z.output<typeof financeLedgerPageSchema>;
export type FinanceLedgerEntry = z.output<typeof financeLedgerEntrySchema>;
export type FinanceSummary = z.output<typeof financeSummarySchema>;
export type ReconciliationReport = z.output<typeof reconciliationReportSchema>;
