/**
 * The style editor (admins and influencers): styles, their products and product links, categories.
 * Influencers change only their own styles, admins every style; a refused call answers 403 before any write.
 * Private and public styles are counted on the creator's COUNTERS item under the caps of shared/domain/style-rules.ts.
 * A public style's listing (GET /api/styles, explore) follows from the explore postings its repository writes.
 * `styleEditorUseCases(deps)` is the use case on its collaborators (the store and the buckets its images are
 * placed in); the functions taking `db` below are the production wiring the handlers call.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { CONTENT_SAFETY_MESSAGES } from '../../shared/domain/content-safety';
import { isAdmin } from '../../shared/domain/roles';
import { sizeChartToCm } from '../../shared/domain/size-advice';
import { imageRefPath, parseStyleImageRef, type ImageRef } from '../../shared/domain/image-ref';
import {
  STYLE_MESSAGES as M,
  checkCategoryIds,
  normalizeStyleSex,
  normalizeTags,
  styleCaps,
} from '../../shared/domain/style-rules';
import type { Db } from '../../shared/repositories/table';
import { getPromptTemplate, listCategories, type StyleRecord } from '../../shared/repositories/catalog-repository';
import {
  createStyle,
  deleteStyleItem,
  deleteStyleProducts,
  getStoredStyle,
  listStylesOfOwner,
  updateStyle,
  type StoredStyle,
  type StylePatch,
} from '../../shared/repositories/style-editor-repository';
import { deleteStyleCounters } from '../../shared/repositories/style-counter-repository';
import { collectionCoverRepositories, collectionCoverUseCases } from './collection-cover-service';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import type { StyleCreateInput, StylePatchInput } from '../../shared/schemas/admin';
import { productionMedia, stylePlacement, type PlacementMedia } from './style-image-placement';
import { creatorRepositories, creators } from './catalog-service';
import { bindDb, type Store } from '../lib/bind-db';

export const styleEditorRepositories = {
  ...creatorRepositories,
  ...collectionCoverRepositories,
  createStyle,
  deleteStyleCounters,
  deleteStyleItem,
  deleteStyleProducts,
  getPromptTemplate,
  getStoredStyle,
  getUser,
  listCategories,
  listStylesOfOwner,
  updateStyle,
};
export type StyleEditorStore = Store<typeof styleEditorRepositories>;

/** What the style editor works with: its store and the buckets a style's images are placed in. */
export interface StyleEditorDeps {
  store: StyleEditorStore;
  media: PlacementMedia;
}

export const STYLE_NOT_FOUND = 'Style not found';
export const NOT_YOUR_STYLE = 'You can only edit your own styles';

export const styleEditorView = (s: StoredStyle, userName?: string) => {
  const { counted, rev, ...rest } = s;
  void counted;
  void rev;
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
    sizeChart: s.sizeChart ?? null,
    garmentSlot: s.garmentSlot ?? null,
    ...(userName !== undefined ? { userName } : {}),
  };
};

