import { describe, expect, it } from 'vitest';
import { PREFERENCE_BRANDS, PREFERENCE_COLORS, PREFERENCE_STYLES } from '@shared/domain/preferences';
import { BRAND_OPTIONS, COLOR_OPTIONS, STYLE_OPTIONS, toggleValue } from './options';

describe('onboarding options', () => {
  it('offers exactly the shared vocabularies, with labels and swatches', () => {
    expect(STYLE_OPTIONS.map((o) => o.id)).toEqual([...PREFERENCE_STYLES]);
    expect(BRAND_OPTIONS).toHaveLength(12);
    expect(BRAND_OPTIONS.map((o) => o.id)).toEqual([...PREFERENCE_BRANDS]);
    expect(COLOR_OPTIONS.map((o) => o.id)).toEqual([...PREFERENCE_COLORS]);
    for (const c of COLOR_OPTIONS) expect(c.swatch).toMatch(/^#[0-9a-f]{6}$/);
    expect(STYLE_OPTIONS[0]).toMatchObject({ id: 'classic', label: 'Classic' });
  });

  it('toggles values', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
