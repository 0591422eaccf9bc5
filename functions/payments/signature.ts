/**
 * Stripe webhook signatures through the SDK: `stripe.webhooks.constructEvent` verifies the raw body against
 * the `Stripe-Signature` header and parses it; `generateTestHeaderString` signs the events the local checkout
 * (and the tests) post. A signature older than the tolerance is refused by the SDK; one from the future
 * (beyond the same tolerance) is refused here too, so a captured request cannot be replayed later.
 */
import Stripe from 'stripe';
import type { StripeEvent } from './stripe-objects';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };
export type VerifiedEvent =
  { ok: true; event: Stripe.Event } | { ok: false; problem: 'signature' | 'json'; reason: string };

const headerTimestamp = (header: string): number | null => {
  const m = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header);
  return m ? Number(m[1]) : null;
};

/** Verify and parse a webhook delivery (raw body as received). */
export function constructWebhookEvent(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): VerifiedEvent {
  if (!secret) return { ok: false, problem: 'signature', reason: 'no webhook secret configured' };
  if (!header) return { ok: false, problem: 'signature', reason: 'missing Stripe-Signature header' };
  const t = headerTimestamp(header);
  if (t !== null && t - now > tolerance)
    return { ok: false, problem: 'signature', reason: 'timestamp outside the tolerance' };
  try {
    const event = Stripe.webhooks.constructEvent(payload, header, secret, tolerance, undefined, now * 1000);
    return { ok: true, event };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError)
      return { ok: false, problem: 'signature', reason: err.message.split('\n')[0] ?? err.message };
    if (err instanceof SyntaxError) return { ok: false, problem: 'json', reason: 'Invalid JSON' };
    throw err;
  }
}

/** Only the signature verdict (tests, the local checkout's self-check). */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now?: number,
  tolerance?: number,
): SignatureCheck {
  const res = constructWebhookEvent(payload, header, secret, now, tolerance);
  if (res.ok || res.problem === 'json') return { ok: true };
  return { ok: false, reason: res.reason };
}

/**
 * An event we built (the local checkout, the tests) as the SDK parses it: signed with a throwaway secret and read
 * back through constructEvent, so it reaches the handlers exactly as a delivered event does.
 */
export function sdkEvent(event: StripeEvent): Stripe.Event {
  const payload = JSON.stringify(event);
  const secret = 'whsec_local_parse';
  const now = Math.floor(Date.now() / 1000);
  return Stripe.webhooks.constructEvent(payload, signPayload(payload, secret, now), secret);
}
