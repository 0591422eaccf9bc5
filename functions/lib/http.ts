/**
 * The request pipeline every endpoint group shares (middy):
 *   errors -> route lookup (the one route table) -> token verification -> the caller's user item (read once)
 *   -> account and role check -> rate limit -> body parsing -> (idempotent starts: the key) -> route impl
 *   -> the answer
 * The route's entry is the whole contract: an implementation receives a request typed from its entry (params,
 * query, body, files, the caller: non-null on `user` routes) and returns the body its entry's `response`
 * schema takes (a mismatch does not compile); the pipeline answers it with the entry's status. `reply()` adds
 * headers, cookies or another success status; routes that answer another content type (`produces`) or a
 * redirect return `raw()`/`redirect()`.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import { BUSY_MESSAGE, ERROR_CODES, HttpError, accountInactive, forbidden, unauthorized } from '../../shared/errors';
import { effectiveRole } from '../../shared/domain/roles';
import { invalidPathParam } from '../../shared/domain/path-params';
// Only the route's definition: each function passes its own group's routes (shared/routes/<group>.ts), so it
// never builds the schemas of other groups.
import { routeKey, type PathParamNames, type RouteDef, type RouteKeyOf } from '../../shared/routes/route-def';
import { isMultipart, jsonForm, parseMultipart, type SplitForm, type UploadedFile } from './multipart';
import { bearerToken, verifyToken, type AuthContext } from './auth';
import { isAccountActive, type UserRecord } from '../../shared/repositories/user-repository';
import { parseInput } from '../../shared/schemas/validation';
import { StorageContention } from '../../shared/repositories/toolkit';
import { idempotencyClaim, runIdempotent, type IdempotencyClaim, type IdempotencyStore } from './idempotency';
import { logger, loggingMiddlewares } from './logger';
import { edgeClientIp } from './edge';
import { edgeCacheControl } from '../../shared/domain/edge';
import { setCursorSigningKey } from '../../shared/repositories/cursor';
import { currentSecret } from './runtime-secrets';
import type { RouteRateLimiter } from './rate-limit';
import { freeWork } from './free-work';

export type ApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, unknown>; scopes?: string[] } };
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2;

/**
 * Who calls a route: the verified token's claims and the caller's user item, which the pipeline reads once per
 * request (created on first use) for its account and role checks and hands to the implementation.
 */
export interface Caller {
  auth: AuthContext;
  user: UserRecord;
}

/** What every request carries, whatever its route (the helpers shared by a group's routes take this). */
export interface Req {
  event: ApiEvent;
  route: RouteDef;
  /**
   * The path parameters of the route: the pipeline has already checked that every parameter of the route's
   * path is present and within its grammar (404 otherwise).
   */
  params: Readonly<Record<string, string>>;
  headers: Record<string, string>;
  /** The body exactly as received (only kept for rawBody routes). */
  rawBody?: string;
  /** The signed-in caller (null on `public` routes, and on `optional` routes called without a token). */
  caller: Caller | null;
  /**
   * The client's IP as the edge saw it (functions/lib/edge.ts): never from a header the client can set.
   * For rate limits and consent records; null when unknown.
   */
  clientIp: string | null;
}

/** The route's `body` schema's output; without a schema the parsed JSON as sent (webhooks), unchecked. */
export type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? z.output<B> : unknown;
/** The route's `query` schema's output; without a schema the raw query string parameters. */
export type QueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : Readonly<Record<string, string | undefined>>;
/** The file parts a form route names (`multipart.files`), each present when sent. */
export type FilesOf<R> = R extends { multipart: { files: readonly (infer F extends string)[] } }
  ? Partial<Record<F, UploadedFile>>
  : Record<never, UploadedFile>;

/** The caller a route's implementation receives: always one on `user` routes, maybe one on `optional` routes. */
export type CallerOf<R> = R extends { auth: 'user' } ? Caller : R extends { auth: 'public' } ? null : Caller | null;
/** An idempotent start's claim (its Idempotency-Key and request hash; none without the header). */
export type IdempotencyOf<R> = R extends { idempotent?: undefined } ? undefined : IdempotencyClaim | undefined;

/**
 * The request a route implementation receives, typed from its entry in the route table: path parameters by
 * name, the query and body already parsed by the route's schemas (one parse, the pipeline's), and the caller.
 */
export type RouteReq<R extends RouteDef> = Omit<Req, 'params' | 'route' | 'caller'> & {
  route: R;
  params: Readonly<Record<PathParamNames<R['path']>, string>>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  files: FilesOf<R>;
  caller: CallerOf<R>;
  /** On `idempotent` routes: the claim the start writes in its spend's own transaction. */
  idempotency: IdempotencyOf<R>;
};

