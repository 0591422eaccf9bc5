/** The routes of the uploads-images endpoint group (functions/profiles/handlers/uploads-images.ts implements exactly these). */
import { defineGroup } from './route-def';
import { PUBLIC_IMAGE_URL_EDGE_SECONDS } from '../domain/edge';
import { mediaUrlSchema } from '../schemas/common';
import { noFieldsSchema, uploadFieldsSchema } from '../schemas/requests';
import {
  completeUploadResultSchema,
  completeUploadSchema,
  downloadImageResultSchema,
  downloadImageSchema,
  presignUploadResultSchema,
  presignUploadSchema,
  scrapeUrlResultSchema,
  scrapeUrlSchema,
  uploadResultSchema,
} from '../schemas/upload';
import { currentUserSchema } from '../schemas/user';

export const uploadsImagesRoutes = defineGroup('uploads-images', { auth: 'user' }, [
  // uploads-images: uploads, remote image fetches (SSRF-guarded) and media access (presigned GETs)
  {
    method: 'POST',
    path: '/api/upload',
    roles: ['influencer', 'admin'],
    body: uploadFieldsSchema,
    multipart: { files: ['file'] },
    response: uploadResultSchema,
    status: 201,
    rateLimit: 'media.upload',
  },
  {
    method: 'POST',
    path: '/api/user/profile-image',
    body: noFieldsSchema,
    multipart: { files: ['profileImage'] },
    response: currentUserSchema,
    rateLimit: 'media.upload',
  },
  {
    method: 'POST',
    path: '/api/uploads/outfit',
    body: noFieldsSchema,
    multipart: { files: ['file'] },
    response: uploadResultSchema,
    status: 201,
    rateLimit: 'media.upload',
  },
  {
    method: 'POST',
    path: '/api/download-image',
    body: downloadImageSchema,
    response: downloadImageResultSchema,
    rateLimit: 'media.fetch',
  },
  {
    method: 'POST',
    path: '/api/scrape-url',
    body: scrapeUrlSchema,
    response: scrapeUrlResultSchema,
    rateLimit: 'media.fetch',
  },
  {
    method: 'GET',
    path: '/api/public-image/{key+}',
    auth: 'public',
    response: mediaUrlSchema,
    // a public image's presigned URL is the same for everyone within its signing hour (its answer's max-age)
    edgeCacheSeconds: PUBLIC_IMAGE_URL_EDGE_SECONDS,
  },
  {
    method: 'GET',
    path: '/api/private-image/{key+}',
    response: mediaUrlSchema,
  },
  // direct uploads: presigned POST to a quarantine key, then finalize (validate + re-encode into the real key)
  {
    method: 'POST',
    path: '/api/uploads',
    body: presignUploadSchema,
    response: presignUploadResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/uploads/complete',
    body: completeUploadSchema,
    response: completeUploadResultSchema,
    status: 201,
    rateLimit: 'media.upload',
  },
]);
