/**
 * What the Idempotency-Key of a generation start records (functions/lib/idempotency.ts runs it for every
 * `idempotent` route: the five starts and the style editor's cover): the key's item `USER#<id> / IDEMP#<key>`,
 * written in the reservation's own transaction, names the generation it started. A repeat restarts that
 * generation's workflow when the first request died before starting it. A start fails because of another request
 * with the same key when its transaction found the key taken (IdempotencyKeyTaken), or when the other request's
 * spend left too few credits (NotEnoughCredits) or its writes outlasted the retries (StorageContention).
 * `startIdempotency(deps)` is that store on a start's collaborators (start-deps.ts; the unit tests pass in-memory
 * ones); `generationStarts(db)` is the production wiring the groups hand to the pipeline.
 */
import type { Db } from '../../shared/repositories/table';
import { IdempotencyKeyTaken } from '../../shared/repositories/generation-repository';
import { StorageContention } from '../../shared/repositories/toolkit';
import type { IdempotencyStore } from '../lib/idempotency';
import { logger } from '../lib/logger';
import { NotEnoughCredits } from './generation-start-checks';
import { startDeps, type StartDeps } from './start-deps';

/** `deps`: asked for per call (the configuration may change between calls: tests, the local stack). */
export const startIdempotency = (deps: () => Pick<StartDeps, 'store' | 'workflow'>): IdempotencyStore => ({
  async find(userId, key) {
    const record = await deps().store.getIdempotencyRecord(userId, key);
    return record && { requestHash: record.requestHash, id: record.generationId };
  },
  async resume(userId, generationId) {
    const { store, workflow } = deps();
    // The first request may have died between its transaction and StartExecution: starting again is idempotent.
    const gen = await store.getGeneration(userId, generationId);
    if (gen?.status === 'pending')
      await workflow
        .start({ generationId: gen.id, userId })
        .catch((err: unknown) => logger.warn('restart on replay failed', { generationId: gen.id, error: err }));
  },
  raceOf(err) {
    if (err instanceof IdempotencyKeyTaken) return 'key-taken';
    if (err instanceof NotEnoughCredits || err instanceof StorageContention) return 'maybe';
    return null;
  },
});

/** `db`: read per call (the configuration may change between calls: tests, the local stack). */
export const generationStarts = (db: () => Db): IdempotencyStore => startIdempotency(() => startDeps(db()));
