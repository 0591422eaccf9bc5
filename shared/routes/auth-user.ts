/** The routes of the auth-user endpoint group (functions/profiles/handlers/auth-user.ts implements exactly these). */
import { defineGroup } from './route-def';
import { OPENAPI_EDGE_SECONDS, PUBLIC_LIST_EDGE_SECONDS } from '../domain/edge';
import { openApiDocumentSchema } from '../schemas/common';
import { currentUserSchema, runtimeConfigSchema, switchRoleSchema } from '../schemas/user';

export const authUserRoutes = defineGroup('auth-user', { auth: 'user' }, [
  // auth-user: configuration, sign-in redirects, the current user and role switching
  {
    method: 'GET',
    path: '/api/config',
    auth: 'public',
    response: runtimeConfigSchema,
    edgeCacheSeconds: PUBLIC_LIST_EDGE_SECONDS,
  },
  // the OpenAPI 3.1 document of this table (shared/openapi.ts), public and cacheable
  {
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'public',
    response: openApiDocumentSchema,
    edgeCacheSeconds: OPENAPI_EDGE_SECONDS,
  },
  { method: 'GET', path: '/api/login', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/auth/login', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/logout', auth: 'public', status: 302 },
  { method: 'GET', path: '/api/auth/user', response: currentUserSchema },
  {
    method: 'PATCH',
    path: '/api/users/role',
    body: switchRoleSchema,
    response: currentUserSchema,
  },
]);
