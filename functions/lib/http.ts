/**
 * The request pipeline every endpoint group shares (middy):
 *   errors -> route lookup (the one route table) -> body parsing -> token verification -> role check -> route impl
 * Route implementations receive a typed request and return a response built with json()/redirect()/noContent().
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import { BUSY_MESSAGE, ERROR_CODES, HttpError, accountInactive, forbidden, unauthorized } from '../../shared/errors';
import { effectiveRole } from '../../shared/domain/roles';
import { invalidPathParam } from '../../shared/domain/path-params';
// Only the route's definition: each function passes its own group's routes (shared/routes/<group>.ts), so it
// never builds the schemas of other groups.
import { routeKey, type RouteDef } from '../../shared/routes/route-def';
import { bearerToken, verifyToken, type AuthContext } from './auth';
import { isAccountActive, type UserRecord } from '../../shared/repositories/user-repository';
import { parseInput } from '../../shared/schemas/validation';
import { StorageContention } from '../../shared/repositories/toolkit';
import { logger, loggingMiddlewares } from './logger';
import { edgeClientIp } from './edge';
import { setCursorSigningKey } from '../../shared/repositories/cursor';
import { currentSecret } from './runtime-secrets';

export type ApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, unknown>; scopes?: string[] } };
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** The parameter names of a route path or route key: 'GET /a/{id}/b/{key+}' -> 'id' | 'key'. */
export type PathParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${infer N}+` ? N : P) | PathParamNames<Rest>
  : never;

export interface Req<P extends string = string> {
  event: ApiEvent;
  route: RouteDef;
  /**
   * The path parameters of the route. Typed per route key by createGroupHandler: the pipeline has already
   * checked that every parameter of the route's path is present and within its grammar (404 otherwise).
   */
  params: Record<P, string>;
  /** The query string, parsed with the route's `query` schema when it names one. */
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON body parsed with the route's `body` schema; multipart fields/files; or undefined. */
  body: unknown;
  /** The body exactly as received (only kept for rawBody routes). */
  rawBody?: string;
  auth: AuthContext | null;
  /** The signed-in user's item, loaded (and created on first use) by the role check or on demand. */
  user?: UserRecord;
  /**
   * The client's IP as the edge saw it (functions/lib/edge.ts): never from a header the client can set.
   * For rate limits and consent records; null when unknown.
   */
  clientIp: string | null;
}

export type RouteImpl<K extends string = string> = (req: Req<PathParamNames<K>>) => Promise<ApiResult>;

/** Resolves the signed-in user's item; installed per group so the pipeline stays free of services. */
export type UserLoader = (auth: AuthContext) => Promise<UserRecord>;

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): ApiResult => ({
  statusCode: status,
  headers: { ...baseHeaders, ...headers },
  body: JSON.stringify(body),
});

export const noContent = (): ApiResult => ({ statusCode: 204, headers: { 'cache-control': 'no-store' } });

export const redirect = (location: string, status = 302): ApiResult => ({
  statusCode: status,
  headers: { location, 'cache-control': 'no-store' },
});

export const errorResponse = (err: HttpError): ApiResult => json(err.toBody(), err.status);

/**
 * The validated JSON body of a route whose table entry names `schema` as its `body` (the pipeline parsed it
 * before the route ran, see createGroupHandler). Naming another schema is a programming error.
 */
export function bodyOf<S extends z.ZodType>(req: Req, schema: S): z.output<S> {
  if (req.route.body !== schema) throw new Error(`${routeKey(req.route)}: the route table names another body schema`);
  return req.body as z.output<S>;
}

/** The validated query of a route whose table entry names `schema` as its `query`. */
export function queryOf<S extends z.ZodType>(req: Req, schema: S): z.output<S> {
  if (req.route.query !== schema) throw new Error(`${routeKey(req.route)}: the route table names another query schema`);
  return req.query as z.output<S>;
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof StorageContention) return new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);
  const e = err as { statusCode?: number; message?: string; expose?: boolean };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (/malformed JSON/i.test(e.message ?? ''))
      return new HttpError(400, ERROR_CODES.badRequest, 'Invalid or malformed JSON was provided');
    if (e.statusCode === 413) return new HttpError(413, ERROR_CODES.payloadTooLarge, 'Request body too large');
    if (e.statusCode === 415 || e.statusCode === 422)
      return new HttpError(400, ERROR_CODES.badRequest, e.message ?? 'Invalid request body');
    return new HttpError(e.statusCode, ERROR_CODES.badRequest, e.message ?? 'Bad request');
  }
  return new HttpError(500, ERROR_CODES.internal, 'Something went wrong on our side. Please try again.');
}

interface Internal {
  route?: RouteDef;
  clientIp?: string | null;
  auth?: AuthContext | null;
  rawBody?: string;
  user?: UserRecord;
}

/**
 * Build the Lambda handler of one endpoint group from its routes (shared/routes/<group>.ts). Every route of the
 * group must have an implementation, and nothing else may be implemented (checked at build time, not per request).
 */
export function createGroupHandler<K extends string>(
  defs: readonly RouteDef[],
  impls: { [P in K]: RouteImpl<P> },
  loadUser?: UserLoader,
) {
  const implOf = (key: string): RouteImpl | undefined => (impls as Record<string, RouteImpl | undefined>)[key];
  const group = defs[0]?.group;
  if (!group || defs.some((r) => r.group !== group)) throw new Error('A group handler takes the routes of one group');
  const byKey = new Map(defs.map((r) => [routeKey(r), r]));
  const missing = defs.map(routeKey).filter((k) => !implOf(k));
  const extra = Object.keys(impls).filter((k) => !byKey.has(k));
  if (missing.length || extra.length)
    throw new Error(
      `Group ${group}: missing implementations [${missing.join(', ')}], not in route table [${extra.join(', ')}]`,
    );

  const state = new WeakMap<object, Internal>();

  const handler = middy<ApiEvent, ApiResult>()
    .use(loggingMiddlewares() as middy.MiddlewareObj<ApiEvent, ApiResult>[])
    .use({
      onError: async (request) => {
        const httpErr = toHttpError(request.error);
        if (httpErr.status >= 500)
          logger.error('Unhandled error', { error: request.error as Error, routeKey: request.event?.routeKey });
        request.response = errorResponse(httpErr);
      },
    })
    .use({
      before: async (request) => {
        const route = byKey.get(request.event.routeKey);
        if (!route) throw new HttpError(404, ERROR_CODES.notFound, 'Not found');
        // Ids, handles and keys outside their grammar name nothing: refused before any database call.
        if (invalidPathParam(route.path, request.event.pathParameters))
          throw new HttpError(404, ERROR_CODES.notFound, 'Not found');
        const internal: Internal = { route };
        state.set(request.event, internal);
        request.event.headers = lowerHeaders(request.event.headers);
        // CloudFront is the only door: a request that went around it is refused before anything else runs.
        const [clientIp, cursorKey] = await Promise.all([
          edgeClientIp(request.event.headers as Record<string, string>, request.event.requestContext?.http?.sourceIp),
          currentSecret('cursorKey'),
        ]);
        internal.clientIp = clientIp;
        setCursorSigningKey(cursorKey);
        if (route.rawBody && request.event.body !== undefined) {
          internal.rawBody = request.event.isBase64Encoded
            ? Buffer.from(request.event.body, 'base64').toString('utf8')
            : request.event.body;
        }
      },
    })
    .use(skipForRawBody(httpJsonBodyParser({ disableContentTypeError: true }), state))
    .use(
      skipForRawBody(
        httpMultipartBodyParser({
          disableContentTypeError: true,
          busboy: { limits: { fileSize: 12 * 1024 * 1024, files: 4, fields: 40 } },
        }),
        state,
      ),
    )
    .use({
      before: async (request) => {
        const internal = state.get(request.event)!;
        const route = internal.route!;
        internal.auth = null;
        if (route.auth === 'public') return;
        const token = bearerToken(request.event.headers as Record<string, string>);
        if (!token) {
          if (route.auth === 'user') throw unauthorized();
          return;
        }
        const auth = await verifyToken(token);
        // Defence in depth: behind the gateway's authorizer the claims it verified must be the same subject.
        const gwSub = request.event.requestContext?.authorizer?.jwt?.claims?.sub;
        if (gwSub !== undefined && gwSub !== auth.sub) throw unauthorized();
        internal.auth = auth;
        if (route.roles && !loadUser) throw new Error(`Group ${group} has role-restricted routes but no user loader`);
        if (loadUser) {
          // Every authenticated call: the account must still be active (a token outlives account deletion).
          const user = await loadUser(auth);
          // ...except that a deletion which failed midway ('deleting') may be retried by its owner.
          const retryingDeletion =
            routeKey(route) === 'DELETE /api/user/account' &&
            (user as { accountStatus?: string }).accountStatus === 'deleting';
          if (!isAccountActive(user) && !retryingDeletion) throw accountInactive();
          if (route.roles && !route.roles.includes(effectiveRole(user)))
            throw forbidden('You do not have access to this resource');
          internal.user = user;
        }
      },
    })
    .handler(async (event) => {
      const internal = state.get(event)!;
      const route = internal.route!;
      // The contract of the route table: body and query validated once, here, after authentication and the role
      // check (a stranger learns nothing from a 400), with the one message format (shared/schemas/validation.ts).
      const query = (event.queryStringParameters ?? {}) as Record<string, string>;
      const req: Req = {
        event,
        route,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: route.query ? (parseInput(route.query, query) as Record<string, string>) : query,
        headers: event.headers as Record<string, string>,
        body: route.rawBody ? undefined : route.body ? parseInput(route.body, event.body ?? {}) : event.body,
        rawBody: internal.rawBody,
        auth: internal.auth ?? null,
        user: internal.user,
        clientIp: internal.clientIp ?? null,
      };
      const impl = implOf(routeKey(route));
      // cannot happen: every route of the group was checked to have an implementation when the group was built
      if (!impl) throw new Error(`${routeKey(route)}: no implementation`);
      return impl(req);
    });
  return handler;
}

function lowerHeaders(h: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function skipForRawBody(
  // the parsers are typed for REST API events; they only read headers, body and isBase64Encoded
  mw: middy.MiddlewareObj<any, any>,
  state: WeakMap<object, Internal>,
): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      if (state.get(request.event)?.route?.rawBody) return;
      if (request.event.body === undefined || request.event.body === null || request.event.body === '') return;
      return mw.before?.(request);
    },
  };
}

/** The signed-in caller; throws 401 when the route ran without a verified token. */
export function requireAuth(req: Req): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
