import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signPayload, verifySignature } from './signature';

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
  });
});
