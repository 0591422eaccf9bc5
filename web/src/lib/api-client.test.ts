import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

vi.mock('./auth', () => ({ getIdToken: vi.fn(async () => null), clearStoredSession: vi.fn() }));

import { getIdToken } from './auth';
import { ApiError, apiJson, apiRequest, getQueryFn, keyToUrl } from './api-client';
import { errorMessage } from './api-error';
import { createQueryClient } from './query-client';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: string, init: { statusText?: string; contentType?: string } = {}) {
  fetchMock.mockResolvedValueOnce(
    new Response(status === 204 ? null : body, {
      status,
      statusText: init.statusText ?? '',
      headers: init.contentType ? { 'content-type': init.contentType } : undefined,
    }),
  );
}

const lastInit = (): RequestInit => fetchMock.mock.calls.at(-1)![1]!;
const lastHeaders = (): Record<string, string> => lastInit().headers as Record<string, string>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(getIdToken).mockResolvedValue(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('api client: errors', () => {
  it('raises ApiError with "STATUS: body text" for a non-OK response', async () => {
    respond(400, '{"message":"Name is required","code":"validation_error"}', { statusText: 'Bad Request' });
    const err = await apiRequest('POST', '/api/things', { a: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.message).toBe('400: {"message":"Name is required","code":"validation_error"}');
    expect(e.status).toBe(400);
    expect(e.code).toBe('validation_error');
    expect(e.serverMessage).toBe('Name is required');
    expect(errorMessage(e, 'fallback')).toBe('Name is required');
  });

  it('uses the status text when the body is empty', async () => {
    respond(503, '', { statusText: 'Service Unavailable' });
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps a plain-text body as the message and has no server message', async () => {
    respond(500, 'upstream exploded', { statusText: 'Internal Server Error' });
    const e = (await apiRequest('GET', '/api/x').catch((x: unknown) => x)) as ApiError;
    expect(e.message).toBe('500: upstream exploded');
    expect(e.serverMessage).toBeUndefined();
    expect(e.code).toBeUndefined();
    expect(errorMessage(e, 'Failed to switch role')).toBe('Failed to switch role');
  });

  it('errorMessage falls back for errors that are not ApiError', () => {
    expect(errorMessage(new Error('boom'), 'Failed to switch role')).toBe('Failed to switch role');
  });
});

describe('api client: requests', () => {
  it('sends credentials on every call and JSON bodies with a JSON content type', async () => {
    respond(200, '{"ok":true}');
    const out = await apiJson<{ ok: boolean }>('PATCH', '/api/users/role', { role: 'shopper' });
    expect(out).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/role');
    expect(init!.method).toBe('PATCH');
    expect(init!.credentials).toBe('include');
    expect(lastHeaders()['Content-Type']).toBe('application/json');
    expect(init!.body).toBe('{"role":"shopper"}');
  });

  it('sends FormData as is, without setting a content type', async () => {
    respond(201, '{"id":"1"}');
    const fd = new FormData();
    fd.append('name', 'Ada');
    await apiRequest('POST', '/api/photo-profiles', fd);
    expect(lastInit().body).toBe(fd);
    expect(lastInit().credentials).toBe('include');
    expect(lastHeaders()['Content-Type']).toBeUndefined();
  });

  it('sends no body and no content type for a GET', async () => {
    respond(200, '[]');
    await apiJson('GET', '/api/styles');
    expect(lastInit().body).toBeUndefined();
    expect(lastHeaders()['Content-Type']).toBeUndefined();
    expect(lastInit().credentials).toBe('include');
  });

  it('adds the ID token as Bearer when signed in, and no Authorization when not', async () => {
    respond(200, '{}');
    await apiJson('GET', '/api/auth/user');
    expect(lastHeaders().Authorization).toBeUndefined();
    vi.mocked(getIdToken).mockResolvedValue('id.token.value');
    respond(200, '{}');
    await apiJson('GET', '/api/auth/user');
    expect(lastHeaders().Authorization).toBe('Bearer id.token.value');
  });

  it('parses an empty or 204 answer as null', async () => {
    respond(204, '');
    expect(await apiJson('DELETE', '/api/generations/1')).toBeNull();
    respond(200, '');
    expect(await apiJson('POST', '/api/subscriptions/cancel')).toBeNull();
  });
});

describe('default query function', () => {
  it('joins the key segments with "/"', () => {
    expect(keyToUrl(['/api/styles', 'abc'])).toBe('/api/styles/abc');
    expect(keyToUrl(['/api/styles', 42, 'favorites', 'count'])).toBe('/api/styles/42/favorites/count');
    expect(keyToUrl(['/api/auth/user'])).toBe('/api/auth/user');
  });

  it('GETs the joined URL and parses JSON', async () => {
    respond(200, '{"id":"abc","name":"Linen"}');
    const client = new QueryClient({
      defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
    });
    const data = await client.fetchQuery({ queryKey: ['/api/styles', 'abc'] });
    expect(data).toEqual({ id: 'abc', name: 'Linen' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/styles/abc');
    expect(lastInit().method).toBe('GET');
  });

  it('raises on 401 by default', async () => {
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}', { statusText: 'Unauthorized' });
    const client = new QueryClient({
      defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
    });
    const err = (await client.fetchQuery({ queryKey: ['/api/auth/user'] }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
  });

  it('yields null on 401 when set to returnNull, and still raises other errors', async () => {
    const fn = getQueryFn({ on401: 'returnNull' });
    const ctx = (key: string[]) => ({ queryKey: key, signal: new AbortController().signal, meta: undefined }) as never;
    respond(401, '', { statusText: 'Unauthorized' });
    expect(await fn(ctx(['/api/auth/user']))).toBeNull();
    respond(500, 'oops', { statusText: 'Internal Server Error' });
    await expect(fn(ctx(['/api/auth/user']))).rejects.toThrow('500: oops');
  });
});

describe('query client defaults', () => {
  it('never polls, never refetches on focus, never goes stale and never retries', () => {
    const qc = createQueryClient();
    const q = qc.getDefaultOptions().queries!;
    expect(q.refetchInterval).toBe(false);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.staleTime).toBe(Infinity);
    expect(q.retry).toBe(false);
    expect(qc.getDefaultOptions().mutations!.retry).toBe(false);
  });
});

describe('api client: a session that ended', () => {
  beforeEach(async () => {
    const { resetSessionExpiry } = await import('./session-expiry');
    resetSessionExpiry();
  });
  afterEach(async () => {
    const { sessionExpiry } = await import('./session-expiry');
    vi.mocked(sessionExpiry.leave).mockRestore?.();
  });

  it('a 401 to a call with a token goes to sign-in with the way back, and the call never settles (no error toast)', async () => {
    const { sessionExpiry } = await import('./session-expiry');
    const { clearStoredSession } = await import('./auth');
    const leave = vi.spyOn(sessionExpiry, 'leave').mockImplementation(() => {});
    window.history.replaceState(null, '', '/subscription?tab=plans');
    vi.mocked(getIdToken).mockResolvedValue('expired.jwt');
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}');
    let settled = false;
    void apiRequest('POST', '/api/subscriptions/checkout', { productType: 'starter' }).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/auth/login?returnTo=%2Fsubscription%3Ftab%3Dplans'));
    expect(clearStoredSession).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
  });

  it('a 401 after the page ended its own session (account deleted) does not go to sign-in and never settles', async () => {
    const { sessionExpiry, endingSession } = await import('./session-expiry');
    const leave = vi.spyOn(sessionExpiry, 'leave').mockImplementation(() => {});
    vi.mocked(getIdToken).mockResolvedValue('deleted-user.jwt');
    endingSession();
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}');
    let settled = false;
    const call = apiRequest('GET', '/api/user/account/deletion-preview').then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.race([call, new Promise((r) => setTimeout(r, 50))]);
    expect(leave).not.toHaveBeenCalled();
    expect(settled).toBe(false);
  });

  it('a signed-in page whose token could not be refreshed (none sent) is also sent to sign-in', async () => {
    const { sessionExpiry, setSignedIn } = await import('./session-expiry');
    const leave = vi.spyOn(sessionExpiry, 'leave').mockImplementation(() => {});
    setSignedIn(true);
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}');
    void apiRequest('GET', '/api/generations');
    await vi.waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  });

  it("the user load answering 401 just means signed out; a visitor's 401 is an ordinary error", async () => {
    const { sessionExpiry } = await import('./session-expiry');
    const leave = vi.spyOn(sessionExpiry, 'leave').mockImplementation(() => {});
    vi.mocked(getIdToken).mockResolvedValue('stale.jwt');
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}');
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toBeInstanceOf(ApiError);
    vi.mocked(getIdToken).mockResolvedValue(null);
    respond(401, '{"message":"Unauthorized","code":"auth.unauthorized"}');
    await expect(apiRequest('POST', '/api/styles/s1/favorite')).rejects.toMatchObject({ status: 401 });
    expect(leave).not.toHaveBeenCalled();
  });
});
