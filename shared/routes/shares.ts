/** The routes of the shares endpoint group (functions/shares/handlers/shares.ts implements exactly these). */
import { defineGroup } from './route-def';
import { SHARE_CACHE_SECONDS } from '../domain/shares';
import { idResultSchema } from '../schemas/common';
import {
  createShareSchema,
  ownerShareListSchema,
  ownerShareSchema,
  publicShareSchema,
  shareReactionSchema,
  shareReportSchema,
  shareVoteSchema,
} from '../schemas/share';

export const sharesRoutes = defineGroup('shares', { auth: 'user' }, [
  // shares: shared looks for feedback (issue 15). Owner routes need a user; /api/l/* and the /l/{token} page
  // are for anyone with the link (a token is verified when sent: a signed-in viewer votes as themselves).
  {
    method: 'POST',
    path: '/api/shares',
    body: createShareSchema,
    response: ownerShareSchema,
    status: 201,
  },
  { method: 'GET', path: '/api/shares', response: ownerShareListSchema },
  { method: 'DELETE', path: '/api/shares/{id}', response: ownerShareSchema },
  { method: 'GET', path: '/api/l/{token}', auth: 'optional', response: publicShareSchema },
  // the images of a shared look: the same bytes for every viewer, at most SHARE_CACHE_SECONDS at the edge
  {
    method: 'GET',
    path: '/api/l/{token}/images/{index}',
    auth: 'public',
    produces: 'image/jpeg',
    edgeCacheSeconds: SHARE_CACHE_SECONDS,
  },
  {
    method: 'PUT',
    path: '/api/l/{token}/vote',
    auth: 'optional',
    body: shareVoteSchema,
    response: publicShareSchema,
  },
  {
    method: 'PUT',
    path: '/api/l/{token}/reaction',
    auth: 'optional',
    body: shareReactionSchema,
    response: publicShareSchema,
  },
  {
    method: 'POST',
    path: '/api/l/{token}/report',
    auth: 'optional',
    body: shareReportSchema,
    response: idResultSchema,
    status: 201,
  },
  // the Open Graph page of a shared look (HTML; CloudFront behaviour /l/* -> this API), then the SPA takes over
  { method: 'GET', path: '/l/{token}', auth: 'public', produces: 'text/html' },
]);
