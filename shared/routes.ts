/**
 * The one route table: every HTTP route of the product, its Lambda group and its auth level.
 * The CDK API construct (infra/lib/constructs/api.ts) and the local HTTP API (infra/local/api-server.ts)
 * both read this table; every group module (functions/<group>/index.ts) must implement exactly its routes.
 */
import type * as z from 'zod';
import type { Role } from './domain/roles';
import * as S from './schemas/contract';

export const GROUPS = [
  'auth-user',
  'profiles',
  'generations',
  'catalog',
  'influencer',
  'billing',
  'stripe-webhook',
  'uploads-images',
  'admin',
  'privacy',
  'shares',
] as const;
export type Group = (typeof GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public:   no token needed (an Authorization header is ignored).
 * optional: no authorizer at the gateway; the handler verifies a token when one is sent.
 * user:     JWT authorizer at the gateway, and the handler verifies again.
 */
export type AuthLevel = 'public' | 'optional' | 'user';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway HTTP API path syntax: {id} for one segment, {key+} for a greedy tail. */
  path: string;
  group: Group;
  auth: AuthLevel;
  /** Effective roles allowed (checked by the handler against the user item); absent = any signed-in user. */
  roles?: readonly Role[];
  /** The handler needs the raw, unparsed body (Stripe signature verification). */
  rawBody?: boolean;
  /**
   * The API contract (issue 16). `body` and `query` are validated by the pipeline (functions/lib/http.ts) before
   * the route runs, with the one message format of shared/schemas/validation.ts; `multipart` names the text
   * fields of a multipart body (files are described by `files`). `response` is the JSON answer on success
   * (checked against every response in the integration tests), `status` its status code (default 200),
   * `produces` another content type. Path parameters come from `path` (grammar in shared/domain/path-params.ts).
   * The OpenAPI document (GET /api/openapi.json, shared/openapi.ts) is generated from these fields.
   */
  body?: z.ZodType;
  multipart?: { fields: z.ZodType; files: readonly string[] };
  query?: z.ZodType;
  response?: z.ZodType;
  status?: 200 | 201 | 202 | 204 | 302 | 304;
  produces?: 'text/csv' | 'text/html' | 'image/jpeg';
  summary?: string;
}

const ADMIN = ['admin'] as const;
const CREATOR = ['influencer', 'admin'] as const;

