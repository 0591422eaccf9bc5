/** The fixed-window rate-limit counters (rules: shared/domain/rate-limits.ts). */
import { UpdateCommand } from './dynamo-client';
import { keys } from './keys';
import type { Db } from './table';

/**
 * Count one request in a fixed window and return the count including it. The counter item expires (TTL)
 * shortly after its window; an item past its window is never read again (the window start is in the key).
 */
export async function countRequest(
  db: Db,
  action: string,
  subject: string,
  who: string,
  windowStart: string,
  ttl: number,
): Promise<number> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.rateCounter(action, subject, who, windowStart),
      UpdateExpression: 'ADD #c :one SET #t = if_not_exists(#t, :ttl), #ty = :ty',
      ExpressionAttributeNames: { '#c': 'count', '#t': 'ttl', '#ty': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttl, ':ty': 'RateCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.count ?? 1);
}
