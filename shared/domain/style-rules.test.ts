import { describe, expect, it } from 'vitest';
import {
  checkCategoryIds,
  isAllowedStyleImagePath,
  isHttpUrl,
  normalizeStyleSex,
  normalizeTags,
  styleCaps,
} from './style-rules';

describe('style rules', () => {
  it('normalizes sex to man, woman, unisex', () => {
    expect(normalizeStyleSex('male')).toEqual({ ok: true, value: 'man' });
    expect(normalizeStyleSex('female')).toEqual({ ok: true, value: 'woman' });
    expect(normalizeStyleSex('woman')).toEqual({ ok: true, value: 'woman' });
    expect(normalizeStyleSex(undefined)).toEqual({ ok: true, value: 'unisex' });
    expect(normalizeStyleSex('other').ok).toBe(false);
  });

  it('limits categories to 3 without duplicates', () => {
    expect(checkCategoryIds(['a', 'b', 'c'])).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(checkCategoryIds(['a', 'b', 'c', 'd'])).toEqual({ ok: false, message: 'Maximum 3 categories allowed' });
    expect(checkCategoryIds(['a', 'a'])).toEqual({ ok: false, message: 'Category already selected' });
  });

  it('trims, dedupes and caps tags', () => {
    expect(normalizeTags([' a ', 'A', '', 'b'])).toEqual({ ok: true, value: ['a', 'b'] });
    expect(normalizeTags(Array.from({ length: 11 }, (_, i) => `t${i}`)).ok).toBe(false);
    expect(normalizeTags(Array.from({ length: 12 }, () => 'same'))).toEqual({ ok: true, value: ['same'] });
  });

  it('accepts upload, download and seed image paths only', () => {
    expect(isAllowedStyleImagePath('/api/public-image/uploads/style_prompt/u1/01ABC.webp')).toBe(true);
    expect(isAllowedStyleImagePath('/api/public-image/uploads/remote/u1/01ABC.jpg')).toBe(true);
    expect(isAllowedStyleImagePath('/api/public-image/styles/seed-style-01/prompt.webp')).toBe(true);
    expect(isAllowedStyleImagePath('https://evil.test/x.png')).toBe(false);
    expect(isAllowedStyleImagePath('/api/private-image/users/u1/x.webp')).toBe(false);
    expect(isAllowedStyleImagePath('/api/public-image/uploads/../catalog/styles.json')).toBe(false);
  });

  it('accepts http(s) product URLs only', () => {
    expect(isHttpUrl('https://shop.test/a')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://x.test')).toBe(false);
  });

  it('caps styles by role and plan', () => {
    expect(styleCaps({ role: 'admin', currentRole: 'admin' })).toEqual({ private: null, public: null });
    expect(styleCaps({ role: 'influencer', isInfluencer: true, currentPlan: 'starter' })).toEqual({
      private: 60,
      public: 120,
    });
    expect(styleCaps({ role: 'influencer', isInfluencer: false, currentPlan: 'trial' })).toEqual({
      private: 2,
      public: 0,
    });
    expect(styleCaps({ role: 'shopper', currentPlan: 'starter' })).toEqual({ private: 20, public: 0 });
  });
});
