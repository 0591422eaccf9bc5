/** Endpoint group catalog: styles, categories, collections, favourites, reports, public profiles, user settings and template reads. */
import { getDb } from '../../lib/aws';
import { createGroupHandler, type Caller } from '../../lib/http';
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

/** The signed-in viewer of an `optional` route (null when signed out). */
const viewer = (req: { caller: Caller | null }) => req.caller?.user.id ?? null;

export const handler = createGroupHandler(
  catalogRoutes,
  {
    'GET /api/styles': async (req) => listStylePage(getDb(), req.query),
    'GET /api/styles/{id}': async (req) => getStyleDetail(getDb(), req.params.id, viewer(req)),
    'GET /api/styles/{id}/products': async (req) => getStyleProducts(getDb(), req.params.id, viewer(req)),
    'GET /api/explore/styles': async (req) => listExploreStyles(getDb(), req.query),
    'GET /api/explore/tags': async () => listExploreTagNames(getDb()),
    'GET /api/categories': async () => listActiveCategories(getDb()),
    'GET /api/collections': async () => listCollections(getDb()),

    'GET /api/styles/{id}/collection': async (req) => await listStyleCollections(getDb(), req.params.id, viewer(req)),
    'GET /api/styles/{id}/generations': async (req) =>
      await listStyleGenerations(getDb(), req.caller.user.id, req.params.id),
    'GET /api/styles/{id}/favorite': async (req) => getFavoriteState(getDb(), viewer(req), req.params.id),
    'POST /api/styles/{id}/favorite': async (req) => await favoriteStyle(getDb(), req.caller.user.id, req.params.id),
    'DELETE /api/styles/{id}/favorite': async (req) =>
      await unfavoriteStyle(getDb(), req.caller.user.id, req.params.id),
    'GET /api/styles/{id}/favorites/count': async (req) =>
      await getStyleFavoriteCount(getDb(), req.params.id, viewer(req)),
    'GET /api/favorites': async (req) => listFavoriteStyles(getDb(), req.caller.user.id, req.query),
    'POST /api/styles/{id}/flag': async (req) => {
      const { reason } = req.body;
      const user = req.caller.user;
      return reportStyle(getDb(), user.id, req.params.id, reason);
    },
    'GET /api/admin/style-reports': async () => listStyleReports(getDb()),
    'GET /api/users/{id}': async (req) => getPublicUser(getDb(), req.params.id, viewer(req)),
    'GET /api/collections/{id}': async (req) => getCollectionDetail(getDb(), req.params.id, viewer(req)),
    'GET /api/influencer-collections/user/{userId}': async (req) =>
      await listUserCollections(getDb(), req.params.userId, viewer(req)),
    'GET /api/profile/{handle}': async (req) => getPublicProfile(getDb(), req.params.handle, viewer(req)),

    'POST /api/preferences': async (req) => {
      const input = req.body;
      const user = req.caller.user;
      return saveUserPreferences(getDb(), user.id, input);
    },
    'GET /api/user/preferences': async (req) => readUserPreferences(getDb(), req.caller.user),
    'PATCH /api/user/profile': async (req) => {
      const input = req.body;
      return updateUserProfile(getDb(), req.caller.user, input);
    },
    'GET /api/user/links': async (req) => listLinks(getDb(), req.caller.user),
    'POST /api/user/links': async (req) => {
      const input = req.body;
      return addLink(getDb(), req.caller.user, input);
    },
    'DELETE /api/user/links/{id}': async (req) => {
      await removeLink(getDb(), req.caller.user.id, req.params.id);
    },

    'GET /api/raw-templates': async () => listEnabledRawTemplates(getDb()),
    'GET /api/raw-templates/{id}': async (req) => getEnabledRawTemplate(getDb(), req.params.id),
    'GET /api/templates': async () => listEnabledRawTemplates(getDb()),
    'GET /api/prompts': async () => listPrompts(getDb()),
    'GET /api/prompt-templates/{id}': async (req) => getPrompt(getDb(), req.params.id),
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
