/**
 * The steps every generation start shares, in the spec's order (spec 02 section 5): credits, the photo profile
 * and its photos, the prompt; then reserveAndStart, which reserves the cost and writes the pending generation
 * (and the Idempotency-Key's claim) in one transaction, then starts the workflow execution named by the
 * generation id. Each start of generation-start-service.ts / generation-outfit-service.ts reads top to bottom as
 * these steps; exactly-once (a repeat, a lost race for the key) is the pipeline's, for every `idempotent` route
 * (functions/lib/idempotency.ts, with start-idempotency.ts).
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, badRequest, notFound } from '../../shared/errors';
import {
  GENERATION_MESSAGES as M,
  defaultPromptTemplateId,
  GENERATION_TITLES,
  type Mode,
} from '../../shared/domain/generation';
import { hasPriorityQueue } from '../../shared/domain/plans';
import { planLotConsumption, splitCost, type Buckets } from '../../shared/domain/ledger';
import type { Db } from '../../shared/repositories/table';
import { AGAIN, retryOptimistic, StorageContention } from '../../shared/repositories/toolkit';
import { getBalance, InsufficientCredits, listLots } from '../../shared/repositories/ledger-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import {
  getPromptTemplate,
  getVisibleStyle,
  listPromptTemplates,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import { VARIANT_RUN_RETENTION_DAYS } from '../../shared/domain/outfit';
import {
  getPhotoProfile,
  listPhotoProfiles,
  type PhotoProfileRecord,
} from '../../shared/repositories/photo-profile-repository';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import {
  createGenerationWithReservation,
  failWithRefund,
  type GenerationInputs,
  type GenerationKind,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { startGeneration } from '../lib/workflow-client';
import { providerNameFor, providerReady } from './providers';
import { BODY_CHECK_MESSAGES, bodyCheckOf } from '../../shared/domain/body-check';
import { provenanceReady } from '../lib/provenance-ready';
import { generationTtl, retentionOf } from '../privacy/retention-service';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import { logger } from '../lib/logger';
import { imageRefPath, looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';
import { isVariantRun } from './generation-service';

/** Too few credits for the start (402 limit.credits): typed, since another start's spend can be the cause. */
export class NotEnoughCredits extends HttpError {
  constructor() {
    super(402, ERROR_CODES.limitCredits, M.insufficientCredits);
    this.name = 'NotEnoughCredits';
  }
}
const insufficient = () => new NotEnoughCredits();

/** Credits first (spec order): at least the cost, unless the account is unlimited. */
export async function assertCredits(db: Db, user: UserRecord, cost: number) {
  if (user.hasUnlimitedCredits) return;
  const balance = await getBalance(db, user.id);
  if (balance.credits < cost) throw insufficient();
}

export async function resolveProfile(
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
export async function assertPhotosFor(mode: Mode, p: PhotoProfileRecord, slots: readonly string[] = []) {
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
  // (an overdue check is asked again by the profile list the SPA polls: functions/profiles/photo-profile-service.ts)
  if (check?.status === 'checking') throw new HttpError(409, ERROR_CODES.photoChecking, BODY_CHECK_MESSAGES.checking);
}

/** The prompt template of a creative generation: the one chosen, else the default rule, else an error. */
export async function resolvePrompt(
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

export interface StartInput {
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

/** The answer when a reservation or a keep kept losing races past the retry bound. */
export const busy = (lastError?: unknown) => new StorageContention(lastError);

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
export async function reserveAndStart(db: Db, s: StartInput): Promise<{ id: string }> {
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
    logger.error('could not start the workflow', { generationId: id, error: err });
    await failWithRefund(db, s.user.id, id, 'The generation could not be started. Your credit was refunded.');
    throw new HttpError(503, ERROR_CODES.workflowUnavailable, 'Could not start generation');
  }
  return { id };
}

export async function requireStyle(db: Db, user: UserRecord, styleId: string): Promise<StyleRecord> {
  const style = await getVisibleStyle(db, styleId, user.id);
  if (!style) throw notFound(M.styleNotFound);
  return style;
}

/** Where an outfit image given by URL may come from: our own media, or a public http(s) address. */
export function checkImageRef(url: string, userId: string): string {
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
