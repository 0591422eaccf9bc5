import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '../../shared/repositories/dynamo-client';
import { keys } from '../../shared/repositories/keys';
import { getUser, updateUser } from '../../shared/repositories/user-repository';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let shopper: TestUser;
let influencer: TestUser;

const handleClaim = async (h: string) =>
  (await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.handle(h) }))).Item?.userId as
    string | undefined;

beforeAll(async () => {
  ctx = await setupIntegration();
  [shopper, influencer] = await Promise.all([
    ctx.createUser({ email: 'sam@example.test' }),
    ctx.createUser({ email: 'ines@example.test' }),
  ]);
  for (const u of [shopper, influencer]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, influencer.sub, {
    isInfluencer: true,
    role: 'influencer',
    currentRole: 'influencer',
    permanentRole: 'influencer',
  });
});

describe('onboarding preferences', () => {
  it('require at least one known style; brands and colours from their lists', async () => {
    for (const body of [{}, { styles: [] }, { styles: [], brands: ['Zara'] }]) {
      const res = await ctx.invoke('POST', '/api/preferences', { token: shopper.idToken, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Select at least one style');
    }
    for (const body of [
      { styles: ['gothic'] },
      { styles: ['casual'], brands: ['NoSuchBrand'] },
      { styles: ['casual'], colors: ['teal'] },
    ])
      expect((await ctx.invoke('POST', '/api/preferences', { token: shopper.idToken, body })).status).toBe(400);
    expect((await ctx.invoke('POST', '/api/preferences', { body: { styles: ['casual'] } })).status).toBe(401);
  });

  it('are stored and mark the user onboarded', async () => {
    expect((await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken })).body.onboarded).toBe(false);
    expect((await ctx.invoke('GET', '/api/user/preferences', { token: shopper.idToken })).body).toMatchObject({
      styles: [],
      brands: [],
      colors: [],
      onboarded: false,
    });
    const res = await ctx.invoke('POST', '/api/preferences', {
      token: shopper.idToken,
      body: { styles: ['casual', 'chic', 'casual'], brands: ['Zara', 'Nike'], colors: ['navy'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      styles: ['casual', 'chic'],
      brands: ['Zara', 'Nike'],
      colors: ['navy'],
      onboarded: true,
    });
    expect((await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken })).body.onboarded).toBe(true);
    expect((await ctx.invoke('GET', '/api/user/preferences', { token: shopper.idToken })).body).toMatchObject({
      styles: ['casual', 'chic'],
      brands: ['Zara', 'Nike'],
      colors: ['navy'],
      onboarded: true,
    });
  });
});

