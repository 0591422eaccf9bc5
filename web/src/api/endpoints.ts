/**
 * The SPA's typed client of the route table (shared/routes/): one `fetchApi('METHOD /path', ...)` whose path
 * parameters, query, body and answer are the types of that route's entry (z.input of its `body`/`query`,
 * z.output of its `response`). Only TYPES come from shared/routes (`import type`): no zod schema lands in the
 * SPA's JavaScript (the first-load budgets, web/bundle-budgets.ts, would show it); the URL is built at run time from the key's small path template.
 */
import type * as z from 'zod';
import type { PathParamNames, RouteDef, RouteKeyOf } from '@shared/routes/route-def';
import type { ROUTES_BY_GROUP } from '@shared/routes';
import { apiJson, apiRequest, type HttpMethod } from '../lib/api-client';

/** Every entry of the route table, of every group (the table's own GROUPS: a new group needs no line here). */
type Routes = (typeof ROUTES_BY_GROUP)[keyof typeof ROUTES_BY_GROUP][number];

/** Every route of the table by its key, 'METHOD /path'. */
export type Endpoint = RouteKeyOf<Routes>;
/** The table entry of a key. */
export type RouteOf<K extends Endpoint> = Routes extends infer R
  ? R extends RouteDef
    ? RouteKeyOf<R> extends K
      ? R
      : never
    : never
  : never;

/** What the route takes as body (z.input of its `body`; a form route takes FormData too). */
export type BodyIn<K extends Endpoint> =
  RouteOf<K> extends { body: infer B extends z.ZodType }
    ? RouteOf<K> extends { multipart: object }
      ? z.input<B> | FormData
      : z.input<B>
    : never;
/** The route's query parameters (z.input of its `query`). */
export type QueryIn<K extends Endpoint> = RouteOf<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The route's JSON answer (z.output of its `response`; null for a 204). */
export type ResponseOf<K extends Endpoint> =
  RouteOf<K> extends { response: infer S extends z.ZodType }
    ? z.output<S>
    : RouteOf<K> extends { status: 204 }
      ? null
      : unknown;
export type ParamsOf<K extends Endpoint> = Record<PathParamNames<K>, string>;

type Need<T, Name extends string> = [T] extends [never] ? { [P in Name]?: never } : { [P in Name]: T };
export type CallOptions<K extends Endpoint> = ([PathParamNames<K>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<K> }) &
  Need<BodyIn<K>, 'body'> & {
    query?: [QueryIn<K>] extends [never] ? never : QueryIn<K>;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
/** The options argument: optional when the route needs neither path parameters nor a body. */
export type CallArgs<K extends Endpoint> =
  Record<string, never> extends Pick<CallOptions<K>, 'params' | 'body'>
    ? [opts?: CallOptions<K>]
    : [opts: CallOptions<K>];

/** What any route's options are, once the key's types have checked them. */
interface AnyCallOptions {
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The URL of a route key with its parameters ({key+} takes several segments) and query. */
export function endpointUrl(key: string, params: Record<string, string> = {}, query: unknown = {}): string {
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)(\+?)\}/g, (_m, name: string, greedy: string) => {
    const value = params[name] ?? '';
    return greedy ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const methodOf = (key: string): HttpMethod => {
  const m = key.slice(0, key.indexOf(' '));
  return m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE' ? m : 'GET';
};

/** Call a route of the table and parse its JSON answer (null for an empty one). */
export function fetchApi<K extends Endpoint>(key: K, ...[opts]: CallArgs<K>): Promise<ResponseOf<K>> {
  const o: AnyCallOptions = opts ?? {};
  return apiJson<ResponseOf<K>>(methodOf(key), endpointUrl(key, o.params, o.query), o.body, o.signal, o.headers);
}

/** Call a route of the table and keep the Response (headers, status, non-JSON bodies). */
export function fetchApiResponse<K extends Endpoint>(key: K, ...[opts]: CallArgs<K>): Promise<Response> {
  const o: AnyCallOptions = opts ?? {};
  return apiRequest(methodOf(key), endpointUrl(key, o.params, o.query), o.body, o.signal, o.headers);
}
