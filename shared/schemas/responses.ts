/**
 * Response bodies of the API (issue 16): one zod schema per JSON answer, named by the route table
 * (shared/routes/ `response`), checked against every response the integration tests receive
 * (test/support/integration.ts), published in the OpenAPI document and inferred by the SPA's fetchers
 * (web/src/features/<feature>/api). Objects are not strict: a field the server adds is not drift, a field it
 * drops or retypes is.
 */
import { COLOR_GRADES, CREATIVE_BACKGROUNDS } from '../domain/creative-look';
import * as z from 'zod';
import { APPLICATION_STATUSES } from '../domain/influencer';
import { BUCKETS, LEDGER_KINDS } from '../domain/ledger';
import { STYLE_IMAGE_TYPES } from '../domain/catalog';
import { storedSizeChartSchema } from '../domain/size-advice';
import { GARMENT_SLOTS } from '../domain/outfit';
import { AI_LABEL, SHARE_VIEW_STATES } from '../domain/shares';
import { ACCOUNT_STATUSES, EXPORT_STATUSES, RETENTION_DAYS } from '../domain/privacy';
import { PLAN_IDS } from '../domain/plans';
import { ROLES } from '../domain/roles';
import { generationSchema } from './generation';
import { downloadImageResultSchema } from './upload';
import type { deletedResultSchema, idResultSchema, urlResultSchema } from './common';
import { lazySchema } from './lazy-schema';

export * from './common';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());
const count = /* @__PURE__ */ lazySchema(() => z.number().int());

// catalog
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

// discovery and settings
export const favoriteStateSchema = /* @__PURE__ */ lazySchema(() => z.object({ isFavorite: z.boolean() }));
export const favoriteToggleSchema = /* @__PURE__ */ lazySchema(() => z.object({ isFavorite: z.boolean(), count }));
export const favoriteCountSchema = /* @__PURE__ */ lazySchema(() => z.object({ count }));
export const favoriteStyleSchema = /* @__PURE__ */ lazySchema(() =>
  styleSummarySchema.partial().extend({ id: z.string(), favoritedAt: z.string() }),
);
export const styleReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    styleId: z.string(),
    styleName: z.string(),
    reason: z.string(),
    createdAt: z.string(),
  }),
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
export const userLinkViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    createdAt: z.string().optional(),
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
export const preferencesViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    styles: z.array(z.string()),
    brands: z.array(z.string()),
    colors: z.array(z.string()),
    updatedAt: nstr.optional(),
    onboarded: z.boolean(),
  }),
);

// generations
export const feedbackViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ rating: z.number(), styleId: nstr, generationId: z.string().optional() }),
);

// billing
export const creditsViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credits: z.number(),
    hasUnlimitedCredits: z.boolean(),
    buckets: z.record(z.enum(BUCKETS), z.number()),
    monthlyAllowance: z.number(),
    rolloverCap: z.number().nullable(),
    packLots: z.array(z.object({ remaining: z.number(), amount: z.number(), expiresAt: z.string() })),
    monthlyExpiresAt: nstr,
  }),
);
export const ledgerEntryViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    entryId: z.string(),
    userId: z.string().optional(),
    kind: z.enum(LEDGER_KINDS),
    bucket: z.enum(BUCKETS),
    amount: z.number(),
    causeId: z.string().optional(),
    note: nstr,
    createdAt: z.string(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
);
export const ledgerPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(ledgerEntryViewSchema), nextCursor: nstr }),
);
export const checkoutResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ checkoutUrl: z.string() }));
export const adjustCreditsResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ applied: z.boolean(), balance: z.unknown().optional() }),
);

// admin: finance and content safety
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

