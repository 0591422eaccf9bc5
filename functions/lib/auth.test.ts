import { describe, expect, it } from 'vitest';
import { assertTrustedIssuer, bearerToken } from './auth';

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
