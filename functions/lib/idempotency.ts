/**
 * Exactly-once starts (Idempotency-Key), run by the request pipeline (functions/lib/http.ts) for every route
 * whose entry says `idempotent: true`: the key is read and checked (optional: older clients omit it; the SPA
 * never does), what the request asks for is hashed (route + canonical body, file contents by digest) so a repeat
 * can be told from a reuse, a repeat answers the first start's id, and a start that loses the race for its key
 * answers the winner's. What a key records and how a first start is finished belong to the domain (an
 * IdempotencyStore, e.g. functions/generations/start-idempotency.ts); the claim itself is written by the start,
 * in its spend's own transaction.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '../../shared/domain/idempotency';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { StorageContention } from '../../shared/repositories/toolkit';
import { badRequest, conflict } from '../../shared/errors';

export type { IdempotencyClaim };

/** JSON with sorted object keys; Buffers as their sha256 (multipart files). */
export function canonical(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify(`sha256:${createHash('sha256').update(value).digest('hex')}`);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** What a claim hashes: the route, its path parameters and what the request asks for. */
export interface ClaimedRequest {
  route: { method: string; path: string };
  params: Readonly<Record<string, string>>;
  headers: Record<string, string>;
}

/** The claim for this request, or undefined without the header; 400 for a malformed key. */
export function idempotencyClaim(req: ClaimedRequest, payload: unknown): IdempotencyClaim | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = String(raw).trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey, IDEMPOTENCY_CODES.invalidKey);
  const requestHash = createHash('sha256')
    .update(`${req.route.method} ${req.route.path}\n${canonical({ params: req.params, payload })}`)
    .digest('hex');
  return { key, requestHash };
}

/** What a key recorded: the hash of the request that wrote it and the id that request started. */
export interface IdempotentRecord {
  requestHash: string;
  id: string;
}

/**
 * How a failed start relates to its key:
 *   'key-taken': the key's record was written by another request meanwhile (the start's transaction said so);
 *   'maybe':     a failure that another request with the same key can cause (its spend left too few credits,
 *                its writes outlasted the retries), so the key is read again before the failure is answered;
 *   null:        any other failure, answered as it is.
 */
export type RaceOf = 'key-taken' | 'maybe' | null;

/** The domain side of exactly-once starts (one per kind of start: functions/generations/start-idempotency.ts). */
export interface IdempotencyStore {
  /** The caller's unexpired record of this key, or null. */
  find(userId: string, key: string): Promise<IdempotentRecord | null>;
  /** Before a repeat is answered: finish what the first request may have left undone (idempotent). */
  resume(userId: string, id: string): Promise<void>;
  raceOf(err: unknown): RaceOf;
}

/** How an idempotent start ended: a new start's own result, or the id of the start that holds the key. */
export type IdempotentOutcome<T> =
  { outcome: 'created'; result: T } | { outcome: 'replayed'; id: string } | { outcome: 'lost-race'; id: string };

async function replayOf(
  store: IdempotencyStore,
  userId: string,
  record: IdempotentRecord,
  claim: IdempotencyClaim,
  outcome: 'replayed' | 'lost-race',
): Promise<IdempotentOutcome<never>> {
  if (record.requestHash !== claim.requestHash)
    throw conflict(IDEMPOTENCY_MESSAGES.keyReused, IDEMPOTENCY_CODES.keyReused);
  // the first request may have died between its transaction and the rest of its work
  await store.resume(userId, record.id);
  return { outcome, id: record.id };
}

/**
 * Run a start at most once per key: a recorded key answers its first start (the same request) or 409
 * idempotency.key_reused (another request); a start that fails in a way another request with the same key can
 * cause answers that request's start when the key is now recorded. Without a claim the start simply runs.
 */
export async function runIdempotent<T>(
  store: IdempotencyStore,
  userId: string,
  claim: IdempotencyClaim | undefined,
  start: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  if (!claim) return { outcome: 'created', result: await start() };
  const existing = await store.find(userId, claim.key);
  if (existing) return replayOf(store, userId, existing, claim, 'replayed');
  try {
    return { outcome: 'created', result: await start() };
  } catch (err) {
    const race = store.raceOf(err);
    if (!race) throw err;
    const winner = await store.find(userId, claim.key);
    if (winner) return replayOf(store, userId, winner, claim, 'lost-race');
    // the key was taken and is gone again (expired meanwhile): busy, try again
    if (race === 'key-taken') throw new StorageContention(err);
    throw err;
  }
}
