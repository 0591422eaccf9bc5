/**
 * The creator and admin tools on the wire: styles, products, links, collections, influencer applications, templates,
 * the user search and content safety (requests, then the responses).
 */
import * as z from 'zod';
import { isSafeText, normalizeText, UNSAFE_TEXT_MESSAGE } from '../domain/text-rules';
import { SETTINGS, STYLE_IMAGE_TYPES, TASK_TYPES, VIBES, RAW_TEMPLATE_DEFAULTS } from '../domain/catalog';
import { COLOR_GRADES, CREATIVE_BACKGROUNDS } from '../domain/creative-look';
import {
  APPLICATION_MESSAGES,
  APPLICATION_STATUSES,
  MAX_USE_CASE,
  REVIEW_DECISIONS,
  useCaseError,
} from '../domain/influencer';
import { STYLE_MESSAGES, isHttpUrl } from '../domain/style-rules';
import { parseImageRef } from '../domain/image-ref';
import { sizeChartSchema, storedSizeChartSchema } from '../domain/size-advice';
import { GARMENT_SLOTS, GARMENT_SLOT_MESSAGE } from '../domain/outfit';
import { ACCOUNT_STATUSES } from '../domain/privacy';
import { PLAN_IDS } from '../domain/plans';
import { ROLES } from '../domain/roles';
import { productLinkSchema, promptTemplateSchema, rawTemplateSchema } from './catalog';
import { lazySchema } from './lazy-schema';
import { ADMIN_USER_SEARCH_MESSAGE, isAdminUserSearchTerm } from '../domain/admin-user-search';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());
const count = /* @__PURE__ */ lazySchema(() => z.number().int());

const text = (max: number, msg = `At most ${max} characters`) => z.string().trim().max(max, msg);
const optText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null))
    .refine((v) => v === undefined || v === null || v.length <= max, `At most ${max} characters`);
/** An image shown to others: an http(s) address or one of our public images (never javascript:, data: or a private image). */
export const IMAGE_URL_RULE = 'Image must be an http(s) address or an uploaded image (/api/public-image/...)';
const optImageUrl = (max: number) =>
  optText(max).refine(
    (v) => v === undefined || v === null || isHttpUrl(v) || parseImageRef(v, { allow: ['public'] }).ok,
    IMAGE_URL_RULE,
  );
/** A list of strings, also accepted as one comma-separated string. */
const stringList = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() =>
    z.preprocess(
      (v: string | string[]) => (typeof v === 'string' ? v.split(',') : v),
      z.array(z.string().max(200), { message: 'Must be a list' }).max(50, 'Too many entries'),
    ),
  ),
);

const styleFields = /* @__PURE__ */ lazySchema(() => ({
  name: z
    .string({ message: STYLE_MESSAGES.nameRequired })
    .trim()
    .min(1, STYLE_MESSAGES.nameRequired)
    .max(120, 'Style name is too long')
    .refine(isSafeText, `Name ${UNSAFE_TEXT_MESSAGE}`)
    .transform(normalizeText),
  description: text(2000),
  sex: z.string().trim().max(20),
  categoryIds: stringList,
  tags: stringList,
  tasks: z
    .array(z.enum(TASK_TYPES, { message: `Tasks must be among ${TASK_TYPES.join(', ')}` }))
    .min(1, 'At least one task is required')
    .max(TASK_TYPES.length),
  styleImageType: z.enum(STYLE_IMAGE_TYPES, { message: `Style image type must be ${STYLE_IMAGE_TYPES.join(', ')}` }),
  promptImageUrl: z
    .string({ message: STYLE_MESSAGES.promptImageRequired })
    .trim()
    .min(1, STYLE_MESSAGES.promptImageRequired)
    .max(1024),
  promptImageOriginalUrl: optText(2048),
  coverImageUrl: optText(1024),
  defaultPromptTemplateId: optText(100),
  isPublic: z.boolean({ message: 'isPublic must be true or false' }),
  isAiGenerated: z.boolean(),
  /** The size chart (in its unit; stored in cm), or null to remove it. */
  sizeChart: sizeChartSchema.nullable(),
  /** The slot the style's garment takes (issue 39), or null: the engine's guess. */
  garmentSlot: z.enum(GARMENT_SLOTS, { message: GARMENT_SLOT_MESSAGE }).nullable(),
}));

