/**
 * An event we built (the tests) as the Stripe SDK parses a delivery: signed with a throwaway secret and read back
 * through the SDK's own `stripe.webhooks.constructEvent`, so it reaches the handlers exactly as a delivered event
 * does.
 */
import Stripe from 'stripe';
import { signPayload } from '../../functions/billing/payments/signature';
import type { StripeEvent } from '../../functions/billing/payments/stripe-objects';

export function sdkEvent(event: StripeEvent): Stripe.Event {
  const payload = JSON.stringify(event);
  const secret = 'whsec_local_parse';
  return Stripe.webhooks.constructEvent(payload, signPayload(payload, secret), secret);
}
