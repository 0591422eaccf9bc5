/**
 * Style editor rules shared by the API and the SPA: field normalisation (sex, categories, tags) with the spec's
 * messages, who may publish, and the per-user caps of private and public styles.
 */
import { MAX_STYLE_CATEGORIES, normalizeSex, type StyleSex } from './catalog';
import { INFLUENCER_PUBLIC_STYLES, limitsFor, type LimitSubject } from './plans';
import { effectiveRole, type RoleCarrier } from './roles';
import { parseStyleImageRef } from './image-ref';

export const MAX_STYLE_TAGS = 10;
export const MAX_TAG_LENGTH = 40;

export const STYLE_MESSAGES = {
  nameRequired: 'Style name is required',
  promptImageRequired: 'Prompt image is required',
  promptImageInvalid: 'Prompt image must be an uploaded image (/api/public-image/...)',
  imageNotOwned: "You can only use your own images: this image belongs to another creator's upload or style",
  maxCategories: 'Maximum 3 categories allowed',
  duplicateCategory: 'Category already selected',
  unknownCategory: 'Category not found',
  invalidSex: 'Sex must be man, woman or unisex',
  tooManyTags: `At most ${MAX_STYLE_TAGS} tags allowed`,
  promptTemplateNotFound: 'Prompt template not found',
  privateLimit: 'You have reached your private style limit. Upgrade your plan to create more private styles.',
  publishNotAllowed:
    'Publishing public styles requires the influencer program. Apply to become an influencer to publish styles.',
  publicLimit: `You have reached the limit of ${INFLUENCER_PUBLIC_STYLES} public styles for influencers.`,
  productNameRequired: 'Product name is required',
  productUrlRequired: 'Product URL is required',
  productUrlInvalid: 'Product URL must be an http(s) address',
} as const;

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function normalizeStyleSex(input: string | null | undefined): RuleResult<StyleSex> {
  if (input === undefined || input === null || input === '') return { ok: true, value: 'unisex' };
  const s = normalizeSex(String(input).trim().toLowerCase());
  return s ? { ok: true, value: s } : { ok: false, message: STYLE_MESSAGES.invalidSex };
}

/** At most 3, no duplicates; existence is checked by the caller against the category table. */
export function checkCategoryIds(ids: readonly string[]): RuleResult<string[]> {
  const seen = new Set<string>();
  for (const raw of ids) {
    const id = raw.trim();
    if (seen.has(id)) return { ok: false, message: STYLE_MESSAGES.duplicateCategory };
    seen.add(id);
  }
  if (seen.size > MAX_STYLE_CATEGORIES) return { ok: false, message: STYLE_MESSAGES.maxCategories };
  return { ok: true, value: [...seen] };
}

/** Trimmed, empty ones dropped, de-duplicated case-insensitively (first spelling kept), at most 10. */
export function normalizeTags(tags: readonly string[]): RuleResult<string[]> {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const t = raw.trim().slice(0, MAX_TAG_LENGTH);
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  if (out.length > MAX_STYLE_TAGS) return { ok: false, message: STYLE_MESSAGES.tooManyTags };
  return { ok: true, value: out };
}

/** Where a style's prompt image may live: an upload or remote download (/api/upload, /api/download-image) or a seed image. */
export function isAllowedStyleImagePath(url: string): boolean {
  return parseStyleImageRef(url).ok;
}

export const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

export type StyleCaps = { private: number | null; public: number | null };

/**
 * Caps on the number of styles a user owns: null means unlimited (admins). Public styles need the
 * influencer status (isInfluencer) and are capped at 120; a user without it has a public cap of 0.
 */
export function styleCaps(u: LimitSubject & RoleCarrier): StyleCaps {
  if (effectiveRole(u) === 'admin') return { private: null, public: null };
  const limits = limitsFor(u);
  return { private: limits.privateStyles, public: u.isInfluencer ? limits.publicStyles : 0 };
}
