/**
 * What a route of the route table is (shared/routes/index.ts): its method and path, Lambda group, auth level,
 * roles and contract (request and response schemas). The groups' routes live one file a group
 * (shared/routes/<group>.ts) so that each Lambda function builds only its own routes' schemas at cold start.
 */
import type * as z from 'zod';
import type { Role } from '../domain/roles';
import type { RateAction } from '../domain/rate-limits';

export const GROUPS = [
  'auth-user',
  'profiles',
  'generations',
  'catalog',
  'influencer',
  'billing',
  'stripe-webhook',
  'uploads-images',
  'admin',
  'privacy',
  'shares',
] as const;
export type Group = (typeof GROUPS)[number];

/**
 * The domains of functions/ (functions/<domain>/): each group's Lambda entry lives in its domain's handlers folder,
 * functions/<domain>/handlers/<group>.ts (the one place that says where a group's code is: CDK, the local server,
 * the integration harness and the bundle bench all ask `groupEntryPath`).
 */
export const DOMAINS = ['admin', 'billing', 'generations', 'privacy', 'profiles', 'shares', 'styles'] as const;
export type Domain = (typeof DOMAINS)[number];
export const GROUP_DOMAIN: Readonly<Record<Group, Domain>> = {
  'auth-user': 'profiles',
  profiles: 'profiles',
  generations: 'generations',
  catalog: 'styles',
  influencer: 'styles',
  billing: 'billing',
  'stripe-webhook': 'billing',
  'uploads-images': 'profiles',
  admin: 'admin',
  privacy: 'privacy',
  shares: 'shares',
};
/** A group's Lambda entry module, relative to the repository root. */
export const groupEntryPath = (group: Group): string => `functions/${GROUP_DOMAIN[group]}/handlers/${group}.ts`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public:   no token needed (an Authorization header is ignored).
 * optional: no authorizer at the gateway; the handler verifies a token when one is sent.
 * user:     the gateway refuses a call without a bearer token (the edge authorizer's identity source), and the
 *           handler verifies the token (aws-jwt-verify).
 */
export type AuthLevel = 'public' | 'optional' | 'user';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway HTTP API path syntax: {id} for one segment, {key+} for a greedy tail. */
  path: string;
  /** Set by `defineGroup` from the group's declaration (never written on an entry). */
  group: Group;
  /** The group's default (`defineGroup`) unless the entry says otherwise. */
  auth: AuthLevel;
  /** Effective roles allowed (checked by the handler against the user item); absent = any signed-in user. */
  roles?: readonly Role[];
  /**
   * A spending start that honours the Idempotency-Key header (functions/lib/idempotency.ts): the pipeline reads
   * and checks the key, answers a repeat with the first start's id (200, `idempotent-replayed: true`) and a
   * lost race for the key with the winner's, and a new start with the entry's status. Only on `user` routes
   * whose response is `{ id }`.
   */
  idempotent?: true;
  /**
   * The route also runs for the caller's account whose deletion failed midway (`accountStatus` 'deleting'), so
   * its owner can retry it; every other route refuses an inactive account (401 auth.account_inactive).
   */
  allowsDeletingAccount?: true;
  /** The handler needs the raw, unparsed body (Stripe signature verification). */
  rawBody?: boolean;
  /**
   * The route makes the server do free image or model work: the pipeline counts each call per user and per client
   * address after authentication, before the body is read, and answers 429 with Retry-After over the limit
   * (shared/domain/rate-limits.ts).
   */
  rateLimit?: RateAction;
  /**
   * The API contract (issue 16). `body` and `query` are validated by the pipeline (functions/lib/http.ts) before
   * the route runs, with the one message format of shared/schemas/validation.ts, and the route implementation
   * receives their parsed, typed output (createGroupHandler derives its signature from this entry). `body` is the
   * one input schema: a JSON body, or the text fields of a multipart body when `multipart` names the route's file
   * parts (a multipart route takes the same fields as JSON too, e.g. direct-upload ids instead of files).
   * `response` is the JSON answer on success (checked against every response in the integration tests), `status`
   * its status code (default 200), `produces` another content type. Path parameters come from `path` (grammar in
   * shared/domain/path-params.ts). The OpenAPI document (GET /api/openapi.json, shared/openapi.ts) and the SPA's
   * typed client (web/src/api/endpoints.ts, types only) are derived from these fields.
   */
  body?: z.ZodType;
  multipart?: { files: readonly string[] };
  query?: z.ZodType;
  response?: z.ZodType;
  status?: 200 | 201 | 202 | 204 | 302 | 304;
  produces?: 'text/csv' | 'text/html' | 'image/jpeg';
  /**
   * The answer is the same for every caller and CloudFront may keep it up to this many seconds (a behaviour of
   * its own, keyed on the path and the `query` schema's parameters only: infra/lib/constructs/web.ts). Only on
   * `public` GET routes (the CDK build refuses anything else: infra/lib/edge-cache.ts): neither the Authorization
   * header nor cookies reach the function through such a behaviour, and `public` routes ignore them anyway. A 200
   * whose handler left the default `no-store` goes out as `edgeCacheControl(seconds)` (shared/domain/edge.ts);
   * errors are never cached.
   */
  edgeCacheSeconds?: number;
  summary?: string;
}

/** What an entry of a group's file says: everything but the group, and the auth level only where it differs. */
export type RouteEntry = Omit<RouteDef, 'group' | 'auth'> & { auth?: AuthLevel };

/** A group's defaults, given once in its declaration (`defineGroup`). */
export interface GroupDefaults {
  auth: AuthLevel;
}

/** An entry with its group and the group's defaults filled in (its own fields win), its literal types kept. */
export type GroupRoute<E, G extends Group, D extends GroupDefaults> = {
  [K in keyof (Omit<D, keyof E> & E & { group: G })]: (Omit<D, keyof E> & E & { group: G })[K];
};

/**
 * A group's route table, declared once with its group and defaults (shared/routes/<group>.ts): each entry gets
 * the group and the group's auth level unless it names its own. The entries' literal types are kept (method,
 * path, schemas, auth): the handler's implementations (functions/lib/http.ts createGroupHandler) and the SPA's
 * typed client (web/src/api/endpoints.ts) are typed from them.
 */
export function defineGroup<
  const G extends Group,
  const D extends GroupDefaults,
  const R extends readonly RouteEntry[],
>(group: G, defaults: D, routes: R): { readonly [I in keyof R]: GroupRoute<R[I], G, D> } {
  return routes.map((r) => ({ ...defaults, ...r, group })) as unknown as {
    readonly [I in keyof R]: GroupRoute<R[I], G, D>;
  };
}

/** 'GET /api/x/{id}': the key of a route, as API Gateway spells it and the handlers name their implementations. */
export type RouteKeyOf<R extends Pick<RouteDef, 'method' | 'path'>> = `${R['method']} ${R['path']}`;

/** The parameter names of a route path or route key: 'GET /a/{id}/b/{key+}' -> 'id' | 'key'. */
export type PathParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${infer N}+` ? N : P) | PathParamNames<Rest>
  : never;

export const ADMIN = ['admin'] as const;
export const CREATOR = ['influencer', 'admin'] as const;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;
