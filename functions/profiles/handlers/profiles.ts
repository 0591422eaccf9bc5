/** Endpoint group profiles: photo profiles and "Delete all my photos". */
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, noContent, requireAuth, type Req } from '../../lib/http';
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

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));
const list = async (req: Req) => json(await listProfiles(getDb(), requireAuth(req).sub));

export const handler = createGroupHandler(
  profilesRoutes,
  {
    'GET /api/photo-profiles': list,
    'GET /api/photos': list,
    'POST /api/photo-profiles': async (req) => {
      return json(await createProfile(getDb(), await caller(req), req.body, req.files, req.clientIp), 201);
    },
    'PATCH /api/photo-profiles/{id}': async (req) => {
      return json(await updateProfile(getDb(), await caller(req), req.params.id, req.body, req.files));
    },
    'DELETE /api/photo-profiles/{id}': async (req) => {
      await deleteProfile(getDb(), requireAuth(req).sub, req.params.id);
      return noContent();
    },
    'PUT /api/photo-profiles/{id}/measurements': async (req) =>
      json(await setProfileMeasurements(getDb(), requireAuth(req).sub, req.params.id, req.body)),
    'DELETE /api/user/photos': async (req) => json(await deleteAllPhotos(getDb(), requireAuth(req).sub)),
  },
  (auth) => ensureUser(getDb(), auth),
  // A refused body leaves no uploaded photo behind either: the upload ids it names (well-formed ones) go.
  async (req, body) => {
    if (req.auth) await discardNamedUploads(req.auth.sub, body);
  },
  // a profile's photos are free image and model work: limited per user and address (shared/domain/rate-limits.ts)
  routeRateLimiter,
);
