/**
 * Starting generations: from a style (and Quick Try on a style), Quick Try with any image, and a raw template
 * with its uploaded inputs. Each start reads top to bottom: validate and resolve its input in the spec's order
 * (generation-start-checks.ts), then charge → record → dispatch (generation-start-commit.ts). A start takes the
 * request's Idempotency-Key claim and records it in its reservation's own transaction; a repeat never reaches
 * here (the pipeline answers it: functions/lib/idempotency.ts with start-idempotency.ts).
 * `generationStarts(deps)` are the use cases on their collaborators (start-deps.ts); the functions exported
 * below them are the production wiring the handlers call.
 */
import { ERROR_CODES, HttpError, badRequest, notFound } from '../../shared/errors';
import {
  GENERATION_MESSAGES as M,
  MIN_BODY_DESCRIPTION,
  generationCost,
  resolveMode,
  fromQuickTryMode,
  parseMode,
  type Mode,
} from '../../shared/domain/generation';
import type { StyleImageType } from '../../shared/domain/catalog';
import type { GarmentSlot } from '../../shared/domain/outfit';
import { RENDER_SIZE_MESSAGES, renderFitFor } from '../../shared/domain/size-fit';
import type { Db } from '../../shared/repositories/table';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { GenerationKind } from '../../shared/repositories/generation-repository';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import type { GenerateFromRawTemplateInput } from '../../shared/schemas/generation';
import { DIRECT_UPLOAD_MESSAGES } from '../../shared/schemas/upload';
import { mediaKeys } from '../lib/media-store';
import { logger } from '../lib/logger';
import {
  assertCredits,
  assertPhotosFor,
  checkImageRef,
  requireStyle,
  resolveProfile,
  resolvePrompt,
  templateInputKey,
} from './generation-start-checks';
import { assertGarmentsFound } from './garment-check';
import { reserveAndStart } from './generation-start-commit';
import { startDeps, type StartDeps } from './start-deps';

export interface StyleStartInput {
  styleId: string;
  photoProfileId?: string;
  promptTemplateId?: string;
  mode?: Mode;
  variants?: number;
  /** The size of the style's chart the preview drew (issue 39): the render draws its fit. */
  size?: string;
}

/** What Try Custom Look sends: an outfit image of its own, with the person and the look. */
export interface QuickTryCustomInput {
  imageUrl: string;
  imageType: StyleImageType;
  photoProfileId?: string;
  promptTemplateId?: string;
  mode?: string;
  variants?: number;
  /** The slot the person said the garment takes (issue 39); absent: the engine's guess. */
  slot?: GarmentSlot;
}

export type QuickTryStyleInput = {
  mode?: 'precise' | 'creative';
  photoProfileId?: string;
  variants?: number;
  size?: string;
};

