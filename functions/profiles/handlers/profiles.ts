/** Endpoint group profiles: photo profiles and "Delete all my photos". */
import { getDb } from '../../lib/aws';
import { createGroupHandler, type Caller } from '../../lib/http';
import { routeRateLimiter } from '../../lib/rate-limit';
import { profilesRoutes } from '../../../shared/routes/profiles';
import { ensureUser } from '../user-service';
import {
  createProfile,
  deleteAllPhotos,
  deleteProfile,
  discardNamedUploads,
  listProfiles,
  updateProfile,
} from '../photo-profile-service';
import { setProfileMeasurements } from '../profile-measurements-service';

const list = async ({ caller }: { caller: Caller }) => listProfiles(getDb(), caller.user.id);

export const handler = createGroupHandler(
  profilesRoutes,
  {
    'GET /api/photo-profiles': list,
    'GET /api/photos': list,
    'POST /api/photo-profiles': async ({ caller, body, files, clientIp }) =>
      createProfile(getDb(), caller.user, body, files, clientIp),
    'PATCH /api/photo-profiles/{id}': async ({ caller, params, body, files }) =>
      updateProfile(getDb(), caller.user, params.id, body, files),
    'DELETE /api/photo-profiles/{id}': async ({ caller, params }) => {
      await deleteProfile(getDb(), caller.user.id, params.id);
    },
    'PUT /api/photo-profiles/{id}/measurements': async ({ caller, params, body }) =>
      setProfileMeasurements(getDb(), caller.user.id, params.id, body),
    'DELETE /api/user/photos': async ({ caller }) => deleteAllPhotos(getDb(), caller.user.id),
  },
  {
    loadUser: (auth) => ensureUser(getDb(), auth),
    // A refused body leaves no uploaded photo behind either: the upload ids it names (well-formed ones) go.
    onInvalidBody: async (req, body) => {
      if (req.caller) await discardNamedUploads(req.caller.user.id, body);
    },
    // a profile's photos are free image and model work: limited per user and address (shared/domain/rate-limits.ts)
    limitRate: routeRateLimiter,
  },
);
