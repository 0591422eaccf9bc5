/** Endpoint group influencer: My Collections (influencers and admins) and the influencer program application. */
import { getDb } from '../../lib/aws';
import { createGroupHandler } from '../../lib/http';
import { influencerRoutes } from '../../../shared/routes/influencer';
import { ensureUser } from '../../profiles';
import {
  addStyleToMyCollection,
  createMyCollection,
  deleteMyCollection,
  getMyCollection,
  listMyCollections,
  removeStyleFromMyCollection,
  updateMyCollection,
} from '../collection-service';
import { apply, myApplication } from '../influencer-service';

export const handler = createGroupHandler(
  influencerRoutes,
  {
    'GET /api/influencer-collections': async (req) => listMyCollections(getDb(), req.caller.user),
    'POST /api/influencer-collections': async (req) => await createMyCollection(getDb(), req.caller.user, req.body),
    'GET /api/influencer-collections/{id}': async (req) =>
      await getMyCollection(getDb(), req.caller.user, req.params.id),
    'PATCH /api/influencer-collections/{id}': async (req) => {
      const user = req.caller.user;
      return updateMyCollection(getDb(), user, req.params.id, req.body);
    },
    'DELETE /api/influencer-collections/{id}': async (req) =>
      await deleteMyCollection(getDb(), req.caller.user, req.params.id),
    'POST /api/influencer-collections/{id}/styles': async (req) => {
      const user = req.caller.user;
      const { styleId } = req.body;
      return addStyleToMyCollection(getDb(), user, req.params.id, styleId);
    },
    'DELETE /api/influencer-collections/{id}/styles/{styleId}': async (req) =>
      await removeStyleFromMyCollection(getDb(), req.caller.user, req.params.id, req.params.styleId),
    'GET /api/influencer/application': async (req) => myApplication(getDb(), req.caller.user),
    'POST /api/influencer/apply': async (req) => {
      const user = req.caller.user;
      return apply(getDb(), user, req.body);
    },
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
