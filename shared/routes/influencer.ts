/** The routes of the influencer endpoint group (functions/styles/handlers/influencer.ts implements exactly these). */
import { CREATOR, defineGroup } from './route-def';
import {
  collectionAddStyleSchema,
  collectionCreateSchema,
  collectionPatchSchema,
  influencerApplicationSchema,
  influencerApplySchema,
  myCollectionDetailSchema,
  myCollectionListSchema,
  myCollectionSchema,
} from '../schemas/admin';
import { deletedResultSchema } from '../schemas/common';

export const influencerRoutes = defineGroup('influencer', { auth: 'user' }, [
  // influencer: My Collections (influencers and admins; only the owner changes a collection)
  {
    method: 'GET',
    path: '/api/influencer-collections',
    roles: CREATOR,
    response: myCollectionListSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections',
    roles: CREATOR,
    body: collectionCreateSchema,
    response: myCollectionDetailSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/influencer-collections/{id}',
    roles: CREATOR,
    response: myCollectionDetailSchema,
  },
  {
    method: 'PATCH',
    path: '/api/influencer-collections/{id}',
    roles: CREATOR,
    body: collectionPatchSchema,
    response: myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}',
    roles: CREATOR,
    response: deletedResultSchema,
  },
  {
    method: 'POST',
    path: '/api/influencer-collections/{id}/styles',
    roles: CREATOR,
    body: collectionAddStyleSchema,
    response: myCollectionSchema,
  },
  {
    method: 'DELETE',
    path: '/api/influencer-collections/{id}/styles/{styleId}',
    roles: CREATOR,
    response: myCollectionSchema,
  },
  // influencer: the program application (any signed-in user; plan rules in the service)
  {
    method: 'GET',
    path: '/api/influencer/application',
    response: influencerApplicationSchema.nullable(),
  },
  {
    method: 'POST',
    path: '/api/influencer/apply',
    body: influencerApplySchema,
    response: influencerApplicationSchema,
    status: 201,
  },
]);
