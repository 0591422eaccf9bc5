/**
 * Stripe webhook signatures, by Stripe's documented scheme ("Verify signatures manually",
 * docs.stripe.com/webhooks#verify-manually): the `Stripe-Signature` header carries `t=<unix seconds>` and one or
 * more `v1=<hex>`; a delivery is genuine when one v1 equals HMAC-SHA256(secret, `${t}.${raw body}`) (compared in
 * constant time) and t is within the tolerance of now, in either direction (a captured request cannot be replayed
 * later, nor one dated ahead be kept for later). The body is parsed only after that.
 *
 * Not through the SDK's `stripe.webhooks.constructEvent`: it is this check, but importing the SDK is ~250 KiB of
 * the stripe-webhook function's bundle and ~50 ms of its cold start (issue 28 part 5), and every delivery needs
 * it. signature.test.ts holds this code to the SDK's verdicts on the same inputs; the SDK itself is loaded only
 * when a call to Stripe's API is made (./stripe-adapter.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

const sign = (payload: string, secret: string, timestamp: number): string =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');

/** A `Stripe-Signature` header for `payload` (the local checkout's deliveries, the tests), as Stripe signs. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${sign(payload, secret, timestamp)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };
export type VerifiedEvent =
  { ok: true; event: Stripe.Event } | { ok: false; problem: 'signature' | 'json'; reason: string };

/** `t` and the `v1` signatures of a header (other schemes, such as Stripe's v0 test scheme, are ignored). */
function parseHeader(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    // no trimming: the SDK reads ` v1=…` as another scheme, and so does this
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 't' && /^\d+$/.test(value)) t = Number(value);
    else if (key === 'v1') v1.push(value);
  }
  return t === null ? null : { t, v1 };
}

// lower-case hex only, as Stripe writes it and the SDK compares it
const sameHex = (expected: string, given: string): boolean => {
  if (!/^[0-9a-f]+$/.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
};

/** Verify and parse a webhook delivery (raw body as received). */
export function constructWebhookEvent(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): VerifiedEvent {
  const refuse = (reason: string): VerifiedEvent => ({ ok: false, problem: 'signature', reason });
  if (!secret) return refuse('no webhook secret configured');
  if (!header) return refuse('missing Stripe-Signature header');
  const parsed = parseHeader(header);
  if (!parsed || parsed.v1.length === 0) return refuse('Unable to extract timestamp and signatures from header');
  const expected = sign(payload, secret, parsed.t);
  if (!parsed.v1.some((v) => sameHex(expected, v)))
    return refuse('No signatures found matching the expected signature for payload');
  if (Math.abs(now - parsed.t) > tolerance) return refuse('timestamp outside the tolerance');
  try {
    // JSON.parse is the SDK's constructEvent's parse too: an event is what Stripe sent, read as Stripe.Event
    const event: Stripe.Event = JSON.parse(payload);
    return { ok: true, event };
  } catch {
    return { ok: false, problem: 'json', reason: 'Invalid JSON' };
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