describe('profile settings', () => {
  it('update names and validate handles', async () => {
    const res = await ctx.invoke('PATCH', '/api/user/profile', {
      token: shopper.idToken,
      body: { firstName: ' Sam ', lastName: 'Lee' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Sam', lastName: 'Lee', handle: 'sam' });
    for (const handle of ['ab', 'a'.repeat(31), 'sam-lee', 'sam lee', 'sam.lee', '']) {
      const r = await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { handle } });
      expect(r.status, handle).toBe(400);
      expect(r.body.message).toMatch(/3-30 characters/);
    }
    expect((await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { nope: 1 } })).status).toBe(
      400,
    );
  });

  it('move the handle claim and refuse a taken handle with 409', async () => {
    const res = await ctx.invoke('PATCH', '/api/user/profile', {
      token: shopper.idToken,
      body: { handle: '@Sam_Lee' },
    });
    expect(res.status).toBe(200);
    expect(res.body.handle).toBe('sam_lee');
    expect(await handleClaim('sam_lee')).toBe(shopper.sub);
    expect(await handleClaim('sam')).toBeUndefined();
    const taken = await ctx.invoke('PATCH', '/api/user/profile', {
      token: influencer.idToken,
      body: { handle: 'sam_lee', firstName: 'Ines' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This handle is taken');
    expect((await getUser(ctx.db, influencer.sub))?.firstName).not.toBe('Ines'); // nothing of a refused change is applied
    // the freed handle can be claimed by someone else; re-sending one's own handle is a no-op
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: influencer.idToken, body: { handle: 'sam' } })).status,
    ).toBe(200);
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: influencer.idToken, body: { handle: 'sam' } })).status,
    ).toBe(200);
    expect(await handleClaim('sam')).toBe(influencer.sub);
    expect(await handleClaim('ines')).toBeUndefined();
  });

  it('let exactly one of 5 concurrent claimants win a handle', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => ctx.createUser()));
    for (const u of users) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    const before = await Promise.all(users.map(async (u) => (await getUser(ctx.db, u.sub))!.handle));
    const results = await Promise.all(
      users.map((u) => ctx.invoke('PATCH', '/api/user/profile', { token: u.idToken, body: { handle: 'the_one' } })),
    );
    const winners = results.map((r, i) => (r.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const w = winners[0]!;
    expect(await handleClaim('the_one')).toBe(users[w]!.sub);
    for (const [i, user] of users.entries()) {
      const u = await getUser(ctx.db, user.sub);
      if (i === w) {
        expect(u!.handle).toBe('the_one');
        expect(await handleClaim(before[i]!)).toBeUndefined();
      } else {
        expect(u!.handle).toBe(before[i]);
        expect(await handleClaim(before[i]!)).toBe(user.sub);
      }
    }
  });

  it('let only influencers turn the public profile and collections on', async () => {
    const pub = await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { isPublic: true } });
    expect(pub.status).toBe(403);
    expect(pub.body.message).toMatch(/Only influencers can make their profile public/);
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { isPublic: false } })).status,
    ).toBe(200);
    // showCollections defaults to true: re-sending it is fine, turning it off and on again is not
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { showCollections: true } }))
        .status,
    ).toBe(200);
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { showCollections: false } }))
        .status,
    ).toBe(200);
    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: shopper.idToken, body: { showCollections: true } }))
        .status,
    ).toBe(403);

    const ok = await ctx.invoke('PATCH', '/api/user/profile', {
      token: influencer.idToken,
      body: { isPublic: true, showCollections: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ isPublic: true, showCollections: true });
    expect((await ctx.invoke('GET', '/api/profile/sam')).status).toBe(200);
    expect((await ctx.invoke('GET', '/api/profile/sam_lee')).status).toBe(404);
  });
});

describe('profile links', () => {
  it('need a title and an http(s) url', async () => {
    for (const body of [
      {},
      { title: 'Shop' },
      { url: 'https://example.com' },
      { title: '  ', url: 'https://example.com' },
      { title: 'Shop', url: ' ' },
    ]) {
      const res = await ctx.invoke('POST', '/api/user/links', { token: influencer.idToken, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in both fields');
    }
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com/file',
      'data:text/html,<b>x</b>',
      'example.com',
      'mailto:a@example.com',
    ]) {
      const res = await ctx.invoke('POST', '/api/user/links', {
        token: influencer.idToken,
        body: { title: 'Bad', url },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe('Links must be http or https URLs');
    }
  });

  it('are added, listed, deleted, and capped at 20', async () => {
    const a = await ctx.invoke('POST', '/api/user/links', {
      token: influencer.idToken,
      body: { title: 'Shop', url: 'https://shop.example.com' },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ title: 'Shop', url: 'https://shop.example.com' });
    expect((await ctx.invoke('GET', '/api/user/links', { token: influencer.idToken })).body).toEqual([
      expect.objectContaining({ id: a.body.id, title: 'Shop' }),
    ]);
    expect((await ctx.invoke('DELETE', `/api/user/links/${a.body.id}`, { token: influencer.idToken })).status).toBe(
      204,
    );
    expect((await ctx.invoke('DELETE', `/api/user/links/${a.body.id}`, { token: influencer.idToken })).status).toBe(
      404,
    );
    expect((await ctx.invoke('GET', '/api/user/links', { token: influencer.idToken })).body).toEqual([]);

    const adds = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        ctx.invoke('POST', '/api/user/links', {
          token: influencer.idToken,
          body: { title: `L${i}`, url: `http://example.com/${i}` },
        }),
      ),
    );
    expect(adds.filter((r) => r.status === 201)).toHaveLength(20);
    expect(adds.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual([
      'You can add at most 20 links',
      'You can add at most 20 links',
    ]);
    expect((await ctx.invoke('GET', '/api/user/links', { token: influencer.idToken })).body).toHaveLength(20);
  });
});
