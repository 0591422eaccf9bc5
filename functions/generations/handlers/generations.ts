/** Endpoint group generations: start (four ways), list, read, delete, feedback. */
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, noContent, requireAuth, type ApiResult, type Req } from '../../lib/http';
import { generationsRoutes } from '../../../shared/routes/generations';
import { idempotencyClaim } from '../../lib/idempotency';
import { receiveFashnWebhook } from '../workflow/fashn-webhook';
import { ensureUser } from '../../profiles';
import {
  deleteUserGeneration,
  getUserGeneration,
  listUserGenerations,
  readFeedback,
  submitFeedback,
} from '../generation-service';
import {
  startFromRawTemplate,
  startFromStyle,
  startQuickTryCustom,
  startQuickTryStyle,
} from '../generation-start-service';
import { keepVariants, startOutfit } from '../generation-outfit-service';

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));

/** 201 with the new generation's id; 200 with the first one's id when the Idempotency-Key was seen before. */
const started = (r: { id: string; replayed: boolean }): ApiResult =>
  json({ id: r.id }, r.replayed ? 200 : 201, r.replayed ? { 'idempotent-replayed': 'true' } : {});

export const handler = createGroupHandler(
  generationsRoutes,
  {
    'POST /api/generate': async (req) => {
      const input = req.body;
      const idempotency = idempotencyClaim(req, input);
      return started(await startFromRawTemplate(getDb(), await caller(req), input, { idempotency }));
    },
    'POST /api/generate/style': async (req) => {
      const input = req.body;
      const idempotency = idempotencyClaim(req, input);
      return started(await startFromStyle(getDb(), await caller(req), input, 'style', { idempotency }));
    },
    'POST /api/quick-try/{styleId}': async (req) => {
      const input = req.body;
      const idempotency = idempotencyClaim(req, input);
      return started(await startQuickTryStyle(getDb(), await caller(req), req.params.styleId, input, { idempotency }));
    },
    'POST /api/generate/quick-try': async (req) => {
      const input = req.body;
      const idempotency = idempotencyClaim(req, input);
      return started(await startQuickTryCustom(getDb(), await caller(req), input, { idempotency }));
    },
    'POST /api/generate/outfit': async (req) => {
      const input = req.body;
      const idempotency = idempotencyClaim(req, input);
      return started(await startOutfit(getDb(), await caller(req), input, { idempotency }));
    },
    'POST /api/generations/{id}/keep': async (req) => {
      const input = req.body;
      return json(await keepVariants(getDb(), await caller(req), req.params.id, input.variants));
    },
    'POST /api/providers/fashn/webhook': async (req) => json(await receiveFashnWebhook(req.query, req.body)),
    'GET /api/generations': async (req) => json(await listUserGenerations(getDb(), requireAuth(req).sub)),
    'GET /api/generations/{id}': async (req) =>
      json(await getUserGeneration(getDb(), requireAuth(req).sub, req.params.id)),
    'DELETE /api/generations/{id}': async (req) => {
      await deleteUserGeneration(getDb(), requireAuth(req).sub, req.params.id);
      return noContent();
    },
    'GET /api/feedback/generation/{id}': async (req) =>
      json(await readFeedback(getDb(), requireAuth(req).sub, req.params.id)),
    'POST /api/feedback': async (req) => {
      const input = req.body;
      return json(await submitFeedback(getDb(), requireAuth(req).sub, input), 201);
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
