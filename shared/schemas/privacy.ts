/** Privacy on the wire: age statement, retention setting, account deletion receipt, data export status. */
import * as z from 'zod';
import { EXPORT_STATUSES, PRIVACY_MESSAGES as M, RETENTION_DAYS, isRetentionDays } from '../domain/privacy';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());

export const ageInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    birthDate: z.string({ message: M.birthDateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, M.birthDateInvalid),
  }),
);
export type AgeInput = z.infer<typeof ageInputSchema>;

export const retentionInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: z.union(
      [z.literal(RETENTION_DAYS[0]), z.literal(RETENTION_DAYS[1]), z.literal(RETENTION_DAYS[2]), z.null()],
      { message: M.retentionInvalid },
    ),
  }),
);

export const deleteAccountInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    confirm: z.literal('DELETE', { message: M.deleteConfirm }),
    /** The current password, checked against the user pool before anything is deleted. */
    password: z.string({ message: M.passwordRequired }).min(1, M.passwordRequired).max(256, M.passwordRequired),
  }),
);

/** GET /api/user/privacy/retention-impact?retentionDays=7|30|90 */
export const retentionImpactQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: z
      .string({ message: M.retentionInvalid })
      .transform((s) => Number(s))
      .refine((n) => n !== null && isRetentionDays(n), { message: M.retentionInvalid }),
  }),
);

// Responses (the route table's `response`: see common.ts)
export const privacySettingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: z.union([
      z.literal(RETENTION_DAYS[0]),
      z.literal(RETENTION_DAYS[1]),
      z.literal(RETENTION_DAYS[2]),
      z.null(),
    ]),
    ageStatus: z.enum(['adult', 'minor']).nullable(),
    photoConsent: z.object({ version: z.string(), text: z.string() }),
  }),
);
export const ageResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ ageStatus: z.enum(['adult', 'minor']) }));
export const exportJobSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number(),
    createdAt: z.string(),
    url: nstr,
    expiresAt: nstr,
    error: nstr,
  }),
);
export const latestExportSchema = /* @__PURE__ */ lazySchema(() => z.object({ export: exportJobSchema.nullable() }));
const n = /* @__PURE__ */ lazySchema(() => z.number());
export const deletionReceiptSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    deletedAt: z.string(),
    counts: z.object({
      photoProfiles: n,
      generations: n,
      favourites: n,
      collections: n,
      styles: n,
      links: n,
      applications: n,
      shares: n,
      /** Votes and reactions the user cast on other people's shared looks. */
      votesAndReactions: n,
      consents: n,
      otherRecords: n,
      files: n,
    }),
    subscription: z.enum(['cancelled-at-period-end', 'none']),
    ledgerEntriesKept: n,
    signInRemoved: z.boolean(),
  }),
);
/** GET /api/user/privacy/retention-impact: what choosing this retention would delete now. */
export const retentionImpactSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: n,
    /** Generated images (completed generations) made before the cutoff: deleted once the choice is saved. */
    results: n,
    cutoff: z.string(),
  }),
);
/** GET /api/user/account/deletion-preview: what deleting the account loses (shown before the password). */
export const deletionPreviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credits: z.object({ paid: n, granted: n, total: n }),
    hasUnlimitedCredits: z.boolean(),
    /** A live subscription (cancelled at the end of the paid period by the deletion). */
    subscription: z.object({ plan: z.string(), currentPeriodEnd: nstr }).nullable(),
  }),
);
export type PrivacySettingsView = z.output<typeof privacySettingsSchema>;
export type AgeResult = z.output<typeof ageResultSchema>;
export type ExportJobView = z.output<typeof exportJobSchema>;
export type LatestExport = z.output<typeof latestExportSchema>;
export type DeletionReceiptView = z.output<typeof deletionReceiptSchema>;
export type RetentionImpact = z.output<typeof retentionImpactSchema>;
export type DeletionPreview = z.output<typeof deletionPreviewSchema>;

/** GET /api/user/privacy */
export type PrivacySettings = PrivacySettingsView;

/** DELETE /api/user/account: what was deleted. */
export type DeletionReceipt = DeletionReceiptView;

export type ExportStatus = ExportJobView['status'];

/** POST /api/user/export and GET /api/user/export/{id} */
export type ExportJob = ExportJobView;
