/**
 * Starting generations: from a style (and Quick Try on a style), Quick Try with any image, and a raw template
 * with its uploaded inputs. Each start validates in the spec's order, then reserves and starts
 * (generation-start-steps.ts).
 */
import { ulid } from 'ulid';
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
import { getRawTemplate } from '../../shared/repositories/catalog-repository';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { getGeneration, type GenerationKind } from '../../shared/repositories/generation-repository';
import type { GenerateFromRawTemplateInput } from '../../shared/schemas/generation';
import { DIRECT_UPLOAD_MESSAGES } from '../../shared/schemas/upload';
import { copyImage, deleteImages, mediaKeys } from '../lib/media-store';
import { assertGarmentsFound } from './garment-check';
import { logger } from '../lib/logger';
import { parseImageRef } from '../../shared/domain/image-ref';
import {
  assertCredits,
  assertPhotosFor,
  checkImageRef,
  requireStyle,
  reserveAndStart,
  resolveProfile,
  resolvePrompt,
} from './generation-start-steps';

interface StyleStartInput {
  styleId: string;
  photoProfileId?: string;
  promptTemplateId?: string;
  mode?: Mode;
  variants?: number;
  /** The size of the style's chart the preview drew (issue 39): the render draws its fit. */
  size?: string;
}

/**
 * POST /api/generate/style and POST /api/quick-try/{styleId}. `idempotency`: the request's Idempotency-Key
 * claim, recorded in the reservation's own transaction (a repeat never reaches here: functions/lib/idempotency.ts).
 */
