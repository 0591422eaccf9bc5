/**
 * Which API answers CloudFront caches (docs/decisions.md, "Public answers cached at the edge"): the routes of the
 * route table with `edgeCacheSeconds` (shared/routes), each under a cache behaviour of its own whose path
 * pattern is its path with every parameter a `*`, keyed on the path and the route's query parameters only. No
 * CDK import: the infra tests check the same list.
 */
import { ROUTES, routeKey, type RouteDef } from '../../shared/routes';

export interface EdgeCachedRoute {
  route: RouteDef;
  /** CloudFront path pattern: /api/l/{token}/images/{index} -> /api/l/*\/images/* */
  pathPattern: string;
  /** The query parameters in the cache key (the route's `query` schema's keys), sorted. */
  queryKeys: string[];
  seconds: number;
}

export const cachePathPattern = (path: string): string => path.replace(/\{[^}]+\}/g, '*');

/** Whether a CloudFront path pattern (`*` any characters, `?` one) matches a path. */
export function patternMatches(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
      .join('')}$`,
  );
  return re.test(path);
}

function queryKeysOf(route: RouteDef): string[] {
  if (!route.query) return [];
  const shape = (route.query as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error(`${routeKey(route)}: an edge-cached route's query must be an object schema`);
  return Object.keys(shape).sort();
}

/**
 * The edge-cached API routes. Refuses (throws) a route that is not a `public` GET (an answer that may depend on
 * the caller must never be shared), and a path pattern that would also catch a route that is not cached.
 * The shared-look page (/l/{token}) has its own behaviour (/l/*, infra/lib/constructs/web.ts).
 */
export function edgeCachedRoutes(routes: readonly RouteDef[] = ROUTES): EdgeCachedRoute[] {
  const cached = routes.filter((r) => r.edgeCacheSeconds && r.path.startsWith('/api/'));
  for (const r of routes.filter((x) => x.edgeCacheSeconds))
    if (r.method !== 'GET' || r.auth !== 'public')
      throw new Error(`${routeKey(r)}: only public GET routes may be cached at the edge (edgeCacheSeconds)`);
  const out = cached.map((route) => ({
    route,
    pathPattern: cachePathPattern(route.path),
    queryKeys: queryKeysOf(route),
    seconds: route.edgeCacheSeconds!,
  }));
  // a sample path of every route ({id} -> a value) must meet only its own behaviour's kind
  const sample = (p: string) => p.replace(/\{[^}]+\+\}/g, 'a/b').replace(/\{[^}]+\}/g, 'x');
  for (const c of out)
    for (const r of routes)
      if (r !== c.route && patternMatches(c.pathPattern, sample(r.path)) && !r.edgeCacheSeconds)
        throw new Error(`${c.pathPattern} (${routeKey(c.route)}) would also cache ${routeKey(r)}`);
  return out;
}