/** A finance row: the entry, whose it is (e-mail; null when the account is gone) and the money behind it (issue 39). */
export const financeLedgerEntrySchema = /* @__PURE__ */ lazySchema(() =>
  ledgerEntryViewSchema.extend({
    email: nstr,
    money: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  }),
);
export const financeLedgerPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(financeLedgerEntrySchema), nextCursor: nstr, from: z.string(), to: z.string() }),
);
const dayTotalsFields = /* @__PURE__ */ lazySchema(() => ({
  granted: z.number(),
  spent: z.number(),
  refunded: z.number(),
  expired: z.number(),
  revoked: z.number(),
  adjusted: z.number(),
}));
export const financeSummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), ...dayTotalsFields })),
    totals: z.object({ ...dayTotalsFields }),
  }),
);
const bucketsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ trial: z.number(), monthly: z.number(), pack: z.number() }),
);
export const reconciliationReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    checkedUsers: count,
    mismatches: z.array(
      z.object({
        userId: z.string(),
        balance: bucketsSchema.extend({ credits: z.number() }),
        entries: bucketsSchema,
        lotsRemaining: z.number(),
        problems: z.array(z.string()),
      }),
    ),
    unappliedEvents: z.array(z.object({ eventId: z.string(), eventType: z.string(), receivedAt: z.string() })),
    paymentsWithoutGrant: z.array(
      z.object({
        eventId: z.string(),
        eventType: z.string(),
        userId: nstr,
        expectedEntryId: z.string(),
        receivedAt: z.string(),
      }),
    ),
    generatedAt: z.string(),
  }),
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

// admin: style editor
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

// admin: templates
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

// influencer
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

// privacy
export const privacySettingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: z.union([
      z.literal(RETENTION_DAYS[0]),
      z.literal(RETENTION_DAYS[1]),
      z.literal(RETENTION_DAYS[2]),
      z.null(),
    ]),
    ageStatus: z.enum(['adult', 'minor']).nullable(),
    photoConsent: z.object({ version: z.string(), text: z.string() }),
  }),
);
export const ageResultSchema = /* @__PURE__ */ lazySchema(() => z.object({ ageStatus: z.enum(['adult', 'minor']) }));
export const exportJobSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number(),
    createdAt: z.string(),
    url: nstr,
    expiresAt: nstr,
    error: nstr,
  }),
);
export const latestExportSchema = /* @__PURE__ */ lazySchema(() => z.object({ export: exportJobSchema.nullable() }));
const n = /* @__PURE__ */ lazySchema(() => z.number());
export const deletionReceiptSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    deletedAt: z.string(),
    counts: z.object({
      photoProfiles: n,
      generations: n,
      favourites: n,
      collections: n,
      styles: n,
      links: n,
      applications: n,
      shares: n,
      /** Votes and reactions the user cast on other people's shared looks. */
      votesAndReactions: n,
      consents: n,
      otherRecords: n,
      files: n,
    }),
    subscription: z.enum(['cancelled-at-period-end', 'none']),
    ledgerEntriesKept: n,
    signInRemoved: z.boolean(),
  }),
);

/** GET /api/user/privacy/retention-impact: what choosing this retention would delete now. */
export const retentionImpactSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    retentionDays: n,
    /** Generated images (completed generations) made before the cutoff: deleted once the choice is saved. */
    results: n,
    cutoff: z.string(),
  }),
);
/** GET /api/user/account/deletion-preview: what deleting the account loses (shown before the password). */
export const deletionPreviewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credits: z.object({ paid: n, granted: n, total: n }),
    hasUnlimitedCredits: z.boolean(),
    /** A live subscription (cancelled at the end of the paid period by the deletion). */
    subscription: z.object({ plan: z.string(), currentPeriodEnd: nstr }).nullable(),
  }),
);

// lists
export const generationListSchema = /* @__PURE__ */ lazySchema(() => z.array(generationSchema));
/**
 * GET /api/styles and GET /api/explore/styles: one page of style cards and the signed cursor of the next (null: the
 * last page).
 */
