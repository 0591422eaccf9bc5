import { describe, expect, it } from 'vitest';
import { detectLimit } from './limit-errors';

describe('detectLimit: codes', () => {
  it.each([
    ['limit.photo_profiles', 'photo_profiles'],
    ['limit.private_styles', 'private_styles'],
    ['limit.publish', 'publish'],
    ['limit.credits', 'credits'],
  ] as const)('exact code %s', (code, kind) => {
    expect(detectLimit({ code })).toBe(kind);
  });

  it.each([
    ['PROFILE_LIMIT', 'photo_profiles'],
    ['quota.profiles', 'photo_profiles'],
    ['private_style_cap', 'private_styles'],
    ['styles.private.max', 'private_styles'],
    ['cannot_publish', 'publish'],
    ['no_credits', 'credits'],
    ['Credit.Insufficient', 'credits'],
  ] as const)('code containing the keywords: %s', (code, kind) => {
    expect(detectLimit({ code })).toBe(kind);
  });

  it('a code wins over the message', () => {
    expect(detectLimit({ code: 'limit.credits', message: 'Photo profile limit reached' })).toBe('credits');
  });

  it('"style" alone in a code is not a private-styles limit', () => {
    expect(detectLimit({ code: 'style.not_found' })).toBeNull();
  });

  it('an unrelated code falls back to the message', () => {
    expect(detectLimit({ code: 'validation', message: 'Profile limit reached' })).toBe('photo_profiles');
    expect(detectLimit({ code: 'validation', message: 'Bad request' })).toBeNull();
  });
});

describe('detectLimit: messages', () => {
  it.each([
    ['You have reached the maximum number of photo profiles', 'photo_profiles'],
    ['Photo profile limit for your plan', 'photo_profiles'],
    ['Private style limit exceeded', 'private_styles'],
    ['You reached your private styles quota', 'private_styles'],
    ['Only influencers can make styles public', 'publish'],
    ['Insufficient credits', 'credits'],
    ['Not enough credits left', 'credits'],
    ['You need at least 1 credit to generate a look', 'credits'],
  ] as const)('%s', (message, kind) => {
    expect(detectLimit({ message })).toBe(kind);
  });

  it('matches case-insensitively', () => {
    expect(detectLimit({ message: 'PROFILE LIMIT' })).toBe('photo_profiles');
  });

  it.each([
    'Profile not found',
    'Style limit', // "style" without "private"
    'Private style not found',
    'Influencer application pending',
    'Public styles only',
    'Credit card declined',
    'You need to sign in',
    'Limit reached', // no subject
    '',
  ])('no match: %j', (message) => {
    expect(detectLimit({ message })).toBeNull();
  });

  it('no error or no fields', () => {
    expect(detectLimit(null)).toBeNull();
    expect(detectLimit(undefined)).toBeNull();
    expect(detectLimit({})).toBeNull();
    expect(detectLimit({ code: null, message: null })).toBeNull();
  });
});

describe('detectLimit: precondition codes are never limits', () => {
  it.each([
    'profile_required',
    'portrait_required',
    'full_body_required',
    'body_description_required',
    'style.not_found',
    'profile_missing',
    'invalid_profile',
  ])('%s', (code) => {
    // even with a message that would match on its own
    expect(detectLimit({ code, message: 'Photo profile limit reached' })).toBeNull();
  });

  it('the exact limit codes still win', () => {
    expect(detectLimit({ code: 'limit.photo_profiles', message: 'Please create a photo profile first' })).toBe(
      'photo_profiles',
    );
  });
});

describe('every error code the API sends', () => {
  it('opens an upsell only for the limit.* codes', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(path.join(root, 'functions'));
    walk(path.join(root, 'shared'));
    const codes = new Set<string>();
    const errorCall =
      /(?:new HttpError\(\s*\d+\s*,|badRequest\([^;]*?,|conflict\([^;]*?,|forbidden\([^;]*?,)\s*'([a-z_.]+)'/g;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(errorCall)) codes.add(m[1]!);
      for (const m of text.matchAll(/^\s*\w+: '([a-z_]+(?:\.[a-z_]+)*)',$/gm))
        if (f.endsWith('errors.ts')) codes.add(m[1]!);
    }
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes]).toContain('profile_required');
    const wrong = [...codes].filter((code) => (detectLimit({ code }) !== null) !== code.startsWith('limit.'));
    expect(wrong).toEqual([]);
  });
});
