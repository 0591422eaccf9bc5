/** The routes of the influencer endpoint group (functions/styles/handlers/influencer.ts implements exactly these). */
import { CREATOR, defineRoutes } from './route-def';
import {
  collectionAddStyleSchema,
  collectionCreateSchema,
  collectionPatchSchema,
  influencerApplySchema,
} from '../schemas/admin';
import { deletedResultSchema } from '../schemas/common';
import {
  influencerApplicationSchema,
  myCollectionDetailSchema,
  myCollectionListSchema,
  myCollectionSchema,
} from '../schemas/responses';

export const influencerRoutes = defineRoutes([
  // influencer: My Collections (influencers and admins; only the owner changes a collection)
  {
    method: 'GET',
    path: '/api/influencer-collections',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: myCollectionListSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: collectionCreateSchema,
    response: myCollectionDetailSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: myCollectionDetailSchema,
  },
  {
    method: 'PATCH',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: collectionPatchSchema,
    response: myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: deletedResultSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections/{id}/styles',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    body: collectionAddStyleSchema,
    response: myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}/styles/{styleId}',
    group: 'influencer',
    auth: 'user',
    roles: CREATOR,
    response: myCollectionSchema,
  },
  // influencer: the program application (any signed-in user; plan rules in the service)
  {
    method: 'GET',
    path: '/api/influencer/application',
    group: 'influencer',
    auth: 'user',
    response: influencerApplicationSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/influencer/apply',
    group: 'influencer',
    auth: 'user',
    body: influencerApplySchema,
    response: influencerApplicationSchema,
    status: 201,
  },
]);
