/**
 * The request pipeline (createGroupHandler) without emulators: the caller read once and handed to the route, the
 * answer built from the entry (status, JSON, reply/raw), idempotent starts answered once per key, and the
 * account check's one exception named by the entry.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { Context } from 'aws-lambda';
import { defineGroup } from '../../shared/routes/route-def';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { StorageContention } from '../../shared/repositories/toolkit';
import { HttpError } from '../../shared/errors';
import { createGroupHandler, raw, reply, type ApiEvent, type ApiResult, type Caller } from './http';
import { idempotencyClaim, type IdempotencyStore, type IdempotentRecord, type RaceOf } from './idempotency';
import type { AuthContext } from './auth';

vi.mock('./auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./auth')>()),
  // a token is 'token-<sub>'; anything else is refused as a bad token would be
  verifyToken: async (token: string): Promise<AuthContext> => {
    if (!token.startsWith('token-')) throw new HttpError(401, 'auth.unauthorized', 'Unauthorized');
    const sub = token.slice('token-'.length);
    return { sub, email: `${sub}@example.com`, givenName: null, familyName: null, claims: { sub } };
  },
}));

const idSchema = z.object({ id: z.string() });
const routes = defineGroup('generations', { auth: 'user' }, [
  { method: 'GET', path: '/t/me', response: z.object({ id: z.string(), email: z.string() }) },
  { method: 'GET', path: '/t/maybe', auth: 'optional', response: z.object({ viewer: z.string().nullable() }) },
  { method: 'POST', path: '/t/items', body: z.object({ name: z.string() }), response: idSchema, status: 201 },
  { method: 'DELETE', path: '/t/items/{id}', status: 204 },
  {
    method: 'GET',
    path: '/t/cached',
    auth: 'public',
    response: z.object({ body: z.string(), status: z.number(), result: z.string() }),
  },
  { method: 'GET', path: '/t/page', auth: 'public', produces: 'text/html' },
  {
    method: 'POST',
    path: '/t/start',
    body: z.object({ n: z.number() }),
    response: idSchema,
    status: 201,
    idempotent: true,
  },
  { method: 'DELETE', path: '/t/account', response: idSchema, allowsDeletingAccount: true },
]);

const user = (id: string, extra: Partial<UserRecord> = {}): UserRecord =>
  ({ id, email: `${id}@example.com`, role: 'shopper', handle: id, createdAt: '', ...extra }) as UserRecord;

let users: Map<string, UserRecord>;
let loads: string[];
let records: Map<string, IdempotentRecord>;
let resumed: string[];
let starts: number;
let startError: unknown;
let seen: { caller: Caller | null }[];

const store: IdempotencyStore = {
  find: async (userId, key) => records.get(`${userId}/${key}`) ?? null,
  resume: async (_userId, id) => void resumed.push(id),
  raceOf: (err): RaceOf => (err instanceof StorageContention ? 'maybe' : null),
};

const handler = createGroupHandler(
  routes,
  {
    'GET /t/me': async ({ caller }) => {
      seen.push({ caller });
      return { id: caller.user.id, email: caller.auth.email };
    },
    'GET /t/maybe': async ({ caller }) => {
      seen.push({ caller });
      return { viewer: caller?.user.id ?? null };
    },
    'POST /t/items': async ({ body }) => reply({ id: body.name }, { headers: { 'x-made': 'yes' }, cookies: ['a=b'] }),
    'DELETE /t/items/{id}': async () => {},
    'GET /t/cached': async () => ({ body: 'b', status: 500, result: 'r' }),
    'GET /t/page': async () => raw({ statusCode: 200, headers: { 'content-type': 'text/html' }, body: '<p>hi</p>' }),
    'POST /t/start': async ({ caller, idempotency }) => {
      starts++;
      if (startError) {
        // the winner of the race records the key meanwhile
        if (idempotency)
          records.set(`${caller.user.id}/${idempotency.key}`, { requestHash: idempotency.requestHash, id: 'winner' });
        throw startError;
      }
      return { id: `gen-${starts}` };
    },
    'DELETE /t/account': async ({ caller }) => ({ id: caller.user.id }),
  },
  {
    loadUser: async (auth) => {
      loads.push(auth.sub);
      const u = users.get(auth.sub);
      if (!u) throw new Error('no such user');
      return u;
    },
    idempotency: store,
  },
);

const call = async (
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<ApiResult & { json: unknown }> => {
  const event = {
    version: '2.0',
    routeKey: `${method} ${path.replace(/\/items\/[^/]+$/, '/items/{id}')}`,
    rawPath: path,
    rawQueryString: '',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    pathParameters: opts.params,
    requestContext: { http: { method, path, sourceIp: '127.0.0.1' }, requestId: 'r' },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    isBase64Encoded: false,
  } as unknown as ApiEvent;
  const res = (await handler(event, {} as Context)) as ApiResult;
  const text = typeof res.body === 'string' ? res.body : '';
  return {
    ...res,
    json: text && String(res.headers?.['content-type'] ?? '').startsWith('application/json') ? JSON.parse(text) : null,
  };
};

beforeEach(() => {
  users = new Map([
    ['u1', user('u1')],
    ['gone', user('gone', { accountStatus: 'deleting' })],
  ]);
  loads = [];
  records = new Map();
  resumed = [];
  starts = 0;
  startError = undefined;
  seen = [];
});

describe('the caller', () => {
  it('on a user route: the user item is read once and handed to the route with the token claims', async () => {
    const res = await call('GET', '/t/me', { token: 'token-u1' });
    expect([res.statusCode, res.json]).toEqual([200, { id: 'u1', email: 'u1@example.com' }]);
    expect(loads).toEqual(['u1']);
    expect(seen[0]!.caller!.user).toBe(users.get('u1'));
  });

  it('on a user route without a token: 401 before anything is read', async () => {
    const res = await call('GET', '/t/me');
    expect([res.statusCode, (res.json as { code: string }).code]).toEqual([401, 'auth.unauthorized']);
    expect([loads, seen]).toEqual([[], []]);
  });

  it('on an optional route: null when signed out, the caller (one read) when signed in', async () => {
    expect((await call('GET', '/t/maybe')).json).toEqual({ viewer: null });
    expect(loads).toEqual([]);
    expect((await call('GET', '/t/maybe', { token: 'token-u1' })).json).toEqual({ viewer: 'u1' });
    expect(loads).toEqual(['u1']);
  });

  it('an account being deleted reaches only the route whose entry allows it', async () => {
    const other = await call('GET', '/t/me', { token: 'token-gone' });
    expect([other.statusCode, (other.json as { code: string }).code]).toEqual([401, 'auth.account_inactive']);
    const retry = await call('DELETE', '/t/account', { token: 'token-gone' });
    expect([retry.statusCode, retry.json]).toEqual([200, { id: 'gone' }]);
  });
});

describe('the answer comes from the entry', () => {
  it("the body with the entry's status; reply() adds headers and cookies", async () => {
    const res = await call('POST', '/t/items', { token: 'token-u1', body: { name: 'n1' } });
    expect([res.statusCode, res.json, res.headers?.['x-made'], res.cookies]).toEqual([
      201,
      { id: 'n1' },
      'yes',
      ['a=b'],
    ]);
    expect(res.headers?.['content-type']).toBe('application/json; charset=utf-8');
  });

  it('a 204 route answers no body; a produces route its own answer', async () => {
    const del = await call('DELETE', '/t/items/x1', { token: 'token-u1', params: { id: 'x1' } });
    expect([del.statusCode, del.body]).toEqual([204, undefined]);
    const page = await call('GET', '/t/page');
    expect([page.statusCode, page.headers?.['content-type'], page.body]).toEqual([200, 'text/html', '<p>hi</p>']);
  });

  it('a body that looks like a reply is still a body', async () => {
    const res = await call('GET', '/t/cached');
    expect([res.statusCode, res.json]).toEqual([200, { body: 'b', status: 500, result: 'r' }]);
  });
});

describe('idempotent starts', () => {
  const start = (key: string | undefined, n = 1) =>
    call('POST', '/t/start', { token: 'token-u1', body: { n }, headers: key ? { 'idempotency-key': key } : {} });

  it('a new key: the start runs and answers 201 with its id', async () => {
    const res = await start('key-00000001');
    expect([res.statusCode, res.json, res.headers?.['idempotent-replayed']]).toEqual([201, { id: 'gen-1' }, undefined]);
    expect(starts).toBe(1);
  });

  it("a recorded key: the first start's id (200, replayed), the start does not run, its work is resumed", async () => {
    const claim = idempotencyClaim(
      { route: { method: 'POST', path: '/t/start' }, params: {}, headers: { 'idempotency-key': 'key-00000002' } },
      { n: 1 },
    )!;
    records.set('u1/key-00000002', { requestHash: claim.requestHash, id: 'first' });
    const again = await start('key-00000002');
    expect([again.statusCode, again.json, again.headers?.['idempotent-replayed']]).toEqual([
      200,
      { id: 'first' },
      'true',
    ]);
    expect([starts, resumed]).toEqual([0, ['first']]);
  });

  it('the same key with another body: 409 idempotency.key_reused, nothing runs', async () => {
    records.set('u1/key-00000003', { requestHash: 'another request', id: 'first' });
    const res = await start('key-00000003', 2);
    expect([res.statusCode, (res.json as { code: string }).code]).toEqual([409, 'idempotency.key_reused']);
    expect(starts).toBe(0);
  });

  it("a start that loses the race for its key answers the winner's id", async () => {
    startError = new StorageContention();
    const res = await start('key-00000004');
    expect([res.statusCode, res.json, res.headers?.['idempotent-replayed']]).toEqual([200, { id: 'winner' }, 'true']);
  });

  it('a failure no race explains is answered as it is', async () => {
    startError = new HttpError(402, 'limit.credits', 'Not enough credits');
    const res = await start('key-00000005');
    expect([res.statusCode, (res.json as { code: string }).code]).toEqual([402, 'limit.credits']);
  });

  it('a malformed key: 400 before the start runs; no key: the start runs', async () => {
    const bad = await start('bad key!');
    expect([bad.statusCode, (bad.json as { code: string }).code]).toEqual([400, 'idempotency.invalid_key']);
    expect(starts).toBe(0);
    expect((await start(undefined)).statusCode).toBe(201);
    expect(starts).toBe(1);
  });
});

describe('building a group', () => {
  it('refuses signed-in routes without a user loader and idempotent routes without a store', () => {
    const g = defineGroup('admin', { auth: 'user' }, [{ method: 'GET', path: '/x', response: idSchema }]);
    expect(() => createGroupHandler(g, { 'GET /x': async () => ({ id: 'x' }) })).toThrow(/no user loader/);
    const s = defineGroup('admin', { auth: 'user' }, [
      { method: 'POST', path: '/s', response: idSchema, status: 201, idempotent: true },
    ]);
    expect(() =>
      createGroupHandler(s, { 'POST /s': async () => ({ id: 'x' }) }, { loadUser: async () => user('u') }),
    ).toThrow(/no idempotency store/);
  });
});
