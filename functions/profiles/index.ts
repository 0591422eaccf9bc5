/** Endpoint group profiles: photo profiles and the privacy purge. */
import { createGroupHandler, type RouteImpl } from '../lib/http';
import { HttpError } from '../../shared/errors';

// Temporary: keeps the module importable while the routes are being built.
const notYet: RouteImpl = async () => {
  throw new HttpError(501, 'not_implemented', 'Not implemented yet');
};

export const handler = createGroupHandler('profiles', {
  'GET /api/photo-profiles': notYet,
  'GET /api/photos': notYet,
  'POST /api/photo-profiles': notYet,
  'PATCH /api/photo-profiles/{id}': notYet,
  'DELETE /api/photo-profiles/{id}': notYet,
  'DELETE /api/user/photos': notYet,
});
