import { describe, expect, it } from 'vitest';
import { checkoutOrigin } from './billing-ui';

describe('checkoutOrigin: where a checkout comes back to', () => {
  it('is the page it started from, or the returnTo that page was given', () => {
    expect(checkoutOrigin({ pathname: '/style/seed-style-01', search: '' })).toBe('/style/seed-style-01');
    expect(checkoutOrigin({ pathname: '/subscription', search: '?returnTo=%2Fstyle%2Fabc' })).toBe('/style/abc');
  });

  it('never carries the one-time `buy` of the pricing page back (the purchase would start again)', () => {
    expect(checkoutOrigin({ pathname: '/pricing', search: '?buy=trial' })).toBe('/pricing');
    expect(checkoutOrigin({ pathname: '/pricing', search: '?buy=pack-30&x=1' })).toBe('/pricing?x=1');
  });

  it('falls back to /subscription for a returnTo outside the site', () => {
    expect(checkoutOrigin({ pathname: '/subscription', search: '?returnTo=%2F%2Fevil.example' })).toBe('/subscription');
  });
});