/** POST /api/admin/styles */
export const styleCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...styleFields,
    description: styleFields.description.default(''),
    sex: styleFields.sex.optional(),
    categoryIds: styleFields.categoryIds.default([]),
    tags: styleFields.tags.default([]),
    tasks: styleFields.tasks.default(['OUTFIT_TRYON']),
    styleImageType: styleFields.styleImageType.default('model_wearer'),
    isPublic: styleFields.isPublic.default(true),
    isAiGenerated: styleFields.isAiGenerated.default(false),
    sizeChart: styleFields.sizeChart.default(null),
    garmentSlot: styleFields.garmentSlot.default(null),
  }),
);
export type StyleCreateInput = z.infer<typeof styleCreateSchema>;

/** PATCH /api/admin/styles/{id}: any subset of the fields. */
export const stylePatchSchema = /* @__PURE__ */ lazySchema(() => z.object({ ...styleFields }).partial());
export type StylePatchInput = z.infer<typeof stylePatchSchema>;

const price = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() =>
    z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
          ctx.addIssue({ code: 'custom', message: 'Price must be a positive number' });
          return z.NEVER;
        }
        return Math.round(n * 100) / 100;
      }),
  ),
);

const productUrl = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() =>
    z
      .string({ message: STYLE_MESSAGES.productUrlRequired })
      .trim()
      .min(1, STYLE_MESSAGES.productUrlRequired)
      .max(2048, 'URL is too long')
      .refine(isHttpUrl, STYLE_MESSAGES.productUrlInvalid),
  ),
);

const linkFields = /* @__PURE__ */ lazySchema(() => ({
  retailer: optText(120),
  url: productUrl,
  price,
  currency: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim().toUpperCase() || null))
    .refine((v) => v === undefined || v === null || /^[A-Z]{3}$/.test(v), 'Currency must be a 3-letter code'),
  affiliateCode: optText(120),
}));

export const productLinkInputSchema = /* @__PURE__ */ lazySchema(() => z.object({ ...linkFields }));
export type ProductLinkInput = z.infer<typeof productLinkInputSchema>;

const productName = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() =>
    z
      .string({ message: STYLE_MESSAGES.productNameRequired })
      .trim()
      .min(1, STYLE_MESSAGES.productNameRequired)
      .max(200, 'Product name is too long')
      .refine(isSafeText, `Name ${UNSAFE_TEXT_MESSAGE}`)
      .transform(normalizeText),
  ),
);

/** POST /api/admin/products */
export const productCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styleId: z.string({ message: 'Style is required' }).trim().min(1, 'Style is required').max(100),
    name: productName,
    description: optText(2000),
    brand: optText(120),
    category: optText(120),
    imageUrl: optImageUrl(2048),
    links: z.array(productLinkInputSchema).max(20, 'At most 20 links').optional(),
  }),
);
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PATCH /api/admin/products/{id} */
export const productPatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: productName.optional(),
    description: optText(2000),
    brand: optText(120),
    category: optText(120),
    imageUrl: optImageUrl(2048),
  }),
);
export type ProductPatchInput = z.infer<typeof productPatchSchema>;

/** POST /api/admin/product-links (productId in the body) and POST /api/admin/products/{id}/links. */
export const productLinkCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    productId: z.string().trim().min(1, 'Product is required').max(100),
    ...linkFields,
  }),
);
export const productLinkForProductSchema = productLinkInputSchema;

/** PATCH /api/admin/product-links/{id} */
export const productLinkPatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ ...linkFields, url: productUrl.optional() }),
);
export type ProductLinkPatchInput = z.infer<typeof productLinkPatchSchema>;

export const COLLECTION_NAME_REQUIRED = 'Collection name is required';
const collectionName = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() =>
    z
      .string({ message: COLLECTION_NAME_REQUIRED })
      .trim()
      .min(1, COLLECTION_NAME_REQUIRED)
      .max(120, 'Collection name is too long')
      .refine(isSafeText, `Name ${UNSAFE_TEXT_MESSAGE}`)
      .transform(normalizeText),
  ),
);

/** POST /api/influencer-collections */
export const collectionCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: collectionName,
    description: text(2000).default(''),
    isPublic: z.boolean({ message: 'isPublic must be true or false' }).default(false),
  }),
);
export type CollectionCreateInput = z.infer<typeof collectionCreateSchema>;

