/** Onboarding vocabularies (spec 01 sections 2 and 5): style ids, a fixed list of 12 brands, colour ids. */
export const PREFERENCE_STYLES = [
  'classic',
  'casual',
  'street',
  'sporty',
  'chic',
  'business',
  'boho',
  'minimal',
] as const;
export type PreferenceStyle = (typeof PREFERENCE_STYLES)[number];

export const PREFERENCE_BRANDS = [
  'Zara',
  'H&M',
  'Uniqlo',
  'Mango',
  'COS',
  "Levi's",
  'Nike',
  'Adidas',
  'Ralph Lauren',
  'Tommy Hilfiger',
  'Calvin Klein',
  'Gucci',
] as const;
export type PreferenceBrand = (typeof PREFERENCE_BRANDS)[number];

export const PREFERENCE_COLORS = [
  'black',
  'white',
  'navy',
  'gray',
  'beige',
  'brown',
  'red',
  'pink',
  'blue',
  'green',
  'yellow',
  'orange',
] as const;
export type PreferenceColor = (typeof PREFERENCE_COLORS)[number];

export const SELECT_ONE_STYLE = 'Select at least one style';
