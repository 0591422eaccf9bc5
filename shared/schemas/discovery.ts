/**
 * The discovery routes on the wire: explore, favourites, style reports, onboarding preferences, public profiles,
 * profile settings and links (requests, then the responses).
 */
import * as z from 'zod';
import { EXPLORE_LIMIT_MAX, EXPLORE_SORTS } from '../domain/explore-search';
import { FAVORITES_LIMIT_MAX } from '../domain/catalog';
import { isSafeText, normalizeText, UNSAFE_TEXT_MESSAGE } from '../domain/text-rules';
import { PREFERENCE_BRANDS, PREFERENCE_COLORS, PREFERENCE_STYLES, SELECT_ONE_STYLE } from '../domain/preferences';
import {
  HANDLE_PATTERN,
  HANDLE_RULE,
  isHttpUrl,
  LINK_FIELDS_REQUIRED,
  LINK_URL_RULE,
  MAX_REPORT_REASON,
  normalizeHandle,
  REPORT_REASON_REQUIRED,
} from '../domain/profile-rules';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());
const count = /* @__PURE__ */ lazySchema(() => z.number().int());

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

const list = /* @__PURE__ */ lazySchema(() => z.string().max(1000).optional());
/**
 * GET /api/explore/styles (issue 28): search (q: words, each matching the start of a word of a style's name or
 * description), filter groups as comma-separated lists (any value of a group, every group), sort, and a page
 * (limit, and the signed cursor of the page before). shared/domain/explore-search.ts has the rules.
 */
export const exploreStylesQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: z.string().max(200).optional(),
    category: list,
    sex: list,
    tag: list,
    creator: list,
    type: list,
    sort: z.enum(EXPLORE_SORTS).optional(),
    limit: z.coerce.number().int().min(1).max(EXPLORE_LIMIT_MAX).optional(),
    cursor: z.string().max(2000).optional(),
  }),
);
export type ExploreStylesQuery = z.infer<typeof exploreStylesQuery>;

/**
 * GET /api/styles (issue 41): the public styles newest first, one page at a time, through the explore index (no
 * route answers the whole catalogue): a search (q, as explore's), the audience and category groups the pickers
 * and the preview carousel narrow by, a page size (limit) and the signed cursor of the page before.
 */
export const stylesListQuery = /* @__PURE__ */ lazySchema(() =>
  exploreStylesQuery.pick({ q: true, category: true, sex: true, limit: true, cursor: true }),
);
export type StylesListQuery = z.infer<typeof stylesListQuery>;

/** POST /api/styles/{id}/flag */
export const flagStyleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    reason: z
      .string({ message: REPORT_REASON_REQUIRED })
      .trim()
      .min(1, REPORT_REASON_REQUIRED)
      .max(MAX_REPORT_REASON, `The reason can be at most ${MAX_REPORT_REASON} characters`),
  }),
);
export type FlagStyleInput = z.infer<typeof flagStyleSchema>;

/** POST /api/preferences: at least one style; brands and colours optional, each from its fixed list. */
export const preferencesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styles: z
      .array(z.enum(PREFERENCE_STYLES, { message: `Styles must be among ${PREFERENCE_STYLES.join(', ')}` }), {
        message: SELECT_ONE_STYLE,
      })
      .min(1, SELECT_ONE_STYLE)
      .transform(unique),
    brands: z
      .array(z.enum(PREFERENCE_BRANDS, { message: 'Unknown brand' }), { message: 'Brands must be a list' })
      .default([])
      .transform(unique),
    colors: z
      .array(z.enum(PREFERENCE_COLORS, { message: `Colours must be among ${PREFERENCE_COLORS.join(', ')}` }), {
        message: 'Colours must be a list',
      })
      .default([])
      .transform(unique),
  }),
);
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const nameField = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .max(50, 'Names can be at most 50 characters')
    .refine(isSafeText, `Names ${UNSAFE_TEXT_MESSAGE}`)
    .transform((v) => (v === '' ? null : normalizeText(v)))
    .nullable(),
);

/** PATCH /api/user/profile: every field optional; a handle may be sent with a leading @ or in capitals. */
export const profilePatchSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      firstName: nameField.optional(),
      lastName: nameField.optional(),
      handle: z
        .string({ message: HANDLE_RULE })
        .transform(normalizeHandle)
        .refine((h) => HANDLE_PATTERN.test(h), HANDLE_RULE)
        .optional(),
      isPublic: z.boolean({ message: 'isPublic must be true or false' }).optional(),
      showCollections: z.boolean({ message: 'showCollections must be true or false' }).optional(),
    })
    .strict(),
);
export type ProfilePatchInput = z.infer<typeof profilePatchSchema>;

/** POST /api/user/links: title and an absolute http(s) url. */
export const userLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z
      .string({ message: LINK_FIELDS_REQUIRED })
      .trim()
      .min(1, LINK_FIELDS_REQUIRED)
      .max(100, 'The title can be at most 100 characters')
      .refine(isSafeText, `The title ${UNSAFE_TEXT_MESSAGE}`)
      .transform(normalizeText),
    url: z
      .string({ message: LINK_FIELDS_REQUIRED })
      .trim()
      .min(1, LINK_FIELDS_REQUIRED)
      .max(2048, 'The URL is too long')
      .refine(isHttpUrl, LINK_URL_RULE),
  }),
);
export type UserLinkInput = z.infer<typeof userLinkSchema>;

/** GET /api/favorites (issue 39): a page size (limit) and the signed cursor of the page before. */
export const favoritesPageQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(FAVORITES_LIMIT_MAX).optional(),
    cursor: z.string().max(2000).optional(),
  }),
);
export type FavoritesPageQuery = z.infer<typeof favoritesPageQuery>;

// Responses (the route table's `response`: see common.ts)
export const favoriteStateSchema = /* @__PURE__ */ lazySchema(() => z.object({ isFavorite: z.boolean() }));
export const favoriteToggleSchema = /* @__PURE__ */ lazySchema(() => z.object({ isFavorite: z.boolean(), count }));
export const favoriteCountSchema = /* @__PURE__ */ lazySchema(() => z.object({ count }));
export const styleReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    styleId: z.string(),
    styleName: z.string(),
    reason: z.string(),
    createdAt: z.string(),
  }),
);
export const userLinkViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    createdAt: z.string().optional(),
  }),
);
export const preferencesViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styles: z.array(z.string()),
    brands: z.array(z.string()),
    colors: z.array(z.string()),
    updatedAt: nstr.optional(),
    onboarded: z.boolean(),
  }),
);
/** GET /api/explore/tags: the tags of public styles, sorted. */
export const exploreTagListSchema = /* @__PURE__ */ lazySchema(() => z.array(z.string()));
export const styleReportListSchema = /* @__PURE__ */ lazySchema(() => z.array(styleReportSchema));
export const userLinkListSchema = /* @__PURE__ */ lazySchema(() => z.array(userLinkViewSchema));
export type FavoriteStateView = z.output<typeof favoriteStateSchema>;
export type FavoriteToggle = z.output<typeof favoriteToggleSchema>;
export type FavoriteCount = z.output<typeof favoriteCountSchema>;
export type StyleReport = z.output<typeof styleReportSchema>;
export type UserLinkView = z.output<typeof userLinkViewSchema>;
export type PreferencesView = z.output<typeof preferencesViewSchema>;
