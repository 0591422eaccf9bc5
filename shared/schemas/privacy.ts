/** Privacy on the wire: age statement, retention setting, account deletion receipt, data export status. */
import * as z from 'zod';
import { PRIVACY_MESSAGES as M, RETENTION_DAYS, type AgeStatus, type RetentionDays } from '../domain/privacy';

export const ageInputSchema = z.object({
  birthDate: z.string({ message: M.birthDateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, M.birthDateInvalid),
});
export type AgeInput = z.infer<typeof ageInputSchema>;

export const retentionInputSchema = z.object({
  retentionDays: z.union([z.literal(RETENTION_DAYS[0]), z.literal(RETENTION_DAYS[1]), z.literal(RETENTION_DAYS[2]), z.null()], { message: M.retentionInvalid }),
});

export const deleteAccountInputSchema = z.object({
  confirm: z.literal('DELETE', { message: M.deleteConfirm }),
});

/** GET /api/user/privacy */
export interface PrivacySettings {
  retentionDays: RetentionDays;
  ageStatus: AgeStatus | null;
  /** The photo consent wording the web app must show (its version is sent back with a new profile). */
  photoConsent: { version: string; text: string };
}

/** DELETE /api/user/account: what was deleted. */
export interface DeletionReceipt {
  deletedAt: string;
  counts: {
    photoProfiles: number;
    generations: number;
    favourites: number;
    collections: number;
    styles: number;
    links: number;
    applications: number;
    shares: number;
    consents: number;
    otherRecords: number;
    files: number;
  };
  subscription: 'cancelled-at-period-end' | 'none';
  ledgerEntriesKept: number;
  signInRemoved: boolean;
}

export type ExportStatus = 'pending' | 'building' | 'ready' | 'failed';

/** POST /api/user/export and GET /api/user/export/{id} */
export interface ExportJob {
  id: string;
  status: ExportStatus;
  /** 0 to 100 */
  progress: number;
  createdAt: string;
  /** Presigned link, valid 24 h from when the ZIP was ready. */
  url: string | null;
  expiresAt: string | null;
  error: string | null;
}
