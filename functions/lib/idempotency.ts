/**
 * Reads a request's Idempotency-Key (optional: older clients omit it; the SPA never does) and hashes what the
 * request asks for (route + canonical body, file contents by digest), so a repeat can be told from a reuse.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '../../shared/domain/idempotency';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { badRequest } from '../../shared/errors';
import type { Req } from './http';

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

/** The claim for this request, or undefined without the header; 400 for a malformed key. */
export function idempotencyClaim(req: Req, payload: unknown): IdempotencyClaim | undefined {
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
