/**
 * The Stripe webhook, written out once (issue 41): its path on the app's origin and the events to enable on the
 * Stripe endpoint. The route table names the path, the webhook's handlers are keyed by these events
 * (functions/billing/stripe-events.ts: one handler each, checked by the type), and `npm run doctor -- --stage prod`
 * prints the URL and the list to register (docs/operations.md "Secrets you bring").
 */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
] as const;

export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];

/** The endpoint URL to register at Stripe for the app served at `origin` (its PUBLIC_ORIGIN / AppUrl). */
export const stripeWebhookUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}${STRIPE_WEBHOOK_PATH}`;
