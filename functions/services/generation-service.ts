/**
 * Starting generations (every way: raw template, style, Quick Try on a style, Quick Try with any image),
 * listing, reading, deleting them, and feedback. A start validates in the spec's order (spec 02 section 5),
 * then reserves the cost and writes the pending generation in one transaction, then starts the workflow
 * execution named by the generation id.
 */
import { ulid } from 'ulid';
import { BUSY_MESSAGE, ERROR_CODES, HttpError, badRequest, conflict, notFound } from '../../shared/errors';
import {
  GENERATION_MESSAGES as M,
  MIN_BODY_DESCRIPTION,
  defaultPromptTemplateId,
  generationCost,
  resolveMode,
  fromQuickTryMode,
  parseMode,
  GENERATION_TITLES,
  type Mode,
} from '../../shared/domain/generation';
import type { StyleImageType } from '../../shared/domain/catalog';
import { hasPriorityQueue } from '../../shared/domain/plans';
import { planLotConsumption, splitCost, type Buckets } from '../../shared/domain/ledger';
import type { Db } from '../../shared/repositories/table';
import { AGAIN, retryOptimistic, WriteConflict } from '../../shared/repositories/toolkit';
import { getBalance, InsufficientCredits, listLots } from '../../shared/repositories/ledger-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import {
  getPromptTemplate,
  getRawTemplate,
  getVisibleStyle,
  listPromptTemplates,
  listStyleProducts,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import { ERROR_CODES as CODES } from '../../shared/errors';
import { VARIANT_RUN_RETENTION_DAYS, lookCost, outfitProblem, SLOT_LABELS } from '../../shared/domain/outfit';
import type { OutfitInput } from '../../shared/schemas/generation';
import {
  getPhotoProfile,
  listPhotoProfiles,
  type PhotoProfileRecord,
} from '../../shared/repositories/photo-profile-repository';
import {
  getIdempotencyRecord,
  type IdempotencyClaim,
  type IdempotencyRecord,
} from '../../shared/repositories/idempotency-repository';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_MESSAGES } from '../../shared/domain/idempotency';
import {
  IdempotencyKeyTaken,
  createGenerationWithReservation,
  deleteGeneration as deleteGenerationRecord,
  failWithRefund,
  keepVariant,
  VariantAlreadyKept,
  type OutfitPieceRecord,
  getFeedback,
  getGeneration,
  listGenerations,
  putFeedback,
  type GenerationInputs,
  type GenerationKind,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import type { GenerateFromRawTemplateInput, GenerationView } from '../../shared/schemas/generation';
import { DIRECT_UPLOAD_MESSAGES } from '../../shared/schemas/upload';
import { copyImage, deleteImages, mediaKeys, privateImagePath } from '../lib/media-store';
import { startGeneration } from '../lib/workflow-client';
import { providerNameFor, providerReady } from '../providers';
import { BODY_CHECK_MESSAGES, bodyCheckOf } from '../../shared/domain/body-check';
import { assertGarmentsFound } from './garment-check';
import { provenanceReady } from '../lib/provenance-ready';
import { generationTtl, retentionOf } from './retention-service';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import { logger } from '../lib/logger';
import { imageRefPath, looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';

const insufficient = () => new HttpError(402, ERROR_CODES.limitCredits, M.insufficientCredits);

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
          }))
        : [],
    variantOf: g.variantOf ?? null,
    variantIndex: g.variantIndex ?? null,
    madeBy: g.status === 'completed' ? (g.madeBy ?? 'generative') : null,
  };
}

/** A run with several variants is not a gallery item: its kept variants are. */
export const isVariantRun = (g: Pick<GenerationRecord, 'variantCount'>) => (g.variantCount ?? 1) > 1;

/** Credits first (spec order): at least the cost, unless the account is unlimited. */
async function assertCredits(db: Db, user: UserRecord, cost: number) {
  if (user.hasUnlimitedCredits) return;
  const balance = await getBalance(db, user.id);
  if (balance.credits < cost) throw insufficient();
}

async function resolveProfile(
  db: Db,
  user: UserRecord,
  photoProfileId: string | undefined,
): Promise<PhotoProfileRecord> {
  if (!photoProfileId) {
    const all = await listPhotoProfiles(db, user.id);
    const def = all.find((p) => p.isDefault) ?? all[0];
    if (!def) throw new HttpError(400, ERROR_CODES.profileRequired, M.profileRequired);
    return def;
  }
  const p = await getPhotoProfile(db, user.id, photoProfileId);
  if (!p) throw notFound(M.profileNotFound);
  return p;
}

