/** Endpoint group profiles: photo profiles and "Delete all my photos". */
import { getDb } from '../lib/aws';
import { createGroupHandler, json, noContent, requireAuth, type Req } from '../lib/http';
import { profilesRoutes } from '../../shared/routes/profiles';
import { photoUploadIdsSchema } from '../../shared/schemas/requests';
import { ensureUser } from '../services/user-service';
import {
  createProfile,
  deleteAllPhotos,
  deleteProfile,
  listProfiles,
  photoPurgeHooks,
  updateProfile,
  uploadIdsOf,
} from '../services/photo-profile-service';
import { discardQuarantine } from '../services/upload-service';
import { clearResultKeys } from '../../shared/repositories/generation-repository';
import { deleteAllPhotoConsents, deletePhotoConsent } from '../../shared/repositories/privacy-repository';
import { recordPhotoConsent, requirePhotoConsent } from '../services/consent-service';

// "Delete all my photos" also removes generation result images: their records forget the keys first.
photoPurgeHooks.push(async (db, userId) => {
  await clearResultKeys(db, userId);
});
// The consent records of the deleted profiles go with them.
photoPurgeHooks.push(async (db, userId) => {
  await deleteAllPhotoConsents(db, userId);
});

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));
const list = async (req: Req) => json(await listProfiles(getDb(), requireAuth(req).sub));

export const handler = createGroupHandler(
  profilesRoutes,
  {
    'GET /api/photo-profiles': list,
    'GET /api/photos': list,
    'POST /api/photo-profiles': async (req) => {
      const db = getDb();
      const user = await caller(req);
      let profile;
      try {
        // Consent and age first (server-enforced): nothing is processed or stored without them. Photos come
        // as direct-upload ids (the SPA; read from the quarantine) or as multipart files.
        await requirePhotoConsent(db, user.id, req.body.consent);
        profile = await createProfile(db, user, req.body, req.files);
      } catch (err) {
        // A refused request leaves no uploaded photo behind (not even in the quarantine).
        await discardQuarantine(user.id, uploadIdsOf(req.body));
        throw err;
      }
      try {
        await recordPhotoConsent(db, user.id, profile.id, req.clientIp);
      } catch (err) {
        // No profile without its recorded consent.
        await deleteProfile(db, user.id, profile.id).catch(() => undefined);
        throw err;
      }
      return json(profile, 201);
    },
    'PATCH /api/photo-profiles/{id}': async (req) => {
      const user = await caller(req);
      try {
        return json(await updateProfile(getDb(), user, req.params.id, req.body, req.files));
      } catch (err) {
        await discardQuarantine(user.id, uploadIdsOf(req.body));
        throw err;
      }
    },
    'DELETE /api/photo-profiles/{id}': async (req) => {
      await deleteProfile(getDb(), requireAuth(req).sub, req.params.id);
      await deletePhotoConsent(getDb(), requireAuth(req).sub, req.params.id);
      return noContent();
    },
    'DELETE /api/user/photos': async (req) => json(await deleteAllPhotos(getDb(), requireAuth(req).sub)),
  },
  (auth) => ensureUser(getDb(), auth),
  // A refused body leaves no uploaded photo behind either: the upload ids it names (well-formed ones) go.
  async (req, body) => {
    const named = photoUploadIdsSchema.safeParse(body);
    if (req.auth && named.success) await discardQuarantine(req.auth.sub, uploadIdsOf(named.data));
  },
);
