import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand } from '../../shared/repositories/dynamo-client';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../infra/local/s3-sdk';
import { PRODUCTS_SEED_VERSION, seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { updateUser } from '../../shared/repositories/user-repository';
import { putTestStyle } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let owner: TestUser; // influencer, public, creator of every seed style and of a private style
let other: TestUser;
let admin: TestUser;

const putStyle = (id: string, createdBy: string, isPublic: boolean, createdAt?: string) =>
  putTestStyle(ctx, id, createdBy, { isPublic, createdAt });
beforeAll(async () => {
  ctx = await setupIntegration();
  [owner, other, admin] = await Promise.all([
    ctx.createUser({ email: 'iris@example.test' }),
    ctx.createUser(),
    ctx.createUser(),
  ]);
  for (const u of [owner, other, admin]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, owner.sub, {
    firstName: 'Iris',
    lastName: 'Vale',
    isPublic: true,
    isInfluencer: true,
    role: 'influencer',
    currentRole: 'influencer',
    permanentRole: 'influencer',
  });
  await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  await seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: owner.sub, admin: owner.sub },
  });
  await putStyle('private-1', owner.sub, false);
});

describe('private styles', () => {
  it('are hidden from everyone but their creator on every style route', async () => {
    for (const [method, path] of [
      ['GET', '/api/styles/private-1/collection'],
      ['GET', '/api/styles/private-1/generations'],
      ['GET', '/api/styles/private-1/favorite'],
      ['GET', '/api/styles/private-1/favorites/count'],
      ['POST', '/api/styles/private-1/favorite'],
    ] as const) {
      const res = await ctx.invoke(method, path, { token: other.idToken });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Style not found');
      expect((await ctx.invoke(method, path, { token: owner.idToken })).status, `${method} ${path} (owner)`).toBe(200);
    }
    expect(
      (await ctx.invoke('POST', '/api/styles/private-1/flag', { token: other.idToken, body: { reason: 'spam' } }))
        .status,
    ).toBe(404);
    expect((await ctx.invoke('GET', '/api/styles/private-1/favorites/count')).status).toBe(404);
    const favs = await ctx.invoke('GET', '/api/favorites', { token: owner.idToken });
    expect(favs.body.items.map((s: { id: string }) => s.id)).toContain('private-1');
    await ctx.invoke('DELETE', '/api/styles/private-1/favorite', { token: owner.idToken });
  });
});

