/**
 * Outfits (issue 15): a start with up to 5 pieces in layering order (read top to bottom like the other starts:
 * validate → resolve → charge → record → dispatch), and keeping the variants of a run as generations of their
 * own. `outfitUseCases(deps)` are the use cases on their collaborators (start-deps.ts); the functions exported
 * below them are the production wiring the handlers call.
 */
import { HttpError, badRequest, conflict, notFound } from '../../shared/errors';
import { GENERATION_MESSAGES as M, type Mode } from '../../shared/domain/generation';
import type { Db } from '../../shared/repositories/table';
import { AGAIN, retryOptimistic, WriteConflict } from '../../shared/repositories/toolkit';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { ERROR_CODES as CODES } from '../../shared/errors';
import { isVariantRun, lookCost, outfitProblem, SLOT_LABELS } from '../../shared/domain/outfit';
import { generationTtl, retentionOf } from '../../shared/domain/privacy';
import type { OutfitInput } from '../../shared/schemas/generation';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import {
  VariantAlreadyKept,
  type OutfitPieceRecord,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import { mediaKeys } from '../lib/media-store';
import {
  assertCredits,
  assertPhotosFor,
  checkImageRef,
  requireStyle,
  resolveProfile,
  resolvePrompt,
} from './generation-start-checks';
import { assertGarmentsFound } from './garment-check';
import { busy, reserveAndStart } from './generation-start-commit';
import { startDeps, type StartDeps } from './start-deps';

const outfitConflict = (message: string, code: string) => new HttpError(400, code, message);

export const VARIANT_MESSAGES = {
  noVariants: 'This generation has no variants to keep',
  notReady: 'The variants are not ready yet',
  variantNotFound: 'Variant not found',
} as const;

/** Outfit starts and keeping variants, on their collaborators. */
export function outfitUseCases(deps: StartDeps) {
  const { store, media } = deps;

  /** A piece as the workflow will read it: an image reference checked now (ownership, grammar, URL scheme). */
  async function resolvePiece(
    user: UserRecord,
    p: OutfitInput['pieces'][number],
    index: number,
  ): Promise<OutfitPieceRecord> {
    const n = index + 1;
    if (p.source === 'upload') {
      return {
        slot: p.slot,
        source: 'upload',
        imageUrl: checkImageRef(p.imageUrl!, user.id),
        imageType: p.imageType ?? 'product_only',
        styleId: null,
        productId: null,
        label: `${SLOT_LABELS[p.slot]} (your image)`,
      };
    }
    const style = await requireStyle(deps, user, p.styleId!);
    if (p.source === 'style') {
      if (!style.promptImageUrl) throw badRequest(`Piece ${n}: the style "${style.name}" has no image to try on`);
      return {
        slot: p.slot,
        source: 'style',
        imageUrl: checkImageRef(style.promptImageUrl, user.id),
        imageType: style.styleImageType,
        styleId: style.id,
        productId: null,
        label: style.name,
      };
    }
    const product = (await store.listStyleProducts(style.id)).find((x) => x.id === p.productId);
    if (!product) throw notFound('Product not found');
    if (!product.imageUrl) throw badRequest(`Piece ${n}: the product "${product.name}" has no image to try on`);
    return {
      slot: p.slot,
      source: 'product',
      imageUrl: checkImageRef(product.imageUrl, user.id),
      imageType: 'product_only',
      styleId: style.id,
      productId: product.id,
      label: product.name,
    };
  }

  /** POST /api/generate/outfit: up to 5 pieces in layering order, rendered by one generation. */
  async function startOutfit(
    user: UserRecord,
    input: OutfitInput,
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    // Conflicting slots are bad input: refused before anything else, and nothing changes.
    const problem = outfitProblem(input.pieces.map((p) => p.slot));
    if (problem)
      throw outfitConflict(
        problem.message,
        problem.code === 'outfit.slot_conflict' ? CODES.outfitSlotConflict : CODES.outfitPieces,
      );
    const pieces: OutfitPieceRecord[] = [];
    for (const [i, p] of input.pieces.entries()) pieces.push(await resolvePiece(user, p, i));
    const cost = lookCost({ pieces: pieces.length, variants: input.variants });
    await assertCredits(deps, user, cost);
    const mode: Mode = input.mode ?? 'exact';
    const prompt = mode === 'creative' ? await resolvePrompt(deps, input.promptTemplateId, null, null) : null;
    const profile = await resolveProfile(deps, user, input.photoProfileId);
    await assertPhotosFor(
      deps,
      mode,
      profile,
      pieces.map((p) => p.slot),
    );
    await assertGarmentsFound(deps, mode, user.id, pieces);
    return reserveAndStart(deps, {
      id: deps.ids(),
      user,
      kind: 'outfit',
      mode,
      profile,
      inputs: { promptTemplateId: prompt?.id ?? null, outfit: pieces },
      styleName: null,
      templateName: `Outfit: ${pieces.map((p) => p.label).join(' + ')}`.slice(0, 200),
      cost,
      variants: input.variants,
      idempotency,
    });
  }

  /**
   * POST /api/generations/{id}/keep: each chosen variant of the caller's completed run becomes a normal gallery
   * generation (its own id, its own copy of the image). Idempotent: a variant already kept answers the same id.
   */
  async function keepVariants(
    user: UserRecord,
    runId: string,
    indexes: number[],
  ): Promise<{ kept: { index: number; generationId: string }[] }> {
    const found = await store.getGeneration(user.id, runId);
    if (!found) throw notFound(M.generationNotFound);
    let run: GenerationRecord = found;
    if (!isVariantRun(run)) throw badRequest(VARIANT_MESSAGES.noVariants, CODES.variantsNotReady);
    if (run.status !== 'completed' || !run.variantKeys?.length)
      throw conflict(VARIANT_MESSAGES.notReady, CODES.variantsNotReady);
    const wanted = [...new Set(indexes)].sort((a, b) => a - b);
    if (wanted.some((i) => i >= run.variantKeys!.length)) throw notFound(VARIANT_MESSAGES.variantNotFound);
    const kept: { index: number; generationId: string }[] = [];
    for (const index of wanted) {
      const generationId = await retryOptimistic(async () => {
        const existing = run.keptVariants?.[String(index)];
        if (existing && (await store.getGeneration(user.id, existing))) return existing;
        const id = deps.ids();
        const source = run.variantKeys![index]!;
        const key = mediaKeys.generationResult(user.id, id, source.split('.').pop() ?? 'jpg');
        // the variant's image expired (lifecycle) or was removed: nothing to keep
        if (!(await media.copy(source, key))) throw notFound('This variant is no longer available');
        const now = deps.clock().toISOString();
        const record: GenerationRecord = {
          id,
          userId: user.id,
          status: 'completed',
          kind: run.kind,
          mode: run.mode,
          // the run's uploaded inputs stay the run's (deleting a kept variant never deletes them)
          inputs: { ...run.inputs, styleRefKey: null, backgroundKey: null },
          styleName: run.styleName,
          templateName: run.templateName,
          cost: 0,
          reserved: {},
          reservedLots: [],
          priority: run.priority,
          resultKey: key,
          error: null,
          createdAt: now,
          startedAt: run.startedAt,
          completedAt: now,
          updatedAt: now,
          variantOf: run.id,
          variantIndex: index,
          ...(run.madeBy ? { madeBy: run.madeBy } : {}),
        };
        const ttl = generationTtl(now, retentionOf(user));
        if (ttl) Object.assign(record, { [TABLE_SCHEMA.ttlAttribute]: ttl });
        try {
          await store.keepVariant(run, index, record);
        } catch (err) {
          await media.delete([key]);
          if (!(err instanceof VariantAlreadyKept) && !(err instanceof WriteConflict)) throw err;
          // another request kept it (or kept another variant first): read the run again and answer or retry
          run = (await store.getGeneration(user.id, runId)) ?? run;
          return AGAIN;
        }
        run = { ...run, keptVariants: { ...(run.keptVariants ?? {}), [String(index)]: id } };
        return id;
      }, busy);
      kept.push({ index, generationId });
    }
    return { kept };
  }

  return { startOutfit, keepVariants };
}

// ------------------------------------------------------------------------ production wiring (what the handlers call)

export const startOutfit = (
  db: Db,
  user: UserRecord,
  input: OutfitInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> => outfitUseCases(startDeps(db)).startOutfit(user, input, idempotency);

export const keepVariants = (
  db: Db,
  user: UserRecord,
  runId: string,
  indexes: number[],
): Promise<{ kept: { index: number; generationId: string }[] }> =>
  outfitUseCases(startDeps(db)).keepVariants(user, runId, indexes);
