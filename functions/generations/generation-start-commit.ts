/**
 * The end of every generation start, once its checks passed (generation-start-checks.ts): exactly-once
 * (Idempotency-Key), then charge → record → dispatch: the cost is reserved and the pending generation written in
 * one transaction (with the key, when there is one), then the workflow execution named by the generation id is
 * started; a dispatch that fails is refunded at once.
 */
import { BUSY_MESSAGE, ERROR_CODES, HttpError, conflict } from '../../shared/errors';
import { GENERATION_MESSAGES as M, type Mode } from '../../shared/domain/generation';
import { hasPriorityQueue } from '../../shared/domain/plans';
import { planLotConsumption, splitCost, type Buckets } from '../../shared/domain/ledger';
import { retentionOf } from '../../shared/domain/privacy';
import { newGenerationTtl } from '../../shared/domain/outfit';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_MESSAGES } from '../../shared/domain/idempotency';
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { InsufficientCredits } from '../../shared/repositories/ledger-repository';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import type { IdempotencyClaim, IdempotencyRecord } from '../../shared/repositories/idempotency-repository';
import {
  IdempotencyKeyTaken,
  type GenerationInputs,
  type GenerationKind,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { logger } from '../lib/logger';
import { insufficient } from './generation-start-checks';
import type { StartDeps } from './start-deps';

/** How a start is asked for: with the request's Idempotency-Key (hash of route + body), when it has one. */
export interface StartOptions {
  idempotency?: IdempotencyClaim;
}

/** A start's answer: the generation id, and whether it is a repeat of an earlier request (no new spend). */
export interface StartResult {
  id: string;
  replayed: boolean;
}

/** What a start hands to `once`: the generation's id (chosen first) and the key to record with it. */
export interface StartAttempt {
  id: string;
  idempotency: IdempotencyClaim | undefined;
}

/** The answer when a reservation or a keep kept losing races past the retry bound. */
export const busy = () => new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);

async function replay(
  deps: StartDeps,
  user: UserRecord,
  record: IdempotencyRecord,
  claim: IdempotencyClaim,
): Promise<StartResult> {
  if (record.requestHash !== claim.requestHash)
    throw conflict(IDEMPOTENCY_MESSAGES.keyReused, IDEMPOTENCY_CODES.keyReused);
  // The first request may have died between its transaction and StartExecution: starting again is idempotent.
  const gen = await deps.store.getGeneration(user.id, record.generationId);
  if (gen?.status === 'pending')
    await deps.workflow
      .start({ generationId: gen.id, userId: user.id })
      .catch((err) => logger.warn('restart on replay failed', { generationId: gen.id, error: err }));
  return { id: record.generationId, replayed: true };
}

/**
 * Exactly-once starts: a repeat of a recorded key answers the first generation; a start that fails while
 * another request recorded its key (it lost the race for the key, or the winner's spend left too little)
 * answers the winner's. A start whose own generation was recorded and then failed answers its own error.
 */
export async function once(
  deps: StartDeps,
  user: UserRecord,
  opts: StartOptions,
  start: (attempt: StartAttempt) => Promise<{ id: string }>,
): Promise<StartResult> {
  const id = deps.ids();
  const claim = opts.idempotency;
  if (!claim) return { ...(await start({ id, idempotency: undefined })), replayed: false };
  const existing = await deps.store.getIdempotencyRecord(user.id, claim.key);
  if (existing) return replay(deps, user, existing, claim);
  try {
    return { ...(await start({ id, idempotency: claim })), replayed: false };
  } catch (err) {
    const winner = await deps.store.getIdempotencyRecord(user.id, claim.key);
    if (winner && winner.generationId !== id) return replay(deps, user, winner, claim);
    if (err instanceof IdempotencyKeyTaken) throw busy();
    throw err;
  }
}

/** A checked start: everything the pending generation records. */
export interface StartInput {
  id: string;
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
  idempotency?: IdempotencyClaim;
}

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

/**
 * Charge → record → dispatch. Refused with 503 before anything is reserved when the mode's renderer or the
 * provenance signer is not ready here; the reservation retries lost races (fresh reads each time).
 */
export async function reserveAndStart(deps: StartDeps, s: StartInput): Promise<{ id: string }> {
  const { store } = deps;
  if (!(await deps.providers.ready(s.mode)))
    throw new HttpError(503, ERROR_CODES.providerUnavailable, M.providerUnavailable);
  // results are never stored unmarked: without working signing credentials nothing is charged (issue 24)
  if (!(await deps.provenance.ready()))
    throw new HttpError(503, ERROR_CODES.provenanceUnavailable, M.providerUnavailable);
  const id = s.id;
  const now = deps.clock();
  await retryOptimistic(async (_n, last) => {
    // charge: which buckets (and pack lots) pay, from fresh reads
    let reserved: Partial<Buckets> = {};
    let reservedLots: GenerationRecord['reservedLots'] = [];
    if (!s.user.hasUnlimitedCredits) {
      const split = splitCost(await store.getBalance(s.user.id), s.cost);
      if (!split) throw insufficient();
      reserved = split;
      if (split.pack) {
        // the pack part comes from the soonest-expiring lots, consumed in the same transaction
        const lots = await store.listLots(s.user.id);
        const plan = planLotConsumption(lots, split.pack);
        if (!plan) {
          if (last) throw insufficient();
          return AGAIN;
        }
        reservedLots = plan.map((p) => ({ ...p, expiresAt: lots.find((l) => l.lotKey === p.lotKey)!.expiresAt }));
      }
    }
    // record: the pending generation, its reservation and the key in one transaction
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
    // Settings > Privacy retention as the table's TTL attribute, so DynamoDB removes the item even without the job
    const ttl = newGenerationTtl(gen.createdAt, retentionOf(s.user), s.variants);
    if (ttl) Object.assign(gen, { [TABLE_SCHEMA.ttlAttribute]: ttl });
    try {
      await store.createGenerationWithReservation(gen, s.idempotency);
    } catch (err) {
      // the balance or lots changed since they were read: decide again from fresh reads
      if (err instanceof InsufficientCredits) return AGAIN;
      throw err;
    }
  }, busy);
  // dispatch: the execution named by the generation id; refunded at once when it cannot start
  try {
    await deps.workflow.start({ generationId: id, userId: s.user.id });
  } catch (err) {
    logger.error('could not start the workflow', { generationId: id, error: err });
    await store.failWithRefund(s.user.id, id, 'The generation could not be started. Your credit was refunded.');
    throw new HttpError(503, ERROR_CODES.workflowUnavailable, 'Could not start generation');
  }
  return { id };
}