/**
 * The photos a start needs, checked before any credit is reserved: Exact mode dresses the full-body photo, and so
 * does every mode the Fitly engine renders; such a photo must have passed the full-body check (refused: 422 with
 * what to fix; not answered yet: 409). The engine does
 * not place accessories (docs/decisions.md): an outfit with one is refused before spending.
 */
async function assertPhotosFor(mode: Mode, p: PhotoProfileRecord, slots: readonly string[] = []) {
  const provider = await providerNameFor(mode);
  const needsBody = mode === 'exact' || provider === 'engine';
  if (needsBody && !p.fullBodyKey) throw new HttpError(400, ERROR_CODES.fullBodyRequired, M.fullBodyRequired);
  if (mode === 'creative' && !p.portraitKey)
    throw new HttpError(400, ERROR_CODES.portraitRequired, GENERATION_TITLES.portraitRequired);
  if (provider === 'engine' && slots.includes('accessory'))
    throw new HttpError(422, ERROR_CODES.engineAccessory, BODY_CHECK_MESSAGES.engineAccessory);
  if (!needsBody) return;
  const check = bodyCheckOf(p);
  if (check?.status === 'refused')
    throw new HttpError(422, ERROR_CODES.photoNotFullBody, check.message ?? BODY_CHECK_MESSAGES.refusedFallback);
  // (an overdue check is asked again by the profile list the SPA polls: functions/services/photo-profile-service.ts)
  if (check?.status === 'checking') throw new HttpError(409, ERROR_CODES.photoChecking, BODY_CHECK_MESSAGES.checking);
}

/** The prompt template of a creative generation: the one chosen, else the default rule, else an error. */
async function resolvePrompt(
  db: Db,
  chosen: string | undefined,
  styleDefault: string | null,
  required: { message: string } | null,
): Promise<{ id: string; name: string } | null> {
  if (chosen) {
    const t = await getPromptTemplate(db, chosen);
    if (!t) throw notFound(M.templateNotFound);
    return { id: t.id, name: t.name };
  }
  if (required) throw new HttpError(400, ERROR_CODES.promptRequired, required.message);
  const prompts = await listPromptTemplates(db);
  const id = defaultPromptTemplateId(styleDefault, prompts);
  if (!id) throw new HttpError(400, ERROR_CODES.noTemplate, M.noTemplate);
  return { id, name: prompts.find((p) => p.id === id)!.name };
}

interface StartInput {
  user: UserRecord;
  kind: GenerationKind;
  mode: Mode;
  profile: PhotoProfileRecord;
  /** Only what this kind uses; the rest is null (NO_INPUTS). */
  inputs: Partial<Omit<GenerationInputs, 'photoProfileId'>>;
  styleName: string | null;
  templateName: string | null;
  cost: number;
  /** 1 to 4 renders of the same request (validated by the schema). */
  variants?: number;
  id?: string;
  idempotency?: IdempotencyClaim;
}

/** How a start is asked for: with the request's Idempotency-Key (hash of route + body), when it has one. */
export interface StartOptions {
  idempotency?: IdempotencyClaim;
}

/** A start's answer: the generation id, and whether it is a repeat of an earlier request (no new spend). */
export interface StartResult {
  id: string;
  replayed: boolean;
}

async function replay(
  db: Db,
  user: UserRecord,
  record: IdempotencyRecord,
  claim: IdempotencyClaim,
): Promise<StartResult> {
  if (record.requestHash !== claim.requestHash)
    throw conflict(IDEMPOTENCY_MESSAGES.keyReused, IDEMPOTENCY_CODES.keyReused);
  // The first request may have died between its transaction and StartExecution: starting again is idempotent.
  const gen = await getGeneration(db, user.id, record.generationId);
  if (gen?.status === 'pending')
    await startGeneration({ generationId: gen.id, userId: user.id }).catch((err) =>
      logger.warn('restart on replay failed', { generationId: gen.id, error: err as Error }),
    );
  return { id: record.generationId, replayed: true };
}

/**
 * Exactly-once starts: a repeat of a recorded key answers the first generation; a start that loses the race
 * for its key (IdempotencyKeyTaken, or a 402/503 caused by the winner's spend) answers the winner's.
 */
