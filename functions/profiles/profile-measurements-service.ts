/**
 * A photo profile's measurements (issue 25, size advice): optional, private to the owner (only the owner's
 * reads of their profiles carry them), kept on the profile's own item, so they go with the profile (its delete,
 * "Delete all my photos", account deletion) and are part of the data export's profile section.
 */
import { notFound } from '../../shared/errors';
import { measurementsToCm, type BodyMeasurementsInput } from '../../shared/domain/size-advice';
import type { Db } from '../../shared/repositories/table';
import { getPhotoProfile, updatePhotoProfile } from '../../shared/repositories/photo-profile-repository';
import { PHOTO_PROFILE_MESSAGES as M, type PhotoProfile } from '../../shared/schemas/photo-profile';
import { toPhotoProfile } from './photo-profile-service';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { getPhotoProfile, updatePhotoProfile };
export type MeasurementsStore = Store<typeof repositories>;

export function measurementsUseCases({ store }: { store: MeasurementsStore }) {
  /** PUT /api/photo-profiles/{id}/measurements: replace them (none given: remove them). 404 for another user's id. */
  async function setProfileMeasurements(
    userId: string,
    profileId: string,
    input: BodyMeasurementsInput,
  ): Promise<PhotoProfile> {
    if (!(await store.getPhotoProfile(userId, profileId))) throw notFound(M.notFound);
    const cm = measurementsToCm(input);
    const measurements = Object.keys(cm).length ? cm : null;
    // conditioned on the item existing: a profile deleted meanwhile is not brought back as a stub
    if (!(await store.updatePhotoProfile(userId, profileId, { measurements }))) throw notFound(M.notFound);
    const fresh = await store.getPhotoProfile(userId, profileId);
    if (!fresh) throw notFound(M.notFound);
    return toPhotoProfile(fresh);
  }
  return { setProfileMeasurements };
}

export const setProfileMeasurements = (
  db: Db,
  userId: string,
  profileId: string,
  input: BodyMeasurementsInput,
): Promise<PhotoProfile> =>
  measurementsUseCases({ store: bindDb(db, repositories) }).setProfileMeasurements(userId, profileId, input);
