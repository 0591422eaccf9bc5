/**
 * Issue 40, item 1: one request must never stop the service. A multipart body whose part names are the names
 * of Object.prototype's members (`constructor[]`, `toString[]`, `__proto__[]`, ...) made the middy multipart
 * parser throw inside a busboy event, outside its promise: the process exited (locally every service with it).
 * Every route of every group gets those bodies, anonymously (a stranger's body is not even read: user routes
 * answer 401) and, on the form routes, signed in (a 400 with { message, code }); nothing answers 5xx and vitest
 * sees no uncaught exception.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../shared/routes';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { createAdultUser } from '../support/users';
import { multipart } from '../support/media';

let ctx: IntegrationContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await setupIntegration();
  user = await createAdultUser(ctx, { credits: 3 });
});

const HOSTILE_NAMES = [
  'constructor[]',
  'toString[]',
  '__proto__[]',
  'hasOwnProperty[]',
  'valueOf[]',
  '__proto__',
  'constructor',
  'portrait[]',
];

/** A hostile multipart body: each name twice as text, and once as a file part. */
function hostileBody(name: string) {
  const boundary = '----hostile' + name.replace(/[^a-z]/gi, '');
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\ny\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nzz\r\n`,
    `--${boundary}--\r\n`,
  ];
  return {
    body: Buffer.from(parts.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The route's path with every parameter a well-formed value (so the pipeline reaches the body). */
const concretePath = (r: RouteDef) => r.path.replace(/\{[A-Za-z0-9_]+\+\}/g, 'a/b.jpg').replace(/\{[^}]+\}/g, 'x1');

/** Routes a signed-in call may not be sent to with a body that could pass (it would act on the account). */
const unsafeSignedIn = (r: RouteDef) => r.method === 'DELETE' || r.rawBody;

describe('hostile multipart part names', () => {
  it('a stranger: every route of every group answers below 500, user routes 401 before any body is read', async () => {
    const seen = new Set<string>();
    for (const route of ROUTES) {
      for (const name of HOSTILE_NAMES) {
        const { body, headers } = hostileBody(name);
        const res = await ctx.invoke(route.method, concretePath(route), { body, headers, bypassGateway: true });
        expect(res.status, `${route.method} ${route.path} with ${name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (route.auth === 'user') expect(res.status).toBe(401);
        seen.add(route.group);
      }
    }
    expect(seen.size).toBe(11);
  });

  it('signed in: the form routes answer 400 with { message, code }; every other route below 500', async () => {
    // one user a name: the routes' rate limits (shared/domain/rate-limits.ts) are not what this test is about
    const users = await Promise.all(HOSTILE_NAMES.map(() => createAdultUser(ctx, { credits: 3 })));
    for (const route of ROUTES.filter((r) => r.auth !== 'public' && !unsafeSignedIn(r))) {
      for (const [i, name] of HOSTILE_NAMES.entries()) {
        const user = users[i]!;
        const { body, headers } = hostileBody(name);
        const res = await ctx.invoke(route.method, concretePath(route), { body, headers, token: user.idToken });
        const what = `${route.method} ${route.path} with ${name}: ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, what).toBeLessThan(500);
        if (route.multipart && res.status !== 403) {
          expect(res.status, what).toBe(400);
          expect(res.body, what).toEqual({ message: expect.any(String), code: expect.any(String) });
        }
      }
    }
  });

  it('a repeated or overlong part, too many parts, or a broken body is a 400; a good form still works', async () => {
    const route = 'POST /api/uploads/outfit';
    const send = (body: Buffer, headers: Record<string, string>) =>
      ctx.invoke('POST', '/api/uploads/outfit', { body, headers, token: user.idToken });
    const many: Record<string, string> = {};
    for (let i = 0; i < 60; i++) many[`f${i}`] = 'x';
    const cases = [
      multipart({ a: 'x'.repeat(70 * 1024) }),
      multipart(many),
      {
        body: Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      { body: Buffer.from('anything'), headers: { 'content-type': 'multipart/form-data; charset=utf-8' } },
    ];
    for (const c of cases) {
      const res = await send(c.body, c.headers);
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    const twice = hostileBody('file');
    const res = await send(twice.body, twice.headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send the field file only once');
  });
});
