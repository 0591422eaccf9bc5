/**
 * The style editor (admins and influencers): styles, their products and product links, categories.
 * Influencers change only their own styles, admins every style; a refused call answers 403 before any write.
 * Private and public styles are counted on the creator's COUNTERS item under the caps of shared/domain/style-rules.ts.
 * Any change touching a public style rebuilds the explore catalogue document.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { CONTENT_SAFETY_MESSAGES } from '../../shared/domain/content-safety';
import { isAdmin } from '../../shared/domain/roles';
import { imageRefPath, parseStyleImageRef } from '../../shared/domain/image-ref';
import {
  STYLE_MESSAGES as M,
  checkCategoryIds,
  normalizeStyleSex,
  normalizeTags,
  styleCaps,
} from '../../shared/domain/style-rules';
import type { Db } from '../../shared/repositories/table';
import {
  getPromptTemplate,
  listCategories,
  listStyleProducts,
  type ProductLinkRecord,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import {
  createProduct,
  createProductLink,
  createStyle,
  deleteProduct,
  deleteStyleItem,
  deleteStyleProducts,
  getProductById,
  getProductLinkById,
  getStoredStyle,
  listProductLinks,
  listStylesOfOwner,
  listPublicAndOwnStyles,
  updateProduct,
  updateProductLink,
  updateStyle,
  type StoredStyle,
  type StylePatch,
} from '../../shared/repositories/style-editor-repository';
import { removeStyleFromAllCollectionsKeepingCovers } from './collection-cover-service';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import type {
  ProductCreateInput,
  ProductLinkInput,
  ProductLinkPatchInput,
  ProductPatchInput,
  StyleCreateInput,
  StylePatchInput,
} from '../../shared/schemas/admin';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { copyImage, mediaKeys, privateImagePath } from '../lib/media-store';
import { deleteStylePublicCopies, placeStyleImages, settlePlacement } from './style-image-placement';
import { startFromStyle } from './generation-start-service';
import type { StartOptions, StartResult } from './generation-start-steps';
import { rebuildStyleCatalogue } from './style-catalogue';
import { creators } from './catalog-service';

export const STYLE_NOT_FOUND = 'Style not found';
export const NOT_YOUR_STYLE = 'You can only edit your own styles';

export const styleEditorView = (s: StoredStyle, userName?: string) => {
  const { counted, ...rest } = s;
  void counted;
  return {
    ...rest,
    description: s.description ?? '',
    categoryIds: s.categoryIds ?? [],
    tags: s.tags ?? [],
    tasks: s.tasks ?? [],
    promptImageOriginalUrl: s.promptImageOriginalUrl ?? null,
    coverImageUrl: s.coverImageUrl ?? null,
    defaultPromptTemplateId: s.defaultPromptTemplateId ?? null,
    isAiGenerated: !!s.isAiGenerated,
    usageCount: s.usageCount ?? 0,
    ...(userName !== undefined ? { userName } : {}),
  };
};

/** The style, if the caller may edit it: 404 when missing, 403 when it is someone else's (and the caller is no admin). */
export async function editableStyle(db: Db, user: UserRecord, styleId: string): Promise<StoredStyle> {
  const s = await getStoredStyle(db, styleId);
  if (!s) throw notFound(STYLE_NOT_FOUND);
  if (s.createdBy !== user.id && !isAdmin(user)) throw forbidden(NOT_YOUR_STYLE);
  return s;
}

async function ownerOf(db: Db, caller: UserRecord, ownerId: string): Promise<UserRecord> {
  if (ownerId === caller.id) return caller;
  return (
    (await getUser(db, ownerId)) ??
    ({ id: ownerId, role: 'shopper', currentRole: 'shopper', currentPlan: 'none', isInfluencer: false } as UserRecord)
  );
}

/** The answer when a style kept changing under an edit or a delete (the retry bound ran out). */
const styleChanged = () => conflict('The style changed meanwhile. Please try again.');