/** The generation starts, on their collaborators. */
export function generationStarts(deps: StartDeps) {
  /** POST /api/generate/style and POST /api/quick-try/{styleId}. */
  async function fromStyle(
    user: UserRecord,
    input: StyleStartInput,
    kind: GenerationKind = 'style',
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    const style = await requireStyle(deps, user, input.styleId);
    const cost = generationCost({ variants: input.variants });
    await assertCredits(deps, user, cost);
    const mode = resolveMode(style.styleImageType, input.mode);
    const prompt =
      mode === 'creative'
        ? await resolvePrompt(deps, input.promptTemplateId, style.defaultPromptTemplateId, null)
        : null;
    const profile = await resolveProfile(deps, user, input.photoProfileId);
    await assertPhotosFor(deps, mode, profile);
    // the size the preview drew: its fit on this profile (the preview's own rule), or the default fit when the
    // profile has no measurements the chart can be compared with
    let fit: { size: string; ease: number; length: number } | null = null;
    if (input.size) {
      if (!style.sizeChart) throw badRequest(RENDER_SIZE_MESSAGES.noChart);
      if (!style.sizeChart.sizes.some((s) => s.name === input.size))
        throw badRequest(RENDER_SIZE_MESSAGES.unknown(input.size));
      const drawn = profile.measurements ? renderFitFor(style.sizeChart, profile.measurements, input.size) : null;
      if (drawn) fit = { size: input.size, ...drawn };
    }
    await assertGarmentsFound(deps, mode, user.id, [
      { imageUrl: style.promptImageUrl ?? null, imageType: style.styleImageType },
    ]);
    return reserveAndStart(deps, {
      id: deps.ids(),
      user,
      kind,
      mode,
      profile,
      inputs: {
        styleId: style.id,
        promptTemplateId: prompt?.id ?? null,
        imageType: style.styleImageType,
        // the style's slot, as its creator said it (null: the engine's guess)
        slot: style.garmentSlot ?? null,
        fit,
      },
      styleName: style.name,
      templateName: prompt?.name ?? null,
      cost,
      variants: input.variants,
      idempotency,
    });
  }

  /** POST /api/quick-try/{styleId}: a style start with Quick Try's names for the modes. */
  function quickTryStyle(
    user: UserRecord,
    styleId: string,
    input: QuickTryStyleInput,
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    return fromStyle(
      user,
      {
        styleId,
        photoProfileId: input.photoProfileId,
        mode: input.mode ? fromQuickTryMode(input.mode) : undefined,
        variants: input.variants,
        size: input.size,
      },
      'quick-try-style',
      idempotency,
    );
  }

  /** POST /api/generate/quick-try (Try Custom Look and the Quick Try page). */
  async function quickTryCustom(
    user: UserRecord,
    input: QuickTryCustomInput,
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    const imageUrl = checkImageRef(input.imageUrl, user.id);
    const cost = generationCost({ variants: input.variants });
    await assertCredits(deps, user, cost);
    const requested: Mode | undefined = parseMode(input.mode);
    const mode = resolveMode(input.imageType, requested);
    const prompt =
      mode === 'creative'
        ? await resolvePrompt(
            deps,
            input.promptTemplateId,
            null,
            input.imageType === 'product_only' ? { message: M.promptRequired } : null,
          )
        : null;
    const profile = await resolveProfile(deps, user, input.photoProfileId);
    await assertPhotosFor(deps, mode, profile);
    await assertGarmentsFound(deps, mode, user.id, [{ imageUrl, imageType: input.imageType }]);
    return reserveAndStart(deps, {
      id: deps.ids(),
      user,
      kind: 'quick-try',
      mode,
      profile,
      inputs: {
        promptTemplateId: prompt?.id ?? null,
        imageUrl,
        imageType: input.imageType,
        slot: input.slot ?? null,
      },
      styleName: null,
      templateName: prompt?.name ?? 'Custom look',
      cost,
      variants: input.variants,
      idempotency,
    });
  }

  /** POST /api/generate: a raw template with the optional style reference and background images (uploaded first). */
  async function fromRawTemplate(
    user: UserRecord,
    input: GenerateFromRawTemplateInput,
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string }> {
    const uploads = {
      styleRef: templateInputKey(input.styleRefUrl, user.id),
      background: templateInputKey(input.backgroundUrl, user.id),
    };
    const cost = generationCost({ variants: input.variants });
    await assertCredits(deps, user, cost);
    const profile = await resolveProfile(deps, user, input.photoProfileId);
    if (!profile.portraitKey) throw new HttpError(400, ERROR_CODES.portraitRequired, M.portraitRequired);
    if ((profile.bodyDescription ?? '').trim().length < MIN_BODY_DESCRIPTION)
      throw new HttpError(400, ERROR_CODES.bodyDescriptionRequired, M.bodyDescriptionRequired);
    const template = await deps.store.getRawTemplate(input.rawTemplateId);
    if (!template || !template.enabled) throw notFound(M.templateNotFound);
    if (template.requiresFullBody && !profile.fullBodyKey)
      throw new HttpError(400, ERROR_CODES.fullBodyRequired, M.fullBodyRequired);
    const mode: Mode = template.requiresFullBody ? 'exact' : 'creative';
    await assertPhotosFor(deps, mode, profile);
    await assertGarmentsFound(deps, mode, user.id, [{ imageUrl: input.styleRefUrl ?? null, imageType: null }]);

    // The uploads were checked and re-encoded by POST /api/uploads/complete. They are copied into the
    // generation's own keys before anything is reserved (deleting the generation deletes its copies); on
    // failure nothing is kept, on success the uploads are removed.
    const id = deps.ids();
    const stored: string[] = [];
    const store = async (uploadKey: string | null, name: 'style-ref' | 'background') => {
      if (!uploadKey) return null;
      const key = mediaKeys.generationInput(user.id, id, name, uploadKey.slice(uploadKey.lastIndexOf('.') + 1));
      if (!(await deps.media.copy(uploadKey, key))) throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
      stored.push(key);
      return key;
    };
    try {
      const styleRefKey = await store(uploads.styleRef, 'style-ref');
      const backgroundKey = await store(uploads.background, 'background');
      const started = await reserveAndStart(deps, {
        id,
        user,
        kind: 'raw-template',
        mode,
        profile,
        inputs: { rawTemplateId: template.id, styleRefKey, backgroundKey },
        styleName: null,
        templateName: template.name,
        cost,
        variants: input.variants,
        idempotency,
      });
      await deps.media
        .delete([uploads.styleRef, uploads.background].filter((k): k is string => !!k))
        .catch((error) => logger.error('Could not delete used template inputs', { error }));
      return started;
    } catch (err) {
      const gen = await deps.store.getGeneration(user.id, id);
      if (!gen && stored.length) await deps.media.delete(stored);
      throw err;
    }
  }

  return { fromStyle, quickTryStyle, quickTryCustom, fromRawTemplate };
}

// ------------------------------------------------------------------------ production wiring (what the handlers call)

export const startFromStyle = (
  db: Db,
  user: UserRecord,
  input: StyleStartInput,
  kind: GenerationKind = 'style',
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> => generationStarts(startDeps(db)).fromStyle(user, input, kind, idempotency);

export const startQuickTryStyle = (
  db: Db,
  user: UserRecord,
  styleId: string,
  input: QuickTryStyleInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> => generationStarts(startDeps(db)).quickTryStyle(user, styleId, input, idempotency);

export const startQuickTryCustom = (
  db: Db,
  user: UserRecord,
  input: QuickTryCustomInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> => generationStarts(startDeps(db)).quickTryCustom(user, input, idempotency);

export const startFromRawTemplate = (
  db: Db,
  user: UserRecord,
  input: GenerateFromRawTemplateInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> => generationStarts(startDeps(db)).fromRawTemplate(user, input, idempotency);
