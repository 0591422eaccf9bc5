/** Endpoint group auth-user: runtime config, sign-in redirects, the current user, role switching. */
import { type RuntimeConfig } from '../../../shared/schemas/user';
import type { OpenApiDocument } from '../../../shared/openapi';
import { getDb } from '../../lib/aws';
import { getConfig } from '../../lib/config';
import { createGroupHandler, redirect, reply, type Req } from '../../lib/http';
import { authUserRoutes } from '../../../shared/routes/auth-user';
import { ensureUser, getCurrentUser, switchRole } from '../user-service';
import { sideModuleUrl } from '../../lib/side-modules';
import { configuredRenderers } from '../../generations';

let openApi: Promise<OpenApiDocument> | undefined;
/** A side module in a deployed function (../lib/side-modules.ts): every group's routes, read only when asked. */
const loadOpenApi = (): Promise<typeof import('../../../shared/openapi')> =>
  process.env.FITLY_SIDE_MODULES === 'files' ? import(sideModuleUrl('openapi')) : import('../../../shared/openapi');

const toLogin = async (req: Req) => {
  const qs = req.event.rawQueryString;
  return redirect(`/auth/login${qs ? `?${qs}` : ''}`);
};

export const handler = createGroupHandler(
  authUserRoutes,
  {
    'GET /api/config': async () => {
      const cfg = getConfig();
      const body: RuntimeConfig = {
        stage: cfg.stage,
        local: cfg.local,
        auth: {
          userPoolId: cfg.userPoolId,
          userPoolClientId: cfg.userPoolClientId,
          region: cfg.region,
          ...(cfg.local && cfg.cognitoPublicEndpoint ? { userPoolEndpoint: cfg.cognitoPublicEndpoint } : {}),
          ...(cfg.local && cfg.localConfirmationCode ? { localConfirmationCode: cfg.localConfirmationCode } : {}),
        },
        // who renders each mode, so the SPA's words match what renders (issue 39)
        renderers: configuredRenderers(),
      };
      return reply(body, { headers: { 'cache-control': 'public, max-age=60' } });
    },
    // Built on first request from the route table, then kept for the life of the instance.
    'GET /api/openapi.json': async () => {
      openApi ??= loadOpenApi().then((m) => m.buildOpenApi());
      return reply(await openApi, { headers: { 'cache-control': 'public, max-age=3600' } });
    },
    'GET /api/login': toLogin,
    'GET /api/auth/login': toLogin,
    // Tokens live in the browser: the SPA signs out and clears its cache before navigating here.
    'GET /api/logout': async () => redirect('/'),
    // the pipeline has read the user's item (the account check): only the balance is read here
    'GET /api/auth/user': async ({ caller }) => getCurrentUser(getDb(), caller.auth, caller.user),
    'PATCH /api/users/role': async ({ caller, body }) => switchRole(getDb(), caller.user, body.role),
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
