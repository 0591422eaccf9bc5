/**
 * Creative mode rendered by the Fitly engine (no generative AI): the garment on the person, then a look per
 * prompt template — a background and a colour grade, two template fields admins edit. One list of each for
 * the engine (shared/engine), the API's template schema and the admin editor.
 */
export const CREATIVE_BACKGROUNDS = [
  'original',
  'studio-white',
  'studio-grey',
  'warm-gradient',
  'cool-gradient',
  'sunset',
  'night-city',
] as const;
export type CreativeBackground = (typeof CREATIVE_BACKGROUNDS)[number];

export const COLOR_GRADES = ['none', 'warm', 'cool', 'mono', 'vivid', 'film', 'soft'] as const;
export type ColorGrade = (typeof COLOR_GRADES)[number];

export const CREATIVE_BACKGROUND_LABELS: Record<CreativeBackground, string> = {
  original: 'Keep the photo’s background',
  'studio-white': 'Studio, white',
  'studio-grey': 'Studio, grey',
  'warm-gradient': 'Warm gradient',
  'cool-gradient': 'Cool gradient',
  sunset: 'Sunset',
  'night-city': 'Night city lights',
};

export const COLOR_GRADE_LABELS: Record<ColorGrade, string> = {
  none: 'None',
  warm: 'Warm',
  cool: 'Cool',
  mono: 'Black and white',
  vivid: 'Vivid',
  film: 'Film',
  soft: 'Soft',
};

export interface CreativeLook {
  background: CreativeBackground;
  grade: ColorGrade;
}

/** A template without the two fields (made before they existed): the photo as it is. */
export const DEFAULT_CREATIVE_LOOK: CreativeLook = { background: 'original', grade: 'none' };
