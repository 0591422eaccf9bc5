import { describe, expect, it } from 'vitest';
import {
  imageRefPath,
  isOwnPrivateKey,
  isSafeImageKey,
  parseImageRef,
  parseStyleImageRef,
  publicMediaKey,
  publicMediaUrl,
} from './image-ref';

const ME = '3f1c2d4e-0000-4000-8000-000000000001';
const VICTIM = '9a8b7c6d-0000-4000-8000-000000000002';

describe('parseImageRef', () => {
  it('parses our own references into bucket and key', () => {
    expect(parseImageRef(`/api/private-image/users/${ME}/outfits/01ABC.jpg`, { callerId: ME })).toEqual({
      ok: true,
      bucket: 'private',
      key: `users/${ME}/outfits/01ABC.jpg`,
    });
    expect(parseImageRef('/api/public-image/styles/seed-style-01/prompt.webp')).toEqual({
      ok: true,
      bucket: 'public',
      key: 'styles/seed-style-01/prompt.webp',
    });
    expect(parseImageRef('/api/public-image/uploads/style_prompt/u1/01ABC.webp')).toMatchObject({
      ok: true,
      bucket: 'public',
    });
  });

  it('decodes plain escapes once and stores the canonical path', () => {
    const r = parseImageRef(`/api/private-image/users/${ME}/outfits/01%41BC.jpg`, { callerId: ME });
    expect(r).toEqual({ ok: true, bucket: 'private', key: `users/${ME}/outfits/01ABC.jpg` });
    if (r.ok) expect(imageRefPath(r)).toBe(`/api/private-image/users/${ME}/outfits/01ABC.jpg`);
  });

  const attacks: [string, string][] = [
    ['dot-dot into another owner', `/api/private-image/users/${ME}/../${VICTIM}/outfits/a.jpg`],
    ['encoded dot-dot', `/api/private-image/users/${ME}/%2e%2e/${VICTIM}/outfits/a.jpg`],
    ['upper-case encoded dot-dot', `/api/private-image/users/${ME}/%2E%2E/${VICTIM}/outfits/a.jpg`],
    ['half-encoded dot-dot', `/api/private-image/users/${ME}/.%2e/${VICTIM}/outfits/a.jpg`],
    ['encoded slash', `/api/private-image/users/${ME}%2F..%2F${VICTIM}/outfits/a.jpg`],
    ['encoded backslash', `/api/private-image/users/${ME}/..%5C${VICTIM}/a.jpg`],
    ['double-encoded dot-dot', `/api/private-image/users/${ME}/%252e%252e/${VICTIM}/outfits/a.jpg`],
    ['double-encoded slash', `/api/private-image/users/${ME}%252F..%252F${VICTIM}/a.jpg`],
    ['single dot segment', `/api/private-image/users/${ME}/./outfits/a.jpg`],
    ['empty segment', `/api/private-image/users/${ME}//outfits/a.jpg`],
    ['public prefix into the private bucket', `/api/public-image/../private-bucket/users/${VICTIM}/outfits/a.jpg`],
    ['encoded public traversal', `/api/public-image/%2e%2e/private-bucket/users/${VICTIM}/outfits/a.jpg`],
    ['public traversal after a root', `/api/public-image/uploads/../../private/users/${VICTIM}/a.jpg`],
    ['public catalogue document', '/api/public-image/catalog/styles.json'],
    ['query string', `/api/private-image/users/${ME}/a.jpg?x=1`],
    ['fragment', `/api/private-image/users/${ME}/a.jpg#x`],
    ['backslash', `/api/private-image/users/${ME}\\..\\${VICTIM}\\a.jpg`],
    ['whitespace', `/api/private-image/users/${ME}/a b.jpg`],
    ['NUL', `/api/private-image/users/${ME}/a%00.jpg`],
    ['broken escape', `/api/private-image/users/${ME}/a%zz.jpg`],
    ['another prefix', `/api/private-imagex/users/${ME}/a.jpg`],
    ['absolute URL to ourselves', `http://localhost/api/private-image/users/${VICTIM}/a.jpg`],
  ];
  it.each(attacks)('refuses %s', (_name, ref) => {
    expect(parseImageRef(ref, { callerId: ME }).ok).toBe(false);
  });

  it("answers not_found for another owner's private key and for a private key without a caller", () => {
    expect(parseImageRef(`/api/private-image/users/${VICTIM}/outfits/a.jpg`, { callerId: ME })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(parseImageRef(`/api/private-image/users/${ME}x/outfits/a.jpg`, { callerId: ME })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(parseImageRef(`/api/private-image/users/${ME}/outfits/a.jpg`)).toEqual({ ok: false, reason: 'not_found' });
    expect(parseImageRef(`/api/private-image/users/${ME}/a.jpg`, { callerId: '..' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('honours the allowed buckets of an entry point', () => {
    expect(parseImageRef(`/api/private-image/users/${ME}/a.jpg`, { callerId: ME, allow: ['public'] }).ok).toBe(false);
  });

  it('refuses non-strings and overlong references', () => {
    expect(parseImageRef(undefined).ok).toBe(false);
    expect(parseImageRef(`/api/public-image/uploads/${'a'.repeat(2000)}`).ok).toBe(false);
  });
});

describe('parseStyleImageRef', () => {
  it('accepts uploads and seed images in the public bucket only', () => {
    expect(parseStyleImageRef('/api/public-image/uploads/style_prompt/u1/01ABC.webp').ok).toBe(true);
    expect(parseStyleImageRef('/api/public-image/styles/seed-style-01/prompt.webp').ok).toBe(true);
    expect(parseStyleImageRef(`/api/private-image/users/${ME}/outfits/a.jpg`).ok).toBe(false);
    expect(parseStyleImageRef('/api/public-image/uploads/style_prompt/%2e%2e/x.webp').ok).toBe(false);
    expect(parseStyleImageRef('/api/public-image/avatars/u1/a.webp').ok).toBe(false);
    expect(parseStyleImageRef('https://evil.test/x.png').ok).toBe(false);
  });
});

describe('isSafeImageKey', () => {
  it('refuses traversal, empty and odd segments', () => {
    expect(isSafeImageKey('users/u1/a.jpg')).toBe(true);
    for (const k of ['', '/users/u1', 'users/../x', 'users/./x', 'users//x', 'users/u1/a%2e', 'users/u1/a b'])
      expect(isSafeImageKey(k)).toBe(false);
  });
});

describe('public media paths and private style images', () => {
  it('maps a well-formed public reference to /media/<key>, nothing else', () => {
    expect(publicMediaUrl('/api/public-image/styles/s1/cover.webp')).toBe('/media/styles/s1/cover.webp');
    expect(publicMediaUrl('/api/public-image/avatars/u1/01J.jpg')).toBe('/media/avatars/u1/01J.jpg');
    for (const bad of [
      '/api/private-image/users/u1/a.jpg',
      '/api/public-image/catalog/styles.json',
      '/api/public-image/styles/../x',
      '/api/public-image/styles/%2e%2e/x',
      'https://x.test/a.jpg',
      '/media/styles/s1/a.jpg',
    ])
      expect(publicMediaUrl(bad), bad).toBeNull();
    expect(publicMediaKey('/media/styles/s1/cover.webp')).toBe('styles/s1/cover.webp');
    for (const bad of [
      '/media/catalog/styles.json',
      '/media/users/u1/a.jpg',
      '/media/',
      '/media/styles/../x',
      '/s3/styles/s1/a.jpg',
    ])
      expect(publicMediaKey(bad), bad).toBeNull();
  });

  it("a private style image is its owner's: as a reference, and in the style editor only for the named owners", () => {
    const ref = '/api/private-image/style-images/u1/01J.webp';
    expect(parseImageRef(ref, { callerId: 'u1' })).toEqual({
      ok: true,
      bucket: 'private',
      key: 'style-images/u1/01J.webp',
    });
    expect(parseImageRef(ref, { callerId: 'u2' })).toEqual({ ok: false, reason: 'not_found' });
    expect(isOwnPrivateKey('style-images/u1/01J.webp', 'u1')).toBe(true);
    expect(isOwnPrivateKey('style-images/u1/01J.webp', 'u2')).toBe(false);
    expect(isOwnPrivateKey('other/u1/01J.webp', 'u1')).toBe(false);
    expect(parseStyleImageRef(ref, ['u1']).ok).toBe(true);
    expect(parseStyleImageRef(ref, ['u2']).ok).toBe(false);
    expect(parseStyleImageRef(ref).ok).toBe(false); // collection covers: public only
    expect(parseStyleImageRef('/api/private-image/users/u1/photo-profiles/p/portrait.jpg', ['u1']).ok).toBe(false);
    expect(parseStyleImageRef('/api/private-image/style-images/u1/a/b.webp', ['u1']).ok).toBe(false);
  });
});
