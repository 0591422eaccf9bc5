/**
 * Generations once started: their view, the gallery listing, reading, deleting (with their images) and feedback.
 * Starts: generation-start-service.ts and generation-outfit-service.ts. `generationUseCases(deps)` is the use case
 * on its collaborators (the generation items, the private bucket's deletions, the clock); the functions taking
 * `db` below are the production wiring the handlers call.
 */
import { ERROR_CODES, HttpError, badRequest, conflict, notFound } from '../../shared/errors';
import { GENERATION_MESSAGES as M } from '../../shared/domain/generation';
import { isVariantRun, variantLabel } from '../../shared/domain/outfit';
import type { Db } from '../../shared/repositories/table';
import {
  deleteGeneration as deleteGenerationRecord,
  getFeedback,
  getGeneration,
  listGenerations,
  putFeedback,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import type { GenerationView } from '../../shared/schemas/generation';
import { deleteImages, privateImagePath } from '../lib/media-store';
import { bindDb, type Store } from '../lib/bind-db';

export function toGenerationView(g: GenerationRecord): GenerationView {
  return {
    id: g.id,
    status: g.status,
    mode: g.mode,
    kind: g.kind,
    resultUrl: g.status === 'completed' && g.resultKey ? privateImagePath(g.resultKey) : null,
    error: g.error ?? null,
    createdAt: g.createdAt,
    completedAt: g.completedAt ?? null,
    styleId: g.inputs.styleId,
    styleName: g.styleName,
    templateName: g.templateName,
    cost: g.cost,
    inputs: {
      photoProfileId: g.inputs.photoProfileId,
      styleId: g.inputs.styleId,
      promptTemplateId: g.inputs.promptTemplateId,
      rawTemplateId: g.inputs.rawTemplateId,
      imageUrl: g.inputs.imageUrl,
      imageType: g.inputs.imageType,
      slot: g.inputs.slot ?? null,
      size: g.inputs.fit?.size ?? null,
      ...(g.inputs.outfit
        ? {
            outfit: g.inputs.outfit.map((p) => ({
              slot: p.slot,
              source: p.source,
              label: p.label,
              styleId: p.styleId,
              productId: p.productId,
            })),
          }
        : {}),
    },
    variantCount: g.variantCount ?? 1,
    variants:
      g.status === 'completed' && (g.variantCount ?? 1) > 1
        ? (g.variantKeys ?? []).map((key, index) => ({
            index,
            url: privateImagePath(key),
            keptGenerationId: g.keptVariants?.[String(index)] ?? null,
            label: variantLabel(index, g.madeBy ?? 'generative'),
          }))
        : [],
    variantOf: g.variantOf ?? null,
    variantIndex: g.variantIndex ?? null,
    variantLabel:
      g.variantOf && typeof g.variantIndex === 'number' ? variantLabel(g.variantIndex, g.madeBy ?? 'generative') : null,
    madeBy: g.status === 'completed' ? (g.madeBy ?? 'generative') : null,
  };
}

const repositories = { deleteGenerationRecord, getFeedback, getGeneration, listGenerations, putFeedback };

/** What the generation use cases work with: the generation and feedback items, the private bucket, a clock. */
export interface GenerationDeps {
  store: Store<typeof repositories>;
  /** Deletes objects of the private bucket. */
  deleteImages: (keys: string[]) => Promise<number>;
  now: () => Date;
}

export const FEEDBACK_NO_STYLE =
  'This generation is not associated with a style. Feedback is only available for style-based generations.';

/**
 * What a rating is about: the generation's style, or for an outfit its first style piece (null when every
 * piece is an uploaded image). Outfits are rated like single looks (docs/decisions.md, "Rating outfits");
 * undefined: nothing to rate (neither a style nor an outfit).
 */
function ratedStyleOf(g: GenerationRecord): string | null | undefined {
  if (g.inputs.styleId) return g.inputs.styleId;
  if (g.inputs.outfit?.length) return g.inputs.outfit.find((p) => p.styleId)?.styleId ?? null;
  return undefined;
}

/** The use cases of started generations, on their collaborators. */
export function generationUseCases({ store, ...deps }: GenerationDeps) {
  async function listUserGenerations(userId: string): Promise<GenerationView[]> {
    // Covers made in the style editor belong to the style, not to the user's gallery.
    // A run of several variants is not a gallery item either: the variants kept from it are (issue 15).
    return (await store.listGenerations(userId))
      .filter((g) => g.kind !== 'style-cover' && !isVariantRun(g))
      .map(toGenerationView);
  }

  async function getUserGeneration(userId: string, id: string): Promise<GenerationView> {
    const g = await store.getGeneration(userId, id);
    if (!g) throw notFound(M.generationNotFound);
    return toGenerationView(g);
  }

  /** Deletes a completed or failed generation and its images; the ledger keeps its entries. */
  async function deleteUserGeneration(userId: string, id: string): Promise<void> {
    const existing = await store.getGeneration(userId, id);
    if (!existing) throw notFound(M.generationNotFound);
    const deleted = await store.deleteGenerationRecord(userId, id);
    if (!deleted) throw conflict('This generation is still in progress and cannot be deleted yet.');
    await deps.deleteImages(
      [
        deleted.resultKey,
        deleted.inputs.styleRefKey,
        deleted.inputs.backgroundKey,
        ...(deleted.variantKeys ?? []),
      ].filter((k): k is string => !!k),
    );
  }

  async function submitFeedback(
    userId: string,
    input: { generationId: string; styleId?: string | null; rating: number },
  ) {
    const g = await store.getGeneration(userId, input.generationId);
    if (!g) throw notFound(M.generationNotFound);
    const styleId = ratedStyleOf(g);
    if (styleId === undefined) throw new HttpError(400, ERROR_CODES.feedbackNoStyle, FEEDBACK_NO_STYLE);
    if (input.styleId && input.styleId !== styleId) throw badRequest('The style does not match this generation');
    if (g.status !== 'completed') throw conflict('Feedback is available once the generation is completed.');
    const now = deps.now().toISOString();
    const prev = await store.getFeedback(userId, g.id);
    const record = {
      generationId: g.id,
      styleId,
      rating: input.rating,
      createdAt: prev?.createdAt ?? now,
      updatedAt: now,
    };
    await store.putFeedback(userId, record);
    return record;
  }

  async function readFeedback(userId: string, generationId: string) {
    const g = await store.getGeneration(userId, generationId);
    if (!g) throw notFound(M.generationNotFound);
    return store.getFeedback(userId, generationId);
  }

  return { listUserGenerations, getUserGeneration, deleteUserGeneration, submitFeedback, readFeedback };
}

type GenerationUseCases = ReturnType<typeof generationUseCases>;

const production = (db: Db) =>
  generationUseCases({
    store: bindDb(db, repositories),
    deleteImages: (keys) => deleteImages('private', keys),
    now: () => new Date(),
  });

export const listUserGenerations = (db: Db, ...a: Parameters<GenerationUseCases['listUserGenerations']>) =>
  production(db).listUserGenerations(...a);
export const getUserGeneration = (db: Db, ...a: Parameters<GenerationUseCases['getUserGeneration']>) =>
  production(db).getUserGeneration(...a);
export const deleteUserGeneration = (db: Db, ...a: Parameters<GenerationUseCases['deleteUserGeneration']>) =>
  production(db).deleteUserGeneration(...a);
export const submitFeedback = (db: Db, ...a: Parameters<GenerationUseCases['submitFeedback']>) =>
  production(db).submitFeedback(...a);
export const readFeedback = (db: Db, ...a: Parameters<GenerationUseCases['readFeedback']>) =>
  production(db).readFeedback(...a);
