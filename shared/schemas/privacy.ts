/** Privacy on the wire: age statement, retention setting, account deletion receipt, data export status. */
import * as z from 'zod';
import type { DeletionReceiptView, ExportJobView, PrivacySettingsView } from './responses';
import { PRIVACY_MESSAGES as M, RETENTION_DAYS, isRetentionDays } from '../domain/privacy';
import { lazySchema } from './lazy-schema';

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

/** GET /api/user/privacy */
export type PrivacySettings = PrivacySettingsView;

/** DELETE /api/user/account: what was deleted. */
export type DeletionReceipt = DeletionReceiptView;

export type ExportStatus = ExportJobView['status'];

/** POST /api/user/export and GET /api/user/export/{id} */
export type ExportJob = ExportJobView;
