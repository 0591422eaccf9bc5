/** The routes of the generations endpoint group (functions/generations/handlers/generations.ts implements exactly these). */
import { defineGroup } from './route-def';
import { idResultSchema, receivedSchema } from '../schemas/common';
import {
  feedbackSchema,
  feedbackViewSchema,
  generateFromRawTemplateSchema,
  generateFromStyleSchema,
  generationListSchema,
  generationSchema,
  keepVariantsResultSchema,
  keepVariantsSchema,
  outfitSchema,
  quickTryCustomSchema,
  quickTryStyleSchema,
} from '../schemas/generation';
import { fashnWebhookQuery } from '../schemas/requests';

export const generationsRoutes = defineGroup('generations', { auth: 'user' }, [
  // generations: starting, listing, deleting and rating generations
  {
    method: 'POST',
    path: '/api/generate',
    body: generateFromRawTemplateSchema,
    response: idResultSchema,
    status: 201,
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/api/generate/style',
    body: generateFromStyleSchema,
    response: idResultSchema,
    status: 201,
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/api/quick-try/{styleId}',
    body: quickTryStyleSchema,
    response: idResultSchema,
    status: 201,
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/api/generate/quick-try',
    body: quickTryCustomSchema,
    response: idResultSchema,
    status: 201,
    idempotent: true,
  },
  // a whole outfit (up to 5 pieces in layering order) in one generation; spends credits (Idempotency-Key)
  {
    method: 'POST',
    path: '/api/generate/outfit',
    body: outfitSchema,
    response: idResultSchema,
    status: 201,
    idempotent: true,
  },
  // keep chosen variants of a run: each becomes a gallery generation (idempotent, owner-checked, free)
  {
    method: 'POST',
    path: '/api/generations/{id}/keep',
    body: keepVariantsSchema,
    response: keepVariantsResultSchema,
  },
  { method: 'GET', path: '/api/generations', response: generationListSchema },
  { method: 'GET', path: '/api/generations/{id}', response: generationSchema },
  { method: 'DELETE', path: '/api/generations/{id}', status: 204 },
  {
    method: 'GET',
    path: '/api/feedback/generation/{id}',
    response: feedbackViewSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/feedback',
    body: feedbackSchema,
    response: feedbackViewSchema,
    status: 201,
  },
  // FASHN's webhook when a prediction ends (signed per generation in the URL; the status is re-read from FASHN)
  {
    method: 'POST',
    path: '/api/providers/fashn/webhook',
    auth: 'public',
    query: fashnWebhookQuery,
    response: receivedSchema,
  },
]);
