/** Endpoint group admin: operations reserved to the admin role (checked against the user item). */
import { adjustCreditsSchema } from '../../shared/schemas/credits';
import { getDb } from '../lib/aws';
import { createGroupHandler, json, requireAuth, validate } from '../lib/http';
import { adjustCredits } from '../services/credit-service';
import { ensureUser } from '../services/user-service';

export const handler = createGroupHandler(
  'admin',
  {
    'POST /api/admin/credits/adjust': async (req) => {
      const input = validate(adjustCreditsSchema, req.body);
      const result = await adjustCredits(getDb(), requireAuth(req).sub, input);
      return json(result, result.applied ? 201 : 200);
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