export async function startFromStyle(
  db: Db,
  user: UserRecord,
  input: StyleStartInput,
  kind: GenerationKind = 'style',
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> {
  const style = await requireStyle(db, user, input.styleId);
  const cost = generationCost({ variants: input.variants });
  await assertCredits(db, user, cost);
  const mode = resolveMode(style.styleImageType, input.mode);
  const prompt =
    mode === 'creative' ? await resolvePrompt(db, input.promptTemplateId, style.defaultPromptTemplateId, null) : null;
  const profile = await resolveProfile(db, user, input.photoProfileId);
  await assertPhotosFor(mode, profile);
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
  await assertGarmentsFound(mode, user.id, [
    { imageUrl: style.promptImageUrl ?? null, imageType: style.styleImageType },
  ]);
  return reserveAndStart(db, {
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

export function startQuickTryStyle(
  db: Db,
  user: UserRecord,
  styleId: string,
  input: { mode?: 'precise' | 'creative'; photoProfileId?: string; variants?: number; size?: string },
  idempotency?: IdempotencyClaim,
) {
  return startFromStyle(
    db,
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

/** What Try Custom Look sends: an outfit image of its own, with the person and the look. */
interface QuickTryCustomInput {
  imageUrl: string;
  imageType: StyleImageType;
  photoProfileId?: string;
  promptTemplateId?: string;
  mode?: string;
  variants?: number;
  /** The slot the person said the garment takes (issue 39); absent: the engine's guess. */
  slot?: GarmentSlot;
}

/** POST /api/generate/quick-try (Try Custom Look and the Quick Try page). */
export async function startQuickTryCustom(
  db: Db,
  user: UserRecord,
  input: QuickTryCustomInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> {
  const imageUrl = checkImageRef(input.imageUrl, user.id);
  const cost = generationCost({ variants: input.variants });
  await assertCredits(db, user, cost);
  const requested: Mode | undefined = parseMode(input.mode);
  const mode = resolveMode(input.imageType, requested);
  const prompt =
    mode === 'creative'
      ? await resolvePrompt(
          db,
          input.promptTemplateId,
          null,
          input.imageType === 'product_only' ? { message: M.promptRequired } : null,
        )
      : null;
  const profile = await resolveProfile(db, user, input.photoProfileId);
  await assertPhotosFor(mode, profile);
  await assertGarmentsFound(mode, user.id, [{ imageUrl, imageType: input.imageType }]);
  return reserveAndStart(db, {
    user,
    kind: 'quick-try',
    mode,
    profile,
    inputs: { promptTemplateId: prompt?.id ?? null, imageUrl, imageType: input.imageType, slot: input.slot ?? null },
    styleName: null,
    templateName: prompt?.name ?? 'Custom look',
    cost,
    variants: input.variants,
    idempotency,
  });
}

/**
 * A template input the caller uploaded (direct upload, purpose template_input): its key, or a 404 when the
 * reference is not one of the caller's template inputs (another user's, a profile photo, a public image).
 */
function templateInputKey(url: string | undefined, userId: string): string | null {
  if (!url) return null;
  const ref = parseImageRef(url, { callerId: userId });
  if (!ref.ok) {
    if (ref.reason === 'not_found') throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
    throw badRequest('The image address is not a valid image reference');
  }
  if (ref.bucket !== 'private' || !ref.key.startsWith(mediaKeys.templateInputPrefix(userId)))
    throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
  return ref.key;
}

/** POST /api/generate: a raw template with the optional style reference and background images (uploaded first). */
export async function startFromRawTemplate(
  db: Db,
  user: UserRecord,
  input: GenerateFromRawTemplateInput,
  idempotency?: IdempotencyClaim,
): Promise<{ id: string }> {
  const uploads = {
    styleRef: templateInputKey(input.styleRefUrl, user.id),
    background: templateInputKey(input.backgroundUrl, user.id),
  };
  const cost = generationCost({ variants: input.variants });
  await assertCredits(db, user, cost);
  const profile = await resolveProfile(db, user, input.photoProfileId);
  if (!profile.portraitKey) throw new HttpError(400, ERROR_CODES.portraitRequired, M.portraitRequired);
  if ((profile.bodyDescription ?? '').trim().length < MIN_BODY_DESCRIPTION)
    throw new HttpError(400, ERROR_CODES.bodyDescriptionRequired, M.bodyDescriptionRequired);
  const template = await getRawTemplate(db, input.rawTemplateId);
  if (!template || !template.enabled) throw notFound(M.templateNotFound);
  if (template.requiresFullBody && !profile.fullBodyKey)
    throw new HttpError(400, ERROR_CODES.fullBodyRequired, M.fullBodyRequired);
  const mode: Mode = template.requiresFullBody ? 'exact' : 'creative';
  await assertPhotosFor(mode, profile);
  await assertGarmentsFound(mode, user.id, [{ imageUrl: input.styleRefUrl ?? null, imageType: null }]);

  // The uploads were checked and re-encoded by POST /api/uploads/complete. They are copied into the
  // generation's own keys before anything is reserved (deleting the generation deletes its copies); on
  // failure nothing is kept, on success the uploads are removed.
  const id = ulid();
  const stored: string[] = [];
  const store = async (uploadKey: string | null, name: 'style-ref' | 'background') => {
    if (!uploadKey) return null;
    const key = mediaKeys.generationInput(user.id, id, name, uploadKey.slice(uploadKey.lastIndexOf('.') + 1));
    if (!(await copyImage('private', uploadKey, 'private', key))) throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
    stored.push(key);
    return key;
  };
  try {
    const styleRefKey = await store(uploads.styleRef, 'style-ref');
    const backgroundKey = await store(uploads.background, 'background');
    const started = await reserveAndStart(db, {
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
    await deleteObjects([uploads.styleRef, uploads.background].filter((k): k is string => !!k)).catch((error) =>
      logger.error('Could not delete used template inputs', { error }),
    );
    return started;
  } catch (err) {
    const gen = await getGeneration(db, user.id, id);
    if (!gen && stored.length) await deleteObjects(stored);
    throw err;
  }
}

const deleteObjects = (keys: string[]) => deleteImages('private', keys);
