/**
 * Creative looks without an AI provider (issue 23): a prompt template names a procedural background and a colour
 * grade, applied by the Fitly engine (shared/engine/look/look.ts) to the try-on. Honest: no imitation of generative AI.
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

/** Labels for the admin select. */
export const CREATIVE_BACKGROUND_LABELS: Record<CreativeBackground, string> = {
  original: 'Original photo background',
  'studio-white': 'Studio, white',
  'studio-grey': 'Studio, grey',
  'warm-gradient': 'Warm gradient',
  'cool-gradient': 'Cool gradient',
  sunset: 'Sunset sky',
  'night-city': 'Night city lights',
};

export const COLOR_GRADE_LABELS: Record<ColorGrade, string> = {
  none: 'No grade',
  warm: 'Warm',
  cool: 'Cool',
  mono: 'Black and white',
  vivid: 'Vivid',
  film: 'Film (faded, warm shadows)',
  soft: 'Soft (low contrast)',
};

export interface CreativeLook {
  background: CreativeBackground;
  grade: ColorGrade;
}

export const DEFAULT_CREATIVE_LOOK: CreativeLook = { background: 'original', grade: 'none' };
