/**
 * What the catalog shows (styles, their products and links, collections, categories, prompt templates): the views
 * the catalog routes answer and the admin and discovery views extend. The catalog's requests are in discovery.ts.
 */
import * as z from 'zod';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';
import { storedSizeChartSchema } from '../domain/size-advice';
import { GARMENT_SLOTS } from '../domain/outfit';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());
const count = /* @__PURE__ */ lazySchema(() => z.number().int());

export const categorySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: nstr.optional(),
    isActive: z.boolean().optional(),
    displayOrder: z.number().optional(),
  }),
);
export const styleSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: nstr,
    tags: z.array(z.string()),
    categoryIds: z.array(z.string()),
    sex: z.string(),
    styleImageType: z.enum(STYLE_IMAGE_TYPES),
    /** The slot its garment takes (issue 39); null: the engine's guess. */
    garmentSlot: z.enum(GARMENT_SLOTS).nullable().optional(),
    coverImageUrl: nstr,
    promptImageUrl: nstr,
    usageCount: z.number(),
    userName: z.string(),
    createdAt: z.string(),
  }),
);
export const styleDetailSchema = /* @__PURE__ */ lazySchema(() =>
  styleSummarySchema.extend({
    tasks: z.array(z.string()),
    defaultPromptTemplateId: nstr,
    creator: z.object({ name: z.string(), handle: nstr, isPublic: z.boolean() }),
    /** The brand's size chart in cm (issue 25), or null. */
    sizeChart: storedSizeChartSchema.nullable(),
  }),
);
export const productLinkSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    retailer: nstr,
    url: z.string(),
    price: z.number().nullable(),
    currency: nstr,
  }),
);
export const styleProductSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    brand: nstr,
    category: nstr,
    imageUrl: nstr,
    links: z.array(productLinkSchema),
  }),
);
export const collectionSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    description: nstr,
    coverImage: nstr,
    isPublished: z.boolean(),
    styleCount: count,
  }),
);
export const collectionDetailSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    userId: z.string().optional(),
    title: z.string(),
    description: nstr,
    coverImage: nstr,
    styleCount: count,
    affiliateLinks: z.array(z.object({ id: z.string(), url: z.string(), productName: nstr, retailer: nstr })),
    styles: z.array(
      z.object({ id: z.string(), title: z.string(), description: nstr, coverImage: nstr, tags: z.array(z.string()) }),
    ),
  }),
);
export const rawTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    taskType: z.string(),
    vibeCategory: nstr,
    settingCategory: nstr,
    requiresFullBody: z.boolean(),
    priority: z.number(),
    enabled: z.boolean(),
  }),
);
export const promptTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: nstr,
    previewImageUrl: nstr,
    task: z.string(),
    styleCategory: nstr,
  }),
);
export const styleProductListSchema = /* @__PURE__ */ lazySchema(() => z.array(styleProductSchema));
export const categoryListSchema = /* @__PURE__ */ lazySchema(() => z.array(categorySchema));
export const collectionSummaryListSchema = /* @__PURE__ */ lazySchema(() => z.array(collectionSummarySchema));
export const rawTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(rawTemplateSchema));
export const promptTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(promptTemplateSchema));
export type Category = z.output<typeof categorySchema>;
export type StyleSummary = z.output<typeof styleSummarySchema>;
export type StyleDetail = z.output<typeof styleDetailSchema>;
export type ProductLink = z.output<typeof productLinkSchema>;
export type StyleProduct = z.output<typeof styleProductSchema>;
export type CollectionSummary = z.output<typeof collectionSummarySchema>;
export type CollectionDetail = z.output<typeof collectionDetailSchema>;
export type AffiliateLink = CollectionDetail['affiliateLinks'][number];
export type CollectionLook = CollectionDetail['styles'][number];
export type RawTemplate = z.output<typeof rawTemplateSchema>;
export type PromptTemplate = z.output<typeof promptTemplateSchema>;

// Pages of the views above (their queries are in discovery.ts, which the SPA's forms import: that file stays free of
// the catalog views, so a form does not bundle them)
export const favoriteStyleSchema = /* @__PURE__ */ lazySchema(() =>
  styleSummarySchema.partial().extend({ id: z.string(), favoritedAt: z.string() }),
);
export const publicUserSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    handle: z.string(),
    firstName: nstr,
    lastName: nstr,
    profileImageUrl: nstr,
    isInfluencer: z.boolean(),
    isPublic: z.boolean().optional(),
  }),
);
export const publicProfileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    user: publicUserSchema,
    links: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
    collections: z.array(collectionSummarySchema),
    showCollections: z.boolean(),
  }),
);
/**
 * GET /api/styles and GET /api/explore/styles: one page of style cards and the signed cursor of the next (null: the
 * last page).
 */
export const exploreStylePageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(styleSummarySchema), nextCursor: nstr }),
);
/** GET /api/favorites: one page of the caller's favourite styles and the signed cursor of the next (null: the last). */
export const favoriteStylePageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(favoriteStyleSchema), nextCursor: nstr }),
);
export type FavoriteStylePage = z.output<typeof favoriteStylePageSchema>;
export type PublicUser = z.output<typeof publicUserSchema>;
export type PublicProfile = z.output<typeof publicProfileSchema>;
