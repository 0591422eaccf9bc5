/**
 * Pagination cursors: the DynamoDB key a page stopped at, handed to the client and accepted back only when it
 * carries our MAC (HMAC-SHA256 over the payload and a scope such as `ledger:<userId>`). A crafted, tampered or
 * replayed-elsewhere cursor is a 400 before any database call, never an ExclusiveStartKey DynamoDB chokes on.
 *
 * Key: a generated Secrets Manager value in AWS, read at run time by the request pipeline
 * (functions/lib/runtime-secrets.ts) and handed in with setCursorSigningKey before any route runs; locally
 * CURSOR_SIGNING_KEY (the local stack's, random per data folder: infra/local/local-secrets.ts) or a key random
 * per process, never a published constant. Rotating the key only invalidates cursors in flight.
 *
 * A cursor's payload is a DynamoDB key: attribute names to strings or numbers (or, across partitions, a partition
 * name beside such a key). Anything else, even correctly signed, is a 400: never a value DynamoDB or a
 * repository chokes on.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { badRequest } from '../errors';

const MAX_CURSOR_LENGTH = 2000;
let processKey: string | undefined;

/** A DynamoDB key: a few attributes, each a string or a finite number. */
const keyValue = z.union([z.string().max(1024), z.number().finite()]);
const flatKey = z
  .record(z.string().min(1).max(255), keyValue)
  .refine((k) => Object.keys(k).length > 0 && Object.keys(k).length <= 8);
/** What a cursor may carry: a key, or a partition's name beside the key to resume from in it (`key`). */
const cursorKeySchema = z.union([
  flatKey,
  z.strictObject({ partition: z.string().min(1).max(1024), key: flatKey.optional() }),
]);

let runtimeKey: string | undefined;

/** The key read from Secrets Manager (the request pipeline sets it before a route runs; cached there). */
export function setCursorSigningKey(key: string): void {
  runtimeKey = key;
}

function signingKey(): string {
  if (runtimeKey) return runtimeKey;
  const key = process.env.CURSOR_SIGNING_KEY;
  if (key) return key;
  if ((process.env.APP_STAGE ?? 'local') === 'local') return (processKey ??= randomBytes(32).toString('base64url'));
  throw new Error('The cursor signing key is not configured (CURSOR_KEY_SECRET_ARN)');
}

const mac = (payload: string, scope: string) =>
  createHmac('sha256', signingKey()).update(`${scope}\n${payload}`).digest('base64url');

/** A signed cursor for this key (null when there is no next page). */
export function signCursor(value: Record<string, unknown> | undefined | null, scope: string): string | null {
  if (!value) return null;
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(payload, scope)}`;
}

/** The key a signed cursor carries; undefined for no cursor; 400 for anything we did not sign for this scope. */
export function verifyCursor(cursor: string | undefined | null, scope: string): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  const invalid = () => badRequest('Invalid cursor');
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH) throw invalid();
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(cursor);
  const [, payload, tag] = m ?? [];
  if (!payload || !tag) throw invalid();
  const expected = Buffer.from(mac(payload, scope));
  const given = Buffer.from(tag);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const key = cursorKeySchema.safeParse(v);
  if (!key.success) throw invalid();
  return key.data;
}
