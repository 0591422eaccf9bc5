/**
 * Scheduled job (daily in AWS, hourly in the local stack): every pack lot past its expiry that still holds
 * credits gets an `expire` entry for its remaining credits, in one transaction with the pack bucket and the
 * lot (guarded by the lot's exact remaining, so a concurrent spend makes it retry next run, never double).
 * Entry id: `expire:lot:<lotKey>:<expiredTotal>` (a lot refilled by a late generation refund expires again).
 */
import { expireLot, getLot, listExpiredOpenLots } from '../../shared/repositories/ledger-repository';
import type { Db } from '../../shared/repositories/table';
import { getDb } from '../lib/aws';
import { logger, withLogging } from '../lib/logger';

export async function expirePacks(db: Db = getDb(), now = new Date()): Promise<{ lots: number; credits: number }> {
  let lots = 0;
  let credits = 0;
  for (const it of await listExpiredOpenLots(db, now)) {
    const lot = await getLot(db, it.userId, it.lotKey);
    if (!lot || lot.expiresAt > now.toISOString()) continue;
    // 'changed': a spend or refund got there first; the next run sees the new remaining
    if ((await expireLot(db, lot, now)) === 'expired') {
      lots++;
      credits += lot.remaining;
    }
  }
  if (lots) logger.info('expired pack lots', { lots, credits });
  return { lots, credits };
}

/** The scheduled Lambda's entry point. */
export const handler = withLogging(async (): Promise<{ lots: number; credits: number }> => expirePacks());
