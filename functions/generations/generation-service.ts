/**
 * Generations once started: their view, the gallery listing, reading, deleting (with their images) and feedback.
 * Starts: generation-start-service.ts and generation-outfit-service.ts.
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

const deleteObjects = (keys: string[]) => deleteImages('private', keys);

export async function listUserGenerations(db: Db, userId: string): Promise<GenerationView[]> {
  // Covers made in the style editor belong to the style, not to the user's gallery.
  // A run of several variants is not a gallery item either: the variants kept from it are (issue 15).
  return (await listGenerations(db, userId))
    .filter((g) => g.kind !== 'style-cover' && !isVariantRun(g))
    .map(toGenerationView);
}

export async function getUserGeneration(db: Db, userId: string, id: string): Promise<GenerationView> {
  const g = await getGeneration(db, userId, id);
  if (!g) throw notFound(M.generationNotFound);
  return toGenerationView(g);
}

/** Deletes a completed or failed generation and its images; the ledger keeps its entries. */
export async function deleteUserGeneration(db: Db, userId: string, id: string): Promise<void> {
  const existing = await getGeneration(db, userId, id);
  if (!existing) throw notFound(M.generationNotFound);
  const deleted = await deleteGenerationRecord(db, userId, id);
  if (!deleted) throw conflict('This generation is still in progress and cannot be deleted yet.');
  await deleteObjects(
    [
      deleted.resultKey,
      deleted.inputs.styleRefKey,
      deleted.inputs.backgroundKey,
      ...(deleted.variantKeys ?? []),
    ].filter((k): k is string => !!k),
  );
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

export async function submitFeedback(
  db: Db,
  userId: string,
  input: { generationId: string; styleId?: string | null; rating: number },
) {
  const g = await getGeneration(db, userId, input.generationId);
  if (!g) throw notFound(M.generationNotFound);
  const styleId = ratedStyleOf(g);
  if (styleId === undefined) throw new HttpError(400, ERROR_CODES.feedbackNoStyle, FEEDBACK_NO_STYLE);
  if (input.styleId && input.styleId !== styleId) throw badRequest('The style does not match this generation');
  if (g.status !== 'completed') throw conflict('Feedback is available once the generation is completed.');
  const now = new Date().toISOString();
  const prev = await getFeedback(db, userId, g.id);
  const record = {
    generationId: g.id,
    styleId,
    rating: input.rating,
    createdAt: prev?.createdAt ?? now,
    updatedAt: now,
  };
  await putFeedback(db, userId, record);
  return record;
}

export async function readFeedback(db: Db, userId: string, generationId: string) {
  const g = await getGeneration(db, userId, generationId);
  if (!g) throw notFound(M.generationNotFound);
  return getFeedback(db, userId, generationId);
}
