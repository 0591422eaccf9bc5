/**
 * The style editor's products and their shop links (admins and influencers): ownership through the product's
 * style (editableStyle, style-editor-service.ts).
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
import { editableStyle, STYLE_NOT_FOUND } from './style-editor-service';

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

export async function listProductsOfStyle(db: Db, user: UserRecord, styleId: string | undefined) {
  if (!styleId) throw badRequest('Query parameter style is required', ERROR_CODES.validation);
  await editableStyle(db, user, styleId);
  return listStyleProducts(db, styleId);
}

export async function createProductFor(db: Db, user: UserRecord, input: ProductCreateInput, now = new Date()) {
  await editableStyle(db, user, input.styleId);
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
  if (!(await createProduct(db, product, links))) throw notFound(STYLE_NOT_FOUND);
  return { ...product, links };
}

async function editableProduct(db: Db, user: UserRecord, productId: string) {
  const p = await getProductById(db, productId);
  if (!p) throw notFound('Product not found');
  await editableStyle(db, user, p.styleId);
  return p;
}

export async function updateProductFor(db: Db, user: UserRecord, productId: string, patch: ProductPatchInput) {
  const p = await editableProduct(db, user, productId);
  const updated = await updateProduct(db, p, patch);
  if (!updated) throw notFound('Product not found');
  return { ...updated, links: await listProductLinks(db, p.styleId, p.id) };
}

export async function deleteProductFor(db: Db, user: UserRecord, productId: string) {
  const p = await editableProduct(db, user, productId);
  await deleteProduct(db, p.styleId, p.id);
  return { id: productId, deleted: true };
}

export async function listLinksOfProduct(db: Db, user: UserRecord, productId: string) {
  const p = await editableProduct(db, user, productId);
  return listProductLinks(db, p.styleId, p.id);
}

export async function createLinkFor(
  db: Db,
  user: UserRecord,
  productId: string,
  input: ProductLinkInput,
  now = new Date(),
) {
  const p = await editableProduct(db, user, productId);
  const link = newLink(p.styleId, p.id, input, now);
  if (!(await createProductLink(db, link))) throw notFound('Product not found');
  return link;
}

export async function updateLinkFor(db: Db, user: UserRecord, linkId: string, patch: ProductLinkPatchInput) {
  const l = await getProductLinkById(db, linkId);
  if (!l) throw notFound('Product link not found');
  await editableStyle(db, user, l.styleId);
  const { retailer, ...rest } = patch;
  const updated = await updateProductLink(db, l, { ...rest, ...(retailer ? { retailer } : {}) });
  if (!updated) throw notFound('Product link not found');
  return updated;
}
