/**
 * Idempotency of requests that spend credits: the client sends one `Idempotency-Key` per user intent; the
 * server records it with the generation in the reservation's transaction. A repeat with the same key and
 * the same body answers the first generation's id (no new spend); the same key with another body is 409.
 */
import { ERROR_CODES } from '../errors';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key is remembered (DynamoDB TTL; expired keys are treated as absent before TTL removes them). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** UUIDs and similar opaque tokens; no spaces or separators that could confuse keys or logs. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :',
  keyReused: 'This Idempotency-Key was already used for a different request. Start a new request with a new key.',
} as const;

export const IDEMPOTENCY_CODES = {
  invalidKey: ERROR_CODES.idempotencyInvalidKey,
  keyReused: ERROR_CODES.idempotencyKeyReused,
} as const;
