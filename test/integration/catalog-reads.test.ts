import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '../../shared/repositories/dynamo-client';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { updateUser } from '../../shared/repositories/user-repository';
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

describe('catalog reads', () => {
  it('lists public styles newest first with the creator name, for anonymous visitors too', async () => {
    const res = await ctx.invoke('GET', '/api/styles');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(24);
    expect(res.body[0].id).toBe(seedStyleId(23));
    expect(res.body[0]).toMatchObject({ userName: 'Iris Vale', isPublic: true });
    expect(res.body.some((s: { id: string }) => s.id === 'private-1')).toBe(false);
  });

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
