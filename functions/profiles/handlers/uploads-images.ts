/** Endpoint group uploads-images: uploads, remote image fetches (SSRF-guarded) and presigned read access to media. */
import { getDb } from '../../lib/aws';
import { createGroupHandler, reply } from '../../lib/http';
import { routeRateLimiter } from '../../lib/rate-limit';
import { uploadsImagesRoutes } from '../../../shared/routes/uploads-images';
import { privateImageUrl, publicImageUrl, type SignedImage } from '../image-access-service';
import { completeUpload, presignUpload, setProfileImage } from '../upload-service';
import { uploadStyleImage, uploadOutfitImage } from '../image-uploads';
import { downloadImage, scrapeUrl } from '../remote-image-service';
import { ensureUser } from '../user-service';

const signed = (img: SignedImage, scope: 'public' | 'private') =>
  reply(
    { url: img.url, expiresAt: img.expiresAt },
    {
      headers: {
        'cache-control': `${scope}, max-age=${img.maxAge}`,
        // A browser shared by two accounts must not answer one user's request with the other's cached answer.
        ...(scope === 'private' ? { vary: 'Authorization' } : {}),
      },
    },
  );

export const handler = createGroupHandler(
  uploadsImagesRoutes,
  {
    // roles (influencer, admin) are enforced by the pipeline from the route table
    'POST /api/upload': async ({ caller, body, files }) => uploadStyleImage(caller.user.id, body.type, files.file),
    'POST /api/uploads/outfit': async ({ caller, files }) => uploadOutfitImage(caller.user.id, files.file),
    'POST /api/user/profile-image': async ({ caller, files }) =>
      setProfileImage(getDb(), caller.auth, caller.user, files.profileImage),
    'POST /api/download-image': async ({ caller, body }) => downloadImage(caller.user.id, body),
    'POST /api/scrape-url': async ({ caller, body }) => scrapeUrl(caller.user.id, body),
    'POST /api/uploads': async ({ caller, body }) => presignUpload(getDb(), caller.user, body),
    'POST /api/uploads/complete': async ({ caller, body }) => completeUpload(getDb(), caller.user, body.uploadId),
    // Cacheable answers (same URL for the whole signing window): public ones by any cache, private ones by
    // the browser only (the answer depends on the caller's token).
    'GET /api/public-image/{key+}': async ({ params }) => signed(await publicImageUrl(params.key), 'public'),
    'GET /api/private-image/{key+}': async ({ caller, params }) =>
      signed(await privateImageUrl(caller.user.id, params.key), 'private'),
  },
  {
    loadUser: (auth) => ensureUser(getDb(), auth),
    // uploads and remote fetches are free image work: limited per user and address (shared/domain/rate-limits.ts)
    limitRate: routeRateLimiter,
  },
);