/** PATCH /api/influencer-collections/{id} */
export const collectionPatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: collectionName.optional(),
    description: text(2000).optional(),
    isPublic: z.boolean({ message: 'isPublic must be true or false' }).optional(),
    coverImage: optText(1024),
  }),
);
export type CollectionPatchInput = z.infer<typeof collectionPatchSchema>;

/** POST /api/influencer-collections/{id}/styles */
export const collectionAddStyleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styleId: z.string({ message: 'Style is required' }).trim().min(1, 'Style is required').max(100),
  }),
);

const social = /* @__PURE__ */ lazySchema(() => optText(200));

/** POST /api/influencer/apply */
export const influencerApplySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    useCase: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => (v ?? '').trim())
      .superRefine((v, ctx) => {
        const msg = useCaseError(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg });
        else if (v.length > MAX_USE_CASE)
          ctx.addIssue({ code: 'custom', message: `At most ${MAX_USE_CASE} characters` });
      }),
    instagramHandle: social,
    tiktokHandle: social,
    youtubeChannel: social,
    otherSocial: social,
  }),
);
export type InfluencerApplyInput = z.infer<typeof influencerApplySchema>;
export { APPLICATION_MESSAGES };

/** GET /api/admin/influencer/applications?status= */
export const applicationListQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z
      .union([
        z.enum(APPLICATION_STATUSES, { message: `Status must be ${APPLICATION_STATUSES.join(', ')} or all` }),
        z.literal('all'),
        z.literal(''),
      ])
      .optional(),
  }),
);

/** PATCH /api/admin/influencer/applications/{id} */
export const applicationReviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.enum(REVIEW_DECISIONS, { message: 'Status must be approved or rejected' }),
    reviewNotes: optText(2000),
  }),
);
export type ApplicationReviewInput = z.infer<typeof applicationReviewSchema>;

const promptFields = /* @__PURE__ */ lazySchema(() => ({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name is too long')
    .refine(isSafeText, `Name ${UNSAFE_TEXT_MESSAGE}`)
    .transform(normalizeText),
  description: text(2000),
  previewImageUrl: optImageUrl(1024),
  task: z.enum(TASK_TYPES, { message: `Task must be among ${TASK_TYPES.join(', ')}` }),
  template: z
    .string({ message: 'Template text is required' })
    .trim()
    .min(1, 'Template text is required')
    .max(20_000, 'Template text is too long'),
  styleCategory: optText(100),
  /** Creative mode on the Fitly engine: the background and colour grade of this template's look. */
  creativeBackground: z.enum(CREATIVE_BACKGROUNDS, {
    message: `Background must be among ${CREATIVE_BACKGROUNDS.join(', ')}`,
  }),
  colorGrade: z.enum(COLOR_GRADES, { message: `Colour grade must be among ${COLOR_GRADES.join(', ')}` }),
}));

/** POST /api/admin/prompts */
export const promptCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...promptFields,
    description: promptFields.description.default(''),
    task: promptFields.task.default('OUTFIT_TRYON'),
    creativeBackground: promptFields.creativeBackground.default('original'),
    colorGrade: promptFields.colorGrade.default('none'),
  }),
);
export type PromptCreateInput = z.infer<typeof promptCreateSchema>;

/** PATCH /api/admin/prompts/{id} */
export const promptPatchSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: promptFields.name.optional(),
    description: promptFields.description.optional(),
    previewImageUrl: promptFields.previewImageUrl,
    task: promptFields.task.optional(),
    template: promptFields.template.optional(),
    styleCategory: promptFields.styleCategory,
    creativeBackground: promptFields.creativeBackground.optional(),
    colorGrade: promptFields.colorGrade.optional(),
  }),
);
export type PromptPatchInput = z.infer<typeof promptPatchSchema>;

export const MISSING_SELECTION = 'Missing selection';
/** POST /api/admin/prompts/test */
export const promptTestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styleId: z.string({ message: MISSING_SELECTION }).trim().min(1, MISSING_SELECTION).max(100),
    photoProfileId: z.string({ message: MISSING_SELECTION }).trim().min(1, MISSING_SELECTION).max(100),
  }),
);