const limitError = (isPublic: boolean, publicCap: number | null) =>
  isPublic
    ? new HttpError(403, ERROR_CODES.limitPublish, publicCap === 0 ? M.publishNotAllowed : M.publicLimit)
    : new HttpError(403, ERROR_CODES.limitPrivateStyles, M.privateLimit);

type Fields = Partial<
  Pick<StyleRecord, 'sex' | 'categoryIds' | 'tags' | 'promptImageUrl' | 'coverImageUrl' | 'defaultPromptTemplateId'>
>;

/** Normalise and check the fields that need more than the schema (categories against the table, images, template). */
async function checkedFields(db: Db, input: Partial<StyleCreateInput>, imageOwners: string[]): Promise<Fields> {
  const out: Fields = {};
  if (input.sex !== undefined) {
    const sex = normalizeStyleSex(input.sex);
    if (!sex.ok) throw badRequest(sex.message, ERROR_CODES.validation);
    out.sex = sex.value;
  }
  if (input.categoryIds !== undefined) {
    const cats = checkCategoryIds(input.categoryIds.filter((c) => c.trim()));
    if (!cats.ok) throw badRequest(cats.message, ERROR_CODES.validation);
    if (cats.value.length) {
      const known = new Set((await listCategories(db)).map((c) => c.id));
      const unknown = cats.value.find((c) => !known.has(c));
      if (unknown) throw badRequest(`${M.unknownCategory}: ${unknown}`, ERROR_CODES.validation);
    }
    out.categoryIds = cats.value;
  }
  if (input.tags !== undefined) {
    const tags = normalizeTags(input.tags);
    if (!tags.ok) throw badRequest(tags.message, ERROR_CODES.validation);
    out.tags = tags.value;
  }
  if (input.promptImageUrl !== undefined) {
    const ref = parseStyleImageRef(input.promptImageUrl, imageOwners);
    if (!ref.ok) throw badRequest(M.promptImageInvalid, ERROR_CODES.validation);
    out.promptImageUrl = imageRefPath(ref);
  }
  if (input.coverImageUrl !== undefined) {
    const ref = input.coverImageUrl === null ? null : parseStyleImageRef(input.coverImageUrl, imageOwners);
    if (ref && !ref.ok)
      throw badRequest('Cover image must be an uploaded image (/api/public-image/...)', ERROR_CODES.validation);
    out.coverImageUrl = ref ? imageRefPath(ref) : null;
  }
  if (input.defaultPromptTemplateId !== undefined) {
    if (input.defaultPromptTemplateId !== null && !(await getPromptTemplate(db, input.defaultPromptTemplateId)))
      throw badRequest(M.promptTemplateNotFound, ERROR_CODES.validation);
    out.defaultPromptTemplateId = input.defaultPromptTemplateId;
  }
  return out;
}

async function rebuildCatalogue(db: Db) {
  await rebuildStyleCatalogue(db);
}

/** GET /api/admin/styles: the caller's own styles, newest first; `all` (admins only) every public style plus their own. */
export async function listEditorStyles(db: Db, user: UserRecord, all: boolean) {
  const styles =
    all && isAdmin(user) ? await listPublicAndOwnStyles(db, user.id) : await listStylesOfOwner(db, user.id);
  const names = await creators(
    db,
    styles.map((s) => s.createdBy),
  );
  return styles.map((s) => styleEditorView(s, names.get(s.createdBy)?.name));
}

