/** Endpoint group influencer: My Collections (influencers and admins) and the influencer program application. */
import { getDb } from '../../lib/aws';
import { currentUser } from '../../profiles';
import { createGroupHandler, json } from '../../lib/http';
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
    'GET /api/influencer-collections': async (req) => json(await listMyCollections(getDb(), await currentUser(req))),
    'POST /api/influencer-collections': async (req) =>
      json(await createMyCollection(getDb(), await currentUser(req), req.body), 201),
    'GET /api/influencer-collections/{id}': async (req) =>
      json(await getMyCollection(getDb(), await currentUser(req), req.params.id)),
    'PATCH /api/influencer-collections/{id}': async (req) => {
      const user = await currentUser(req);
      return json(await updateMyCollection(getDb(), user, req.params.id, req.body));
    },
    'DELETE /api/influencer-collections/{id}': async (req) =>
      json(await deleteMyCollection(getDb(), await currentUser(req), req.params.id)),
    'POST /api/influencer-collections/{id}/styles': async (req) => {
      const user = await currentUser(req);
      const { styleId } = req.body;
      return json(await addStyleToMyCollection(getDb(), user, req.params.id, styleId));
    },
    'DELETE /api/influencer-collections/{id}/styles/{styleId}': async (req) =>
      json(await removeStyleFromMyCollection(getDb(), await currentUser(req), req.params.id, req.params.styleId)),
    'GET /api/influencer/application': async (req) => json(await myApplication(getDb(), await currentUser(req))),
    'POST /api/influencer/apply': async (req) => {
      const user = await currentUser(req);
      return json(await apply(getDb(), user, req.body), 201);
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
