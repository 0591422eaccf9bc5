/**
 * Photo profiles on in-memory records and a bucket, with the image pipeline's contract: consent before anything
 * is stored, the plan's cap, a portrait always, a refused request leaves no photo and no quarantine object, and
 * "Delete all my photos" removes every object before the records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { PHOTO_CONSENT, PRIVACY_CODES } from '../../shared/domain/privacy';
import { PHOTO_PROFILE_MESSAGES as M } from '../../shared/schemas/photo-profile';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import type { PhotoProfilePatchInput } from '../../shared/schemas/requests';
import { aUser } from '../../test/support/in-memory-start-deps';
import {
  aPhotoProfile,
  fakeImageGate,
  memoryMedia,
  tinyImage,
  type MemoryMedia,
} from '../../test/support/in-memory-profiles';
import { photoProfileUseCases } from './photo-profile-service';
import { imageUploads } from './image-uploads';

const ID = '01JC0000000000000000000000';
let media: MemoryMedia;
let profiles: Map<string, PhotoProfileRecord>;
let consents: string[];
let log: string[];
let checks: string[];
let n: number;
let service: ReturnType<typeof photoProfileUseCases>;

const adult = aUser({ ageStatus: 'adult' });
const file = async (w = 400, h = 600) => ({
  content: await tinyImage(w, h),
  filename: 'p.jpg',
  mimetype: 'image/jpeg',
  truncated: false,
});
const patch = (p: Partial<PhotoProfilePatchInput> = {}): PhotoProfilePatchInput => ({
  removePortrait: undefined,
  removeFullBody: undefined,
  isDefault: undefined,
  ...p,
});
const create = { name: 'Me', bodyDescription: 'Average height', consent: PHOTO_CONSENT.version };

beforeEach(() => {
  media = memoryMedia();
  profiles = new Map();
  consents = [];
  log = [];
  checks = [];
  n = 0;
  const gate = fakeImageGate();
  const uploads = imageUploads({
    media,
    processImage: gate.process,
    newId: () => 'x',
  });
  service = photoProfileUseCases({
    store: {
      countPhotoProfiles: (userId) => Promise.resolve([...profiles.values()].filter((p) => p.userId === userId).length),
      createPhotoProfile: (p, max) => {
        if ([...profiles.values()].filter((q) => q.userId === p.userId).length >= max) return Promise.resolve('limit');
        const rec = aPhotoProfile({ ...p, isDefault: profiles.size === 0 });
        profiles.set(p.id, rec);
        return Promise.resolve(rec);
      },
      getPhotoProfile: (userId, id) => Promise.resolve([profiles.get(id)].find((p) => p?.userId === userId) ?? null),
      listPhotoProfiles: (userId) => Promise.resolve([...profiles.values()].filter((p) => p.userId === userId)),
      updatePhotoProfile: (userId, id, patch) => {
        const before = profiles.get(id);
        if (!before || before.userId !== userId) return Promise.resolve(null);
        const after = { ...before, ...patch };
        profiles.set(id, after);
        return Promise.resolve({ before, after });
      },
      setDefaultPhotoProfile: () => Promise.resolve(true),
      deletePhotoProfile: (_userId, id) => {
        const p = profiles.get(id) ?? null;
        profiles.delete(id);
        return Promise.resolve(p);
      },
      deleteAllPhotoProfiles: (userId) => {
        log.push(`records (objects left: ${media.keys('private', `users/${userId}/`).length})`);
        const own = [...profiles.values()].filter((p) => p.userId === userId);
        for (const p of own) profiles.delete(p.id);
        return Promise.resolve(own);
      },
      clearResultKeys: () => {
        log.push('generations forget their keys');
        return Promise.resolve(0);
      },
      deleteAllPhotoConsents: () => Promise.resolve(0),
      deletePhotoConsent: () => Promise.resolve(),
      takeQuarantinedUpload: () => Promise.reject(new Error('not used here')),
      recordPhotoConsent: (userId, profileId) => {
        consents.push(`${userId}/${profileId}`);
        return Promise.resolve();
      },
    },
    media,
    uploads,
    requestBodyCheck: (_userId, profileId, key) => {
      checks.push(`${profileId}:${key}`);
      return Promise.resolve();
    },
    newId: () => `P${++n}`,
  });
});

describe('creating a photo profile', () => {
  it('stores the photos under the profile, records the consent and asks for the full-body check', async () => {
    const res = await service.createProfile(adult, create, { portrait: await file(), fullBody: await file() }, null);
    expect(res).toMatchObject({ id: 'P1', name: 'Me', supportsNano: true, supportsFashn: true });
    expect(media.keys('private')).toHaveLength(2);
    expect(media.keys('private').every((k) => k.startsWith('users/u1/photo-profiles/P1/'))).toBe(true);
    expect(consents).toEqual(['u1/P1']);
    expect(checks).toEqual([`P1:${profiles.get('P1')!.fullBodyKey}`]);
  });

  it('without an adult age or the current consent nothing is processed or stored', async () => {
    await expect(service.createProfile(aUser(), create, { portrait: await file() }, null)).rejects.toMatchObject({
      status: 403,
      code: PRIVACY_CODES.ageRequired,
    });
    await expect(
      service.createProfile(adult, { ...create, consent: 'v0' }, { portrait: await file() }, null),
    ).rejects.toMatchObject({ status: 400, code: PRIVACY_CODES.consentRequired });
    expect(media.keys('private')).toEqual([]);
    expect(profiles.size).toBe(0);
  });

  it('needs a portrait (400), and a photo sent both as a file and an upload id is 400; its quarantine goes', async () => {
    await expect(service.createProfile(adult, create, {}, null)).rejects.toMatchObject({
      status: 400,
      message: M.portraitRequired,
    });
    const uploadId = `photo_profile.${ID}`;
    await media.put('private', `uploads/tmp/u1/${uploadId}`, await tinyImage());
    await expect(
      service.createProfile(adult, { ...create, portraitUploadId: uploadId }, { portrait: await file() }, null),
    ).rejects.toMatchObject({ status: 400, code: ERROR_CODES.validation });
    expect(media.keys('private')).toEqual([]);
  });

  it("at the plan's cap it is 403 limit.photo_profiles and stores nothing", async () => {
    for (const id of ['a', 'b']) profiles.set(id, aPhotoProfile({ id }));
    await expect(service.createProfile(adult, create, { portrait: await file() }, null)).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.limitPhotoProfiles,
    });
    expect(media.keys('private')).toEqual([]);
  });

  it('a second photo that is refused stores neither', async () => {
    await expect(
      service.createProfile(adult, create, { portrait: await file(), fullBody: await file(8, 8) }, null),
    ).rejects.toMatchObject({ status: 400, code: ERROR_CODES.validation });
    expect(media.keys('private')).toEqual([]);
    expect(profiles.size).toBe(0);
  });
});

describe('editing and deleting', () => {
  it("another user's profile id is 404 and nothing changes", async () => {
    profiles.set('p1', aPhotoProfile({ userId: 'u2' }));
    await expect(service.updateProfile(adult, 'p1', patch({ name: 'Mine now' }), {})).rejects.toMatchObject({
      status: 404,
      message: M.notFound,
    });
    await expect(service.deleteProfile('u1', 'p1')).rejects.toMatchObject({ status: 404 });
    expect(profiles.get('p1')?.name).toBe('Me');
  });

  it('the default cannot be unset, and removing and replacing the full body at once is 400', async () => {
    profiles.set('p1', aPhotoProfile());
    await expect(service.updateProfile(adult, 'p1', patch({ isDefault: false }), {})).rejects.toMatchObject({
      status: 400,
      message: M.cannotUnsetDefault,
    });
    await expect(
      service.updateProfile(adult, 'p1', patch({ removeFullBody: true }), { fullBody: await file() }),
    ).rejects.toMatchObject({ status: 400, message: M.removeAndReplaceFullBody });
  });

  it('a replaced portrait is deleted once the record points at the new one', async () => {
    const p = aPhotoProfile();
    profiles.set('p1', p);
    await media.put('private', p.portraitKey, await tinyImage());
    await service.updateProfile(adult, 'p1', patch(), { portrait: await file() });
    const now = profiles.get('p1')!.portraitKey;
    expect(now).not.toBe(p.portraitKey);
    expect(media.keys('private')).toEqual([now]);
  });
});

describe('delete all my photos', () => {
  it('removes every object under the user first, then the records; another user keeps theirs', async () => {
    profiles.set('p1', aPhotoProfile());
    await media.put('private', 'users/u1/photo-profiles/p1/portrait-a.jpg', Buffer.from('p'));
    await media.put('private', 'users/u1/generations/g1.jpg', Buffer.from('g'));
    await media.put('private', 'users/u2/photo-profiles/q/portrait.jpg', Buffer.from('q'));
    expect(await service.deleteAllPhotos('u1')).toEqual({ deletedProfiles: 1, deletedObjects: 2 });
    expect(log).toEqual(['generations forget their keys', 'records (objects left: 0)']);
    expect(media.keys('private')).toEqual(['users/u2/photo-profiles/q/portrait.jpg']);
  });

  it('when the bucket refuses, it is a retryable 503 and every record stays', async () => {
    profiles.set('p1', aPhotoProfile());
    await media.put('private', 'users/u1/photo-profiles/p1/portrait-a.jpg', Buffer.from('p'));
    media.failing = 'private';
    await expect(service.deleteAllPhotos('u1')).rejects.toMatchObject({ status: 503, code: ERROR_CODES.unavailable });
    expect(profiles.size).toBe(1);
    expect(log).toEqual([]);
  });
});
