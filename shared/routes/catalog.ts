/** The routes of the catalog endpoint group (functions/styles/handlers/catalog.ts implements exactly these). */
import { ADMIN, defineGroup } from './route-def';
import { PUBLIC_LIST_EDGE_SECONDS } from '../domain/edge';
import {
  exploreStylesQuery,
  exploreTagListSchema,
  favoriteCountSchema,
  favoritesPageQuery,
  favoriteStateSchema,
  favoriteToggleSchema,
  flagStyleSchema,
  preferencesSchema,
  preferencesViewSchema,
  profilePatchSchema,
  styleReportListSchema,
  styleReportSchema,
  stylesListQuery,
  userLinkListSchema,
  userLinkSchema,
  userLinkViewSchema,
} from '../schemas/discovery';
import {
  categoryListSchema,
  exploreStylePageSchema,
  favoriteStylePageSchema,
  publicProfileSchema,
  publicUserSchema,
  collectionDetailSchema,
  collectionSummaryListSchema,
  promptTemplateListSchema,
  promptTemplateSchema,
  rawTemplateListSchema,
  rawTemplateSchema,
  styleDetailSchema,
  styleProductListSchema,
} from '../schemas/catalog';
import { generationListSchema } from '../schemas/generation';
import { currentUserSchema } from '../schemas/user';

export const catalogRoutes = defineGroup('catalog', { auth: 'user' }, [
  // catalog: styles, categories, collections (public reads; a signed-in viewer also sees their private styles)
  // GET /api/styles (issue 41): one page of public styles at a time, newest first, searched like explore
  {
    method: 'GET',
    path: '/api/styles',
    auth: 'public',
    query: stylesListQuery,
    response: exploreStylePageSchema,
  },
  { method: 'GET', path: '/api/styles/{id}', auth: 'optional', response: styleDetailSchema },
  {
    method: 'GET',
    path: '/api/styles/{id}/products',
    auth: 'optional',
    response: styleProductListSchema,
  },
  // explore (issue 28): one page of public styles at a time, searched, filtered and sorted on the server
  {
    method: 'GET',
    path: '/api/explore/styles',
    auth: 'public',
    query: exploreStylesQuery,
    response: exploreStylePageSchema,
    edgeCacheSeconds: PUBLIC_LIST_EDGE_SECONDS,
  },
  {
    method: 'GET',
    path: '/api/explore/tags',
    auth: 'public',
    response: exploreTagListSchema,
    edgeCacheSeconds: PUBLIC_LIST_EDGE_SECONDS,
  },
  {
    method: 'GET',
    path: '/api/categories',
    auth: 'public',
    response: categoryListSchema,
    edgeCacheSeconds: PUBLIC_LIST_EDGE_SECONDS,
  },
  {
    method: 'GET',
    path: '/api/collections',
    auth: 'public',
    response: collectionSummaryListSchema,
    edgeCacheSeconds: PUBLIC_LIST_EDGE_SECONDS,
  },
  // catalog (discovery): style detail extras, favourites, reports, collections, public users and profiles
  {
    method: 'GET',
    path: '/api/styles/{id}/collection',
    auth: 'optional',
    response: collectionSummaryListSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/generations',
    response: generationListSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/favorite',
    auth: 'optional',
    response: favoriteStateSchema,
  },
  {
    method: 'POST',
    path: '/api/styles/{id}/favorite',
    response: favoriteToggleSchema,
  },
  {
    method: 'DELETE',
    path: '/api/styles/{id}/favorite',
    response: favoriteToggleSchema,
  },
  {
    method: 'GET',
    path: '/api/styles/{id}/favorites/count',
    auth: 'optional',
    response: favoriteCountSchema,
  },
  // GET /api/favorites (issue 39): the caller's favourites, a page at a time (the /favorites page)
  {
    method: 'GET',
    path: '/api/favorites',
    query: favoritesPageQuery,
    response: favoriteStylePageSchema,
  },
  {
    method: 'POST',
    path: '/api/styles/{id}/flag',
    body: flagStyleSchema,
    response: styleReportSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/admin/style-reports',
    roles: ADMIN,
    response: styleReportListSchema,
  },
  { method: 'GET', path: '/api/users/{id}', auth: 'optional', response: publicUserSchema },
  {
    method: 'GET',
    path: '/api/collections/{id}',
    auth: 'optional',
    response: collectionDetailSchema,
  },
  {
    method: 'GET',
    path: '/api/influencer-collections/user/{userId}',
    auth: 'optional',
    response: collectionSummaryListSchema,
  },
  { method: 'GET', path: '/api/profile/{handle}', auth: 'optional', response: publicProfileSchema },
  // catalog (settings): onboarding preferences, profile settings and profile links of the signed-in user
  {
    method: 'POST',
    path: '/api/preferences',
    body: preferencesSchema,
    response: preferencesViewSchema,
  },
  { method: 'GET', path: '/api/user/preferences', response: preferencesViewSchema },
  {
    method: 'PATCH',
    path: '/api/user/profile',
    body: profilePatchSchema,
    response: currentUserSchema,
  },
  { method: 'GET', path: '/api/user/links', response: userLinkListSchema },
  {
    method: 'POST',
    path: '/api/user/links',
    body: userLinkSchema,
    response: userLinkViewSchema,
    status: 201,
  },
  { method: 'DELETE', path: '/api/user/links/{id}', status: 204 },
  // catalog: templates (reads)
  { method: 'GET', path: '/api/raw-templates', response: rawTemplateListSchema },
  { method: 'GET', path: '/api/raw-templates/{id}', response: rawTemplateSchema },
  { method: 'GET', path: '/api/templates', response: rawTemplateListSchema },
  { method: 'GET', path: '/api/prompts', response: promptTemplateListSchema },
  {
    method: 'GET',
    path: '/api/prompt-templates/{id}',
    response: promptTemplateSchema,
  },
]);
