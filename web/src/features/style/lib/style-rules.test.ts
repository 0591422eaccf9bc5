import { describe, expect, it } from 'vitest';
import { favoriteCountLabel, optimisticFavorite, quickTryModeFor } from './style-rules';

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
