/** Onboarding option labels and colour swatches (the vocabularies themselves live in shared/domain/preferences.ts). */
import {
  PREFERENCE_BRANDS,
  PREFERENCE_COLORS,
  PREFERENCE_STYLES,
  type PreferenceColor,
  type PreferenceStyle,
} from '@shared/domain/preferences';

const STYLE_HINTS: Record<PreferenceStyle, string> = {
  classic: 'Timeless tailoring and staples',
  casual: 'Relaxed everyday outfits',
  street: 'Streetwear, sneakers, graphics',
  sporty: 'Athleisure and active looks',
  chic: 'Polished and elegant',
  business: 'Office and meetings',
  boho: 'Free-spirited layers',
  minimal: 'Clean lines, few colours',
};

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const STYLE_OPTIONS = PREFERENCE_STYLES.map((id) => ({ id, label: capitalize(id), hint: STYLE_HINTS[id] }));

export const BRAND_OPTIONS = PREFERENCE_BRANDS.map((id) => ({ id, label: id }));

export const COLOR_SWATCHES: Record<PreferenceColor, string> = {
  black: '#111111',
  white: '#ffffff',
  navy: '#1f2a4d',
  gray: '#8a8f98',
  beige: '#d9c7a7',
  brown: '#7a4f2a',
  red: '#d0342c',
  pink: '#f29bb8',
  blue: '#2f6fd6',
  green: '#2f8a4f',
  yellow: '#f2c94c',
  orange: '#ee7b2f',
};

export const COLOR_OPTIONS = PREFERENCE_COLORS.map((id) => ({ id, label: capitalize(id), swatch: COLOR_SWATCHES[id] }));

/** Add or remove one value (a new array; the order of first selection is kept). */
export const toggleValue = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
