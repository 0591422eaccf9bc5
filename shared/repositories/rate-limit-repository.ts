/** The fixed-window rate-limit counters (rules: shared/domain/rate-limits.ts). */
import { keys } from './keys';
import type { Db } from './table';
import { update, updateItem } from './toolkit';

/** A rate counter item's attributes (it has no declaration: nothing reads it but this count). */
interface RateCounter {
  count: number;
}

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
  const after = await updateItem(
    db,
    keys.rateCounter(action, subject, who, windowStart),
    update<RateCounter>().add({ count: 1 }).setIfNotExists({ ttl }).set({ type: 'RateCounter' }),
    { returnValues: 'ALL_NEW' },
  );
  return Number(after?.count ?? 1);
}
