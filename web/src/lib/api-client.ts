/**
 * The one way the SPA talks to /api (spec 01 section 7): credentials on every call, the Cognito ID token as
 * Bearer when signed in, FormData bodies sent as they are, any other body as JSON, and an ApiError for
 * every non-OK response.
 */
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { ApiError, throwIfNotOk } from './api-error';
import { getIdToken } from './auth';
import { handleSessionExpired, isSessionEnd } from './session-expiry';

export { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function buildInit(
  method: HttpMethod,
  body: unknown,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<RequestInit> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = await getIdToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, credentials: 'include', signal };
  if (body instanceof FormData) {
    init.body = body; // the browser sets multipart/form-data with its boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}

/**
 * Send a request; resolves with the Response when it is OK, rejects with ApiError otherwise. A 401 to a call
 * that carried a token means the session ended: the browser goes to sign-in (with the way back) and the
 * call never settles, so no screen shows an error for it.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<Response> {
  const init = await buildInit(method, body, signal, headers);
  const res = await fetch(url, init);
  if (res.status === 401 && isSessionEnd(url, new Headers(init.headers).has('Authorization'))) {
    handleSessionExpired();
    return new Promise<Response>(() => {});
  }
  return throwIfNotOk(res);
}

/** Parse a JSON body; an empty body (204, or an empty 200) gives null. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = res.status === 204 ? '' : await res.text();
  // The one trust boundary of the typed client: the route table's response type names what the API answers.
  return (text ? JSON.parse(text) : null) as T;
}

/** Send a request and parse its JSON answer. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  headers?: Record<string, string>,
): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body, signal, headers));
}

export type On401 = 'throw' | 'returnNull';

/** The URL a query key stands for: its segments joined with "/" (['/api/styles', id] -> /api/styles/<id>). */
export function keyToUrl(queryKey: QueryKey): string {
  return queryKey
    .filter((seg) => seg !== undefined && seg !== null && seg !== '')
    .map(String)
    .join('/');
}

/** The default data load: GET the joined key, parse JSON; a 401 raises unless told to yield null. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiJson<T>('GET', keyToUrl(queryKey), undefined, signal);
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}
