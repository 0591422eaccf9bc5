/**
 * Scheduled job (daily in AWS, hourly in the local stack): every pack lot past its expiry that still holds
 * credits gets an `expire` entry for its remaining credits, in one transaction with the pack bucket and the
 * lot (guarded by the lot's exact remaining, so a concurrent spend makes it retry next run, never double).
 * Entry id: `expire:lot:<lotKey>:<expiredTotal>` (a lot refilled by a late generation refund expires again).
 */
import { expireLot, getLot, listExpiredOpenLots } from '../../shared/repositories/ledger-repository';
import type { Db } from '../../shared/repositories/table';
import { getDb } from '../lib/aws';
import { bindDb, type Store } from '../lib/bind-db';
import { logger, withLogging } from '../lib/logger';

const repositories = { listExpiredOpenLots, getLot, expireLot };
export type PackExpiryStore = Store<typeof repositories>;

/** The job on its collaborators: what expires at `now`, from the store. */
export async function expirePacksWith(store: PackExpiryStore, now: Date): Promise<{ lots: number; credits: number }> {
  let lots = 0;
  let credits = 0;
  for (const it of await store.listExpiredOpenLots(now)) {
    const lot = await store.getLot(it.userId, it.lotKey);
    if (!lot || lot.expiresAt > now.toISOString()) continue;
    // 'changed': a spend or refund got there first; the next run sees the new remaining
    if ((await store.expireLot(lot, now)) === 'expired') {
      lots++;
      credits += lot.remaining;
    }
  }
  if (lots) logger.info('expired pack lots', { lots, credits });
  return { lots, credits };
}

export const expirePacks = (db: Db = getDb(), now = new Date()): Promise<{ lots: number; credits: number }> =>
  expirePacksWith(bindDb(db, repositories), now);

/** The scheduled Lambda's entry point. */
export const handler = withLogging(async (): Promise<{ lots: number; credits: number }> => expirePacks());
