import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '../../shared/repositories/dynamo-client';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { updateUser } from '../../shared/repositories/user-repository';
import { listPublicStyles, type StyleRecord } from '../../shared/repositories/catalog-repository';
import { EXPLORE_LIMIT_DEFAULT, EXPLORE_LIMIT_MAX } from '../../shared/domain/explore-search';
import { listedStyleIds, putTestStyle } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await setupIntegration();
  [owner, other] = await Promise.all([ctx.createUser({ email: 'iris@example.test' }), ctx.createUser()]);
  await ctx.invoke('GET', '/api/auth/user', { token: owner.idToken });
  await updateUser(ctx.db, owner.sub, { firstName: 'Iris', lastName: 'Vale', isPublic: true });
  await seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: owner.sub, admin: owner.sub },
  });
  const now = new Date().toISOString();
  await ctx.db.doc.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...keys.style('private-1'),
        ...keys.styleOwnerIndex(owner.sub, now, 'private-1'),
        type: 'Style',
        id: 'private-1',
        name: 'Secret',
        description: 'mine',
        sex: 'unisex',
        categoryIds: [],
        tags: [],
        tasks: ['OUTFIT_TRYON'],
        styleImageType: 'model_wearer',
        promptImageUrl: null,
        coverImageUrl: null,
        isPublic: false,
        createdBy: owner.sub,
        usageCount: 0,
        createdAt: now,
        updatedAt: now,
      },
    }),
  );
});