export const ROUTES: readonly RouteDef[] = [
  // auth-user: configuration, sign-in redirects, the current user and role switching
  { method: 'GET', path: '/api/config', group: 'auth-user', auth: 'public', response: S.runtimeConfigSchema },
  // the OpenAPI 3.1 document of this table (shared/openapi.ts), public and cacheable
  { method: 'GET', path: '/api/openapi.json', group: 'auth-user', auth: 'public', response: S.openApiDocumentSchema },
  { method: 'GET', path: '/api/login', group: 'auth-user', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/auth/login', group: 'auth-user', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/logout', group: 'auth-user', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/auth/user', group: 'auth-user', auth: 'user', response: S.currentUserSchema },
  {
    method: 'PATCH',
    path: '/api/users/role',
    group: 'auth-user',
    auth: 'user',
    body: S.switchRoleSchema,
    response: S.currentUserSchema,
  },
  // profiles: photo profiles and the privacy purge
  { method: 'GET', path: '/api/photo-profiles', group: 'profiles', auth: 'user', response: S.photoProfileListSchema },
  { method: 'GET', path: '/api/photos', group: 'profiles', auth: 'user', response: S.photoProfileListSchema },
  {
    method: 'POST',
    path: '/api/photo-profiles',
    group: 'profiles',
    auth: 'user',
    multipart: { fields: S.photoProfileFieldsSchema, files: ['portrait', 'fullBody'] },
    response: S.photoProfileSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/photo-profiles/{id}',
    group: 'profiles',
    auth: 'user',
    multipart: { fields: S.photoProfileFieldsSchema.partial(), files: ['portrait', 'fullBody'] },
    response: S.photoProfileSchema,
  },
  { method: 'DELETE', path: '/api/photo-profiles/{id}', group: 'profiles', auth: 'user', status: 204 },
  {
    method: 'DELETE',
    path: '/api/user/photos',
    group: 'profiles',
    auth: 'user',
    response: S.deleteAllPhotosResultSchema,
  },
  // generations: starting, listing, deleting and rating generations
  {
    method: 'POST',
    path: '/api/generate',
    group: 'generations',
    auth: 'user',
    body: S.generateFromRawTemplateSchema,
    response: S.idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/generate/style',
    group: 'generations',
    auth: 'user',
    body: S.generateFromStyleSchema,
    response: S.idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/quick-try/{styleId}',
    group: 'generations',
    auth: 'user',
    body: S.quickTryStyleSchema,
    response: S.idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/generate/quick-try',
    group: 'generations',
    auth: 'user',
    body: S.quickTryCustomSchema,
    response: S.idResultSchema,
    status: 201,
  },
  // a whole outfit (up to 5 pieces in layering order) in one generation; spends credits (Idempotency-Key)
  {
    method: 'POST',
    path: '/api/generate/outfit',
    group: 'generations',
    auth: 'user',
    body: S.outfitSchema,
    response: S.idResultSchema,
    status: 201,
  },
  // keep chosen variants of a run: each becomes a gallery generation (idempotent, owner-checked, free)
  {
    method: 'POST',
    path: '/api/generations/{id}/keep',
    group: 'generations',
    auth: 'user',
    body: S.keepVariantsSchema,
    response: S.keepVariantsResultSchema,
  },
  { method: 'GET', path: '/api/generations', group: 'generations', auth: 'user', response: S.generationListSchema },
  { method: 'GET', path: '/api/generations/{id}', group: 'generations', auth: 'user', response: S.generationSchema },
  { method: 'DELETE', path: '/api/generations/{id}', group: 'generations', auth: 'user', status: 204 },
  {
    method: 'GET',
    path: '/api/feedback/generation/{id}',
    group: 'generations',
    auth: 'user',
    response: S.feedbackViewSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/feedback',
    group: 'generations',
    auth: 'user',
    body: S.feedbackSchema,
    response: S.feedbackViewSchema,
    status: 201,
  },
  // FASHN's webhook when a prediction ends (signed per generation in the URL; the status is re-read from FASHN)
  {
    method: 'POST',
    path: '/api/providers/fashn/webhook',
    group: 'generations',
    auth: 'public',
    query: S.fashnWebhookQuery,
    response: S.receivedSchema,
  },
  // catalog: styles, categories, collections (public reads; a signed-in viewer also sees their private styles)
  { method: 'GET', path: '/api/styles', group: 'catalog', auth: 'public', response: S.styleSummaryListSchema },
  { method: 'GET', path: '/api/styles/{id}', group: 'catalog', auth: 'optional', response: S.styleDetailSchema },
  {
    method: 'GET',
    path: '/api/styles/{id}/products',
    group: 'catalog',
    auth: 'optional',
    response: S.styleProductListSchema,
  },
  { method: 'GET', path: '/api/categories', group: 'catalog', auth: 'public', response: S.categoryListSchema },
  {
    method: 'GET',
    path: '/api/collections',
    group: 'catalog',
    auth: 'public',
    response: S.collectionSummaryListSchema,
  },
  // catalog (discovery): style detail extras, favourites, reports, collections, public users and profiles
  {
    method: 'GET',
    path: '/api/styles/{id}/collection',
    group: 'catalog',
    auth: 'optional',
    response: S.collectionSummaryListSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/generations',
    group: 'catalog',
    auth: 'user',
    response: S.generationListSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/favorite',
    group: 'catalog',
    auth: 'optional',
    response: S.favoriteStateSchema,
  },
  {
    method: 'POST',
    path: '/api/styles/{id}/favorite',
    group: 'catalog',
    auth: 'user',
    response: S.favoriteToggleSchema,
  },
  {
    method: 'DELETE',
    path: '/api/styles/{id}/favorite',
    group: 'catalog',
    auth: 'user',
    response: S.favoriteToggleSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/favorites/count',
    group: 'catalog',
    auth: 'optional',
    response: S.favoriteCountSchema,
  },
  { method: 'GET', path: '/api/favorites', group: 'catalog', auth: 'user', response: S.favoriteStyleListSchema },
  {
    method: 'POST',
    path: '/api/styles/{id}/flag',
    group: 'catalog',
    auth: 'user',
    body: S.flagStyleSchema,
    response: S.styleReportSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/style-reports',
    group: 'catalog',
    auth: 'user',
    roles: ADMIN,
    response: S.styleReportListSchema,
  },
  { method: 'GET', path: '/api/users/{id}', group: 'catalog', auth: 'optional', response: S.publicUserSchema },
  {
    method: 'GET',
    path: '/api/collections/{id}',
    group: 'catalog',
    auth: 'optional',
    response: S.collectionDetailSchema,
  },
  {
    method: 'GET',
    path: '/api/influencer-collections/user/{userId}',
    group: 'catalog',
    auth: 'optional',
    response: S.collectionSummaryListSchema,
  },
  { method: 'GET', path: '/api/profile/{handle}', group: 'catalog', auth: 'optional', response: S.publicProfileSchema },
  // catalog (settings): onboarding preferences, profile settings and profile links of the signed-in user
  {
    method: 'POST',
    path: '/api/preferences',
    group: 'catalog',
    auth: 'user',
    body: S.preferencesSchema,
    response: S.preferencesViewSchema,
  },
  { method: 'GET', path: '/api/user/preferences', group: 'catalog', auth: 'user', response: S.preferencesViewSchema },
  {
    method: 'PATCH',
    path: '/api/user/profile',
    group: 'catalog',
    auth: 'user',
    body: S.profilePatchSchema,
    response: S.currentUserSchema,
  },
  { method: 'GET', path: '/api/user/links', group: 'catalog', auth: 'user', response: S.userLinkListSchema },
  {
    method: 'POST',
    path: '/api/user/links',
    group: 'catalog',
    auth: 'user',
    body: S.userLinkSchema,
    response: S.userLinkViewSchema,
    status: 201,
  },
  { method: 'DELETE', path: '/api/user/links/{id}', group: 'catalog', auth: 'user', status: 204 },
  // catalog: templates (reads)
  { method: 'GET', path: '/api/raw-templates', group: 'catalog', auth: 'user', response: S.rawTemplateListSchema },
  { method: 'GET', path: '/api/raw-templates/{id}', group: 'catalog', auth: 'user', response: S.rawTemplateSchema },
  { method: 'GET', path: '/api/templates', group: 'catalog', auth: 'user', response: S.rawTemplateListSchema },
  { method: 'GET', path: '/api/prompts', group: 'catalog', auth: 'user', response: S.promptTemplateListSchema },
  {
    method: 'GET',
    path: '/api/prompt-templates/{id}',
    group: 'catalog',
    auth: 'user',
    response: S.promptTemplateSchema,
  },
  // uploads-images: uploads, remote image fetches (SSRF-guarded) and media access (presigned GETs)
  {
    method: 'POST',
    path: '/api/upload',
    group: 'uploads-images',
    auth: 'user',
    roles: ['influencer', 'admin'],
    multipart: { fields: S.uploadFieldsSchema, files: ['file'] },
    response: S.uploadResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/user/profile-image',
    group: 'uploads-images',
    auth: 'user',
    multipart: { fields: S.noFieldsSchema, files: ['profileImage'] },
    response: S.currentUserSchema,
  },
  {
    method: 'POST',
    path: '/api/uploads/outfit',
    group: 'uploads-images',
    auth: 'user',
    multipart: { fields: S.noFieldsSchema, files: ['file'] },
    response: S.uploadResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/download-image',
    group: 'uploads-images',
    auth: 'user',
    body: S.downloadImageSchema,
    response: S.downloadImageResultSchema,
  },
  {
    method: 'POST',
    path: '/api/scrape-url',
    group: 'uploads-images',
    auth: 'user',
    body: S.scrapeUrlSchema,
    response: S.scrapeUrlResultSchema,
  },
  {
    method: 'GET',
    path: '/api/public-image/{key+}',
    group: 'uploads-images',
    auth: 'public',
    response: S.mediaUrlSchema,
  },
  {
    method: 'GET',
    path: '/api/private-image/{key+}',
    group: 'uploads-images',
    auth: 'user',
    response: S.mediaUrlSchema,
  },
  // direct uploads: presigned POST to a quarantine key, then finalize (validate + re-encode into the real key)
  {
    method: 'POST',
    path: '/api/uploads',
    group: 'uploads-images',
    auth: 'user',
    body: S.presignUploadSchema,
    response: S.presignUploadResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/uploads/complete',
    group: 'uploads-images',
    auth: 'user',
    body: S.completeUploadSchema,
    response: S.completeUploadResultSchema,
    status: 201,
  },
  // billing: checkout, the subscription, credits and the ledger (fulfilment only by the webhook)
  {
    method: 'POST',
    path: '/api/subscriptions/checkout',
    group: 'billing',
    auth: 'user',
    body: S.checkoutSchema,
    response: S.checkoutResultSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    group: 'billing',
    auth: 'user',
    response: S.subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/cancel',
    group: 'billing',
    auth: 'user',
    response: S.subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/cancel',
    group: 'billing',
    auth: 'user',
    response: S.subscriptionSummarySchema,
  },
  {
    method: 'DELETE',
    path: '/api/subscriptions/scheduled-change',
    group: 'billing',
    auth: 'user',
    response: S.subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/change',
    group: 'billing',
    auth: 'user',
    body: S.changePlanSchema,
    response: S.subscriptionSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/update-payment-method',
    group: 'billing',
    auth: 'user',
    response: S.urlResultSchema,
  },
  { method: 'GET', path: '/api/subscriptions/portal', group: 'billing', auth: 'user', response: S.urlResultSchema },
  { method: 'GET', path: '/api/credits', group: 'billing', auth: 'user', response: S.creditsViewSchema },
  {
    method: 'GET',
    path: '/api/credits/ledger',
    group: 'billing',
    auth: 'user',
    query: S.ledgerPageQuery,
    response: S.ledgerPageSchema,
  },
  // stripe-webhook: signed events from Stripe (or the local payments adapter)
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    group: 'stripe-webhook',
    auth: 'public',
    rawBody: true,
    response: S.receivedSchema,
  },
  // admin: maintenance operations
  {
    method: 'POST',
    path: '/api/admin/credits/adjust',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.adjustCreditsSchema,
    response: S.adjustCreditsResultSchema,
    status: 201,
  },
  // admin: finance (the ledger across users, daily totals, reconciliation, CSV export)
  {
    method: 'GET',
    path: '/api/admin/finance/ledger',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    query: S.financeLedgerQuery,
    response: S.financeLedgerPageSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/finance/summary',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    query: S.financeSummaryQuery,
    response: S.financeSummarySchema,
  },
  {
    method: 'GET',
    path: '/api/admin/finance/reconciliation',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.reconciliationReportSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/finance/export.csv',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    query: S.financeLedgerQuery,
    produces: 'text/csv',
  },
  // admin: content safety (refusal counts and reasons, never the image) and takedown of a reported public image
  {
    method: 'GET',
    path: '/api/admin/content-safety',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.refusalSummarySchema,
  },
  {
    method: 'POST',
    path: '/api/admin/style-reports/{id}/take-down',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.takeDownResultSchema,
  },
  // admin (style editor, shared with influencers; ownership checked per style): styles, products, product links, categories
  {
    method: 'GET',
    path: '/api/admin/styles',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    query: S.adminStylesQuery,
    response: S.adminStyleListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/styles',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.styleCreateSchema,
    response: S.adminStyleSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/admin/styles/{id}',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.stylePatchSchema,
    response: S.adminStyleSchema,
  },
  {
    method: 'DELETE',
    path: '/api/admin/styles/{id}',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    response: S.idResultSchema,
  },
  // generate a cover: start a 1-credit generation of the style for the caller, then copy its result as the cover
  {
    method: 'POST',
    path: '/api/admin/styles/{id}/cover',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    response: S.idResultSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/styles/{id}/cover/from-generation',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.coverFromGenerationSchema,
    response: S.adminStyleSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/categories',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    response: S.categoryListSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/products',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    query: S.adminProductsQuery,
    response: S.adminProductListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/products',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.productCreateSchema,
    response: S.adminProductSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/admin/products/{id}',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.productPatchSchema,
    response: S.adminProductSchema,
  },
  {
    method: 'DELETE',
    path: '/api/admin/products/{id}',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    response: S.idResultSchema,
  },
  {
    method: 'GET',
    path: '/api/admin/products/{id}/links',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    response: S.adminProductLinkListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/products/{id}/links',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.productLinkForProductSchema,
    response: S.adminProductLinkSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/product-links',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.productLinkCreateSchema,
    response: S.adminProductLinkSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/admin/product-links/{id}',
    group: 'admin',
    auth: 'user',
    roles: CREATOR,
    body: S.productLinkPatchSchema,
    response: S.adminProductLinkSchema,
  },
  // admin: influencer application review
  {
    method: 'GET',
    path: '/api/admin/influencer/applications',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    query: S.applicationListQuery,
    response: S.adminApplicationListSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/influencer/applications/{id}',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.applicationReviewSchema,
    response: S.influencerApplicationSchema,
  },
  // admin: prompt templates and the prompt tester
  {
    method: 'GET',
    path: '/api/admin/prompts',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.adminPromptTemplateListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/prompts',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.promptCreateSchema,
    response: S.adminPromptTemplateSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/prompts/test',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.promptTestSchema,
    response: S.promptTestResultSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/prompts/{id}',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.promptPatchSchema,
    response: S.adminPromptTemplateSchema,
  },
  {
    method: 'DELETE',
    path: '/api/admin/prompts/{id}',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.deletedResultSchema,
  },
  // admin: raw templates and the compiler
  {
    method: 'GET',
    path: '/api/admin/raw-templates',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.adminRawTemplateListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/raw-templates',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.rawTemplateCreateSchema,
    response: S.adminRawTemplateSchema,
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/admin/raw-templates/compile',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.rawTemplateCompileSchema,
    response: S.compileResultSchema,
  },
  {
    method: 'PATCH',
    path: '/api/admin/raw-templates/{id}',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    body: S.rawTemplatePatchSchema,
    response: S.adminRawTemplateSchema,
  },
  {
    method: 'DELETE',
    path: '/api/admin/raw-templates/{id}',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.deletedResultSchema,
  },
  // influencer: My Collections (influencers and admins; only the owner changes a collection)
  {
    method: 'GET',
    path: '/api/influencer-collections',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: S.myCollectionListSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: S.collectionCreateSchema,
    response: S.myCollectionDetailSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: S.myCollectionDetailSchema,
  },
  {
    method: 'PATCH',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: S.collectionPatchSchema,
    response: S.myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: S.deletedResultSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections/{id}/styles',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: S.collectionAddStyleSchema,
    response: S.myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}/styles/{styleId}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: S.myCollectionSchema,
  },
  // influencer: the program application (any signed-in user; plan rules in the service)
  {
    method: 'GET',
    path: '/api/influencer/application',
    group: 'influencer',
    auth: 'user',
    response: S.influencerApplicationSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/influencer/apply',
    group: 'influencer',
    auth: 'user',
    body: S.influencerApplySchema,
    response: S.influencerApplicationSchema,
    status: 201,
  },
  // privacy: age statement, retention of generated images, data export, account deletion
  { method: 'GET', path: '/api/user/privacy', group: 'privacy', auth: 'user', response: S.privacySettingsSchema },
  {
    method: 'PUT',
    path: '/api/user/privacy/retention',
    group: 'privacy',
    auth: 'user',
    body: S.retentionInputSchema,
    response: S.privacySettingsSchema,
  },
  {
    method: 'POST',
    path: '/api/user/age',
    group: 'privacy',
    auth: 'user',
    body: S.ageInputSchema,
    response: S.ageResultSchema,
  },
  {
    method: 'POST',
    path: '/api/user/export',
    group: 'privacy',
    auth: 'user',
    response: S.exportJobSchema,
    status: 202,
  },
  { method: 'GET', path: '/api/user/export/latest', group: 'privacy', auth: 'user', response: S.latestExportSchema },
  { method: 'GET', path: '/api/user/export/{id}', group: 'privacy', auth: 'user', response: S.exportJobSchema },
  {
    method: 'DELETE',
    path: '/api/user/account',
    group: 'privacy',
    auth: 'user',
    body: S.deleteAccountInputSchema,
    response: S.deletionReceiptSchema,
  },
  // shares: shared looks for feedback (issue 15). Owner routes need a user; /api/l/* and the /l/{token} page
  // are for anyone with the link (a token is verified when sent: a signed-in viewer votes as themselves).
  {
    method: 'POST',
    path: '/api/shares',
    group: 'shares',
    auth: 'user',
    body: S.createShareSchema,
    response: S.ownerShareSchema,
    status: 201,
  },
  { method: 'GET', path: '/api/shares', group: 'shares', auth: 'user', response: S.ownerShareListSchema },
  { method: 'DELETE', path: '/api/shares/{id}', group: 'shares', auth: 'user', response: S.ownerShareSchema },
  { method: 'GET', path: '/api/l/{token}', group: 'shares', auth: 'optional', response: S.publicShareSchema },
  { method: 'GET', path: '/api/l/{token}/images/{index}', group: 'shares', auth: 'public', produces: 'image/jpeg' },
  {
    method: 'PUT',
    path: '/api/l/{token}/vote',
    group: 'shares',
    auth: 'optional',
    body: S.shareVoteSchema,
    response: S.publicShareSchema,
  },
  {
    method: 'PUT',
    path: '/api/l/{token}/reaction',
    group: 'shares',
    auth: 'optional',
    body: S.shareReactionSchema,
    response: S.publicShareSchema,
  },
  {
    method: 'POST',
    path: '/api/l/{token}/report',
    group: 'shares',
    auth: 'optional',
    body: S.shareReportSchema,
    response: S.idResultSchema,
    status: 201,
  },
  // the Open Graph page of a shared look (HTML; CloudFront behaviour /l/* -> this API), then the SPA takes over
  { method: 'GET', path: '/l/{token}', group: 'shares', auth: 'public', produces: 'text/html' },
  // admin: reported shared looks (same queue as reported styles) and their takedown
  {
    method: 'GET',
    path: '/api/admin/share-reports',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.shareReportListSchema,
  },
  {
    method: 'POST',
    path: '/api/admin/share-reports/{id}/take-down',
    group: 'admin',
    auth: 'user',
    roles: ADMIN,
    response: S.shareTakeDownSchema,
  },
];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