describe('favourites', () => {
  const sid = seedStyleId(2);

  it('toggle idempotently, with the state and count readable (anonymous: not a favourite)', async () => {
    expect((await ctx.invoke('GET', `/api/styles/${sid}/favorite`)).body).toEqual({ isFavorite: false });
    expect((await ctx.invoke('POST', `/api/styles/${sid}/favorite`)).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await ctx.invoke('POST', `/api/styles/${sid}/favorite`, { token: other.idToken })).body).toEqual({
        isFavorite: true,
        count: 1,
      });
    expect((await ctx.invoke('GET', `/api/styles/${sid}/favorite`, { token: other.idToken })).body).toEqual({
      isFavorite: true,
    });
    expect((await ctx.invoke('GET', `/api/styles/${sid}/favorites/count`)).body).toEqual({ count: 1 });
    for (let i = 0; i < 2; i++)
      expect((await ctx.invoke('DELETE', `/api/styles/${sid}/favorite`, { token: other.idToken })).body).toEqual({
        isFavorite: false,
        count: 0,
      });
    expect((await ctx.invoke('POST', '/api/styles/nope/favorite', { token: other.idToken })).status).toBe(404);
  });

  it("lists the caller's favourites, most recent first", async () => {
    await ctx.invoke('POST', `/api/styles/${seedStyleId(5)}/favorite`, { token: other.idToken });
    await new Promise((r) => setTimeout(r, 5));
    await ctx.invoke('POST', `/api/styles/${seedStyleId(1)}/favorite`, { token: other.idToken });
    const res = await ctx.invoke('GET', '/api/favorites', { token: other.idToken });
    expect(res.body.items.map((s: { id: string }) => s.id)).toEqual([seedStyleId(1), seedStyleId(5)]);
    expect(res.body.items[0]).toMatchObject({ name: 'City Trench', userName: 'Iris Vale' });
    expect(res.body.nextCursor).toBeNull();
  });

  it("pages a list of favourites that is only the caller's, and refuses a bad or foreign cursor", async () => {
    const [fan, bystander] = await Promise.all([ctx.createUser(), ctx.createUser()]);
    const ids = [seedStyleId(0), seedStyleId(2), seedStyleId(4), seedStyleId(6), seedStyleId(7)];
    for (const id of ids) {
      expect((await ctx.invoke('POST', `/api/styles/${id}/favorite`, { token: fan.idToken })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3)); // distinct favouriting times: a defined order
    }
    await ctx.invoke('POST', `/api/styles/${seedStyleId(1)}/favorite`, { token: bystander.idToken });

    const seen: string[] = [];
    const cursors: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await ctx.invoke('GET', `/api/favorites${q}`, { token: fan.idToken });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((s: { id: string }) => s.id));
      cursor = page.body.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor);
    expect(seen).toEqual([...ids].reverse()); // newest first, each once, none of the bystander's
    expect(cursors.length).toBeGreaterThanOrEqual(2);

    // the bystander sees only their own
    const theirs = await ctx.invoke('GET', '/api/favorites', { token: bystander.idToken });
    expect(theirs.body.items.map((s: { id: string }) => s.id)).toEqual([seedStyleId(1)]);
    // a cursor is bound to its list: the fan's cursor is refused on the bystander's list, a made-up one everywhere
    for (const bad of [cursors[0]!, 'not-a-cursor', `${cursors[0]!.split('.')[0]}.${'A'.repeat(43)}`]) {
      const res = await ctx.invoke('GET', `/api/favorites?cursor=${encodeURIComponent(bad)}`, {
        token: bystander.idToken,
      });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ message: 'Invalid cursor' });
    }
    for (const limit of ['0', '61', 'abc']) {
      const res = await ctx.invoke('GET', `/api/favorites?limit=${limit}`, { token: fan.idToken });
      expect(res.status, limit).toBe(400);
      expect(res.body.code).toBeTruthy();
    }
    expect((await ctx.invoke('GET', '/api/favorites')).status).toBe(401);
  });

  it('keeps an exact count under 20 concurrent toggles from 10 users', async () => {
    const target = seedStyleId(3);
    const users = await Promise.all(Array.from({ length: 10 }, () => ctx.createUser()));
    for (let round = 0; round < 3; round++) {
      const calls = users.flatMap((u, i) => {
        const fav = () => ctx.invoke('POST', `/api/styles/${target}/favorite`, { token: u.idToken });
        const unfav = () => ctx.invoke('DELETE', `/api/styles/${target}/favorite`, { token: u.idToken });
        return (i + round) % 2 ? [fav(), unfav()] : [unfav(), fav()];
      });
      const results = await Promise.all(calls);
      for (const r of results) expect(r.status).toBe(200);
      let items = 0;
      for (const u of users) {
        const fav = await ctx.db.doc.send(
          new GetCommand({ TableName: ctx.tableName, Key: keys.favorite(u.sub, target) }),
        );
        if (fav.Item) items++;
      }
      const count = (await ctx.invoke('GET', `/api/styles/${target}/favorites/count`)).body.count;
      expect(count).toBe(items);
    }
  });
});

describe('style collections and generations', () => {
  it('lists the published collections containing a style', async () => {
    const res = await ctx.invoke('GET', `/api/styles/${seedStyleId(0)}/collection`);
    expect(res.body).toEqual([
      expect.objectContaining({ id: 'seed-collection-autumn', title: 'Autumn Capsule', isPublished: true }),
    ]);
    expect((await ctx.invoke('GET', `/api/styles/${seedStyleId(2)}/collection`)).body).toEqual([]);
  });

  it("lists the caller's generations of a style only", async () => {
    const now = new Date().toISOString();
    const gen = (id: string, styleId: string) => ({
      ...keys.generation(other.sub, id),
      type: 'Generation',
      id,
      userId: other.sub,
      status: 'completed',
      kind: 'style',
      mode: 'creative',
      inputs: {
        photoProfileId: 'p',
        styleId,
        promptTemplateId: null,
        rawTemplateId: null,
        imageUrl: null,
        imageType: null,
        styleRefKey: null,
        backgroundKey: null,
      },
      styleName: 'x',
      templateName: null,
      cost: 1,
      reserved: {},
      priority: false,
      resultKey: `results/${id}.webp`,
      error: null,
      createdAt: now,
      startedAt: now,
      completedAt: now,
      updatedAt: now,
    });
    await ctx.db.doc.send(new PutCommand({ TableName: ctx.tableName, Item: gen('g1', seedStyleId(4)) }));
    await ctx.db.doc.send(new PutCommand({ TableName: ctx.tableName, Item: gen('g2', seedStyleId(7)) }));
    const mine = await ctx.invoke('GET', `/api/styles/${seedStyleId(4)}/generations`, { token: other.idToken });
    expect(mine.body.map((g: { id: string }) => g.id)).toEqual(['g1']);
    expect(
      (await ctx.invoke('GET', `/api/styles/${seedStyleId(4)}/generations`, { token: owner.idToken })).body,
    ).toEqual([]);
    expect((await ctx.invoke('GET', `/api/styles/${seedStyleId(4)}/generations`)).status).toBe(401);
  });
});