describe('GET /api/styles (issue 41): a page at a time, never the whole catalogue', () => {
  const EXTRA = 30; // with the 24 seed styles: more public styles than a default page (24) and a full page (60)
  const quartz = (i: number) => i % 3 === 0;
  let expected: StyleRecord[] = [];

  beforeAll(async () => {
    const t0 = Date.now() - 3_600_000;
    for (let i = 0; i < EXTRA; i++)
      await putTestStyle(ctx, `extra-${quartz(i) ? 'quartz' : 'plain'}-${String(i).padStart(2, '0')}`, other.sub, {
        createdAt: new Date(t0 + i * 1000).toISOString(),
      });
    // the truth: every public style in the table, newest first (gsi1), never the private one
    expected = await listPublicStyles(ctx.db);
    expect(expected.length).toBe(24 + EXTRA);
    expect(expected.some((s) => s.id === 'private-1')).toBe(false);
  });

  const page = (query: string) => ctx.invoke('GET', `/api/styles${query ? `?${query}` : ''}`);

  it('answers at most a page, newest first with the creator name, and a signed cursor to the next', async () => {
    const res = await page('');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(EXPLORE_LIMIT_DEFAULT);
    expect(res.body.items.map((s: { id: string }) => s.id)).toEqual(
      expected.slice(0, EXPLORE_LIMIT_DEFAULT).map((s) => s.id),
    );
    expect(res.body.nextCursor).toEqual(expect.any(String));
    // the largest page holds this whole (54-style) catalogue, and says so
    const full = await page(`limit=${EXPLORE_LIMIT_MAX}`);
    expect(full.body.items).toHaveLength(expected.length);
    expect(full.body.nextCursor).toBeNull();
    const seed = full.body.items.find((s: { id: string }) => s.id === seedStyleId(23));
    expect(seed).toMatchObject({ userName: 'Iris Vale', name: expect.any(String) });
    const small = await page('limit=5');
    expect(small.body.items).toHaveLength(5);
    expect(small.body.nextCursor).toEqual(expect.any(String));
    for (const bad of [`limit=${EXPLORE_LIMIT_MAX + 1}`, 'limit=0', 'limit=ten'])
      expect((await page(bad)).body, bad).toMatchObject({ code: 'validation_error' });
  });

  it('following the cursors yields every public style exactly once, in order', async () => {
    for (const limit of [7, EXPLORE_LIMIT_DEFAULT]) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await page(`limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(limit);
        ids.push(...res.body.items.map((s: { id: string }) => s.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      expect(pages).toBe(Math.ceil(expected.length / limit));
      expect(ids).toEqual(expected.map((s) => s.id));
      expect(new Set(ids).size).toBe(expected.length);
    }
  });

  it('a search narrows the pages (words starting with the query), as do the audience and category', async () => {
    const found = await listedStyleIds(ctx, 'q=quartz');
    const want = expected.filter((s) => /\bquartz/i.test(`${s.name} ${s.description}`)).map((s) => s.id);
    expect(want.length).toBe(Array.from({ length: EXTRA }, (_, i) => i).filter(quartz).length);
    expect(found).toEqual(want);
    expect(await listedStyleIds(ctx, 'q=QUAR')).toEqual(want);
    expect(await listedStyleIds(ctx, 'q=zzzz-no-such-word')).toEqual([]);

    const women = await listedStyleIds(ctx, 'sex=woman');
    expect(women).toEqual(expected.filter((s) => s.sex === 'woman').map((s) => s.id));
    expect(women.length).toBeGreaterThan(0);
    expect(women.length).toBeLessThan(expected.length);
    const cat = expected.find((s) => s.categoryIds.length)!.categoryIds[0]!;
    expect(await listedStyleIds(ctx, `category=${cat}`)).toEqual(
      expected.filter((s) => s.categoryIds.includes(cat)).map((s) => s.id),
    );
  });

  it("a forged, tampered or other query's cursor is a 400", async () => {
    const first = await page('limit=5');
    const cursor: string = first.body.nextCursor;
    const [payload, tag] = cursor.split('.') as [string, string];
    const flipped = `${payload}.${tag[0] === 'A' ? 'B' : 'A'}${tag.slice(1)}`;
    const forgedKey = Buffer.from(JSON.stringify({ pk: 'STYLE#private-1', sk: 'STYLE' })).toString('base64url');
    for (const bad of [flipped, `${forgedKey}.${tag}`, 'not-a-cursor', `${payload}.${'x'.repeat(43)}`]) {
      const res = await page(`limit=5&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ message: 'Invalid cursor', code: expect.any(String) });
    }
    // signed for the unfiltered list: refused for a search
    expect((await page(`q=quartz&limit=5&cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);
    // and the real one still continues the list
    const second = await page(`limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(second.body.items.map((s: { id: string }) => s.id)).toEqual(expected.slice(5, 10).map((s) => s.id));
  });
});

describe('catalog reads', () => {
  it('shows a private style to its creator only', async () => {
    expect((await ctx.invoke('GET', '/api/styles/private-1', { token: owner.idToken })).status).toBe(200);
    expect((await ctx.invoke('GET', '/api/styles/private-1', { token: other.idToken })).status).toBe(404);
    expect((await ctx.invoke('GET', '/api/styles/private-1')).body).toEqual({
      message: 'Style not found',
      code: 'not_found',
    });
    expect((await ctx.invoke('GET', '/api/styles/private-1', { token: 'garbage' })).status).toBe(401);
  });

  it('returns a style with its public creator handle, and its products with links', async () => {
    const s = await ctx.invoke('GET', `/api/styles/${seedStyleId(0)}`);
    expect(s.body).toMatchObject({
      name: 'Weekend Denim',
      creator: { name: 'Iris Vale', handle: 'iris', isPublic: true },
    });
    const p = await ctx.invoke('GET', `/api/styles/${seedStyleId(0)}/products`);
    expect(p.body).toHaveLength(3);
    expect(p.body[0]).toMatchObject({ name: 'Light-Wash Denim Jacket', brand: 'Northline' });
    expect(p.body[0].links[0]).toMatchObject({ retailer: 'Northline Store', currency: 'EUR', price: 129 });
  });

  it('seeds products with an https retailer link and a price for several styles, once', async () => {
    const withProducts: string[] = [];
    for (let i = 0; i < 24; i++) {
      const p = await ctx.invoke('GET', `/api/styles/${seedStyleId(i)}/products`);
      expect(p.status).toBe(200);
      for (const product of p.body as { links: { url: string; price: number | null; retailer: string }[] }[]) {
        expect(product.links).toHaveLength(1);
        expect(product.links[0]!.url).toMatch(/^https:\/\/[a-z0-9.-]+\/products\//);
        expect(product.links[0]!.price).toBeGreaterThan(0);
        expect(product.links[0]!.retailer).not.toBe('');
      }
      if (p.body.length) withProducts.push(seedStyleId(i));
    }
    expect(withProducts.length).toBeGreaterThanOrEqual(8);
    // a second start writes nothing more
    const again = await seedCatalog({
      db: ctx.db,
      s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
      publicBucket: process.env.PUBLIC_BUCKET!,
      owners: { influencer: owner.sub, admin: owner.sub },
    });
    expect(again).toEqual({ written: false });
    expect((await ctx.invoke('GET', `/api/styles/${seedStyleId(0)}/products`)).body).toHaveLength(3);
  });

  it('lists active categories by display order and published collections', async () => {
    const c = await ctx.invoke('GET', '/api/categories');
    expect(c.body.map((x: { name: string }) => x.name)).toEqual([
      'Casual',
      'Streetwear',
      'Business',
      'Evening',
      'Sport',
      'Boho',
      'Minimal',
    ]);
    const col = await ctx.invoke('GET', '/api/collections');
    expect(col.body).toEqual([expect.objectContaining({ title: 'Autumn Capsule', isPublished: true, styleCount: 6 })]);
  });
});
