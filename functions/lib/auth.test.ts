import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertTrustedIssuer, bearerToken, cachedVerify, VERIFIED_TOKEN_CACHE_SIZE } from './auth';

describe('assertTrustedIssuer', () => {
  const cognito = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123';
  it('accepts the Cognito issuer with its own JWKS in a deployed stage', () => {
    expect(() =>
      assertTrustedIssuer({ local: false, issuer: cognito, jwksUri: `${cognito}/.well-known/jwks.json` }),
    ).not.toThrow();
  });
  it('refuses the local (cognito-local) issuer outside local mode', () => {
    const local = 'http://localhost:3000/cognito/local_abc';
    expect(() =>
      assertTrustedIssuer({ local: false, issuer: local, jwksUri: `${local}/.well-known/jwks.json` }),
    ).toThrow(/untrusted/);
    expect(() =>
      assertTrustedIssuer({ local: true, issuer: local, jwksUri: `${local}/.well-known/jwks.json` }),
    ).not.toThrow();
  });
  it('refuses a foreign JWKS URI outside local mode', () => {
    expect(() =>
      assertTrustedIssuer({ local: false, issuer: cognito, jwksUri: 'https://evil.test/jwks.json' }),
    ).toThrow(/JWKS/);
  });
});

describe('bearerToken', () => {
  it('reads a Bearer token and ignores other schemes', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def.ghi' })).toBe('abc.def.ghi');
    expect(bearerToken({ authorization: 'bearer   xyz' })).toBe('xyz');
    expect(bearerToken({ authorization: 'Basic Zm9v' })).toBeNull();
    expect(bearerToken({})).toBeNull();
  });
});

describe('cachedVerify: a verified token is remembered until its expiry', () => {
  afterEach(() => vi.useRealTimers());
  const now = Date.parse('2026-11-26T10:00:00Z');
  /** A verifier that accepts tokens named "good-<exp seconds>" and counts its calls. */
  const fake = () => {
    const calls: string[] = [];
    const verify = async (token: string) => {
      calls.push(token);
      const m = /^good-(\d+)$/.exec(token);
      if (!m) throw new Error('invalid signature');
      return { sub: 'u1', exp: Number(m[1]) };
    };
    return { calls, verifier: cachedVerify(verify) };
  };

  it('verifies a token once, then answers from memory until exp, then verifies again (and refuses)', async () => {
    vi.useFakeTimers({ now });
    const { calls, verifier } = fake();
    const exp = now / 1000 + 60;
    const token = `good-${exp}`;
    expect(await verifier.verify(token)).toEqual({ sub: 'u1', exp });
    expect(await verifier.verify(token)).toEqual({ sub: 'u1', exp });
    expect(calls).toEqual([token]);
    vi.setSystemTime(exp * 1000);
    // at exp the memory is gone: the real verifier runs again (a real one refuses an expired token)
    await verifier.verify(token);
    expect(calls).toEqual([token, token]);
  });

  it('never remembers a refusal: a bad token is verified (and refused) every time', async () => {
    const { calls, verifier } = fake();
    await expect(verifier.verify('tampered')).rejects.toThrow(/signature/);
    await expect(verifier.verify('tampered')).rejects.toThrow(/signature/);
    expect(calls).toEqual(['tampered', 'tampered']);
  });

  it('keeps at most VERIFIED_TOKEN_CACHE_SIZE tokens, forgetting the oldest', async () => {
    vi.useFakeTimers({ now });
    const { calls, verifier } = fake();
    const exp = now / 1000 + 3600;
    const tokens = Array.from({ length: VERIFIED_TOKEN_CACHE_SIZE + 1 }, (_, i) => `good-${exp + i}`);
    for (const t of tokens) await verifier.verify(t);
    await verifier.verify(tokens[tokens.length - 1]!); // remembered
    await verifier.verify(tokens[0]!); // forgotten: verified again
    expect(calls.length).toBe(tokens.length + 1);
    expect(calls[calls.length - 1]).toBe(tokens[0]);
  });
});