describe('style reports', () => {
  const sid = seedStyleId(6);

  it('need a reason and allow one open report per user and style', async () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      const res = await ctx.invoke('POST', `/api/styles/${sid}/flag`, { token: other.idToken, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please provide a reason for reporting this style');
    }
    const first = await ctx.invoke('POST', `/api/styles/${sid}/flag`, {
      token: other.idToken,
      body: { reason: '  Offensive image ' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ styleId: sid, reason: 'Offensive image', status: 'open' });
    expect(
      (await ctx.invoke('POST', `/api/styles/${sid}/flag`, { token: other.idToken, body: { reason: 'again' } })).status,
    ).toBe(409);
    expect(
      (await ctx.invoke('POST', `/api/styles/${sid}/flag`, { token: admin.idToken, body: { reason: 'copyright' } }))
        .status,
    ).toBe(201);
  });

  it('are listed to admins only, newest first', async () => {
    expect((await ctx.invoke('GET', '/api/admin/style-reports', { token: other.idToken })).status).toBe(403);
    const res = await ctx.invoke('GET', '/api/admin/style-reports', { token: admin.idToken });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { reason: string }) => r.reason)).toEqual(['copyright', 'Offensive image']);
  });
});

describe('collections', () => {
  beforeAll(async () => {
    const at = '2026-11-01T00:00:00.000Z';
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: {
          ...keys.collection('draft-1'),
          ...keys.collectionOwnerIndex(owner.sub, at, 'draft-1'),
          type: 'Collection',
          id: 'draft-1',
          userId: owner.sub,
          name: 'Draft',
          description: 'wip',
          coverImage: null,
          isPublic: false,
          styleCount: 0,
          affiliateLinks: [],
          createdAt: at,
          updatedAt: at,
        },
      }),
    );
  });

  it('returns a published collection with its affiliate links and style summaries', async () => {
    const res = await ctx.invoke('GET', '/api/collections/seed-collection-autumn');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'seed-collection-autumn',
      title: 'Autumn Capsule',
      isPublished: true,
      styleCount: 6,
    });
    expect(res.body.affiliateLinks).toHaveLength(3);
    expect(res.body.affiliateLinks[0]).toEqual({
      id: 'aff-1',
      url: 'https://shop.example.com/trench',
      productName: 'Camel Trench Coat',
      retailer: 'Northline Store',
    });
    expect(res.body.styles).toHaveLength(6);
    expect(res.body.styles[0]).toEqual(
      expect.objectContaining({
        id: seedStyleId(0),
        title: 'Weekend Denim',
        tags: ['denim', 'weekend', 'layered'],
        coverImage: expect.stringContaining('/api/public-image/'),
      }),
    );
  });

  it("lists a user's published collections, and all of them to the owner", async () => {
    const pub = await ctx.invoke('GET', `/api/influencer-collections/user/${owner.sub}`);
    expect(pub.body.map((c: { id: string }) => c.id)).toEqual(['seed-collection-autumn']);
    const mine = await ctx.invoke('GET', `/api/influencer-collections/user/${owner.sub}`, { token: owner.idToken });
    expect(mine.body.map((c: { id: string }) => c.id)).toEqual(['draft-1', 'seed-collection-autumn']);
  });
});

