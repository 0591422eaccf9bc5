/** Endpoint group uploads-images: presigned read access to public and private media. */
import { getDb } from '../lib/aws';
import { createGroupHandler, json, requireAuth } from '../lib/http';
import { privateImageUrl, publicImageUrl } from '../services/image-access-service';
import { ensureUser } from '../services/user-service';

export const handler = createGroupHandler(
  'uploads-images',
  {
    'GET /api/public-image/{key+}': async (req) => json(await publicImageUrl(req.params.key)),
    'GET /api/private-image/{key+}': async (req) => json(await privateImageUrl(requireAuth(req).sub, req.params.key)),
  },
  (auth) => ensureUser(getDb(), auth),
);
