/** The routes of the generations endpoint group (functions/generations/handlers/generations.ts implements exactly these). */
import { defineRoutes } from './route-def';
import { idResultSchema, receivedSchema } from '../schemas/common';
import {
  feedbackSchema,
  generateFromRawTemplateSchema,
  generateFromStyleSchema,
  generationSchema,
  keepVariantsSchema,
  outfitSchema,
  quickTryCustomSchema,
  quickTryStyleSchema,
} from '../schemas/generation';
import { fashnWebhookQuery } from '../schemas/requests';
import { feedbackViewSchema, generationListSchema, keepVariantsResultSchema } from '../schemas/responses';

export const generationsRoutes = defineRoutes([
  // generations: starting, listing, deleting and rating generations
  {
    method: 'POST',
    path: '/api/generate',
    group: 'generations',
    auth: 'user',
    body: generateFromRawTemplateSchema,
    response: idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/generate/style',
    group: 'generations',
    auth: 'user',
    body: generateFromStyleSchema,
    response: idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/quick-try/{styleId}',
    group: 'generations',
    auth: 'user',
    body: quickTryStyleSchema,
    response: idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/generate/quick-try',
    group: 'generations',
    auth: 'user',
    body: quickTryCustomSchema,
    response: idResultSchema,
    status: 201,
  },
  // a whole outfit (up to 5 pieces in layering order) in one generation; spends credits (Idempotency-Key)
  {
    method: 'POST',
    path: '/api/generate/outfit',
    group: 'generations',
    auth: 'user',
    body: outfitSchema,
    response: idResultSchema,
    status: 201,
  },
  // keep chosen variants of a run: each becomes a gallery generation (idempotent, owner-checked, free)
  {
    method: 'POST',
    path: '/api/generations/{id}/keep',
    group: 'generations',
    auth: 'user',
    body: keepVariantsSchema,
    response: keepVariantsResultSchema,
  },
  { method: 'GET', path: '/api/generations', group: 'generations', auth: 'user', response: generationListSchema },
  { method: 'GET', path: '/api/generations/{id}', group: 'generations', auth: 'user', response: generationSchema },
  { method: 'DELETE', path: '/api/generations/{id}', group: 'generations', auth: 'user', status: 204 },
  {
    method: 'GET',
    path: '/api/feedback/generation/{id}',
    group: 'generations',
    auth: 'user',
    response: feedbackViewSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/feedback',
    group: 'generations',
    auth: 'user',
    body: feedbackSchema,
    response: feedbackViewSchema,
    status: 201,
  },
  // FASHN's webhook when a prediction ends (signed per generation in the URL; the status is re-read from FASHN)
  {
    method: 'POST',
    path: '/api/providers/fashn/webhook',
    group: 'generations',
    auth: 'public',
    query: fashnWebhookQuery,
    response: receivedSchema,
  },
]);
