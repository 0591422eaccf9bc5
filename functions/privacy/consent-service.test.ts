/**
 * Age and photo consent: the age is stated once (on an in-memory store), photos only for adults with the current
 * wording (checked on the caller's item, which the request pipeline reads once).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { PHOTO_CONSENT, PRIVACY_CODES, type AgeStatus } from '../../shared/domain/privacy';
import type { PhotoConsentRecord, PrivacyFields } from '../../shared/repositories/privacy-repository';
import { consentUseCases, requireAdult, requirePhotoConsent } from './consent-service';

const now = new Date('2026-11-01T12:00:00.000Z');
let ages: Map<string, AgeStatus>;
let consents: PhotoConsentRecord[];
let consent: ReturnType<typeof consentUseCases>;

const fields = (ageStatus: AgeStatus | null): PrivacyFields => ({
  ageStatus,
  retentionDays: null,
  accountStatus: null,
  deletionPseudonym: null,
});

beforeEach(() => {
  ages = new Map();
  consents = [];
  consent = consentUseCases({
    store: {
      getPrivacyFields: (userId) => Promise.resolve(fields(ages.get(userId) ?? null)),
      setAgeStatus: (userId, status) => {
        if (ages.has(userId)) return Promise.resolve(false);
        ages.set(userId, status);
        return Promise.resolve(true);
      },
      putPhotoConsent: (c) => {
        consents.push(c);
        return Promise.resolve();
      },
    },
    hashIp: (ip) => Promise.resolve(ip ? `hash(${ip})` : null),
  });
});

describe('the age statement', () => {
  it('keeps adult or minor (never the date), once; the same answer again is fine, another is 409', async () => {
    expect(await consent.recordAge('u1', '2000-05-01', now)).toEqual({ ageStatus: 'adult' });
    expect(await consent.recordAge('u1', '1990-01-01', now)).toEqual({ ageStatus: 'adult' });
    await expect(consent.recordAge('u1', '2015-01-01', now)).rejects.toMatchObject({
      status: 409,
      code: PRIVACY_CODES.ageAlreadySet,
    });
    expect(await consent.recordAge('u2', '2010-01-01', now)).toEqual({ ageStatus: 'minor' });
    expect(ages).toEqual(
      new Map([
        ['u1', 'adult'],
        ['u2', 'minor'],
      ]),
    );
  });

  it('is 18 on the birthday, not the day before', async () => {
    expect(await consent.recordAge('a', '2008-11-01', now)).toEqual({ ageStatus: 'adult' });
    expect(await consent.recordAge('b', '2008-11-02', now)).toEqual({ ageStatus: 'minor' });
  });

  it('refuses a date that is not a birth date with 400, recording nothing', async () => {
    await expect(consent.recordAge('u1', 'not-a-date', now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
    expect(ages.size).toBe(0);
  });
});

describe('photo consent', () => {
  it('needs a stated adult age: minors and the unstated are refused with 403', () => {
    expect(() => requireAdult({ ageStatus: null })).toThrow(
      expect.objectContaining({ status: 403, code: PRIVACY_CODES.ageRequired }),
    );
    expect(() => requireAdult({})).toThrow(expect.objectContaining({ status: 403, code: PRIVACY_CODES.ageRequired }));
    expect(() => requirePhotoConsent({ ageStatus: 'minor' }, PHOTO_CONSENT.version)).toThrow(
      expect.objectContaining({ status: 403, code: PRIVACY_CODES.underAge }),
    );
    expect(() => requireAdult({ ageStatus: 'adult' })).not.toThrow();
  });

  it('needs the current wording ticked', () => {
    const adult = { ageStatus: 'adult' as const };
    expect(() => requirePhotoConsent(adult, undefined)).toThrow(
      expect.objectContaining({ status: 400, code: PRIVACY_CODES.consentRequired }),
    );
    expect(() => requirePhotoConsent(adult, 'v0-old')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => requirePhotoConsent(adult, PHOTO_CONSENT.version)).not.toThrow();
  });

  it('is recorded with the wording version, the time, the profile and the hashed address only', async () => {
    await consent.recordPhotoConsent('u1', 'p1', '203.0.113.9', now);
    expect(consents).toEqual([
      {
        userId: 'u1',
        profileId: 'p1',
        wordingVersion: PHOTO_CONSENT.version,
        acceptedAt: now.toISOString(),
        ipHash: 'hash(203.0.113.9)',
      },
    ]);
  });
});
