/**
 * Consent and age: the age statement (date of birth -> adult or minor, the date itself is not kept) and the
 * photo consent recorded for every new photo profile (wording version, time, profile id, salted IP hash).
 * A photo profile is created only for an adult who confirmed the current wording: enforced here, server-side.
 * The checks on the caller's own item (`requireAdult`, `requirePhotoConsent`) are plain functions of it; the writes
 * are `consentUseCases(deps)` on their collaborators, and the functions below them are the production wiring the
 * handlers and the photo-profile and upload services call.
 */
import { hashIp } from '../lib/ip-hash';
import { HttpError, ERROR_CODES } from '../../shared/errors';
import {
  AGE_CONFIRMATION,
  PHOTO_CONSENT,
  PRIVACY_CODES,
  PRIVACY_MESSAGES as M,
  ageOn,
  ageStatusOf,
  type AgeStatus,
} from '../../shared/domain/privacy';
import type { Db } from '../../shared/repositories/table';
import { getPrivacyFields, putPhotoConsent, setAgeStatus } from '../../shared/repositories/privacy-repository';
import { bindDb, type Store } from '../lib/bind-db';

export { hashIp } from '../lib/ip-hash';

/** The repository functions by the Lambda that calls them: the age statement (privacy), the photo consent (profiles). */
const ageRepositories = { getPrivacyFields, setAgeStatus };
const photoConsentRepositories = { putPhotoConsent };

export interface ConsentDeps {
  store: Store<typeof ageRepositories & typeof photoConsentRepositories>;
  /** The salted hash of the caller's address (never the address). */
  hashIp: (ip: string | null) => Promise<string | null>;
}

/**
 * Before a photo profile is created: the caller is a known adult and ticked the current consent wording.
 * `consentVersion` is the multipart field `consent` (the version the form showed).
 */
export function requirePhotoConsent(user: AgeFields, consentVersion: string | undefined): void {
  requireAdult(user);
  if (!consentVersion) throw new HttpError(400, PRIVACY_CODES.consentRequired, M.consentRequired);
  if (consentVersion !== PHOTO_CONSENT.version)
    throw new HttpError(400, PRIVACY_CODES.consentRequired, M.consentOutdated);
}

/** The caller's age as their user item holds it (read once by the request pipeline, strongly consistent). */
type AgeFields = { ageStatus?: AgeStatus | null };

/** The caller stated an adult age (a photo of a person is uploaded only then: presign and profile save). */
export function requireAdult(fields: AgeFields): void {
  if (fields?.ageStatus === 'minor') throw new HttpError(403, PRIVACY_CODES.underAge, M.underAge);
  if (fields?.ageStatus !== 'adult') throw new HttpError(403, PRIVACY_CODES.ageRequired, M.ageRequired);
}

/** The age statement (the privacy group): the age fields only, no consent record and no IP hash. */
export function ageUseCases({ store }: { store: Store<typeof ageRepositories> }) {
  /** POST /api/user/age: record adult or minor once. Returns the status. */
  async function recordAge(userId: string, birthDate: string, now: Date): Promise<{ ageStatus: AgeStatus }> {
    const age = ageOn(birthDate, now);
    if (age === null) throw new HttpError(400, ERROR_CODES.validation, M.birthDateInvalid);
    const status = ageStatusOf(age);
    if (!(await store.setAgeStatus(userId, status, AGE_CONFIRMATION.version, now))) {
      const current = await store.getPrivacyFields(userId);
      // Repeating the same answer (a retried request, sign-up then the profile form) is fine.
      if (current?.ageStatus === status) return { ageStatus: status };
      throw new HttpError(409, PRIVACY_CODES.ageAlreadySet, M.ageAlreadySet);
    }
    return { ageStatus: status };
  }

  return { recordAge };
}

/** The photo consent of a saved profile (the profiles group). */
export function photoConsentUseCases({
  store,
  hashIp,
}: {
  store: Store<typeof photoConsentRepositories>;
  hashIp: ConsentDeps['hashIp'];
}) {
  async function recordPhotoConsent(userId: string, profileId: string, sourceIp: string | null, now: Date) {
    await store.putPhotoConsent({
      userId,
      profileId,
      wordingVersion: PHOTO_CONSENT.version,
      acceptedAt: now.toISOString(),
      ipHash: await hashIp(sourceIp),
    });
  }

  return { recordPhotoConsent };
}

/** Both consent use cases on one set of collaborators (the unit tests'). */
export function consentUseCases(deps: ConsentDeps) {
  return { ...ageUseCases(deps), ...photoConsentUseCases(deps) };
}

// Each wiring binds only what its use case calls: the privacy group's age statement never bundles the IP hash.
export const recordAge = (db: Db, userId: string, birthDate: string, now = new Date()) =>
  ageUseCases({ store: bindDb(db, ageRepositories) }).recordAge(userId, birthDate, now);

export const recordPhotoConsent = (
  db: Db,
  userId: string,
  profileId: string,
  sourceIp: string | null,
  now = new Date(),
): Promise<void> =>
  photoConsentUseCases({ store: bindDb(db, photoConsentRepositories), hashIp }).recordPhotoConsent(
    userId,
    profileId,
    sourceIp,
    now,
  );
