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

/** PUT /api/photo-profiles/{id}/measurements: replace them (none given: remove them). 404 for another user's id. */
export async function setProfileMeasurements(
  db: Db,
  userId: string,
  profileId: string,
  input: BodyMeasurementsInput,
): Promise<PhotoProfile> {
  if (!(await getPhotoProfile(db, userId, profileId))) throw notFound(M.notFound);
  const cm = measurementsToCm(input);
  const measurements = Object.keys(cm).length ? cm : null;
  // conditioned on the item existing: a profile deleted meanwhile is not brought back as a stub
  if (!(await updatePhotoProfile(db, userId, profileId, { measurements }))) throw notFound(M.notFound);
  const fresh = await getPhotoProfile(db, userId, profileId);
  if (!fresh) throw notFound(M.notFound);
  return toPhotoProfile(fresh);
}