/** POST /api/admin/styles */
export async function createEditorStyle(db: Db, user: UserRecord, input: StyleCreateInput, now = new Date()) {
  const caps = styleCaps(user);
  if (input.isPublic && caps.public === 0) throw limitError(true, 0);
  const fields = await checkedFields(db, { ...input, sex: input.sex ?? 'unisex' }, [user.id]);
  const ts = now.toISOString();
  const id = ulid(now.getTime());
  // A public style names public copies of its images (made before the record exists); a private one its uploads.
  const placement = await placeStyleImages(
    { id, createdBy: user.id },
    { promptImageUrl: fields.promptImageUrl ?? input.promptImageUrl, coverImageUrl: fields.coverImageUrl },
    input.isPublic,
  );
  Object.assign(fields, placement.patch);
  const style: StyleRecord = {
    id,
    name: input.name,
    description: input.description ?? '',
    sex: fields.sex ?? 'unisex',
    categoryIds: fields.categoryIds ?? [],
    tags: fields.tags ?? [],
    tasks: [...new Set(input.tasks)],
    styleImageType: input.styleImageType,
    promptImageUrl: fields.promptImageUrl ?? input.promptImageUrl,
    promptImageOriginalUrl: input.promptImageOriginalUrl ?? null,
    coverImageUrl: fields.coverImageUrl ?? null,
    defaultPromptTemplateId: fields.defaultPromptTemplateId ?? null,
    isPublic: input.isPublic,
    isAiGenerated: input.isAiGenerated,
    createdBy: user.id,
    usageCount: 0,
    favoriteCount: 0,
    createdAt: ts,
    updatedAt: ts,
  };
  const cap = input.isPublic ? caps.public : caps.private;
  let created: Awaited<ReturnType<typeof createStyle>>;
  try {
    created = await createStyle(db, style, cap);
  } catch (err) {
    await settlePlacement(placement, false);
    throw err;
  }
  if (created === 'limit') {
    await settlePlacement(placement, false);
    throw limitError(input.isPublic, cap);
  }
  if (created.isPublic) await rebuildCatalogue(db);
  return styleEditorView(created);
}

/** PATCH /api/admin/styles/{id} */
export async function updateEditorStyle(
  db: Db,
  user: UserRecord,
  id: string,
  input: StylePatchInput,
  now = new Date(),
) {
  let current = await editableStyle(db, user, id);
  if (input.isPublic === true && current.takenDownAt) throw forbidden(CONTENT_SAFETY_MESSAGES.takenDown);
  // images of the caller's uploads, or (an admin editing) of the style's owner
  const fields = await checkedFields(db, input, [...new Set([user.id, current.createdBy])]);
  const base: StylePatch = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.tasks !== undefined ? { tasks: [...new Set(input.tasks)] } : {}),
    ...(input.styleImageType !== undefined ? { styleImageType: input.styleImageType } : {}),
    ...(input.promptImageOriginalUrl !== undefined ? { promptImageOriginalUrl: input.promptImageOriginalUrl } : {}),
    ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
    ...(input.isAiGenerated !== undefined ? { isAiGenerated: input.isAiGenerated } : {}),
    ...fields,
  };
  return retryOptimistic(async () => {
    // the images follow the visibility in the same write (copied first, so the record never names a missing object)
    const willBePublic = base.isPublic ?? current.isPublic;
    const images = {
      promptImageUrl: base.promptImageUrl !== undefined ? base.promptImageUrl : current.promptImageUrl,
      coverImageUrl: base.coverImageUrl !== undefined ? base.coverImageUrl : current.coverImageUrl,
    };
    const placement = await placeStyleImages(current, images, willBePublic);
    const patch: StylePatch = { ...base, ...placement.patch };
    const switching = patch.isPublic !== undefined && patch.isPublic !== current.isPublic;
    let cap: number | null = null;
    if (switching) {
      const caps = styleCaps(await ownerOf(db, user, current.createdBy));
      cap = patch.isPublic ? caps.public : caps.private;
      if (patch.isPublic && cap === 0) {
        await settlePlacement(placement, false);
        throw limitError(true, 0);
      }
    }
    let res: Awaited<ReturnType<typeof updateStyle>>;
    try {
      res = await updateStyle(db, current, patch, cap, now);
    } catch (err) {
      await settlePlacement(placement, false);
      throw err;
    }
    if (res === 'missing' || res === 'limit' || res === 'changed') await settlePlacement(placement, false);
    if (res === 'missing') throw notFound(STYLE_NOT_FOUND);
    if (res === 'limit') throw limitError(!!patch.isPublic, cap);
    if (res === 'changed') {
      current = await editableStyle(db, user, id);
      return AGAIN;
    }
    if (switching && !res.isPublic)
      await removeStyleFromAllCollectionsKeepingCovers(db, {
        id,
        coverImageUrl: current.coverImageUrl,
        promptImageUrl: current.promptImageUrl,
      });
    // the style's public copies it no longer names (unpublished) go once the record and collections moved on
    await settlePlacement(placement, true);
    if (current.isPublic || res.isPublic) await rebuildCatalogue(db);
    return styleEditorView(res);
  }, styleChanged);
}