/** The style, if the caller may edit it: 404 when missing, 403 when it is someone else's (and the caller is no admin). */
export async function editableStyle(
  store: Pick<StyleEditorStore, 'getStoredStyle'>,
  user: UserRecord,
  styleId: string,
): Promise<StoredStyle> {
  const s = await store.getStoredStyle(styleId);
  if (!s) throw notFound(STYLE_NOT_FOUND);
  if (s.createdBy !== user.id && !isAdmin(user)) throw forbidden(NOT_YOUR_STYLE);
  return s;
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

/** The style editor's use cases, on their collaborators. */
export function styleEditorUseCases({ store, media }: StyleEditorDeps) {
  const covers = collectionCoverUseCases({ store });
  const { placeStyleImages, settlePlacement, deleteStylePublicCopies } = stylePlacement(media);

  async function ownerOf(caller: UserRecord, ownerId: string): Promise<UserRecord> {
    if (ownerId === caller.id) return caller;
    return (
      (await store.getUser(ownerId)) ??
      ({ id: ownerId, role: 'shopper', currentRole: 'shopper', currentPlan: 'none', isInfluencer: false } as UserRecord)
    );
  }

  /**
   * A style names only images its owner owns (issue 40): a public image must be one of the owners' uploads
   * (uploads/<type>/<owner>/...) or a copy of one of the owners' styles (styles/<style>/...); another creator's
   * image is refused (403), so a takedown of the style can never reach it. Public copies are made per style when
   * it is published (style-image-placement.ts), so a public style's images are its own objects.
   */
  async function checkOwnImage(path: string, ref: ImageRef, imageOwners: string[], styleId?: string) {
    if (ref.bucket !== 'public') return; // private refs are parsed against the owners already
    const [root, a = '', b] = ref.key.split('/');
    if (root === 'styles' && a === styleId) return; // the style's own copy
    const owner = root === 'uploads' ? b : (await store.getStoredStyle(a))?.createdBy;
    if (!owner || !imageOwners.includes(owner)) throw forbidden(`${M.imageNotOwned} (${path})`);
  }

  /** Normalise and check the fields that need more than the schema (categories against the table, images, template). */
  async function checkedFields(
    input: Partial<StyleCreateInput>,
    imageOwners: string[],
    styleId?: string,
  ): Promise<Fields> {
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
        const known = new Set((await store.listCategories()).map((c) => c.id));
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
      await checkOwnImage('promptImageUrl', ref, imageOwners, styleId);
      out.promptImageUrl = imageRefPath(ref);
    }
    if (input.coverImageUrl !== undefined) {
      const ref = input.coverImageUrl === null ? null : parseStyleImageRef(input.coverImageUrl, imageOwners);
      if (ref && !ref.ok)
        throw badRequest('Cover image must be an uploaded image (/api/public-image/...)', ERROR_CODES.validation);
      if (ref) await checkOwnImage('coverImageUrl', ref, imageOwners, styleId);
      out.coverImageUrl = ref ? imageRefPath(ref) : null;
    }
    if (input.defaultPromptTemplateId !== undefined) {
      if (input.defaultPromptTemplateId !== null && !(await store.getPromptTemplate(input.defaultPromptTemplateId)))
        throw badRequest(M.promptTemplateNotFound, ERROR_CODES.validation);
      out.defaultPromptTemplateId = input.defaultPromptTemplateId;
    }
    return out;
  }

  /**
   * GET /api/admin/styles: the caller's own styles, newest first (spec 02: the editor lists the user's own; bounded by
   * the plan's style caps). Other creators' public styles are read a page at a time from GET /api/styles (issue 41).
   */
  async function listEditorStyles(user: UserRecord) {
    const styles = await store.listStylesOfOwner(user.id);
    const names = await creators(
      store,
      styles.map((s) => s.createdBy),
    );
    return styles.map((s) => styleEditorView(s, names.get(s.createdBy)?.name));
  }

  /** POST /api/admin/styles */
  async function createEditorStyle(user: UserRecord, input: StyleCreateInput, now = new Date()) {
    const caps = styleCaps(user);
    if (input.isPublic && caps.public === 0) throw limitError(true, 0);
    const fields = await checkedFields({ ...input, sex: input.sex ?? 'unisex' }, [user.id]);
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
      sizeChart: input.sizeChart ? sizeChartToCm(input.sizeChart) : null,
      garmentSlot: input.garmentSlot ?? null,
      createdBy: user.id,
      usageCount: 0,
      favoriteCount: 0,
      createdAt: ts,
      updatedAt: ts,
    };
    const cap = input.isPublic ? caps.public : caps.private;
    let created: Awaited<ReturnType<StyleEditorStore['createStyle']>>;
    try {
      created = await store.createStyle(style, cap);
    } catch (err) {
      await settlePlacement(placement, false);
      throw err;
    }
    if (created === 'limit') {
      await settlePlacement(placement, false);
      throw limitError(input.isPublic, cap);
    }
    return styleEditorView(created);
  }

  /** PATCH /api/admin/styles/{id} */
  async function updateEditorStyle(user: UserRecord, id: string, input: StylePatchInput, now = new Date()) {
    let current = await editableStyle(store, user, id);
    if (input.isPublic === true && current.takenDownAt) throw forbidden(CONTENT_SAFETY_MESSAGES.takenDown);
    // images of the caller's uploads, or (an admin editing) of the style's owner
    const fields = await checkedFields(input, [...new Set([user.id, current.createdBy])], current.id);
    const base: StylePatch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.tasks !== undefined ? { tasks: [...new Set(input.tasks)] } : {}),
      ...(input.styleImageType !== undefined ? { styleImageType: input.styleImageType } : {}),
      ...(input.promptImageOriginalUrl !== undefined ? { promptImageOriginalUrl: input.promptImageOriginalUrl } : {}),
      ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
      ...(input.isAiGenerated !== undefined ? { isAiGenerated: input.isAiGenerated } : {}),
      ...(input.sizeChart !== undefined ? { sizeChart: input.sizeChart && sizeChartToCm(input.sizeChart) } : {}),
      ...(input.garmentSlot !== undefined ? { garmentSlot: input.garmentSlot } : {}),
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
        const caps = styleCaps(await ownerOf(user, current.createdBy));
        cap = patch.isPublic ? caps.public : caps.private;
        if (patch.isPublic && cap === 0) {
          await settlePlacement(placement, false);
          throw limitError(true, 0);
        }
      }
      let res: Awaited<ReturnType<StyleEditorStore['updateStyle']>>;
      try {
        res = await store.updateStyle(current, patch, cap, now);
      } catch (err) {
        await settlePlacement(placement, false);
        throw err;
      }
      if (typeof res === 'string') await settlePlacement(placement, false);
      if (res === 'missing') throw notFound(STYLE_NOT_FOUND);
      if (res === 'taken-down') throw forbidden(CONTENT_SAFETY_MESSAGES.takenDown);
      if (res === 'limit') throw limitError(!!patch.isPublic, cap);
      if (res === 'changed') {
        current = await editableStyle(store, user, id);
        return AGAIN;
      }
      if (switching && !res.isPublic)
        await covers.removeStyleFromAllCollectionsKeepingCovers({
          id,
          coverImageUrl: current.coverImageUrl,
          promptImageUrl: current.promptImageUrl,
        });
      // the style's public copies it no longer names (unpublished) go once the record and collections moved on
      await settlePlacement(placement, true);
      return styleEditorView(res);
    }, styleChanged);
  }

  /** DELETE /api/admin/styles/{id}: the style, its products and links, its collection memberships. */
  async function deleteEditorStyle(user: UserRecord, id: string) {
    let current = await editableStyle(store, user, id);
    await retryOptimistic(async (n) => {
      if (n) current = await editableStyle(store, user, id);
      const res = await store.deleteStyleItem(current);
      if (res === 'missing') throw notFound(STYLE_NOT_FOUND);
      return res === 'deleted' ? res : AGAIN;
    }, styleChanged);
    const [products, collections] = await Promise.all([
      store.deleteStyleProducts(id),
      covers.removeStyleFromAllCollectionsKeepingCovers(current),
      store.deleteStyleCounters(id),
    ]);
    await deleteStylePublicCopies(current);
    return { id, deleted: true, productItemsDeleted: products, collectionsUpdated: collections };
  }

  /** GET /api/admin/categories: every category, active or not, in display order. */
  async function listAllCategories() {
    return (await store.listCategories())
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map(({ id, name, description, isActive, displayOrder }) => ({ id, name, description, isActive, displayOrder }));
  }

  return { listEditorStyles, createEditorStyle, updateEditorStyle, deleteEditorStyle, listAllCategories };
}

type StyleEditorUseCases = ReturnType<typeof styleEditorUseCases>;
const production = (db: Db) =>
  styleEditorUseCases({ store: bindDb(db, styleEditorRepositories), media: productionMedia });

export const listEditorStyles = (db: Db, ...a: Parameters<StyleEditorUseCases['listEditorStyles']>) =>
  production(db).listEditorStyles(...a);
export const createEditorStyle = (db: Db, ...a: Parameters<StyleEditorUseCases['createEditorStyle']>) =>
  production(db).createEditorStyle(...a);
export const updateEditorStyle = (db: Db, ...a: Parameters<StyleEditorUseCases['updateEditorStyle']>) =>
  production(db).updateEditorStyle(...a);
export const deleteEditorStyle = (db: Db, ...a: Parameters<StyleEditorUseCases['deleteEditorStyle']>) =>
  production(db).deleteEditorStyle(...a);
export const listAllCategories = (db: Db) => production(db).listAllCategories();
