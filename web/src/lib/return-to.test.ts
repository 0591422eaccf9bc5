import { describe, expect, it } from 'vitest';
import { registerPath, safeReturnTo, serverSignInUrl, signInPath } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    '/pricing?buy=starter',
    '/influencer/apply',
    '/style/abc#top',
    '/quick-try?imageUrl=https%3A%2F%2Fshop.example%2Fa.jpg',
  ])('keeps the same-origin path %s', (p) => {
    expect(safeReturnTo(p)).toBe(p);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/auth/login',
    '/auth/register?returnTo=/x',
    '/api/logout',
    'pricing',
    `/${'a'.repeat(2100)}`,
  ])('rejects %j', (p) => {
    expect(safeReturnTo(p)).toBeNull();
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnTo('/a/../pricing')).toBe('/pricing');
    expect(safeReturnTo('/../auth/login')).toBeNull();
  });
});

describe('sign-in and sign-up paths', () => {
  it('carry a safe return path, encoded', () => {
    expect(signInPath('/pricing?buy=starter')).toBe('/auth/login?returnTo=%2Fpricing%3Fbuy%3Dstarter');
    expect(registerPath('/influencer/apply')).toBe('/auth/register?returnTo=%2Finfluencer%2Fapply');
    expect(serverSignInUrl('/pricing?buy=trial')).toBe('/api/auth/login?returnTo=%2Fpricing%3Fbuy%3Dtrial');
  });

  it('drop an unsafe or empty one', () => {
    expect(signInPath('//evil.example')).toBe('/auth/login');
    expect(signInPath(null)).toBe('/auth/login');
    expect(signInPath('/')).toBe('/auth/login');
  });
});
