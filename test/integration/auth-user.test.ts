import { beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../shared/schemas/user';
import { getUser, updateUser } from '../../shared/repositories/user-repository';
import { getBalance, listLedger } from '../../shared/repositories/ledger-repository';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { sign, tamper } from '../support/jwt';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});

describe('GET /api/config', () => {
  it('returns the pool, client and the local-only Cognito endpoint and confirmation code', async () => {
    process.env.COGNITO_PUBLIC_ENDPOINT = 'http://localhost:3000/cognito';
    const res = await ctx.invoke('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stage: 'local',
      local: true,
      auth: {
        userPoolId: ctx.userPoolId,
        userPoolClientId: ctx.clientId,
        region: 'eu-west-1',
        userPoolEndpoint: 'http://localhost:3000/cognito',
        localConfirmationCode: '123456',
      },
      renderers: { exact: 'engine', creative: 'engine' },
    });
  });

  it('says who renders each mode, as the render path chooses it (the SPA words its promises by it)', async () => {
    const saved = { ...process.env };
    try {
      // locally an AI provider renders its mode when its key is set; an explicit choice wins
      process.env.FASHN_API_KEY = 'test-key';
      expect((await ctx.invoke('GET', '/api/config')).body).toMatchObject({
        renderers: { exact: 'fashn', creative: 'engine' },
      });
      process.env.EXACT_PROVIDER = 'engine';
      process.env.CREATIVE_PROVIDER = 'gemini';
      expect((await ctx.invoke('GET', '/api/config')).body).toMatchObject({
        renderers: { exact: 'engine', creative: 'gemini' },
      });
    } finally {
      for (const k of ['FASHN_API_KEY', 'EXACT_PROVIDER', 'CREATIVE_PROVIDER']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});

describe('redirects', () => {
  it('sends /api/login and /api/auth/login to the SPA sign-in page, keeping the query', async () => {
    expect((await ctx.invoke('GET', '/api/login')).headers.location).toBe('/auth/login');
    const res = await ctx.invoke('GET', '/api/auth/login?returnTo=%2Fpricing');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/login?returnTo=%2Fpricing');
  });
  it('sends /api/logout to the landing page', async () => {
    const res = await ctx.invoke('GET', '/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});

describe('GET /api/auth/user', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await ctx.createUser({ email: 'jane.doe@example.test', firstName: 'Jane', lastName: 'Doe' });
  });

  it('answers 401 when signed out, at the gateway and at the handler', async () => {
    expect((await ctx.invoke('GET', '/api/auth/user')).status).toBe(401);
    const direct = await ctx.invoke('GET', '/api/auth/user', { bypassGateway: true });
    expect(direct.status).toBe(401);
    expect(direct.body).toEqual({ message: 'Unauthorized', code: 'auth.unauthorized' });
  });

  it('creates the user on first sign-in as a shopper with no plan and no credits', async () => {
    const res = await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
    expect(res.status).toBe(200);
    const body = currentUserSchema.parse(res.body);
    expect(body).toMatchObject({
      id: user.sub,
      email: 'jane.doe@example.test',
      firstName: 'Jane',
      lastName: 'Doe',
      handle: 'jane_doe',
      credits: 0,
      hasUnlimitedCredits: false,
      role: 'shopper',
      currentRole: 'shopper',
      permanentRole: 'shopper',
      currentPlan: 'none',
      subscriptionStatus: 'none',
      isTrialEligible: true,
      isInfluencer: false,
      nextScheduledPlan: null,
      isPublic: false,
    });
    expect(await getUser(ctx.db, user.sub)).not.toBeNull();
  });

  it('returns the same user on later calls and under concurrent first sign-ins', async () => {
    const fresh = await ctx.createUser();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ctx.invoke('GET', '/api/auth/user', { token: fresh.idToken })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.handle)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.createdAt)).size).toBe(1);
  });

  it('gives a second user with the same e-mail local part a different handle', async () => {
    const other = await ctx.createUser({ email: 'jane.doe@other.test' });
    const res = await ctx.invoke('GET', '/api/auth/user', { token: other.idToken });
    expect(res.status).toBe(200);
    expect(res.body.handle).toMatch(/^jane_doe\d{4}$/);
  });

  it('reflects credits from the balance', async () => {
    const { recordMovement } = await import('../../shared/repositories/ledger-repository');
    await recordMovement(ctx.db, {
      userId: user.sub,
      kind: 'grant.pack',
      bucket: 'pack',
      amount: 30,
      causeId: 'test-pack-1',
    });
    const res = await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
    expect(res.body.credits).toBe(30);
  });
});

describe('token verification', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await ctx.createUser();
  });
  const expectRefused = async (token: string) => {
    expect((await ctx.invoke('GET', '/api/auth/user', { token })).status).toBe(401);
    const direct = await ctx.invoke('GET', '/api/auth/user', { token, bypassGateway: true });
    expect(direct.status).toBe(401);
    expect(direct.body.code).toBe('auth.unauthorized');
  };

  it('accepts a genuine ID token', async () => {
    expect((await ctx.invoke('GET', '/api/auth/user', { token: user.idToken, bypassGateway: true })).status).toBe(200);
  });
  it('refuses a token whose payload was changed', () => expectRefused(tamper(user.idToken, { sub: 'someone-else' })));
  it('refuses an access token (wrong token use)', () => expectRefused(user.accessToken));
  it('refuses an expired token', () => {
    const now = Math.floor(Date.now() / 1000);
    return expectRefused(ctx.forgeToken({ sub: user.sub, iat: now - 7200, exp: now - 3600 }));
  });
  it('refuses a token for another app client', () =>
    expectRefused(ctx.forgeToken({ sub: user.sub, aud: 'another-client' })));
  it('refuses a token from another issuer', () =>
    expectRefused(ctx.forgeToken({ sub: user.sub, iss: 'http://evil.test/pool' })));
  it('refuses an unsigned (alg none) token', () => {
    const [h, p] = ctx.forgeToken({ sub: user.sub }).split('.');
    void h;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'CognitoLocal' })).toString('base64url')}.${p}.`;
    return expectRefused(none);
  });
  it('refuses a token signed by an unknown key', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Math.floor(Date.now() / 1000);
    const token = sign(
      { iss: ctx.issuer, aud: ctx.clientId, token_use: 'id', sub: user.sub, iat: now, exp: now + 600 },
      privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'CognitoLocal',
    );
    await expectRefused(token);
  });
  it('refuses a handler call whose gateway claims name another subject', async () => {
    const res = await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
    expect(res.status).toBe(200);
    // simulate a confused deputy: a valid token, but the gateway context says someone else
    const { buildEvent } = await import('../../infra/local/api-event');
    const { matchRoute } = await import('../../shared/routes');
    const url = new URL('http://localhost/api/auth/user');
    const m = matchRoute('GET', url.pathname) as Exclude<
      ReturnType<typeof matchRoute>,
      null | { methodNotAllowed: true }
    >;
    const event = buildEvent(
      { method: 'GET', headers: { authorization: `Bearer ${user.idToken}` } },
      url,
      m.route,
      {},
      Buffer.alloc(0),
      { sub: 'other' },
    );
    const { handler } = await import('../../functions/profiles/handlers/auth-user');
    const out = await handler(event, {} as never);
    expect(out.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/role', () => {
  let admin: TestUser;
  let shopper: TestUser;
  beforeAll(async () => {
    admin = await ctx.createUser();
    shopper = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: admin.idToken });
    await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken });
    await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  });

  it('refuses a user whose permanent role is not admin, changing nothing', async () => {
    const before = await getUser(ctx.db, shopper.sub);
    const res = await ctx.invoke('PATCH', '/api/users/role', { token: shopper.idToken, body: { role: 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Only administrators can switch roles', code: 'auth.forbidden' });
    expect(await getUser(ctx.db, shopper.sub)).toEqual(before);
  });

  it('lets a permanent admin switch the active role and back', async () => {
    const res = await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken, body: { role: 'shopper' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currentRole: 'shopper', permanentRole: 'admin', role: 'admin' });
    expect((await getUser(ctx.db, admin.sub))?.currentRole).toBe('shopper');
    const back = await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken, body: { role: 'admin' } });
    expect(back.body.currentRole).toBe('admin');
  });

  it('validates the role and the JSON body', async () => {
    const bad = await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken, body: { role: 'boss' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(bad.body.message).toContain('Role must be one of shopper, influencer, admin');
    const extra = await ctx.invoke('PATCH', '/api/users/role', {
      token: admin.idToken,
      body: { role: 'admin', permanentRole: 'admin' },
    });
    expect(extra.status).toBe(400);
    const malformed = await ctx.invoke('PATCH', '/api/users/role', {
      token: admin.idToken,
      body: '{"role":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Invalid or malformed JSON was provided', code: 'bad_request' });
    const empty = await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken });
    expect(empty.status).toBe(400);
  });
});

describe('POST /api/admin/credits/adjust', () => {
  let admin: TestUser;
  let shopper: TestUser;
  beforeAll(async () => {
    admin = await ctx.createUser();
    shopper = await ctx.createUser();
    await ctx.invoke('GET', '/api/auth/user', { token: admin.idToken });
    await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken });
    await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  });
  const body = (over: Record<string, unknown> = {}) => ({
    userId: shopper.sub,
    amount: 10,
    reason: 'Goodwill credit',
    idempotencyKey: 'key-00000001',
    ...over,
  });

  it('is refused to non-admins and writes nothing', async () => {
    const res = await ctx.invoke('POST', '/api/admin/credits/adjust', { token: shopper.idToken, body: body() });
    expect(res.status).toBe(403);
    expect(await listLedger(ctx.db, shopper.sub)).toEqual([]);
    expect((await getBalance(ctx.db, shopper.sub)).credits).toBe(0);
  });

  it('grants through the ledger exactly once per idempotency key', async () => {
    const first = await ctx.invoke('POST', '/api/admin/credits/adjust', { token: admin.idToken, body: body() });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ applied: true, balance: { credits: 10, pack: 10 } });
    const again = await Promise.all(
      [1, 2, 3].map(() => ctx.invoke('POST', '/api/admin/credits/adjust', { token: admin.idToken, body: body() })),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await getBalance(ctx.db, shopper.sub)).credits).toBe(10);
    const ledger = await listLedger(ctx.db, shopper.sub);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'admin.adjust', amount: 10, bucket: 'pack', note: 'Goodwill credit' });
  });

  it('never takes a bucket below zero', async () => {
    const res = await ctx.invoke('POST', '/api/admin/credits/adjust', {
      token: admin.idToken,
      body: body({ amount: -11, idempotencyKey: 'key-00000002' }),
    });
    expect(res.status).toBe(409);
    expect((await getBalance(ctx.db, shopper.sub)).credits).toBe(10);
    expect(await listLedger(ctx.db, shopper.sub)).toHaveLength(1);
  });

  it('answers 404 for an unknown user and 400 for bad input', async () => {
    expect(
      (
        await ctx.invoke('POST', '/api/admin/credits/adjust', {
          token: admin.idToken,
          body: body({ userId: 'nobody' }),
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.invoke('POST', '/api/admin/credits/adjust', { token: admin.idToken, body: body({ amount: 1.5 }) }))
        .status,
    ).toBe(400);
    expect(
      (await ctx.invoke('POST', '/api/admin/credits/adjust', { token: admin.idToken, body: body({ amount: 0 }) }))
        .status,
    ).toBe(400);
  });

  it('follows the effective role: an admin acting as shopper is refused', async () => {
    await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken, body: { role: 'shopper' } });
    const res = await ctx.invoke('POST', '/api/admin/credits/adjust', {
      token: admin.idToken,
      body: body({ idempotencyKey: 'key-00000003' }),
    });
    expect(res.status).toBe(403);
    await ctx.invoke('PATCH', '/api/users/role', { token: admin.idToken, body: { role: 'admin' } });
  });
});
