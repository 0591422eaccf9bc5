/** The routes of the stripe-webhook endpoint group (functions/stripe-webhook/index.ts implements exactly these). */
import { defineRoutes } from './route-def';
import { receivedSchema } from '../schemas/common';

export const stripeWebhookRoutes = defineRoutes([
  // stripe-webhook: signed events from Stripe (or the local payments adapter)
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    group: 'stripe-webhook',
    auth: 'public',
    rawBody: true,
    response: receivedSchema,
  },
]);
