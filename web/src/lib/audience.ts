import { normalizeSex } from '@shared/domain/catalog';

/** Style sex (man/woman/unisex, or male/female) against profile gender: warn unless equal or either unisex. */
export function genderMismatch(styleSex: string | null | undefined, profileGender: string | null | undefined): boolean {
  const s = normalizeSex(styleSex ?? '');
  const p = normalizeSex(profileGender ?? '');
  if (!s || !p || s === 'unisex' || p === 'unisex') return false;
  return s !== p;
}

/** The audience badge: Men, Women or Unisex. */
export function audienceLabel(styleSex: string | null | undefined): 'Men' | 'Women' | 'Unisex' {
  const s = normalizeSex(styleSex ?? '');
  return s === 'man' ? 'Men' : s === 'woman' ? 'Women' : 'Unisex';
}

export const IMAGE_TYPE_LABELS = {
  model_wearer: { label: 'Model Wearing Product', mode: 'Exact Mode' },
  product_only: { label: 'Product Only', mode: 'Creative Mode' },
  product_laydown: { label: 'Product Laydown', mode: 'Both Modes' },
} as const;
