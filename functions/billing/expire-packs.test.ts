/** The pack expiry job on an in-memory store: only lots past their expiry, each once, counted as expired. */
import { describe, expect, it } from 'vitest';
import type { PackLot } from '../../shared/repositories/ledger-repository';
import { expirePacksWith, type PackExpiryStore } from './expire-packs';

const now = new Date('2026-11-01T00:00:00.000Z');
const lot = (lotKey: string, expiresAt: string, remaining: number): PackLot => ({
  lotKey,
  userId: 'u1',
  amount: 10,
  remaining,
  expiresAt,
  causeId: lotKey,
  createdAt: '2025-11-01T00:00:00.000Z',
  expiredTotal: 0,
  revokedTotal: 0,
});

function store(lots: PackLot[], answer: (l: PackLot) => 'expired' | 'closed' | 'changed' = () => 'expired') {
  const expired: string[] = [];
  const s: PackExpiryStore = {
    // the index may list a lot that changed since (a late refund moved its expiry, or it was removed)
    listExpiredOpenLots: () => Promise.resolve(lots.map((l) => ({ userId: l.userId, lotKey: l.lotKey }))),
    getLot: (_userId, lotKey) => Promise.resolve(lots.find((l) => l.lotKey === lotKey && l.remaining >= 0) ?? null),
    expireLot: (l) => {
      const a = answer(l);
      if (a === 'expired') expired.push(l.lotKey);
      return Promise.resolve(a);
    },
  };
  return { s, expired };
}

describe('pack expiry', () => {
  it('expires each lot past its expiry and counts its remaining credits', async () => {
    const { s, expired } = store([lot('a', '2026-10-31T00:00:00.000Z', 3), lot('b', '2026-10-01T00:00:00.000Z', 2)]);
    expect(await expirePacksWith(s, now)).toEqual({ lots: 2, credits: 5 });
    expect(expired).toEqual(['a', 'b']);
  });

  it('leaves a lot whose expiry is still ahead when read again', async () => {
    const { s, expired } = store([lot('later', '2026-12-01T00:00:00.000Z', 3)]);
    expect(await expirePacksWith(s, now)).toEqual({ lots: 0, credits: 0 });
    expect(expired).toEqual([]);
  });

  it('counts nothing for a lot a spend or refund changed first (the next run sees it)', async () => {
    const { s } = store([lot('a', '2026-10-31T00:00:00.000Z', 3)], () => 'changed');
    expect(await expirePacksWith(s, now)).toEqual({ lots: 0, credits: 0 });
  });
});