async function once(
  db: Db,
  user: UserRecord,
  opts: StartOptions,
  start: (claim?: IdempotencyClaim) => Promise<{ id: string }>,
): Promise<StartResult> {
  const claim = opts.idempotency;
  if (!claim) return { ...(await start()), replayed: false };
  const existing = await getIdempotencyRecord(db, user.id, claim.key);
  if (existing) return replay(db, user, existing, claim);
  try {
    return { ...(await start(claim)), replayed: false };
  } catch (err) {
    const lostRace =
      err instanceof IdempotencyKeyTaken || (err instanceof HttpError && (err.status === 402 || err.status === 503));
    if (!lostRace) throw err;
    const winner = await getIdempotencyRecord(db, user.id, claim.key);
    if (winner) return replay(db, user, winner, claim);
    if (err instanceof IdempotencyKeyTaken) throw new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);
    throw err;
  }
}

/** The answer when a reservation or a keep kept losing races past the retry bound. */
const busy = () => new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);

/** What a start does not use (each kind names only its own inputs). */
const NO_INPUTS: Omit<GenerationInputs, 'photoProfileId'> = {
  styleId: null,
  promptTemplateId: null,
  rawTemplateId: null,
  imageUrl: null,
  imageType: null,
  styleRefKey: null,
  backgroundKey: null,
};

/** Reserve and write the pending generation (retrying lost races), then start its execution. */
async function reserveAndStart(db: Db, s: StartInput): Promise<{ id: string }> {
  if (!(await providerReady(s.mode))) throw new HttpError(503, ERROR_CODES.providerUnavailable, M.providerUnavailable);
  // results are never stored unmarked: without working signing credentials nothing is charged (issue 24)
  if (!(await provenanceReady())) throw new HttpError(503, ERROR_CODES.provenanceUnavailable, M.providerUnavailable);
  const id = s.id ?? ulid();
  const now = new Date();
  await retryOptimistic(async (_n, last) => {
    let reserved: Partial<Buckets> = {};
    let reservedLots: GenerationRecord['reservedLots'] = [];
    if (!s.user.hasUnlimitedCredits) {
      const split = splitCost(await getBalance(db, s.user.id), s.cost);
      if (!split) throw insufficient();
      reserved = split;
      if (split.pack) {
        // the pack part comes from the soonest-expiring lots, consumed in the same transaction
        const lots = await listLots(db, s.user.id);
        const plan = planLotConsumption(lots, split.pack);
        if (!plan) {
          if (last) throw insufficient();
          return AGAIN;
        }
        reservedLots = plan.map((p) => ({ ...p, expiresAt: lots.find((l) => l.lotKey === p.lotKey)!.expiresAt }));
      }
    }
    const gen: GenerationRecord = {
      id,
      userId: s.user.id,
      status: 'pending',
      kind: s.kind,
      mode: s.mode,
      inputs: { photoProfileId: s.profile.id, ...NO_INPUTS, ...s.inputs },
      styleName: s.styleName,
      templateName: s.templateName,
      cost: s.user.hasUnlimitedCredits ? 0 : s.cost,
      reserved,
      reservedLots,
      priority: hasPriorityQueue(s.user),
      resultKey: null,
      error: null,
      createdAt: now.toISOString(),
      startedAt: null,
      completedAt: null,
      updatedAt: now.toISOString(),
      ...((s.variants ?? 1) > 1 ? { variantCount: s.variants } : {}),
    };
    // Settings > Privacy retention: the table's TTL attribute, so DynamoDB removes the item even without the job.
    // A run of several variants expires after VARIANT_RUN_RETENTION_DAYS (its kept variants are generations of their own).
    let ttl = generationTtl(gen.createdAt, retentionOf(s.user));
    if (isVariantRun(gen))
      ttl = Math.min(ttl ?? Infinity, Math.floor(now.getTime() / 1000) + VARIANT_RUN_RETENTION_DAYS * 86_400);
    if (ttl) Object.assign(gen, { [TABLE_SCHEMA.ttlAttribute]: ttl });
    try {
      await createGenerationWithReservation(db, gen, s.idempotency);
    } catch (err) {
      // the balance or lots changed since they were read: decide again from fresh reads
      if (err instanceof InsufficientCredits) return AGAIN;
      throw err;
    }
  }, busy);
  try {
    await startGeneration({ generationId: id, userId: s.user.id });
  } catch (err) {
    logger.error('could not start the workflow', { generationId: id, error: err as Error });
    await failWithRefund(db, s.user.id, id, 'The generation could not be started. Your credit was refunded.');
    throw new HttpError(503, ERROR_CODES.workflowUnavailable, 'Could not start generation');
  }
  return { id };
}