export const exploreStylePageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(styleSummarySchema), nextCursor: nstr }),
);
/** GET /api/explore/tags: the tags of public styles, sorted. */
export const exploreTagListSchema = /* @__PURE__ */ lazySchema(() => z.array(z.string()));
export const styleProductListSchema = /* @__PURE__ */ lazySchema(() => z.array(styleProductSchema));
export const categoryListSchema = /* @__PURE__ */ lazySchema(() => z.array(categorySchema));
export const collectionSummaryListSchema = /* @__PURE__ */ lazySchema(() => z.array(collectionSummarySchema));
/** GET /api/favorites: one page of the caller's favourite styles and the signed cursor of the next (null: the last). */
export const favoriteStylePageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(favoriteStyleSchema), nextCursor: nstr }),
);
export const styleReportListSchema = /* @__PURE__ */ lazySchema(() => z.array(styleReportSchema));
export const userLinkListSchema = /* @__PURE__ */ lazySchema(() => z.array(userLinkViewSchema));
export const rawTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(rawTemplateSchema));
export const promptTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(promptTemplateSchema));
export const adminStyleListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminStyleSchema));
export const adminProductListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminProductSchema));
export const adminProductLinkListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminProductLinkSchema));
export const adminApplicationListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminApplicationSchema));
export const adminPromptTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminPromptTemplateSchema));
export const adminRawTemplateListSchema = /* @__PURE__ */ lazySchema(() => z.array(adminRawTemplateSchema));
export const myCollectionListSchema = /* @__PURE__ */ lazySchema(() => z.array(myCollectionSchema));

// The types the SPA's fetchers use (web/src/features/*/api), inferred from the schemas above.
type Out<S extends z.ZodType> = z.output<S>;
export type Category = Out<typeof categorySchema>;
export type StyleSummary = Out<typeof styleSummarySchema>;
export type StyleDetail = Out<typeof styleDetailSchema>;
export type ProductLink = Out<typeof productLinkSchema>;
export type StyleProduct = Out<typeof styleProductSchema>;
export type CollectionSummary = Out<typeof collectionSummarySchema>;
export type CollectionDetail = Out<typeof collectionDetailSchema>;
export type AffiliateLink = CollectionDetail['affiliateLinks'][number];
export type CollectionLook = CollectionDetail['styles'][number];
export type RawTemplate = Out<typeof rawTemplateSchema>;
export type PromptTemplate = Out<typeof promptTemplateSchema>;
export type FavoriteStateView = Out<typeof favoriteStateSchema>;
export type FavoriteToggle = Out<typeof favoriteToggleSchema>;
export type FavoriteCount = Out<typeof favoriteCountSchema>;
export type FavoriteStylePage = Out<typeof favoriteStylePageSchema>;
export type StyleReport = Out<typeof styleReportSchema>;
export type PublicUser = Out<typeof publicUserSchema>;
export type PublicProfile = Out<typeof publicProfileSchema>;
export type UserLinkView = Out<typeof userLinkViewSchema>;
export type PreferencesView = Out<typeof preferencesViewSchema>;
export type FeedbackView = Out<typeof feedbackViewSchema>;
export type CreditsView = Out<typeof creditsViewSchema>;
export type LedgerEntryView = Out<typeof ledgerEntryViewSchema>;
export type LedgerPage = Out<typeof ledgerPageSchema>;
export type CheckoutResult = Out<typeof checkoutResultSchema>;
export type UrlResult = Out<typeof urlResultSchema>;
export type IdResult = Out<typeof idResultSchema>;
export type DeletedResult = Out<typeof deletedResultSchema>;
export type FinanceLedgerPage = Out<typeof financeLedgerPageSchema>;
export type FinanceLedgerEntry = Out<typeof financeLedgerEntrySchema>;
export type AdminUserSummary = Out<typeof adminUserSummarySchema>;
export type AdminUserSearchResult = Out<typeof adminUserSearchResultSchema>;
export type FinanceSummary = Out<typeof financeSummarySchema>;
export type ReconciliationReport = Out<typeof reconciliationReportSchema>;
export type RefusalSummary = Out<typeof refusalSummarySchema>;
export type TakeDownResult = Out<typeof takeDownResultSchema>;
export type AdminStyleView = Out<typeof adminStyleSchema>;
export type AdminProductLink = Out<typeof adminProductLinkSchema>;
export type AdminProduct = Out<typeof adminProductSchema>;
export type AdminPromptTemplate = Out<typeof adminPromptTemplateSchema>;
export type PromptTestResult = Out<typeof promptTestResultSchema>;
export type AdminRawTemplate = Out<typeof adminRawTemplateSchema>;
export type CompileResult = Out<typeof compileResultSchema>;
export type InfluencerApplication = Out<typeof influencerApplicationSchema>;
export type AdminApplication = Out<typeof adminApplicationSchema>;
export type ApplicationUser = NonNullable<AdminApplication['user']>;
export type MyCollection = Out<typeof myCollectionSchema>;
export type MyCollectionDetail = Out<typeof myCollectionDetailSchema>;
export type CollectionStyle = MyCollectionDetail['styles'][number];
export type PrivacySettingsView = Out<typeof privacySettingsSchema>;
export type AgeResult = Out<typeof ageResultSchema>;
export type ExportJobView = Out<typeof exportJobSchema>;
export type LatestExport = Out<typeof latestExportSchema>;
export type DeletionReceiptView = Out<typeof deletionReceiptSchema>;
export type RetentionImpact = Out<typeof retentionImpactSchema>;
export type DeletionPreview = Out<typeof deletionPreviewSchema>;
export type DownloadImageResult = z.output<typeof downloadImageResultSchema>;