export const routesOfGroup = (group: Group): RouteDef[] => ROUTES.filter((r) => r.group === group);

export const groupsInUse = (): Group[] => GROUPS.filter((g) => ROUTES.some((r) => r.group === g));

export interface RouteMatch {
  route: RouteDef;
  pathParameters: Record<string, string>;
}

/** Match a concrete method and path against the table, as API Gateway does (literal segments win). */
export function matchRoute(method: string, path: string): RouteMatch | { methodNotAllowed: true } | null {
  const segs = path.split('/').filter(Boolean);
  let best: { match: RouteMatch; score: number } | null = null;
  let pathMatched = false;
  for (const route of ROUTES) {
    const params = matchPath(route.path, segs);
    if (!params) continue;
    pathMatched = true;
    if (route.method !== method.toUpperCase()) continue;
    const score = route.path.split('/').filter((s) => s && !s.startsWith('{')).length;
    if (!best || score > best.score) best = { match: { route, pathParameters: params }, score };
  }
  if (best) return best.match;
  return pathMatched ? { methodNotAllowed: true } : null;
}

function matchPath(pattern: string, segs: string[]): Record<string, string> | null {
  const pat = pattern.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [i, p] of pat.entries()) {
    const seg = segs[i];
    if (seg === undefined) return null;
    if (p.startsWith('{') && p.endsWith('+}')) {
      params[p.slice(1, -2)] = segs.slice(i).map(safeDecode).join('/');
      return params;
    }
    if (p.startsWith('{')) params[p.slice(1, -1)] = safeDecode(seg);
    else if (p !== seg) return null;
  }
  return pat.length === segs.length ? params : null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
