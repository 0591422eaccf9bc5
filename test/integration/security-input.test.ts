/**
 * Issue 17, item 5: 500s from ordinary bad input. Every route with a path parameter refuses an id over
 * DynamoDB's key limit (and ids outside the grammar) with 404 { message, code } before any database call;
 * pagination cursors are MAC'd and bound to their listing, so a crafted or foreign cursor is a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { recordMovement } from '../../shared/repositories/ledger-repository';
import { updateUser } from '../../shared/repositories/user-repository';
import { signCursor } from '../../shared/repositories/cursor';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await setupIntegration();
  user = await ctx.createUser();
  admin = await ctx.createUser();
  for (const u of [user, admin])
    expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
  await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
});

const withParams = ROUTES.filter((r) => r.path.includes('{') && !r.path.includes('+}'));

describe('path parameters', () => {
  it('covers the routes that take ids (the table has more than 20)', () => {
    expect(withParams.length).toBeGreaterThanOrEqual(22);
  });

  it.each(withParams.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses a 3000-byte id with 404 { message, code }',
    async (_name, route) => {
      const path = route.path.replace(/\{[^}]+\}/g, 'x'.repeat(3000));
      const res = await ctx.invoke(route.method, path, {
        token: admin.idToken,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect([res.status, res.body]).toEqual([404, { message: 'Not found', code: 'not_found' }]);
    },
  );

  it('refuses ids outside the grammar, anonymously too, and keeps answering for real ones', async () => {
    for (const id of ['a b', 'a/../b', '%00', 'x\u0000y', '<script>', 'é']) {
      const res = await ctx.invoke('GET', `/api/styles/${encodeURIComponent(id)}`);
      expect([res.status, res.body.code], id).toEqual([404, 'not_found']);
    }
    expect((await ctx.invoke('GET', `/api/profile/${'h'.repeat(5000)}`)).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/users/${user.sub}`)).status).not.toBe(500);
    const image = await ctx.invoke('GET', `/api/public-image/${'k/'.repeat(600)}a.jpg`);
    expect([image.status, image.body.code]).toEqual([404, 'not_found']);
  });
});

describe('pagination cursors', () => {
  beforeAll(async () => {
    for (let i = 0; i < 3; i++)
      await recordMovement(ctx.db, {
        userId: user.sub,
        kind: 'grant.monthly',
        bucket: 'monthly',
        amount: 1,
        causeId: `cursor-${i}`,
      });
    await recordMovement(ctx.db, {
      userId: admin.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: 1,
      causeId: 'cursor-admin',
    });
  });

  it('pages with the cursor the API handed out', async () => {
    const p1 = await ctx.invoke('GET', '/api/credits/ledger?limit=2', { token: user.idToken });
    expect(p1.status).toBe(200);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await ctx.invoke('GET', `/api/credits/ledger?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`, {
      token: user.idToken,
    });
    expect(p2.status).toBe(200);
    expect(p2.body.items).toHaveLength(1);
  });

  it('refuses crafted, tampered and foreign cursors with 400 { message, code }', async () => {
    const p1 = await ctx.invoke('GET', '/api/credits/ledger?limit=2', { token: user.idToken });
    const [payload, mac] = (p1.body.nextCursor as string).split('.');
    const crafted = [
      Buffer.from(JSON.stringify({ gsi1pk: `LEDGER#${user.sub}`, pk: 1, sk: { S: 'x' } })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ gsi1pk: `LEDGER#${user.sub}`, gsi1sk: 'x'.repeat(1500), pk: 'a', sk: 'b' }),
      ).toString('base64url'),
      `${Buffer.from(JSON.stringify({ gsi1pk: `LEDGER#${admin.sub}` })).toString('base64url')}.${mac}`,
      `${payload}.${mac!.slice(0, -2)}AA`,
      'not-a-cursor',
      '%%%',
    ];
    for (const cursor of crafted) {
      const res = await ctx.invoke('GET', `/api/credits/ledger?cursor=${encodeURIComponent(cursor)}`, {
        token: user.idToken,
      });
      expect([res.status, res.body], cursor).toEqual([400, { message: 'Invalid cursor', code: 'bad_request' }]);
    }
    // another user's cursor (validly signed, for another listing) is refused too
    const foreign = await ctx.invoke('GET', `/api/credits/ledger?cursor=${encodeURIComponent(p1.body.nextCursor)}`, {
      token: admin.idToken,
    });
    expect(foreign.status).toBe(400);
  });

  it('a cursor signed with the key in force but holding no key (a forged shape) is a 400, not a 500', async () => {
    await ctx.invoke('GET', '/api/credits/ledger?limit=1', { token: user.idToken }); // the pipeline sets the key
    for (const forged of [
      { gsi1pk: `LEDGER#${user.sub}`, pk: 1, sk: { S: 'x' } },
      { gsi1pk: [`LEDGER#${user.sub}`], pk: 'a', sk: 'b' },
      { gsi1pk: null },
    ]) {
      const cursor = signCursor(forged, `ledger:${user.sub}`)!;
      const res = await ctx.invoke('GET', `/api/credits/ledger?cursor=${encodeURIComponent(cursor)}`, {
        token: user.idToken,
      });
      expect([res.status, res.body], JSON.stringify(forged)).toEqual([
        400,
        { message: 'Invalid cursor', code: 'bad_request' },
      ]);
    }
  });

  it('the finance ledger refuses a crafted cursor and one from another query', async () => {
    const crafted = Buffer.from(JSON.stringify({ day: '2020-01-01', key: { gsi2pk: 'x', pk: 1 } })).toString(
      'base64url',
    );
    const res = await ctx.invoke('GET', `/api/admin/finance/ledger?cursor=${crafted}`, { token: admin.idToken });
    expect([res.status, res.body.code]).toEqual([400, 'bad_request']);
    const page = await ctx.invoke('GET', `/api/admin/finance/ledger?userId=${user.sub}&limit=1`, {
      token: admin.idToken,
    });
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const elsewhere = await ctx.invoke(
      'GET',
      `/api/admin/finance/ledger?userId=${admin.sub}&limit=1&cursor=${encodeURIComponent(page.body.nextCursor)}`,
      { token: admin.idToken },
    );
    expect(elsewhere.status).toBe(400);
    const same = await ctx.invoke(
      'GET',
      `/api/admin/finance/ledger?userId=${user.sub}&limit=1&cursor=${encodeURIComponent(page.body.nextCursor)}`,
      { token: admin.idToken },
    );
    expect(same.status).toBe(200);
  });
});

describe('names and titles (item 6)', () => {
  it('refuses right-to-left override, zero-width and NUL characters and stores names in NFC', async () => {
    for (const firstName of ['Eve\u202Egnp.exe', 'Ad\u200Bmin', 'a\u0000b']) {
      const res = await ctx.invoke('PATCH', '/api/user/profile', { token: user.idToken, body: { firstName } });
      expect([res.status, res.body.code], JSON.stringify(firstName)).toEqual([400, 'validation_error']);
    }
    const ok = await ctx.invoke('PATCH', '/api/user/profile', {
      token: user.idToken,
      body: { firstName: 'Zoe\u0308' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await ctx.invoke('GET', '/api/auth/user', { token: user.idToken })).body.firstName).toBe('Zo\u00eb');
    const coll = await ctx.invoke('POST', '/api/influencer-collections', {
      token: admin.idToken,
      body: { name: 'Sale\u202E' },
    });
    expect([coll.status, coll.body.code]).toEqual([400, 'validation_error']);
  });

  it('finds users by e-mail in any case (Cognito in AWS is case-insensitive)', async () => {
    const { findUserByEmail } = await import('../../shared/repositories/user-repository');
    expect((await findUserByEmail(ctx.db, user.email.toUpperCase()))?.id).toBe(user.sub);
  });
});

describe('text input (issue 40, item 9)', () => {
  it('a name with a lone surrogate is a 400 and changes nothing; text is stored NFC', async () => {
    const set = (firstName: string) =>
      ctx.invoke('PATCH', '/api/user/profile', { token: user.idToken, body: { firstName } });
    expect((await set('Rene\u0301e')).status).toBe(200);
    const bad = await set('Ann\uD800');
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_error']);
    expect(bad.body.message).toMatch(/^firstName: /);
    const me = await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
    expect(me.body.firstName).toBe('Ren\u00e9e');
  });
});
