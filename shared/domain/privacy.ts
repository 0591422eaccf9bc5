/**
 * Privacy rules shared by the functions and the web app: photo consent and its wording version, the minimum
 * age for photo profiles, the retention choices for generated images, account statuses and the export link.
 * A wording change means a new version string: stored confirmations keep the version the person agreed to.
 */
import { ERROR_CODES } from '../errors';
import { isOneOf } from './one-of';

/** People under this age can use the app but cannot create photo profiles. */
export const MIN_PHOTO_PROFILE_AGE = 18;

/** The photo consent the person ticks when creating a photo profile (stored with this version). */
export const PHOTO_CONSENT = {
  version: 'photo-consent-2026-11-v1',
  text: 'These photos show me, or someone who is 18 or older and has agreed that I upload them.',
} as const;

/** The age statement made at sign-up or before the first photo profile (stored with this version). */
export const AGE_CONFIRMATION = {
  version: 'age-2026-11-v1',
  text: 'Your date of birth',
} as const;

export type AgeStatus = 'adult' | 'minor';

export const PRIVACY_MESSAGES = {
  consentRequired: 'Please confirm that these photos show you, or an adult who agreed to it.',
  consentOutdated: 'The consent wording has changed. Please read it again and confirm.',
  ageRequired: 'Tell us your date of birth before creating a photo profile.',
  underAge: `Photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over. You can still explore styles and collections.`,
  ageAlreadySet: 'Your date of birth is already on file. Contact support if it is wrong.',
  birthDateInvalid: 'Enter a real date of birth (YYYY-MM-DD).',
  retentionInvalid: 'Choose keep, 7, 30 or 90 days.',
  deleteConfirm: 'Type DELETE to confirm.',
  passwordRequired: 'Enter your current password to delete your account.',
  passwordWrong: 'That password is not right, so nothing was deleted. Check it and try again.',
  passwordUnverifiable:
    'We could not check your password, so nothing was deleted. Reset your password and try again, or contact support.',
  passwordTooManyAttempts: 'Too many password attempts. Nothing was deleted. Wait a few minutes and try again.',
  exportNotFound: 'Export not found',
  exportBusy: 'An export is already being prepared. It will be ready in a moment.',
} as const;

export const PRIVACY_CODES = {
  consentRequired: ERROR_CODES.consentRequired,
  ageRequired: ERROR_CODES.ageRequired,
  underAge: ERROR_CODES.underAge,
  ageAlreadySet: ERROR_CODES.ageAlreadySet,
} as const;

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC), or null when the date is not a real past date. */
export function ageOn(birthDate: string, now = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (date.getTime() > now.getTime() || y < 1900) return null;
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() < mo - 1 || (now.getUTCMonth() === mo - 1 && now.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

export const ageStatusOf = (age: number): AgeStatus => (age >= MIN_PHOTO_PROFILE_AGE ? 'adult' : 'minor');

/** Retention of generated images: null = keep until deleted (default), else days after creation. */
export const RETENTION_DAYS = [7, 30, 90] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number] | null;
export const isRetentionDays = (v: unknown): v is RetentionDays => v === null || isOneOf(RETENTION_DAYS, v);

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `next` keeps generated images for less time than `current` (it deletes existing results: confirmed first). */
export const isShorterRetention = (next: RetentionDays, current: RetentionDays): next is Exclude<RetentionDays, null> =>
  next !== null && (current === null || next < current);

/** When a generation created at `createdAt` is due for deletion, or null when kept. */
export function retentionExpiry(createdAt: string, days: RetentionDays): Date | null {
  if (days === null) return null;
  return new Date(new Date(createdAt).getTime() + days * DAY_MS);
}

/** The retention choice stored on a user item (absent or unknown = keep). */
export const retentionOf = (user: object): RetentionDays => {
  const v = 'retentionDays' in user ? (user.retentionDays ?? null) : null;
  return isRetentionDays(v) ? v : null;
};

/** The table's TTL attribute value (epoch seconds) of a generation created at `createdAt`, or null when kept. */
export function generationTtl(createdAt: string, days: RetentionDays): number | null {
  const e = retentionExpiry(createdAt, days);
  return e ? Math.floor(e.getTime() / 1000) : null;
}

/** Account status on the user item (absent = active). Non-active accounts are refused by the request pipeline. */
export const ACCOUNT_STATUSES = ['active', 'deleting', 'deleted', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The data export's download link lifetime, and how long the ZIP itself is kept. */
/** The states of a data export job ("Download my data"): stored on the job and shown to its owner. */
export const EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_LINK_SECONDS = 24 * 60 * 60;
/**
 * A pending or building export that has not moved (its `updatedAt`) for this long is taken as dead (its build
 * crashed): a new export may start. Longer than a build can run between two progress writes (the export
 * function's whole timeout is 15 minutes).
 */
export const EXPORT_STALE_SECONDS = 15 * 60;

/** What the user types to confirm "Delete my account". */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
