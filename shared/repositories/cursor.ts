/**
 * Pagination cursors: the DynamoDB key a page stopped at, handed to the client and accepted back only when it
 * carries our MAC (HMAC-SHA256 over the payload and a scope such as `ledger:<userId>`). A crafted, tampered or
 * replayed-elsewhere cursor is a 400 before any database call, never an ExclusiveStartKey DynamoDB chokes on.
 *
 * Key: a generated Secrets Manager value in AWS, read at run time by the request pipeline
 * (functions/lib/runtime-secrets.ts) and handed in with setCursorSigningKey before any route runs; locally
 * CURSOR_SIGNING_KEY or a fixed development key. Rotating the key only invalidates cursors in flight.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { badRequest } from '../errors';

const LOCAL_KEY = 'tryon-local-cursor-key';
const MAX_CURSOR_LENGTH = 2000;

let runtimeKey: string | undefined;

/** The key read from Secrets Manager (the request pipeline sets it before a route runs; cached there). */
export function setCursorSigningKey(key: string): void {
  runtimeKey = key;
}

function signingKey(): string {
  if (runtimeKey) return runtimeKey;
  const key = process.env.CURSOR_SIGNING_KEY;
  if (key) return key;
  if ((process.env.APP_STAGE ?? 'local') === 'local') return LOCAL_KEY;
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
  const key = z.record(z.string(), z.unknown()).safeParse(v);
  if (!key.success) throw invalid();
  return key.data;
}