/** DELETE /api/admin/styles/{id}: the style, its products and links, its collection memberships. */
export async function deleteEditorStyle(db: Db, user: UserRecord, id: string) {
  let current = await editableStyle(db, user, id);
  await retryOptimistic(async (n) => {
    if (n) current = await editableStyle(db, user, id);
    const res = await deleteStyleItem(db, current);
    if (res === 'missing') throw notFound(STYLE_NOT_FOUND);
    return res === 'deleted' ? res : AGAIN;
  }, styleChanged);
  const [products, collections] = await Promise.all([
    deleteStyleProducts(db, id),
    removeStyleFromAllCollectionsKeepingCovers(db, current),
  ]);
  if (current.isPublic) await rebuildCatalogue(db);
  await deleteStylePublicCopies(current);
  return { id, deleted: true, productItemsDeleted: products, collectionsUpdated: collections };
}

/** GET /api/admin/categories: every category, active or not, in display order. */
export async function listAllCategories(db: Db) {
  return (await listCategories(db))
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map(({ id, name, description, isActive, displayOrder }) => ({ id, name, description, isActive, displayOrder }));
}

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

// ---------------------------------------------------------------------------------------------------------
// Generate a cover (spec 02 section 4): a 1-credit generation of the style for the caller (their default photo
// profile), then its result copied into the public bucket as the style's cover.
// In AWS the admin Lambda needs states:StartExecution for this (GROUP_ACCESS.admin.startGeneration in
// infra/lib/constructs/api.ts).

export const COVER_MESSAGES = {
  generationIdRequired: 'generationId is required',
  generationNotFound: 'Generation not found',
  notCompleted: 'The generation is not completed',
  otherStyle: 'The generation is not of this style',
} as const;

/** POST /api/admin/styles/{id}/cover: ownership first (403/404 before any write), then the usual generation start. */
export async function startStyleCover(
  db: Db,
  user: UserRecord,
  styleId: string,
  opts: StartOptions = {},
): Promise<StartResult> {
  const style = await editableStyle(db, user, styleId);
  return startFromStyle(db, user, { styleId: style.id }, 'style-cover', opts);
}

/** POST /api/admin/styles/{id}/cover/from-generation: the caller's completed generation of this style becomes the cover. */
export async function setCoverFromGeneration(
  db: Db,
  user: UserRecord,
  styleId: string,
  generationId: unknown,
  now = new Date(),
) {
  await editableStyle(db, user, styleId);
  if (typeof generationId !== 'string' || !generationId.trim())
    throw badRequest(COVER_MESSAGES.generationIdRequired, ERROR_CODES.validation);
  const gen = await getGeneration(db, user.id, generationId.trim());
  if (!gen) throw notFound(COVER_MESSAGES.generationNotFound);
  if (gen.inputs.styleId !== styleId) throw badRequest(COVER_MESSAGES.otherStyle, ERROR_CODES.validation);
  if (gen.status !== 'completed' || !gen.resultKey)
    throw badRequest(COVER_MESSAGES.notCompleted, ERROR_CODES.validation);
  const ext = /\.([a-z0-9]+)$/i.exec(gen.resultKey)?.[1]?.toLowerCase() ?? 'jpg';
  // private first, like an uploaded cover; the update below copies it to the public bucket if the style is public
  const key = mediaKeys.styleImage(user.id, ulid(now.getTime()), ext);
  if (!(await copyImage('private', gen.resultKey, 'private', key))) throw notFound(COVER_MESSAGES.generationNotFound);
  // the usual update: ownership again, the images placed by visibility, the catalogue rebuilt when public
  return updateEditorStyle(
    db,
    user,
    styleId,
    { coverImageUrl: privateImagePath(key), promptImageOriginalUrl: undefined, defaultPromptTemplateId: undefined },
    now,
  );
}
