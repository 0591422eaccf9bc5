/**
 * The style editor's products and their shop links (admins and influencers): ownership through the product's
 * style (editableStyle, style-editor-service.ts). `styleProductUseCases({ store })` is the use case on its store;
 * the functions taking `db` below are the production wiring the handlers call.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, badRequest, notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import { listStyleProducts, type ProductLinkRecord } from '../../shared/repositories/catalog-repository';
import {
  createProduct,
  createProductLink,
  deleteProduct,
  getProductById,
  getProductLinkById,
  listProductLinks,
  updateProduct,
  updateProductLink,
} from '../../shared/repositories/style-editor-repository';
import { type UserRecord } from '../../shared/repositories/user-repository';
import type {
  ProductCreateInput,
  ProductLinkInput,
  ProductLinkPatchInput,
  ProductPatchInput,
} from '../../shared/schemas/admin';
import { getStoredStyle } from '../../shared/repositories/style-editor-repository';
import { bindDb, type Store } from '../lib/bind-db';
import { editableStyle, STYLE_NOT_FOUND } from './style-editor-service';

const repositories = {
  createProduct,
  createProductLink,
  deleteProduct,
  getProductById,
  getProductLinkById,
  getStoredStyle,
  listProductLinks,
  listStyleProducts,
  updateProduct,
  updateProductLink,
};

// ---------------------------------------------------------------------------------------------------------
// Products and links (ownership through the product's style)

function newLink(styleId: string, productId: string, l: ProductLinkInput, now: Date): ProductLinkRecord {
  let retailer = l.retailer ?? null;
  if (!retailer) retailer = new URL(l.url).hostname.replace(/^www\./, '');
  return {
    id: ulid(now.getTime()),
    productId,
    styleId,
    retailer,
    url: l.url,
    price: l.price ?? null,
    currency: l.currency ?? (l.price != null ? 'EUR' : null),
    affiliateCode: l.affiliateCode ?? null,
    createdAt: now.toISOString(),
  };
}

/** The products' and links' use cases, on their store. */
export function styleProductUseCases({ store }: { store: Store<typeof repositories> }) {
  async function listProductsOfStyle(user: UserRecord, styleId: string | undefined) {
    if (!styleId) throw badRequest('Query parameter style is required', ERROR_CODES.validation);
    await editableStyle(store, user, styleId);
    return store.listStyleProducts(styleId);
  }

  async function createProductFor(user: UserRecord, input: ProductCreateInput, now = new Date()) {
    await editableStyle(store, user, input.styleId);
    const product = {
      id: ulid(now.getTime()),
      styleId: input.styleId,
      name: input.name,
      description: input.description ?? null,
      brand: input.brand ?? null,
      category: input.category ?? null,
      imageUrl: input.imageUrl ?? null,
      createdAt: now.toISOString(),
    };
    const links = (input.links ?? []).map((l) => newLink(input.styleId, product.id, l, now));
    if (!(await store.createProduct(product, links))) throw notFound(STYLE_NOT_FOUND);
    return { ...product, links };
  }

  async function editableProduct(user: UserRecord, productId: string) {
    const p = await store.getProductById(productId);
    if (!p) throw notFound('Product not found');
    await editableStyle(store, user, p.styleId);
    return p;
  }

  async function updateProductFor(user: UserRecord, productId: string, patch: ProductPatchInput) {
    const p = await editableProduct(user, productId);
    const updated = await store.updateProduct(p, patch);
    if (!updated) throw notFound('Product not found');
    return { ...updated, links: await store.listProductLinks(p.styleId, p.id) };
  }

  async function deleteProductFor(user: UserRecord, productId: string) {
    const p = await editableProduct(user, productId);
    await store.deleteProduct(p.styleId, p.id);
    return { id: productId, deleted: true };
  }

  async function listLinksOfProduct(user: UserRecord, productId: string) {
    const p = await editableProduct(user, productId);
    return store.listProductLinks(p.styleId, p.id);
  }

  async function createLinkFor(user: UserRecord, productId: string, input: ProductLinkInput, now = new Date()) {
    const p = await editableProduct(user, productId);
    const link = newLink(p.styleId, p.id, input, now);
    if (!(await store.createProductLink(link))) throw notFound('Product not found');
    return link;
  }

  async function updateLinkFor(user: UserRecord, linkId: string, patch: ProductLinkPatchInput) {
    const l = await store.getProductLinkById(linkId);
    if (!l) throw notFound('Product link not found');
    await editableStyle(store, user, l.styleId);
    const { retailer, ...rest } = patch;
    const updated = await store.updateProductLink(l, { ...rest, ...(retailer ? { retailer } : {}) });
    if (!updated) throw notFound('Product link not found');
    return updated;
  }

  return {
    listProductsOfStyle,
    createProductFor,
    updateProductFor,
    deleteProductFor,
    listLinksOfProduct,
    createLinkFor,
    updateLinkFor,
  };
}

type StyleProductUseCases = ReturnType<typeof styleProductUseCases>;
const production = (db: Db) => styleProductUseCases({ store: bindDb(db, repositories) });

export const listProductsOfStyle = (db: Db, ...a: Parameters<StyleProductUseCases['listProductsOfStyle']>) =>
  production(db).listProductsOfStyle(...a);
export const createProductFor = (db: Db, ...a: Parameters<StyleProductUseCases['createProductFor']>) =>
  production(db).createProductFor(...a);
export const updateProductFor = (db: Db, ...a: Parameters<StyleProductUseCases['updateProductFor']>) =>
  production(db).updateProductFor(...a);
export const deleteProductFor = (db: Db, ...a: Parameters<StyleProductUseCases['deleteProductFor']>) =>
  production(db).deleteProductFor(...a);
export const listLinksOfProduct = (db: Db, ...a: Parameters<StyleProductUseCases['listLinksOfProduct']>) =>
  production(db).listLinksOfProduct(...a);
export const createLinkFor = (db: Db, ...a: Parameters<StyleProductUseCases['createLinkFor']>) =>
  production(db).createLinkFor(...a);
export const updateLinkFor = (db: Db, ...a: Parameters<StyleProductUseCases['updateLinkFor']>) =>
  production(db).updateLinkFor(...a);
