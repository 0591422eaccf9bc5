/** Endpoint group uploads-images: uploads, remote image fetches (SSRF-guarded) and presigned read access to media. */
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, requireAuth, type Req } from '../../lib/http';
import { routeRateLimiter } from '../../lib/rate-limit';
import { uploadsImagesRoutes } from '../../../shared/routes/uploads-images';
import { privateImageUrl, publicImageUrl, type SignedImage } from '../image-access-service';
import { completeUpload, presignUpload, setProfileImage, uploadStyleImage, uploadOutfitImage } from '../upload-service';
import { downloadImage, scrapeUrl } from '../remote-image-service';
import { ensureUser } from '../user-service';

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));

const signed = (img: SignedImage, scope: 'public' | 'private') =>
  json({ url: img.url, expiresAt: img.expiresAt }, 200, {
    'cache-control': `${scope}, max-age=${img.maxAge}`,
    // A browser shared by two accounts must not answer one user's request with the other's cached answer.
    ...(scope === 'private' ? { vary: 'Authorization' } : {}),
  });

export const handler = createGroupHandler(
  uploadsImagesRoutes,
  {
    // roles (influencer, admin) are enforced by the pipeline from the route table
    'POST /api/upload': async (req) =>
      json(await uploadStyleImage(requireAuth(req).sub, req.body.type, req.files.file), 201),
    'POST /api/uploads/outfit': async (req) => json(await uploadOutfitImage(requireAuth(req).sub, req.files.file), 201),
    'POST /api/user/profile-image': async (req) => {
      const user = await caller(req);
      return json(await setProfileImage(getDb(), requireAuth(req), user, req.files.profileImage));
    },
    'POST /api/download-image': async (req) => {
      const input = req.body;
      return json(await downloadImage(requireAuth(req).sub, input));
    },
    'POST /api/scrape-url': async (req) => {
      const input = req.body;
      return json(await scrapeUrl(requireAuth(req).sub, input));
    },
    'POST /api/uploads': async (req) => {
      const input = req.body;
      return json(await presignUpload(getDb(), await caller(req), input), 201);
    },
    'POST /api/uploads/complete': async (req) => {
      const input = req.body;
      return json(await completeUpload(getDb(), await caller(req), input.uploadId), 201);
    },
    // Cacheable answers (same URL for the whole signing window): public ones by any cache, private ones by
    // the browser only (the answer depends on the caller's token).
    'GET /api/public-image/{key+}': async (req) => signed(await publicImageUrl(req.params.key), 'public'),
    'GET /api/private-image/{key+}': async (req) =>
      signed(await privateImageUrl(requireAuth(req).sub, req.params.key), 'private'),
  },
  (auth) => ensureUser(getDb(), auth),
  undefined,
  // uploads and remote fetches are free image work: limited per user and address (shared/domain/rate-limits.ts)
  routeRateLimiter,
);
