/**
 * Idempotency keys of credit-spending requests (`USER#<id> / IDEMP#<key>`): written only inside the
 * transaction that reserves the spend (see generation-repository createGenerationWithReservation), read
 * before a start to answer a repeat. Items carry `ttl` (24 h); one past its ttl counts as absent.
 */
import { GetCommand } from './dynamo-client';
import { IDEMPOTENCY_TTL_SECONDS } from '../domain/idempotency';
import { keys } from './keys';
import type { Db } from './table';
import { tx, where } from './toolkit';

export interface IdempotencyClaim {
  key: string;
  /** sha256 of the route and the canonical request body. */
  requestHash: string;
}

export interface IdempotencyRecord extends IdempotencyClaim {
  generationId: string;
  createdAt: string;
}

export async function getIdempotencyRecord(
  db: Db,
  userId: string,
  key: string,
  now = new Date(),
): Promise<IdempotencyRecord | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.idempotencyKey(userId, key), ConsistentRead: true }),
  );
  const item = res.Item;
  if (!item || Number(item.ttl) <= Math.floor(now.getTime() / 1000)) return null;
  return {
    key,
    requestHash: String(item.requestHash),
    generationId: String(item.generationId),
    createdAt: String(item.createdAt),
  };
}

/** The Put of a transaction that records the key (refused while an unexpired record holds it). */
export function idempotencyPut(db: Db, userId: string, claim: IdempotencyClaim, generationId: string, now: Date) {
  const nowSec = Math.floor(now.getTime() / 1000);
  const w = where();
  return tx.put(
    db,
    {
      ...keys.idempotencyKey(userId, claim.key),
      type: 'IdempotencyKey',
      userId,
      requestHash: claim.requestHash,
      generationId,
      createdAt: now.toISOString(),
      ttl: nowSec + IDEMPOTENCY_TTL_SECONDS,
    },
    // absent, or its record expired (the table's TTL deletes it some time later)
    w.or(w.notExists('pk'), w.le('ttl', nowSec)),
  );
}