/** Marks what an implementation built with reply()/raw() (a plain body can never be taken for one). */
const REPLY: unique symbol = Symbol('fitly.reply');
/** A JSON answer with what the entry alone does not say: headers, cookies, or another success status. */
export interface Reply<B> {
  readonly [REPLY]: 'json';
  body: B;
  status?: 200 | 201 | 202;
  headers?: Record<string, string>;
  cookies?: string[];
}
/** The typed escape: a whole answer built by the route (another content type, a redirect, a cacheable 404). */
export interface RawReply {
  readonly [REPLY]: 'raw';
  result: ApiResult;
}

/** The JSON body the entry's `response` schema takes (z.input: what the schema accepts). */
export type ResponseOf<R> = R extends { response: infer S extends z.ZodType } ? z.input<S> : never;

/**
 * What an implementation returns, derived from its entry: the `response` body (or a `reply()` of it);
 * nothing for a 204; `raw()`/`redirect()` for `produces` and redirect routes.
 */
export type RouteResult<R> = R extends { produces: string }
  ? RawReply
  : R extends { status: 302 | 304 }
    ? RawReply
    : R extends { response: z.ZodType }
      ? ResponseOf<R> | Reply<ResponseOf<R>>
      : R extends { status: 204 }
        ? void
        : never;

export type RouteImpl<R extends RouteDef = RouteDef> = (req: RouteReq<R>) => Promise<RouteResult<R>>;

/**
 * An idempotent start's repeat is answered `{ id }` by the pipeline: its entry's response must take that, else
 * no implementation compiles for it.
 */
type ImplOf<R extends RouteDef> = R extends { idempotent: true }
  ? { id: string } extends ResponseOf<R>
    ? RouteImpl<R>
    : never
  : RouteImpl<R>;

/** A group's implementations: one per route of its table, keyed 'METHOD /path', each typed from its entry. */
export type GroupImpls<Defs extends readonly RouteDef[]> = {
  [R in Defs[number] as RouteKeyOf<R>]: ImplOf<R>;
};

/** Resolves the signed-in user's item; installed per group so the pipeline stays free of services. */
export type UserLoader = (auth: AuthContext) => Promise<UserRecord>;

/** What a group gives its pipeline beside its routes and implementations. */
export interface GroupOptions {
  /** Reads (and creates on first use) the caller's user item: required when the group has non-public routes. */
  loadUser?: UserLoader;
  /** Called when a body fails its schema, before the 400 goes out (e.g. to discard the uploads it named). */
  onInvalidBody?: (req: Req, body: unknown) => Promise<void>;
  /** Counts the calls of the group's routes that name a `rateLimit` (functions/lib/rate-limit.ts). */
  limitRate?: RouteRateLimiter;
  /** What the Idempotency-Key of the group's `idempotent` starts records (functions/lib/idempotency.ts). */
  idempotency?: IdempotencyStore;
}

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** A JSON answer (the pipeline's own: errors and the entries' bodies; routes return their body or reply()). */
const jsonResult = (body: unknown, status: number, headers: Record<string, string> = {}): ApiResult => ({
  statusCode: status,
  headers: { ...baseHeaders, ...headers },
  body: JSON.stringify(body),
});

export const reply = <B>(
  body: B,
  opts: { status?: 200 | 201 | 202; headers?: Record<string, string>; cookies?: string[] } = {},
): Reply<B> => ({ [REPLY]: 'json', body, ...opts });

export const raw = (result: ApiResult): RawReply => ({ [REPLY]: 'raw', result });

export const redirect = (location: string, status: 302 = 302): RawReply =>
  raw({ statusCode: status, headers: { location, 'cache-control': 'no-store' } });

const isTagged = (out: unknown, tag: 'json' | 'raw'): boolean =>
  typeof out === 'object' && out !== null && REPLY in out && out[REPLY] === tag;

/** An implementation's result as the answer its entry describes (status from the entry unless a reply says). */
function answer(route: RouteDef, out: unknown): ApiResult {
  if (isTagged(out, 'raw')) return (out as RawReply).result;
  if (route.status === 204 && !route.response) return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
  const r: Omit<Reply<unknown>, typeof REPLY> = isTagged(out, 'json') ? (out as Reply<unknown>) : { body: out };
  return {
    ...jsonResult(r.body, r.status ?? route.status ?? 200, r.headers),
    ...(r.cookies?.length ? { cookies: r.cookies } : {}),
  };
}

