/** The style editor's products and shop links on an in-memory catalogue: ownership through the product's style. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import {
  productCreateSchema,
  type ProductLinkInput,
  type ProductLinkPatchInput,
  type ProductPatchInput,
} from '../../shared/schemas/admin';
import { aStyle, aUser } from '../../test/support/in-memory-start-deps';
import { inMemoryCatalog, type InMemoryCatalog } from '../../test/support/in-memory-catalog';
import { styleProductUseCases } from './style-product-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const inf = aUser({ id: 'inf', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const other = aUser({ id: 'other', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const admin = aUser({ id: 'admin', role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
let m: InMemoryCatalog;
let uc: ReturnType<typeof styleProductUseCases>;

const patch = (p: Partial<ProductPatchInput>): ProductPatchInput => ({
  description: undefined,
  brand: undefined,
  category: undefined,
  imageUrl: undefined,
  ...p,
});
const link = (l: Partial<ProductLinkInput> & { url: string }): ProductLinkInput => ({
  retailer: undefined,
  price: undefined,
  currency: undefined,
  affiliateCode: undefined,
  ...l,
});
const linkPatch = (l: Partial<ProductLinkPatchInput>): ProductLinkPatchInput => ({
  retailer: undefined,
  price: undefined,
  currency: undefined,
  affiliateCode: undefined,
  ...l,
});

const product = (fields: Record<string, unknown> = {}) =>
  productCreateSchema.parse({ styleId: 's1', name: 'Linen shirt', ...fields });

beforeEach(() => {
  m = inMemoryCatalog();
  m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf' }));
  uc = styleProductUseCases({ store: m.store });
});

describe('products', () => {
  it('creates a product with its links; a link without a retailer is named by its host; EUR with a price', async () => {
    const p = await uc.createProductFor(
      inf,
      product({
        links: [
          { url: 'https://www.shop.example/shirt', price: 49.999 },
          { url: 'https://b.example/x', retailer: 'B' },
        ],
      }),
      now,
    );
    expect(p.links.map((l) => [l.retailer, l.price, l.currency])).toEqual([
      ['shop.example', 50, 'EUR'],
      ['B', null, null],
    ]);
    expect((await uc.listProductsOfStyle(inf, 's1')).map((x) => x.id)).toEqual([p.id]);
  });

  it('another creator’s style is 403 for products and links; a missing style is 404; nothing is written', async () => {
    const p = await uc.createProductFor(inf, product({ links: [{ url: 'https://shop.example/a' }] }), now);
    const linkId = p.links[0]!.id;
    for (const call of [
      () => uc.createProductFor(other, product(), now),
      () => uc.listProductsOfStyle(other, 's1'),
      () => uc.updateProductFor(other, p.id, patch({ name: 'Mine' })),
      () => uc.deleteProductFor(other, p.id),
      () => uc.listLinksOfProduct(other, p.id),
      () => uc.createLinkFor(other, p.id, link({ url: 'https://evil.example' }), now),
      () => uc.updateLinkFor(other, linkId, linkPatch({ url: 'https://evil.example' })),
    ])
      await expect(call()).rejects.toMatchObject({ status: 403 });
    await expect(uc.createProductFor(inf, product({ styleId: 'nope' }), now)).rejects.toMatchObject({ status: 404 });
    expect(m.products.get('s1')).toHaveLength(1);
    expect(m.products.get('s1')?.[0]).toMatchObject({
      name: 'Linen shirt',
      links: [{ url: 'https://shop.example/a' }],
    });
  });

  it('an admin manages any creator’s products', async () => {
    const p = await uc.createProductFor(admin, product(), now);
    expect((await uc.updateProductFor(admin, p.id, patch({ brand: 'Acme' }))).brand).toBe('Acme');
    expect(await uc.deleteProductFor(admin, p.id)).toEqual({ id: p.id, deleted: true });
    expect(m.products.get('s1')).toEqual([]);
  });

  it('listing without a style is 400; unknown products and links are 404', async () => {
    await expect(uc.listProductsOfStyle(inf, undefined)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
    await expect(uc.updateProductFor(inf, 'nope', patch({ name: 'x' }))).rejects.toMatchObject({ status: 404 });
    await expect(uc.updateLinkFor(inf, 'nope', linkPatch({ url: 'https://x.example' }))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('links', () => {
  it('adds and edits a link; an empty retailer in a patch keeps the one stored', async () => {
    const p = await uc.createProductFor(inf, product(), now);
    const l = await uc.createLinkFor(inf, p.id, link({ url: 'https://shop.example/a', retailer: 'Shop' }), now);
    const edited = await uc.updateLinkFor(inf, l.id, linkPatch({ price: 10 }));
    expect(edited).toMatchObject({ retailer: 'Shop', price: 10 });
    expect((await uc.listLinksOfProduct(inf, p.id)).map((x) => x.id)).toEqual([l.id]);
  });
});
