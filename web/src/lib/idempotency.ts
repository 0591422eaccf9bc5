/**
 * One Idempotency-Key per user intent for requests that spend credits: the same key while the request is
 * unchanged and not yet answered successfully (a second click or a retry after a network error), a new one
 * when the inputs change or after a success. A repeat while the first is in flight shares its answer, so a
 * double click sends one request; the server's key check covers everything else (other tabs, retries).
 */
import { IDEMPOTENCY_HEADER } from '@shared/domain/idempotency';

export const idempotencyHeaders = (key: string): Record<string, string> => ({ [IDEMPOTENCY_HEADER]: key });

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** A stable text for a request's inputs (Files by name, size, type and modification time). */
export function intentSignature(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof File !== 'undefined' && v instanceof File ? `file:${v.name}:${v.size}:${v.type}:${v.lastModified}` : v,
  );
}

export interface Intent<T> {
  /** Send `request` under this intent's key (shared while the same request is in flight). */
  run(signature: string, send: (key: string) => Promise<T>): Promise<T>;
}

export function createIntent<T>(): Intent<T> {
  let current: { signature: string; key: string; inFlight?: Promise<T> } | null = null;
  return {
    run(signature, send) {
      if (!current || current.signature !== signature) current = { signature, key: newIdempotencyKey() };
      const intent = current;
      if (intent.inFlight) return intent.inFlight;
      const p = send(intent.key).then(
        (value) => {
          if (current === intent) current = null; // answered: the next click is a new intent
          return value;
        },
        (err: unknown) => {
          intent.inFlight = undefined; // keep the key: a retry of the same request is the same intent
          throw err;
        },
      );
      intent.inFlight = p;
      return p;
    },
  };
}