/** A repeat of an idempotent start (or a lost race for its key): the first start's id, 200, marked replayed. */
const replayed = (id: string): ApiResult => jsonResult({ id }, 200, { 'idempotent-replayed': 'true' });

/** An error's answer: its `{ message, code }` body, and Retry-After when it says when to try again (429). */
export const errorResponse = (err: HttpError, headers: Record<string, string> = {}): ApiResult =>
  jsonResult(
    err.toBody(),
    err.status,
    'retryAfter' in err && typeof err.retryAfter === 'number'
      ? { ...headers, 'retry-after': String(err.retryAfter) }
      : headers,
  );

/** An error the body parsers raise for a bad request (http-errors: a 4xx statusCode and a message). */
function clientError(err: unknown): { statusCode: number; message?: string } | null {
  if (!err || typeof err !== 'object' || !('statusCode' in err) || typeof err.statusCode !== 'number') return null;
  if (err.statusCode < 400 || err.statusCode >= 500) return null;
  const message = 'message' in err && typeof err.message === 'string' ? err.message : undefined;
  return { statusCode: err.statusCode, message };
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof StorageContention) return new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);
  const e = clientError(err);
  if (e) {
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
  /** The request's headers, names lower-cased. */
  headers?: Record<string, string>;
  clientIp?: string | null;
  caller?: Caller | null;
  rawBody?: string;
}

/**
 * Build the Lambda handler of one endpoint group from its routes (shared/routes/<group>.ts). Every route of the
 * group must have an implementation, and nothing else may be implemented (checked at build time, not per request).
 */
