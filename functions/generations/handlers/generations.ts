/** Endpoint group generations: start (four ways), list, read, delete, feedback. */
import { getDb } from '../../lib/aws';
import { createGroupHandler } from '../../lib/http';
import { generationsRoutes } from '../../../shared/routes/generations';
import { generationStarts } from '../start-idempotency';
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

export const handler = createGroupHandler(
  generationsRoutes,
  {
    // the five starts are `idempotent` in the table: the pipeline answers a repeat (200, the first id) and a
    // new start's { id } with 201; each start records its claim in its reservation's transaction
    'POST /api/generate': async ({ caller, body, idempotency }) =>
      startFromRawTemplate(getDb(), caller.user, body, idempotency),
    'POST /api/generate/style': async ({ caller, body, idempotency }) =>
      startFromStyle(getDb(), caller.user, body, 'style', idempotency),
    'POST /api/quick-try/{styleId}': async ({ caller, params, body, idempotency }) =>
      startQuickTryStyle(getDb(), caller.user, params.styleId, body, idempotency),
    'POST /api/generate/quick-try': async ({ caller, body, idempotency }) =>
      startQuickTryCustom(getDb(), caller.user, body, idempotency),
    'POST /api/generate/outfit': async ({ caller, body, idempotency }) =>
      startOutfit(getDb(), caller.user, body, idempotency),
    'POST /api/generations/{id}/keep': async ({ caller, params, body }) =>
      keepVariants(getDb(), caller.user, params.id, body.variants),
    'POST /api/providers/fashn/webhook': async ({ query, body }) => receiveFashnWebhook(query, body),
    'GET /api/generations': async ({ caller }) => listUserGenerations(getDb(), caller.user.id),
    'GET /api/generations/{id}': async ({ caller, params }) => getUserGeneration(getDb(), caller.user.id, params.id),
    'DELETE /api/generations/{id}': async ({ caller, params }) => {
      await deleteUserGeneration(getDb(), caller.user.id, params.id);
    },
    'GET /api/feedback/generation/{id}': async ({ caller, params }) => readFeedback(getDb(), caller.user.id, params.id),
    'POST /api/feedback': async ({ caller, body }) => submitFeedback(getDb(), caller.user.id, body),
  },
  { loadUser: (auth) => ensureUser(getDb(), auth), idempotency: generationStarts(getDb) },
);
