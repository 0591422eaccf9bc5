/** Endpoint group uploads-images: presigned read access to public and private media. */
import { getDb } from '../lib/aws';
import { createGroupHandler, json, requireAuth, type RouteImpl } from '../lib/http';
import { HttpError } from '../../shared/errors';
import { privateImageUrl, publicImageUrl } from '../services/image-access-service';
import { ensureUser } from '../services/user-service';

// Temporary: keeps the module importable while the upload routes are being built.
const notYet: RouteImpl = async () => {
  throw new HttpError(501, 'not_implemented', 'Not implemented yet');
};

export const handler = createGroupHandler(
  'uploads-images',
  {
    'POST /api/upload': notYet,
    'POST /api/user/profile-image': notYet,
    'POST /api/download-image': notYet,
    'POST /api/scrape-url': notYet,
    'GET /api/public-image/{key+}': async (req) => json(await publicImageUrl(req.params.key)),
    'GET /api/private-image/{key+}': async (req) => json(await privateImageUrl(requireAuth(req).sub, req.params.key)),
  },
  (auth) => ensureUser(getDb(), auth),
);
