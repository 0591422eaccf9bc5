/** The routes of the profiles endpoint group (functions/profiles/handlers/profiles.ts implements exactly these). */
import { defineGroup } from './route-def';
import { deleteAllPhotosResultSchema, photoProfileListSchema, photoProfileSchema } from '../schemas/photo-profile';
import { photoProfileCreateSchema, photoProfilePatchSchema } from '../schemas/requests';
import { bodyMeasurementsSchema } from '../domain/size-advice';

export const profilesRoutes = defineGroup('profiles', { auth: 'user' }, [
  // profiles: photo profiles and the privacy purge
  { method: 'GET', path: '/api/photo-profiles', response: photoProfileListSchema },
  { method: 'GET', path: '/api/photos', response: photoProfileListSchema },
  {
    method: 'POST',
    path: '/api/photo-profiles',
    body: photoProfileCreateSchema,
    multipart: { files: ['portrait', 'fullBody'] },
    rateLimit: 'media.photo',
    response: photoProfileSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/photo-profiles/{id}',
    body: photoProfilePatchSchema,
    multipart: { files: ['portrait', 'fullBody'] },
    rateLimit: 'media.photo',
    response: photoProfileSchema,
  },
  { method: 'DELETE', path: '/api/photo-profiles/{id}', status: 204 },
  // size advice (issue 25): the owner's measurements, in cm or in (stored in cm); none given removes them
  {
    method: 'PUT',
    path: '/api/photo-profiles/{id}/measurements',
    body: bodyMeasurementsSchema,
    response: photoProfileSchema,
  },
  {
    method: 'DELETE',
    path: '/api/user/photos',
    response: deleteAllPhotosResultSchema,
  },
]);