// shares (issue 15)
const shareVoteCountSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ generationId: z.string(), votes: z.number() }),
);
export const ownerShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    token: z.string(),
    url: z.string(),
    generationIds: z.array(z.string()),
    images: z.array(z.object({ generationId: z.string(), url: z.string(), styleName: nstr })),
    showOwner: z.boolean(),
    state: z.enum(SHARE_VIEW_STATES),
    expiresAt: z.string(),
    createdAt: z.string(),
    endedAt: nstr,
    votes: z.array(shareVoteCountSchema),
    totalVotes: z.number(),
    reactions: z.array(z.object({ text: z.string(), updatedAt: z.string() })),
  }),
);
export const ownerShareListSchema = /* @__PURE__ */ lazySchema(() => z.array(ownerShareSchema));
export const publicShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z.string(),
    description: z.string(),
    label: z.literal(AI_LABEL),
    images: z.array(
      z.object({
        index: z.number(),
        generationId: z.string(),
        url: z.string(),
        width: z.number(),
        height: z.number(),
        styleName: nstr,
        votes: z.number(),
        label: z.literal(AI_LABEL),
        madeBy: z.enum(['generative', 'engine']),
      }),
    ),
    styles: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        products: z.array(
          z.object({
            name: z.string(),
            brand: nstr,
            links: z.array(
              z.object({ retailer: z.string(), url: z.string(), price: z.number().nullable(), currency: nstr }),
            ),
          }),
        ),
      }),
    ),
    owner: z.object({ name: nstr, handle: z.string() }).nullable(),
    totalVotes: z.number(),
    myVote: nstr,
    myReaction: nstr,
    expiresAt: z.string(),
  }),
);
export const shareReportViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    shareId: z.string(),
    reason: z.string(),
    createdAt: z.string(),
    url: nstr,
    imageCount: z.number(),
  }),
);
export const shareReportListSchema = /* @__PURE__ */ lazySchema(() => z.array(shareReportViewSchema));
export const shareTakeDownSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ shareId: z.string(), resolvedReports: z.number() }),
);
export const keepVariantsResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kept: z.array(z.object({ index: z.number(), generationId: z.string() })),
  }),
);
export type OwnerShare = z.output<typeof ownerShareSchema>;
export type PublicShare = z.output<typeof publicShareSchema>;