const rawFields = /* @__PURE__ */ lazySchema(() => ({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name is too long')
    .refine(isSafeText, `Name ${UNSAFE_TEXT_MESSAGE}`)
    .transform(normalizeText),
  taskType: z.enum(TASK_TYPES, { message: `Task type must be among ${TASK_TYPES.join(', ')}` }),
  vibeCategory: z.enum(VIBES, { message: `Vibe must be among ${VIBES.join(', ')}` }),
  settingCategory: z.enum(SETTINGS, { message: `Setting must be among ${SETTINGS.join(', ')}` }),
  requiresFullBody: z.boolean({ message: 'requiresFullBody must be true or false' }),
  priority: z
    .number({ message: 'Priority must be a number' })
    .int('Priority must be a whole number')
    .min(0, 'Priority must be between 0 and 99999')
    .max(99_999, 'Priority must be between 0 and 99999'),
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  jsonText: z
    .string({ message: 'Template JSON is required' })
    .min(1, 'Template JSON is required')
    .max(100_000, 'Template JSON is too long'),
}));

/** POST /api/admin/raw-templates */
export const rawTemplateCreateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...rawFields,
    requiresFullBody: rawFields.requiresFullBody.default(false),
    priority: rawFields.priority.default(RAW_TEMPLATE_DEFAULTS.priority),
    enabled: rawFields.enabled.default(true),
  }),
);
export type RawTemplateCreateInput = z.infer<typeof rawTemplateCreateSchema>;

/** PATCH /api/admin/raw-templates/{id} */
export const rawTemplatePatchSchema = /* @__PURE__ */ lazySchema(() => z.object({ ...rawFields }).partial());
export type RawTemplatePatchInput = z.infer<typeof rawTemplatePatchSchema>;

const sampleUrl = /* @__PURE__ */ lazySchema(() =>
  lazySchema(() => z.union([z.string().max(2048), z.null()]).optional()),
);
/** POST /api/admin/raw-templates/compile */
export const rawTemplateCompileSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    jsonText: z
      .string({ message: 'Compile failed: Template JSON is required' })
      .max(100_000, 'Template JSON is too long'),
    sampleUrls: z
      .object({ style: sampleUrl, portrait: sampleUrl, fullBody: sampleUrl, background: sampleUrl })
      .default({}),
  }),
);

/** GET /api/admin/users?q=: a whole e-mail address or a user id (shared/domain/admin-user-search.ts). */
export const adminUserSearchQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: z.string({ message: ADMIN_USER_SEARCH_MESSAGE }).trim().refine(isAdminUserSearchTerm, ADMIN_USER_SEARCH_MESSAGE),
  }),
);
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuery>;

