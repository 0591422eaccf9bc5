/** The routes of the stripe-webhook endpoint group (functions/billing/handlers/stripe-webhook.ts implements exactly these). */
import { defineGroup } from './route-def';
import { receivedSchema } from '../schemas/common';
import { STRIPE_WEBHOOK_PATH } from '../domain/stripe-webhook';

export const stripeWebhookRoutes = defineGroup('stripe-webhook', { auth: 'public' }, [
  // stripe-webhook: signed events from Stripe (or the local payments adapter)
  {
    method: 'POST',
    path: STRIPE_WEBHOOK_PATH,
    rawBody: true,
    response: receivedSchema,
  },
]);