async function requireStyle(db: Db, user: UserRecord, styleId: string): Promise<StyleRecord> {
  const style = await getVisibleStyle(db, styleId, user.id);
  if (!style) throw notFound(M.styleNotFound);
  return style;
}

/** POST /api/generate/style and POST /api/quick-try/{styleId}. */
export async function startFromStyle(
  db: Db,
  user: UserRecord,
  input: { styleId: string; photoProfileId?: string; promptTemplateId?: string; mode?: Mode; variants?: number },
  kind: GenerationKind = 'style',
  opts: StartOptions = {},
): Promise<StartResult> {
  return once(db, user, opts, (idempotency) => startFromStyleOnce(db, user, input, kind, idempotency));
}

async function startFromStyleOnce(
  db: Db,
  user: UserRecord,
  input: { styleId: string; photoProfileId?: string; promptTemplateId?: string; mode?: Mode; variants?: number },
  kind: GenerationKind,
  idempotency: IdempotencyClaim | undefined,
): Promise<{ id: string }> {
  const style = await requireStyle(db, user, input.styleId);
  const cost = generationCost({ variants: input.variants });
  await assertCredits(db, user, cost);
  const mode = resolveMode(style.styleImageType, input.mode);
  const prompt =
    mode === 'creative' ? await resolvePrompt(db, input.promptTemplateId, style.defaultPromptTemplateId, null) : null;
  const profile = await resolveProfile(db, user, input.photoProfileId);
  await assertPhotosFor(mode, profile);
  return reserveAndStart(db, {
    user,
    kind,
    mode,
    profile,
    inputs: { styleId: style.id, promptTemplateId: prompt?.id ?? null, imageType: style.styleImageType },
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
  input: { mode?: 'precise' | 'creative'; photoProfileId?: string; variants?: number },
  opts: StartOptions = {},
) {
  return startFromStyle(
    db,
    user,
    {
      styleId,
      photoProfileId: input.photoProfileId,
      mode: input.mode ? fromQuickTryMode(input.mode) : undefined,
      variants: input.variants,
    },
    'quick-try-style',
    opts,
  );
}

/** Where an outfit image given by URL may come from: our own media, or a public http(s) address. */
function checkImageRef(url: string, userId: string): string {
  if (looksLikeImageRef(url)) {
    const ref = parseImageRef(url, { callerId: userId });
    if (!ref.ok)
      throw ref.reason === 'not_found'
        ? notFound('Image not found')
        : badRequest('The image address is not a valid image reference');
    return imageRefPath(ref);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('The image address is not a valid URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw badRequest('Only http and https URLs are allowed');
  return parsed.toString();
}

/** POST /api/generate/quick-try (Try Custom Look and the Quick Try page). */
export async function startQuickTryCustom(
  db: Db,
  user: UserRecord,
  input: {
    imageUrl: string;
    imageType: StyleImageType;
    photoProfileId?: string;
    promptTemplateId?: string;
    mode?: string;
    variants?: number;
  },
  opts: StartOptions = {},
): Promise<StartResult> {
  return once(db, user, opts, (idempotency) => startQuickTryCustomOnce(db, user, input, idempotency));
}

async function startQuickTryCustomOnce(
  db: Db,
  user: UserRecord,
  input: {
    imageUrl: string;
    imageType: StyleImageType;
    photoProfileId?: string;
    promptTemplateId?: string;
    mode?: string;
    variants?: number;
  },
  idempotency: IdempotencyClaim | undefined,
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
    inputs: { promptTemplateId: prompt?.id ?? null, imageUrl, imageType: input.imageType },
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
  opts: StartOptions = {},
): Promise<StartResult> {
  return once(db, user, opts, (idempotency) => startFromRawTemplateOnce(db, user, input, idempotency));
}

async function startFromRawTemplateOnce(
  db: Db,
  user: UserRecord,
  input: GenerateFromRawTemplateInput,
  idempotency: IdempotencyClaim | undefined,
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

export async function submitFeedback(
  db: Db,
  userId: string,
  input: { generationId: string; styleId?: string | null; rating: number },
) {
  const g = await getGeneration(db, userId, input.generationId);
  if (!g) throw notFound(M.generationNotFound);
  if (!g.inputs.styleId) throw new HttpError(400, ERROR_CODES.feedbackNoStyle, FEEDBACK_NO_STYLE);
  if (input.styleId && input.styleId !== g.inputs.styleId) throw badRequest('The style does not match this generation');
  if (g.status !== 'completed') throw conflict('Feedback is available once the generation is completed.');
  const now = new Date().toISOString();
  const prev = await getFeedback(db, userId, g.id);
  const record = {
    generationId: g.id,
    styleId: g.inputs.styleId,
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

// ---------------------------------------------------------------------------------------------- outfits (issue 15)

const outfitConflict = (message: string, code: string) => new HttpError(400, code, message);

/** A piece as the workflow will read it: an image reference checked now (ownership, grammar, URL scheme). */
async function resolvePiece(
  db: Db,
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
  const style = await requireStyle(db, user, p.styleId!);
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
  const product = (await listStyleProducts(db, style.id)).find((x) => x.id === p.productId);
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
export async function startOutfit(
  db: Db,
  user: UserRecord,
  input: OutfitInput,
  opts: StartOptions = {},
): Promise<StartResult> {
  // Conflicting slots are bad input: refused before anything else, and nothing changes.
  const problem = outfitProblem(input.pieces.map((p) => p.slot));
  if (problem)
    throw outfitConflict(
      problem.message,
      problem.code === 'outfit.slot_conflict' ? CODES.outfitSlotConflict : CODES.outfitPieces,
    );
  return once(db, user, opts, (idempotency) => startOutfitOnce(db, user, input, idempotency));
}

async function startOutfitOnce(
  db: Db,
  user: UserRecord,
  input: OutfitInput,
  idempotency: IdempotencyClaim | undefined,
): Promise<{ id: string }> {
  const pieces: OutfitPieceRecord[] = [];
  for (const [i, p] of input.pieces.entries()) pieces.push(await resolvePiece(db, user, p, i));
  const cost = lookCost({ pieces: pieces.length, variants: input.variants });
  await assertCredits(db, user, cost);
  const mode: Mode = input.mode ?? 'exact';
  const prompt = mode === 'creative' ? await resolvePrompt(db, input.promptTemplateId, null, null) : null;
  const profile = await resolveProfile(db, user, input.photoProfileId);
  await assertPhotosFor(
    mode,
    profile,
    pieces.map((p) => p.slot),
  );
  await assertGarmentsFound(mode, user.id, pieces);
  return reserveAndStart(db, {
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

export const VARIANT_MESSAGES = {
  noVariants: 'This generation has no variants to keep',
  notReady: 'The variants are not ready yet',
  variantNotFound: 'Variant not found',
} as const;

/**
 * POST /api/generations/{id}/keep: each chosen variant of the caller's completed run becomes a normal gallery
 * generation (its own id, its own copy of the image). Idempotent: a variant already kept answers the same id.
 */
export async function keepVariants(
  db: Db,
  user: UserRecord,
  runId: string,
  indexes: number[],
): Promise<{ kept: { index: number; generationId: string }[] }> {
  const found = await getGeneration(db, user.id, runId);
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
      if (existing && (await getGeneration(db, user.id, existing))) return existing;
      const id = ulid();
      const source = run.variantKeys![index]!;
      const key = mediaKeys.generationResult(user.id, id, source.split('.').pop() ?? 'jpg');
      // the variant's image expired (lifecycle) or was removed: nothing to keep
      if (!(await copyImage('private', source, 'private', key))) throw notFound('This variant is no longer available');
      const now = new Date().toISOString();
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
        await keepVariant(db, run, index, record);
      } catch (err) {
        await deleteObjects([key]);
        if (!(err instanceof VariantAlreadyKept) && !(err instanceof WriteConflict)) throw err;
        // another request kept it (or kept another variant first): read the run again and answer or retry
        run = (await getGeneration(db, user.id, runId)) ?? run;
        return AGAIN;
      }
      run = { ...run, keptVariants: { ...(run.keptVariants ?? {}), [String(index)]: id } };
      return id;
    }, busy);
    kept.push({ index, generationId });
  }
  return { kept };
}
