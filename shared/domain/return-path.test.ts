import { describe, expect, it } from 'vitest';
import { checkoutRedirects, checkoutReturnPath } from './return-path';

describe('checkout return paths', () => {
  it('keep the page and its own query, without the round trip parameters or the hash', () => {
    expect(checkoutReturnPath('/style/abc?tab=shop&success=true&canceled=true&buy=starter#x')).toBe(
      '/style/abc?tab=shop',
    );
    expect(checkoutReturnPath('/pricing?buy=pack-30')).toBe('/pricing');
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example', '/api/x', null])('refuse %j', (p) => {
    expect(checkoutReturnPath(p)).toBeNull();
  });

  it('add success=true and canceled=true to the page, on the given origin', () => {
    expect(checkoutRedirects('https://app.example', '/style/abc')).toEqual({
      successUrl: 'https://app.example/style/abc?success=true',
      cancelUrl: 'https://app.example/style/abc?canceled=true',
    });
    expect(checkoutRedirects('https://app.example', '/gallery?page=2').successUrl).toBe(
      'https://app.example/gallery?page=2&success=true',
    );
    // an unsafe path (never reaching here through the route's schema) falls back to /subscription
    expect(checkoutRedirects('https://app.example', '//evil.example').successUrl).toBe(
      'https://app.example/subscription?success=true',
    );
  });
});
