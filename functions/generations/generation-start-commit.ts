/**
 * The end of every generation start, once its checks passed (generation-start-checks.ts): charge → record →
 * dispatch: the cost is reserved and the pending generation written in one transaction (with the request's
 * Idempotency-Key claim, when there is one), then the workflow execution named by the generation id is started;
 * a dispatch that fails is refunded at once. Exactly-once (a repeat, a lost race for the key) is the pipeline's,
 * for every `idempotent` route (functions/lib/idempotency.ts, with start-idempotency.ts).
 */
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { GENERATION_MESSAGES as M, type Mode } from '../../shared/domain/generation';
import { hasPriorityQueue } from '../../shared/domain/plans';
import { planLotConsumption, splitCost, type Buckets } from '../../shared/domain/ledger';
import { retentionOf } from '../../shared/domain/privacy';
import { newGenerationTtl } from '../../shared/domain/outfit';
import { AGAIN, retryOptimistic, StorageContention } from '../../shared/repositories/toolkit';
import { InsufficientCredits } from '../../shared/repositories/ledger-repository';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import {
  type GenerationInputs,
  type GenerationKind,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { logger } from '../lib/logger';
import { insufficient } from './generation-start-checks';
import type { StartDeps } from './start-deps';

/** The answer when a reservation or a keep kept losing races past the retry bound (503 busy, typed). */
export const busy = (lastError?: unknown) => new StorageContention(lastError);

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