export function createGroupHandler<const Defs extends readonly RouteDef[]>(
  defs: Defs,
  impls: NoInfer<GroupImpls<Defs>>,
  options: GroupOptions = {},
) {
  const { loadUser, onInvalidBody, limitRate, idempotency } = options;
  // The one widening of the pipeline: each implementation is called with the request its own entry describes
  // (the parse below uses that entry's schemas), which the table's types cannot express per key at run time.
  const implByKey = new Map(Object.entries(impls) as [string, RouteImpl][]);
  const implOf = (key: string): RouteImpl | undefined => implByKey.get(key);
  const group = defs[0]?.group;
  if (!group || defs.some((r) => r.group !== group)) throw new Error('A group handler takes the routes of one group');
  const byKey = new Map(defs.map((r) => [routeKey(r), r]));
  const missing = defs.map(routeKey).filter((k) => !implOf(k));
  const extra = [...implByKey.keys()].filter((k) => !byKey.has(k));
  if (missing.length || extra.length)
    throw new Error(
      `Group ${group}: missing implementations [${missing.join(', ')}], not in route table [${extra.join(', ')}]`,
    );
  if (!limitRate && defs.some((r) => r.rateLimit))
    throw new Error(`Group ${group} has rate-limited routes but no rate limiter`);
  if (!loadUser && defs.some((r) => r.auth !== 'public'))
    throw new Error(`Group ${group} has signed-in routes but no user loader`);
  if (defs.some((r) => r.idempotent && r.auth !== 'user'))
    throw new Error(`Group ${group}: an idempotent start needs a signed-in caller`);
  if (!idempotency && defs.some((r) => r.idempotent))
    throw new Error(`Group ${group} has idempotent routes but no idempotency store`);

  const state = new WeakMap<object, Internal>();

  const handler = middy<ApiEvent, ApiResult>()
    .use(loggingMiddlewares<ApiEvent, ApiResult>())
    .use({
      onError: async (request) => {
        const httpErr = toHttpError(request.error);
        if (httpErr.status >= 500)
          logger.error('Unhandled error', { error: request.error ?? undefined, routeKey: request.event?.routeKey });
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
        const headers = lowerHeaders(request.event.headers);
        request.event.headers = headers;
        internal.headers = headers;
        // CloudFront is the only door: a request that went around it is refused before anything else runs.
        const [clientIp, cursorKey] = await Promise.all([
          edgeClientIp(headers, request.event.requestContext?.http?.sourceIp),
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
    .use({
      before: async (request) => {
        const internal = state.get(request.event)!;
        const route = internal.route!;
        internal.caller = null;
        if (route.auth === 'public') return;
        const token = bearerToken(internal.headers ?? {});
        if (!token) {
          if (route.auth === 'user') throw unauthorized();
          return;
        }
        const auth = await verifyToken(token);
        // Defence in depth: behind the gateway's authorizer the claims it verified must be the same subject.
        const gwSub = request.event.requestContext?.authorizer?.jwt?.claims?.sub;
        if (gwSub !== undefined && gwSub !== auth.sub) throw unauthorized();
        // The caller's user item, read once for the whole request (the implementation receives it).
        const user = await loadUser!(auth);
        // Every authenticated call: the account must still be active (a token outlives account deletion),
        // except on a route that lets its owner retry a deletion which failed midway ('deleting').
        const retryingDeletion = route.allowsDeletingAccount === true && user.accountStatus === 'deleting';
        if (!isAccountActive(user) && !retryingDeletion) throw accountInactive();
        if (route.roles && !route.roles.includes(effectiveRole(user)))
          throw forbidden('You do not have access to this resource');
        internal.caller = { auth, user };
      },
    })
    // Free image and model work is counted per caller and address once the caller is known, before the body is read.
    .use({
      before: async (request) => {
        const internal = state.get(request.event)!;
        const action = internal.route?.rateLimit;
        if (action && limitRate)
          await limitRate(action, { userId: internal.caller?.auth.sub ?? null, clientIp: internal.clientIp ?? null });
      },
    })
    // Bodies are parsed after authentication and the role check: a stranger's body is never read. A JSON body on
    // any route; a multipart body only on a route whose entry names file parts (in the handler, below).
    .use(skipForRawBody(httpJsonBodyParser({ disableContentTypeError: true }), state))
    .handler(async (event) => {
      const internal = state.get(event)!;
      const route = internal.route!;
      // The contract of the route table: body and query validated once, here, after authentication and the role
      // check (a stranger learns nothing from a 400), with the one message format (shared/schemas/validation.ts).
      // A form route's text fields meet the same `body` schema as a JSON body; its files go to `files`.
      const rawQuery = event.queryStringParameters ?? {};
      const base: Req = {
        event,
        route,
        params: event.pathParameters ?? {},
        headers: internal.headers ?? {},
        rawBody: internal.rawBody,
        caller: internal.caller ?? null,
        clientIp: internal.clientIp ?? null,
      };
      const form = route.multipart ? await readForm(event, route.multipart.files) : null;
      const sent: unknown = form ? form.fields : (event.body ?? {});
      let body: unknown;
      try {
        body = route.rawBody ? undefined : route.body ? parseInput(route.body, sent) : event.body;
      } catch (err) {
        if (onInvalidBody) await onInvalidBody(base, sent).catch((e: unknown) => logger.error('onInvalidBody', { e }));
        throw err;
      }
      const query = route.query ? parseInput(route.query, rawQuery) : rawQuery;
      // an idempotent start: its key read and checked (400 when malformed) before anything runs
      const claim = route.idempotent ? idempotencyClaim(base, route.body ? body : {}) : undefined;
      const req: RouteReq<RouteDef> = { ...base, query, body, files: form?.files ?? {}, idempotency: claim };
      const impl = implOf(routeKey(route));
      // cannot happen: every route of the group was checked to have an implementation when the group was built
      if (!impl) throw new Error(`${routeKey(route)}: no implementation`);
      // free image work waits its turn (functions/lib/free-work.ts): a flood of it queues behind the gate
      const run = () => (route.rateLimit ? freeWork.run(() => impl(req)) : impl(req));
      if (!route.idempotent) return withEdgeCache(route, answer(route, await run()));
      // once per key: a repeat, or a lost race for the key, answers the first start's id (no second spend)
      const started = await runIdempotent(idempotency!, base.caller!.user.id, claim, run);
      return started.outcome === 'created' ? answer(route, started.result) : replayed(started.id);
    });
  return handler;
}

/** A form route's body: multipart/form-data (its files and text fields), or the same fields as JSON. */
function readForm(event: ApiEvent, fileNames: readonly string[]): Promise<SplitForm> | SplitForm {
  const contentType = event.headers?.['content-type'];
  if (isMultipart(contentType) && typeof event.body === 'string')
    return parseMultipart(event.body, !!event.isBase64Encoded, contentType!, fileNames);
  return jsonForm(event.body);
}

/**
 * A route the edge may cache (`edgeCacheSeconds` in the route table): its 200 goes out cacheable by CloudFront
 * for that long unless the handler chose its own Cache-Control; anything else keeps the default `no-store`.
 */
export function withEdgeCache(route: RouteDef, result: ApiResult): ApiResult {
  if (!route.edgeCacheSeconds || result.statusCode !== 200) return result;
  const headers = result.headers ?? {};
  if (headers['cache-control'] !== baseHeaders['cache-control']) return result;
  return { ...result, headers: { ...headers, 'cache-control': edgeCacheControl(route.edgeCacheSeconds) } };
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