describe('public users and profiles', () => {
  it('GET /api/users/{id} returns public fields of a public user only', async () => {
    const res = await ctx.invoke('GET', `/api/users/${owner.sub}`);
    expect(res.body).toEqual({
      id: owner.sub,
      handle: 'iris',
      firstName: 'Iris',
      lastName: 'Vale',
      profileImageUrl: null,
      isPublic: true,
      isInfluencer: true,
    });
    expect((await ctx.invoke('GET', `/api/users/${other.sub}`)).status).toBe(404);
    expect((await ctx.invoke('GET', `/api/users/${other.sub}`, { token: other.idToken })).status).toBe(200);
    expect((await ctx.invoke('GET', '/api/users/unknown')).status).toBe(404);
  });

  it('GET /api/profile/{handle} shows user, links and collections (when allowed); @ accepted', async () => {
    await ctx.invoke('POST', '/api/user/links', {
      token: owner.idToken,
      body: { title: 'Shop', url: 'https://shop.example.com/iris' },
    });
    const res = await ctx.invoke('GET', '/api/profile/@iris');
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: owner.sub,
      handle: 'iris',
      firstName: 'Iris',
      lastName: 'Vale',
      profileImageUrl: null,
      isInfluencer: true,
    });
    expect(res.body.user.email).toBeUndefined();
    expect(res.body.links).toEqual([expect.objectContaining({ title: 'Shop', url: 'https://shop.example.com/iris' })]);
    expect(res.body.collections.map((c: { id: string }) => c.id)).toEqual(['seed-collection-autumn']);

    expect(
      (await ctx.invoke('PATCH', '/api/user/profile', { token: owner.idToken, body: { showCollections: false } }))
        .status,
    ).toBe(200);
    expect((await ctx.invoke('GET', '/api/profile/iris')).body.collections).toEqual([]);
    await ctx.invoke('PATCH', '/api/user/profile', { token: owner.idToken, body: { showCollections: true } });
  });

  it('is 404 Profile Not Found for unknown and non-public users', async () => {
    for (const h of ['nobody_here', other.email.split('@')[0]!.replace(/-/g, '_')]) {
      const res = await ctx.invoke('GET', `/api/profile/${h}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Profile Not Found');
    }
    await ctx.invoke('PATCH', '/api/user/profile', { token: owner.idToken, body: { isPublic: false } });
    expect((await ctx.invoke('GET', '/api/profile/iris')).status).toBe(404);
    expect((await ctx.invoke('GET', '/api/profile/iris', { token: owner.idToken })).status).toBe(200);
    await ctx.invoke('PATCH', '/api/user/profile', { token: owner.idToken, body: { isPublic: true } });
    expect((await ctx.invoke('GET', '/api/profile/iris')).status).toBe(200);
  });
});

describe('seeded products (Shop This Look)', () => {
  it('each product has its own picture: every piece its own product shot, shoes and accessories too', async () => {
    const s3 = createS3Client({ endpoint: ctx.endpoints.s3 });
    const seen = new Set<string>();
    for (const i of [0, 1, 2]) {
      const id = seedStyleId(i);
      const res = await ctx.invoke('GET', `/api/styles/${id}/products`);
      expect(res.status).toBe(200);
      const products: { name: string; category: string | null; imageUrl: string | null }[] = res.body;
      expect(products.length).toBeGreaterThan(1);
      for (const p of products) {
        expect(p.imageUrl).not.toBe(`/api/public-image/styles/${id}/prompt.webp`); // never the style's own picture
        expect(p.imageUrl).toMatch(new RegExp(`^/api/public-image/styles/${id}/product-\\d\\.webp$`));
        seen.add(p.imageUrl!);
        const head = await s3.send(
          new HeadObjectCommand({
            Bucket: process.env.PUBLIC_BUCKET!,
            Key: p.imageUrl!.slice('/api/public-image/'.length),
          }),
        );
        expect(head.ContentType).toBe('image/webp');
      }
    }
    expect(seen.size).toBe(8); // jacket, tee, jeans; trench, trousers, loafers; slip dress, earrings: one each
  });

  it("a data directory seeded before product pictures: a product still showing the style's picture gets its own; an edited one is kept", async () => {
    const id = seedStyleId(0);
    const stylePicture = `/api/public-image/styles/${id}/prompt.webp`;
    const [p1, p2] = [keys.product(id, `${id}-p1`), keys.product(id, `${id}-p2`)];
    const get = async (key: { pk: string; sk: string }) =>
      (await ctx.db.doc.send(new GetCommand({ TableName: ctx.db.tableName, Key: key }))).Item!;
    await ctx.db.doc.send(
      new PutCommand({ TableName: ctx.db.tableName, Item: { ...(await get(p1)), imageUrl: stylePicture } }),
    );
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.db.tableName,
        Item: { ...(await get(p2)), imageUrl: '/api/public-image/mine.webp' },
      }),
    );
    await ctx.db.doc.send(
      new PutCommand({
        TableName: ctx.db.tableName,
        Item: { ...keys.seedMarker('catalog-products-v2'), type: 'SeedMarker' },
      }),
    );
    await ctx.db.doc.send(
      new DeleteCommand({ TableName: ctx.db.tableName, Key: keys.seedMarker(PRODUCTS_SEED_VERSION) }),
    );
    await seedCatalog({
      db: ctx.db,
      s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
      publicBucket: process.env.PUBLIC_BUCKET!,
      owners: { influencer: owner.sub, admin: owner.sub },
    });
    expect((await get(p1)).imageUrl).toBe(`/api/public-image/styles/${id}/product-1.webp`);
    expect((await get(p2)).imageUrl).toBe('/api/public-image/mine.webp');
  });
});
