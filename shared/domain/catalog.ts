/** Catalog vocabularies (spec 02 section 3): style image types, sexes, task types, vibes, settings. */
export const STYLE_IMAGE_TYPES = ['model_wearer', 'product_only', 'product_laydown'] as const;
export type StyleImageType = (typeof STYLE_IMAGE_TYPES)[number];

/**
 * How the Fitly engine reads a picture of each type (the render worker's photoType, spelt for the engine): a
 * model wearing it has the garment taken off the model, a laydown is a product shot, a product alone is
 * classified from its outline.
 */
export const ENGINE_GARMENT_SOURCE: Record<StyleImageType, 'on-model' | 'laydown' | 'auto'> = {
  model_wearer: 'on-model',
  product_laydown: 'laydown',
  product_only: 'auto',
};

/** Stored spelling of a style's audience; the API also accepts male/female (see normalizeSex). */
export const STYLE_SEXES = ['man', 'woman', 'unisex'] as const;
export type StyleSex = (typeof STYLE_SEXES)[number];
export const normalizeSex = (s: string): StyleSex | null =>
  s === 'male' || s === 'man' ? 'man' : s === 'female' || s === 'woman' ? 'woman' : s === 'unisex' ? 'unisex' : null;

export const GENDERS = ['male', 'female', 'unisex'] as const;
export type Gender = (typeof GENDERS)[number];

export const TASK_TYPES = [
  'OUTFIT_TRYON',
  'FACE_GLASSES',
  'FACE_HAIRCUT',
  'FACE_BEARD',
  'FACE_HAIR_COLOR',
  'FACE_MAKEUP',
  'BACKGROUND_SCENE',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const VIBES = ['CASUAL', 'STREETWEAR', 'CHIC', 'CLASSIC', 'GLAM', 'SPORTY'] as const;
export type Vibe = (typeof VIBES)[number];

export const SETTINGS = ['STUDIO', 'URBAN_NIGHT', 'NY_TIMES_SQUARE', 'BEACH', 'ROOFTOP'] as const;
export type Setting = (typeof SETTINGS)[number];

/** The only tokens a raw template's jsonText may contain. */
export const RAW_TEMPLATE_TOKENS = [
  '{{STYLE_REF_URL}}',
  '{{PORTRAIT_URL}}',
  '{{FULL_BODY_URL}}',
  '{{BACKGROUND_URL}}',
] as const;
export const RAW_TEMPLATE_DEFAULTS = { priority: 10, aspectRatio: '4:5', outputFormat: 'jpeg', numImages: 1 } as const;

/** The token a prompt template's text may contain, replaced by the profile's body description. */
export const BODY_DESCRIPTION_TOKEN = '{{BODY_DESCRIPTION}}';

export const MAX_STYLE_CATEGORIES = 3;
export const MAX_CARD_TAGS = 3;

/**
 * Write shards of a style's counters (issue 28, docs/capacity.md): generations and favourites write one of these
 * small items instead of the style item (a viral style would otherwise be one hot key for every generation of
 * it, and every write of a public style's item is also a write of its index entries in the one public-styles
 * partition). Favourites are summed on read (the style's own `favoriteCount` + the shards); generations' `pending`
 * uses are folded into the style's `usageCount` by the shard itself, at most once per STYLE_USAGE_FOLD_MS, so lists
 * and sorts keep reading `usageCount` on the style item: a style's item takes at most 8 usage writes a minute,
 * and a style used less often than that shows every use at once. May only grow (reads sum shards 0..N-1).
 */
export const STYLE_COUNTER_SHARDS = 8;
export const STYLE_USAGE_FOLD_MS = 60_000;

/** GET /api/favorites (issue 39): a page of the caller's favourite styles, most recently favourited first. */
export const FAVORITES_LIMIT_DEFAULT = 24;
export const FAVORITES_LIMIT_MAX = 60;
