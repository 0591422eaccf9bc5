/**
 * The one route table: every HTTP route of the product, its Lambda group, its auth level and its contract.
 * Written one file a group (shared/routes/<group>.ts, the routes that functions/<domain>/handlers/<group>.ts implements:
 * a function loads only its own group's file and schemas); this module joins them. The CDK API construct
 * (infra/lib/constructs/api.ts), the local HTTP API (infra/local/api-server.ts) and the OpenAPI document
 * (shared/openapi.ts) read the joined table.
 */
import { GROUPS, type Group, type RouteDef } from './route-def';
import { authUserRoutes } from './auth-user';
import { profilesRoutes } from './profiles';
import { generationsRoutes } from './generations';
import { catalogRoutes } from './catalog';
import { influencerRoutes } from './influencer';
import { billingRoutes } from './billing';
import { stripeWebhookRoutes } from './stripe-webhook';
import { uploadsImagesRoutes } from './uploads-images';
import { adminRoutes } from './admin';
import { privacyRoutes } from './privacy';
import { sharesRoutes } from './shares';

export * from './route-def';

/** Every group's routes, by group (a group with no routes yet has an empty list). */
export const ROUTES_BY_GROUP: Readonly<Record<Group, readonly RouteDef[]>> = {
  'auth-user': authUserRoutes,
  profiles: profilesRoutes,
  generations: generationsRoutes,
  catalog: catalogRoutes,
  influencer: influencerRoutes,
  billing: billingRoutes,
  'stripe-webhook': stripeWebhookRoutes,
  'uploads-images': uploadsImagesRoutes,
  admin: adminRoutes,
  privacy: privacyRoutes,
  shares: sharesRoutes,
};

export const ROUTES: readonly RouteDef[] = GROUPS.flatMap((g) => ROUTES_BY_GROUP[g]);

export const routesOfGroup = (group: Group): RouteDef[] => [...ROUTES_BY_GROUP[group]];

export const groupsInUse = (): Group[] => GROUPS.filter((g) => ROUTES.some((r) => r.group === g));

export interface RouteMatch {
  route: RouteDef;
  pathParameters: Record<string, string>;
}

/** A route's path split once: its segments and its score (literal segments: the more, the more specific). */
interface CompiledRoute {
  route: RouteDef;
  segs: readonly string[];
  score: number;
}

const COMPILED: readonly CompiledRoute[] = ROUTES.map((route) => {
  const segs = route.path.split('/').filter(Boolean);
  return { route, segs, score: segs.filter((s) => !s.startsWith('{')).length };
});

/** Match a concrete method and path against the table, as API Gateway does (literal segments win). */
export function matchRoute(method: string, path: string): RouteMatch | { methodNotAllowed: true } | null {
  const segs = path.split('/').filter(Boolean);
  const verb = method.toUpperCase();
  let best: { match: RouteMatch; score: number } | null = null;
  let pathMatched = false;
  for (const c of COMPILED) {
    const params = matchPath(c.segs, segs);
    if (!params) continue;
    pathMatched = true;
    if (c.route.method !== verb) continue;
    if (!best || c.score > best.score) best = { match: { route: c.route, pathParameters: params }, score: c.score };
  }
  if (best) return best.match;
  return pathMatched ? { methodNotAllowed: true } : null;
}

function matchPath(pat: readonly string[], segs: string[]): Record<string, string> | null {
  // a pattern longer than the path never matches; without a greedy {x+} neither does a shorter one
  if (pat.length > segs.length) return null;
  let params: Record<string, string> | null = null;
  for (let i = 0; i < pat.length; i++) {
    const p = pat[i]!;
    const seg = segs[i]!;
    if (p.charCodeAt(0) !== 123 /* { */) {
      if (p !== seg) return null;
      continue;
    }
    params ??= {};
    if (p.endsWith('+}')) {
      params[p.slice(1, -2)] = segs.slice(i).map(safeDecode).join('/');
      return params;
    }
    params[p.slice(1, -1)] = safeDecode(seg);
  }
  return pat.length === segs.length ? (params ?? {}) : null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
