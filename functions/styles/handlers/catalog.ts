/** Endpoint group catalog: styles, categories, collections, favourites, reports, public profiles, user settings and template reads. */
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, noContent, requireAuth, type Req } from '../../lib/http';
import { catalogRoutes } from '../../../shared/routes/catalog';
import { ensureUser } from '../../profiles';
import { getStyleDetail, getStyleProducts, listActiveCategories, listCollections } from '../catalog-service';
import { listExploreStyles, listExploreTagNames, listStylePage } from '../explore-service';
import {
  favoriteStyle,
  getCollectionDetail,
  getFavoriteState,
  getPublicProfile,
  getPublicUser,
  getStyleFavoriteCount,
  listFavoriteStyles,
  listStyleCollections,
  listStyleGenerations,
  listStyleReports,
  listUserCollections,
  reportStyle,
  unfavoriteStyle,
} from '../discovery-service';
import {
  addLink,
  listLinks,
  readUserPreferences,
  removeLink,
  saveUserPreferences,
  updateUserProfile,
} from '../../profiles';
import { getEnabledRawTemplate, getPrompt, listEnabledRawTemplates, listPrompts } from '../template-service';

const viewer = (req: Req) => req.auth?.sub ?? null;
const me = (req: Req) => ensureUser(getDb(), requireAuth(req));

export const handler = createGroupHandler(
  catalogRoutes,
  {
    'GET /api/styles': async (req) => json(await listStylePage(getDb(), req.query)),
    'GET /api/styles/{id}': async (req) => json(await getStyleDetail(getDb(), req.params.id, viewer(req))),
    'GET /api/styles/{id}/products': async (req) => json(await getStyleProducts(getDb(), req.params.id, viewer(req))),
    'GET /api/explore/styles': async (req) => json(await listExploreStyles(getDb(), req.query)),
    'GET /api/explore/tags': async () => json(await listExploreTagNames(getDb())),
    'GET /api/categories': async () => json(await listActiveCategories(getDb())),
    'GET /api/collections': async () => json(await listCollections(getDb())),

    'GET /api/styles/{id}/collection': async (req) =>
      json(await listStyleCollections(getDb(), req.params.id, viewer(req))),
    'GET /api/styles/{id}/generations': async (req) =>
      json(await listStyleGenerations(getDb(), requireAuth(req).sub, req.params.id)),
    'GET /api/styles/{id}/favorite': async (req) => json(await getFavoriteState(getDb(), viewer(req), req.params.id)),
    'POST /api/styles/{id}/favorite': async (req) =>
      json(await favoriteStyle(getDb(), (await me(req)).id, req.params.id)),
    'DELETE /api/styles/{id}/favorite': async (req) =>
      json(await unfavoriteStyle(getDb(), (await me(req)).id, req.params.id)),
    'GET /api/styles/{id}/favorites/count': async (req) =>
      json(await getStyleFavoriteCount(getDb(), req.params.id, viewer(req))),
    'GET /api/favorites': async (req) => json(await listFavoriteStyles(getDb(), requireAuth(req).sub, req.query)),
    'POST /api/styles/{id}/flag': async (req) => {
      const { reason } = req.body;
      const user = await me(req);
      return json(await reportStyle(getDb(), user.id, req.params.id, reason), 201);
    },
    'GET /api/admin/style-reports': async () => json(await listStyleReports(getDb())),
    'GET /api/users/{id}': async (req) => json(await getPublicUser(getDb(), req.params.id, viewer(req))),
    'GET /api/collections/{id}': async (req) => json(await getCollectionDetail(getDb(), req.params.id, viewer(req))),
    'GET /api/influencer-collections/user/{userId}': async (req) =>
      json(await listUserCollections(getDb(), req.params.userId, viewer(req))),
    'GET /api/profile/{handle}': async (req) => json(await getPublicProfile(getDb(), req.params.handle, viewer(req))),

    'POST /api/preferences': async (req) => {
      const input = req.body;
      const user = await me(req);
      return json(await saveUserPreferences(getDb(), user.id, input));
    },
    'GET /api/user/preferences': async (req) => json(await readUserPreferences(getDb(), await me(req))),
    'PATCH /api/user/profile': async (req) => {
      const input = req.body;
      return json(await updateUserProfile(getDb(), await me(req), input));
    },
    'GET /api/user/links': async (req) => json(await listLinks(getDb(), await me(req))),
    'POST /api/user/links': async (req) => {
      const input = req.body;
      return json(await addLink(getDb(), await me(req), input), 201);
    },
    'DELETE /api/user/links/{id}': async (req) => {
      await removeLink(getDb(), requireAuth(req).sub, req.params.id);
      return noContent();
    },

    'GET /api/raw-templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/raw-templates/{id}': async (req) => json(await getEnabledRawTemplate(getDb(), req.params.id)),
    'GET /api/templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/prompts': async () => json(await listPrompts(getDb())),
    'GET /api/prompt-templates/{id}': async (req) => json(await getPrompt(getDb(), req.params.id)),
  },
  (auth) => ensureUser(getDb(), auth),
);
