import { describe, expect, it } from 'vitest';
import {
  favoriteCountLabel,
  optimisticFavorite,
  quickTryModeFor,
  pickQuickTryProfile,
  previewStylesFor,
  PREVIEW_LOOKS_MAX,
} from './style-rules';

describe('style detail rules', () => {
  it('maps the style image type to the quick-try wire mode', () => {
    expect(quickTryModeFor('model_wearer')).toBe('precise');
    expect(quickTryModeFor('product_only')).toBe('creative');
    expect(quickTryModeFor('product_laydown')).toBe('creative');
    expect(quickTryModeFor(undefined)).toBe('creative');
  });

  it('toggles the favourite optimistically', () => {
    expect(optimisticFavorite({ isFavorite: false, count: 4 }, true)).toEqual({ isFavorite: true, count: 5 });
    expect(optimisticFavorite({ isFavorite: true, count: 5 }, false)).toEqual({ isFavorite: false, count: 4 });
    expect(optimisticFavorite({ isFavorite: true, count: 0 }, false)).toEqual({ isFavorite: false, count: 0 });
    const same = { isFavorite: true, count: 3 };
    expect(optimisticFavorite(same, true)).toBe(same);
  });

  it('labels the count', () => {
    expect(favoriteCountLabel(1)).toBe('1 favorite');
    expect(favoriteCountLabel(1200)).toBe('1,200 favorites');
  });
});

describe('pickQuickTryProfile', () => {
  const full = (id: string, isDefault = false) => ({ id, isDefault, portraitUrl: `/p/${id}`, fullBodyUrl: `/f/${id}` });
  const portraitOnly = (id: string, isDefault = false) => ({
    id,
    isDefault,
    portraitUrl: `/p/${id}`,
    fullBodyUrl: null,
  });

  it('no profile: create one', () => {
    expect(pickQuickTryProfile('precise', [])).toEqual({ kind: 'create' });
  });

  it('the default profile when it has the photo the mode needs', () => {
    expect(pickQuickTryProfile('precise', [full('a'), full('b', true)])).toEqual({ kind: 'use', id: 'b' });
    expect(pickQuickTryProfile('creative', [portraitOnly('a', true), full('b')])).toEqual({ kind: 'use', id: 'a' });
  });

  it('a portrait-only default on a full-body style: the one profile that qualifies', () => {
    expect(pickQuickTryProfile('precise', [portraitOnly('a', true), full('b')])).toEqual({ kind: 'use', id: 'b' });
  });

  it('asks when several qualify and the default does not', () => {
    expect(pickQuickTryProfile('precise', [portraitOnly('a', true), full('b'), full('c')])).toEqual({
      kind: 'ask',
      ids: ['b', 'c'],
    });
  });

  it('none qualifies: says which photo is missing, on the default profile', () => {
    expect(pickQuickTryProfile('precise', [portraitOnly('a'), portraitOnly('b', true)])).toEqual({
      kind: 'missing-photo',
      photo: 'full-body',
      profileId: 'b',
    });
  });
});

describe('previewStylesFor (the looks of the style page preview)', () => {
  const s = (id: string, over: Partial<Parameters<typeof previewStylesFor>[0]> = {}) => ({
    id,
    name: id,
    sex: 'woman',
    categoryIds: [] as string[],
    styleImageType: 'product_laydown' as const,
    coverImageUrl: null,
    promptImageUrl: `public/${id}.jpg`,
    ...over,
  });
  it('puts the style first, then styles sharing a category, then the rest, for the same audience or unisex', () => {
    const me = s('me', { categoryIds: ['casual'] });
    const list = [
      s('other-a'),
      s('same-cat', { categoryIds: ['casual'] }),
      me,
      s('men', { sex: 'man' }),
      s('unisex', { sex: 'unisex' }),
      s('no-picture', { promptImageUrl: null }),
    ];
    expect(previewStylesFor(me, list).map((x) => x.id)).toEqual(['me', 'same-cat', 'other-a', 'unisex']);
  });
  it('offers at most PREVIEW_LOOKS_MAX looks, and the style alone when the catalogue has nothing else', () => {
    const me = s('me');
    const many = Array.from({ length: 20 }, (_, i) => s(`x${i}`));
    expect(previewStylesFor(me, many)).toHaveLength(PREVIEW_LOOKS_MAX);
    expect(previewStylesFor(me, [])).toEqual([me]);
  });
});
