import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { constructWebhookEvent, signPayload, verifySignature } from './signature';

describe('Stripe webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","object":"event"}';
  it('accepts a signature made with the secret on the exact body', () => {
    const now = 1_700_000_000;
    expect(verifySignature(body, signPayload(body, secret, now), secret, now)).toEqual({ ok: true });
    // Stripe's own construction
    const v1 = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(verifySignature(body, `t=${now},v1=deadbeef${'0'.repeat(56)},v1=${v1}`, secret, now).ok).toBe(true);
  });
  it('refuses a changed body, another secret, a stale or future timestamp and malformed headers', () => {
    const now = 1_700_000_000;
    const h = signPayload(body, secret, now);
    expect(verifySignature(body + ' ', h, secret, now).ok).toBe(false);
    expect(verifySignature(body, h, 'whsec_other', now).ok).toBe(false);
    expect(verifySignature(body, h, secret, now + 301).ok).toBe(false);
    expect(verifySignature(body, h, secret, now - 301).ok).toBe(false);
    expect(verifySignature(body, h, secret, now + 300).ok).toBe(true);
    expect(verifySignature(body, undefined, secret, now).ok).toBe(false);
    expect(verifySignature(body, 'garbage', secret, now).ok).toBe(false);
    expect(verifySignature(body, h, '', now).ok).toBe(false);
    expect(verifySignature(body, `t=${now}`, secret, now).ok).toBe(false);
    expect(verifySignature(body, h.replace(/v1=(.)/, 'v1=$1$1'), secret, now).ok).toBe(false);
  });
  it('parses the body only once it is verified; a verified body that is not JSON is its own problem', () => {
    const now = 1_700_000_000;
    expect(constructWebhookEvent(body, signPayload(body, secret, now), secret, now)).toEqual({
      ok: true,
      event: JSON.parse(body),
    });
    expect(constructWebhookEvent('{nope', signPayload('{nope', secret, now), secret, now)).toMatchObject({
      ok: false,
      problem: 'json',
    });
    expect(constructWebhookEvent('{nope', signPayload('{nope', 'whsec_x', now), secret, now)).toMatchObject({
      ok: false,
      problem: 'signature',
    });
  });

  it("gives the Stripe SDK's verdict (stripe.webhooks.constructEvent) on every case, and signs as it does", () => {
    const now = 1_700_000_000;
    const sdkVerdict = (payload: string, header: string, key: string) => {
      try {
        Stripe.webhooks.constructEvent(payload, header, key, 300, undefined, now * 1000);
        return true;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) return false;
        throw err;
      }
    };
    const sdkHeader = (payload: string, key: string, timestamp: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: key, timestamp });
    const v1 = (payload: string, key: string, t: number) =>
      createHmac('sha256', key).update(`${t}.${payload}`).digest('hex');
    const cases: [string, string, string][] = [
      [body, sdkHeader(body, secret, now), secret],
      [body, sdkHeader(body, secret, now - 299), secret],
      [body, sdkHeader(body, secret, now - 301), secret],
      [body, sdkHeader(body, 'whsec_other', now), secret],
      [body + '\n', sdkHeader(body, secret, now), secret],
      [body, `t=${now},v1=${v1(body, secret, now)},v0=abc`, secret],
      [body, `t=${now},v0=${v1(body, secret, now)}`, secret],
      [body, `v1=${v1(body, secret, now)}`, secret],
      [body, `t=${now},v1=${v1(body, secret, now).toUpperCase()}`, secret],
      [body, `t=${now},v1=${v1(body, secret, now).slice(0, 63)}`, secret],
      [body, `t=${now + 1},v1=${v1(body, secret, now)}`, secret],
      [body, `t=${now}, v1=${v1(body, secret, now)}`, secret],
      ['{"é":"ü"}', sdkHeader('{"é":"ü"}', secret, now), secret],
    ];
    for (const [payload, header, key] of cases)
      expect(verifySignature(payload, header, key, now).ok, `${payload} ${header}`).toBe(
        sdkVerdict(payload, header, key),
      );
    expect(signPayload(body, secret, now)).toBe(sdkHeader(body, secret, now));
  });
});