// Responses (the route table's `response`: see common.ts)
/** GET /api/admin/users: who a person is and where their account stands (issue 39, the admin user search). */
export const adminUserSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: nstr,
    handle: z.string(),
    plan: z.enum(PLAN_IDS),
    subscriptionStatus: z.string(),
    credits: z.number(),
    hasUnlimitedCredits: z.boolean(),
    role: z.enum(ROLES),
    isInfluencer: z.boolean(),
    status: z.enum(ACCOUNT_STATUSES),
    createdAt: z.string(),
  }),
);
export const adminUserSearchResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(adminUserSummarySchema), matchedBy: z.enum(['email', 'id']) }),
);
export const refusalSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    since: z.string(),
    total: count,
    byKind: z.record(z.string(), z.number()),
    byReason: z.record(z.string(), z.number()),
    recent: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        reasons: z.array(z.string()),
        moderator: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
);
export const takeDownResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styleIds: z.array(z.string()),
    deletedImages: count,
    resolvedReports: count,
    /** Other public styles showing identical bytes: left alone, for the admin to review. */
    identicalCopyStyleIds: z.array(z.string()),
  }),
);
export const adminStyleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: nstr,
    sex: z.string(),
    categoryIds: z.array(z.string()),
    tags: z.array(z.string()),
    tasks: z.array(z.string()),
    styleImageType: z.enum(STYLE_IMAGE_TYPES),
    promptImageUrl: nstr,
    promptImageOriginalUrl: nstr,
    coverImageUrl: nstr,
    defaultPromptTemplateId: nstr,
    isPublic: z.boolean(),
    usageCount: z.number(),
    createdAt: z.string().optional(),
    /** The size chart in cm, or null. */
    sizeChart: storedSizeChartSchema.nullable(),
    /** The slot its garment takes (issue 39); null: the engine's guess. */
    garmentSlot: z.enum(GARMENT_SLOTS).nullable().optional(),
  }),
);
export const adminProductLinkSchema = /* @__PURE__ */ lazySchema(() =>
  productLinkSchema.extend({ affiliateCode: nstr.optional() }),
);
export const adminProductSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    styleId: z.string(),
    name: z.string(),
    brand: nstr,
    category: nstr,
    imageUrl: nstr,
    links: z.array(adminProductLinkSchema),
  }),
);
export const adminPromptTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  promptTemplateSchema.extend({
    template: z.string(),
    creativeBackground: z.enum(CREATIVE_BACKGROUNDS),
    colorGrade: z.enum(COLOR_GRADES),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  }),
);
export const promptTestResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    prompt: z.string(),
    imageUrl: nstr,
    templateUsed: z
      .object({ id: z.string(), name: z.string(), task: z.string(), styleCategory: nstr, template: z.string() })
      .nullable(),
    fullPayload: z.unknown(),
  }),
);
export const adminRawTemplateSchema = /* @__PURE__ */ lazySchema(() =>
  rawTemplateSchema.extend({
    vibeCategory: z.string(),
    settingCategory: z.string(),
    jsonText: z.string(),
  }),
);
export const compileResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ input: z.unknown() }));
export const influencerApplicationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    useCase: z.string(),
    instagramHandle: nstr,
    tiktokHandle: nstr,
    youtubeChannel: nstr,
    otherSocial: nstr,
    reviewNotes: nstr,
    reviewedAt: nstr,
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export const adminApplicationSchema = /* @__PURE__ */ lazySchema(() =>
  influencerApplicationSchema.extend({
    user: z
      .object({
        id: z.string(),
        username: z.string(),
        email: z.string(),
        firstName: nstr,
        lastName: nstr,
        currentPlan: z.string(),
        isInfluencer: z.boolean(),
      })
      .nullable(),
  }),
);
export const myCollectionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: nstr,
    coverImage: nstr,
    isPublic: z.boolean(),
    styleCount: count,
  }),
);
export const myCollectionDetailSchema = /* @__PURE__ */ lazySchema(() =>
  myCollectionSchema.extend({
    styles: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: nstr,
        coverImageUrl: nstr,
        coverImage: nstr.optional(),
        tags: z.array(z.string()),
        isPublic: z.boolean(),
      }),
    ),
  }),
);
export const adminStyleListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminStyleSchema));
export const adminProductListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminProductSchema));
export const adminProductLinkListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminProductLinkSchema));
export const adminApplicationListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminApplicationSchema));
export const adminPromptTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminPromptTemplateSchema));
export const adminRawTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminRawTemplateSchema));
export const myCollectionListSchema = /* @__PURE__ */ lazySchema(() => z.array(myCollectionSchema));
export type AdminUserSummary = z.output<typeof adminUserSummarySchema>;
export type AdminUserSearchResult = z.output<typeof adminUserSearchResultSchema>;
export type RefusalSummary = z.output<typeof refusalSummarySchema>;
export type TakeDownResult = z.output<typeof takeDownResultSchema>;
export type AdminStyleView = z.output<typeof adminStyleSchema>;
export type AdminProductLink = z.output<typeof adminProductLinkSchema>;
export type AdminProduct = z.output<typeof adminProductSchema>;
export type AdminPromptTemplate = z.output<typeof adminPromptTemplateSchema>;
export type PromptTestResult = z.output<typeof promptTestResultSchema>;
export type AdminRawTemplate = z.output<typeof adminRawTemplateSchema>;
export type CompileResult = z.output<typeof compileResultSchema>;
export type InfluencerApplication = z.output<typeof influencerApplicationSchema>;
export type AdminApplication = z.output<typeof adminApplicationSchema>;
export type ApplicationUser = NonNullable<AdminApplication['user']>;
export type MyCollection = z.output<typeof myCollectionSchema>;
export type MyCollectionDetail = z.output<typeof myCollectionDetailSchema>;
export type CollectionStyle = MyCollectionDetail['styles'][number];
