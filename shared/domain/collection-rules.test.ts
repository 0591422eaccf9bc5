import { describe, expect, it } from 'vitest';
import { coverAfterRemoval, isListedCollection } from './collection-rules';

const a = { coverImageUrl: '/api/public-image/a-cover.jpg', promptImageUrl: '/api/public-image/a.jpg' };
const b = { coverImageUrl: null, promptImageUrl: '/api/public-image/b.jpg' };
const c = { coverImageUrl: '/api/public-image/c-cover.jpg', promptImageUrl: null };

describe('collection covers follow the current styles', () => {
  it('a cover taken from the style that left becomes the first remaining style image', () => {
    expect(coverAfterRemoval(a.coverImageUrl, a, [b, c])).toBe(b.promptImageUrl);
    expect(coverAfterRemoval(a.promptImageUrl, a, [c])).toBe(c.coverImageUrl);
  });

  it('no style left: no cover', () => {
    expect(coverAfterRemoval(a.coverImageUrl, a, [])).toBeNull();
    expect(coverAfterRemoval(a.coverImageUrl, a, [{ coverImageUrl: null, promptImageUrl: null }])).toBeNull();
  });

  it('a cover from another style, or uploaded by the owner, stays', () => {
    expect(coverAfterRemoval(b.promptImageUrl, a, [b])).toBeUndefined();
    expect(coverAfterRemoval('/api/public-image/uploads/own.jpg', a, [b])).toBeUndefined();
    expect(coverAfterRemoval(null, a, [b])).toBeUndefined();
  });
});

describe('listed collections', () => {
  it('only published collections with at least one style', () => {
    expect(isListedCollection({ isPublic: true, styleCount: 2 })).toBe(true);
    expect(isListedCollection({ isPublic: true, styleCount: 0 })).toBe(false);
    expect(isListedCollection({ isPublic: false, styleCount: 3 })).toBe(false);
  });
});
