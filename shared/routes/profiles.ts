/** The routes of the profiles endpoint group (functions/profiles/handlers/profiles.ts implements exactly these). */
import { defineRoutes } from './route-def';
import { deleteAllPhotosResultSchema, photoProfileListSchema, photoProfileSchema } from '../schemas/photo-profile';
import { photoProfileCreateSchema, photoProfilePatchSchema } from '../schemas/requests';
import { bodyMeasurementsSchema } from '../domain/size-advice';

export const profilesRoutes = defineRoutes([
  // profiles: photo profiles and the privacy purge
  { method: 'GET', path: '/api/photo-profiles', group: 'profiles', auth: 'user', response: photoProfileListSchema },
  { method: 'GET', path: '/api/photos', group: 'profiles', auth: 'user', response: photoProfileListSchema },
  {
    method: 'POST',
    path: '/api/photo-profiles',
    group: 'profiles',
    auth: 'user',
    body: photoProfileCreateSchema,
    multipart: { files: ['portrait', 'fullBody'] },
    rateLimit: 'media.photo',
    response: photoProfileSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/photo-profiles/{id}',
    group: 'profiles',
    auth: 'user',
    body: photoProfilePatchSchema,
    multipart: { files: ['portrait', 'fullBody'] },
    rateLimit: 'media.photo',
    response: photoProfileSchema,
  },
  { method: 'DELETE', path: '/api/photo-profiles/{id}', group: 'profiles', auth: 'user', status: 204 },
  // size advice (issue 25): the owner's measurements, in cm or in (stored in cm); none given removes them
  {
    method: 'PUT',
    path: '/api/photo-profiles/{id}/measurements',
    group: 'profiles',
    auth: 'user',
    body: bodyMeasurementsSchema,
    response: photoProfileSchema,
  },
  {
    method: 'DELETE',
    path: '/api/user/photos',
    group: 'profiles',
    auth: 'user',
    response: deleteAllPhotosResultSchema,
  },
]);
