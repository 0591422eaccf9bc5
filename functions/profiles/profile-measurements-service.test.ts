/** A photo profile's measurements on an in-memory store: kept in cm, removed when none are given, owner only. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { PHOTO_PROFILE_MESSAGES as M } from '../../shared/schemas/photo-profile';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import { aPhotoProfile } from '../../test/support/in-memory-profiles';
import { measurementsUseCases } from './profile-measurements-service';

let profiles: Map<string, PhotoProfileRecord>;
/** Runs before the next update lands (a concurrent delete). */
let beforeUpdate: (() => void) | null;
let service: ReturnType<typeof measurementsUseCases>;

beforeEach(() => {
  profiles = new Map([['u1#p1', aPhotoProfile()]]);
  beforeUpdate = null;
  service = measurementsUseCases({
    store: {
      getPhotoProfile: (userId, id) => Promise.resolve(profiles.get(`${userId}#${id}`) ?? null),
      updatePhotoProfile: (userId, id, patch) => {
        beforeUpdate?.();
        const before = profiles.get(`${userId}#${id}`);
        if (!before) return Promise.resolve(null);
        const after = { ...before, ...patch };
        profiles.set(`${userId}#${id}`, after);
        return Promise.resolve({ before, after });
      },
    },
  });
});

describe('measurements', () => {
  it('are stored in centimetres with one decimal (inches converted) and answered with the profile', async () => {
    const res = await service.setProfileMeasurements('u1', 'p1', { unit: 'in', height: 70, waist: 32 });
    expect(res.measurements).toEqual({ height: 177.8, waist: 81.3 });
    expect(profiles.get('u1#p1')?.measurements).toEqual({ height: 177.8, waist: 81.3 });
  });

  it('none given removes them', async () => {
    await service.setProfileMeasurements('u1', 'p1', { unit: 'cm', chest: 90 });
    const res = await service.setProfileMeasurements('u1', 'p1', { unit: 'cm' });
    expect(res.measurements).toBeNull();
    expect(profiles.get('u1#p1')?.measurements).toBeNull();
  });

  it("another user's profile id is 404 and changes nothing", async () => {
    await expect(service.setProfileMeasurements('u2', 'p1', { unit: 'cm', chest: 90 })).rejects.toMatchObject({
      status: 404,
      code: ERROR_CODES.notFound,
      message: M.notFound,
    });
    expect(profiles.get('u1#p1')?.measurements).toBeNull();
    expect(profiles.size).toBe(1);
  });

  it('a profile deleted meanwhile is 404, not brought back', async () => {
    beforeUpdate = () => profiles.delete('u1#p1');
    await expect(service.setProfileMeasurements('u1', 'p1', { unit: 'cm', chest: 90 })).rejects.toMatchObject({
      status: 404,
    });
    expect(profiles.size).toBe(0);
  });
});
