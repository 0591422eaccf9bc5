import { describe, expect, it } from 'vitest';
import { formatMoney, moneyDecimal, moneyMeta, moneyOf, splitCost, unusedCredits } from './ledger';

describe('splitCost', () => {
  it('takes monthly credits first, then packs, then trial', () => {
    expect(splitCost({ monthly: 1, pack: 5, trial: 5 }, 2)).toEqual({ monthly: 1, pack: 1 });
    expect(splitCost({ monthly: 0, pack: 0, trial: 3 }, 1)).toEqual({ trial: 1 });
  });
  it('refuses when the total is too small and ignores negative buckets', () => {
    expect(splitCost({ monthly: 1, pack: 0, trial: 0 }, 2)).toBeNull();
    expect(splitCost({ monthly: -3, pack: 1, trial: 0 }, 1)).toEqual({ pack: 1 });
  });
});

describe('unused credits before an account deletion: paid vs granted', () => {
  it('splits each bucket into paid (net paid grants, at most what is left) and granted', () => {
    const entries = [
      { kind: 'grant.starter', bucket: 'trial', amount: 1 },
      { kind: 'grant.trial', bucket: 'trial', amount: 10 },
      { kind: 'grant.monthly', bucket: 'monthly', amount: 20 },
      { kind: 'admin.adjust', bucket: 'monthly', amount: 5 },
      { kind: 'grant.pack', bucket: 'pack', amount: 50 },
      { kind: 'revoke.refund', bucket: 'pack', amount: -50 },
      { kind: 'admin.adjust', bucket: 'pack', amount: 2 },
    ] as const;
    // trial 11 -> 6 left: spending counts against the free credit first, so up to 6 paid are lost
    expect(unusedCredits({ trial: 6, monthly: 25, pack: 2 }, entries)).toEqual({ paid: 26, granted: 7, total: 33 });
    // nothing paid left in a bucket the refund emptied; a negative bucket counts as empty
    expect(unusedCredits({ trial: 0, monthly: -1, pack: 0 }, entries)).toEqual({ paid: 0, granted: 0, total: 0 });
    // a starter grant only: all granted
    expect(
      unusedCredits({ trial: 1, monthly: 0, pack: 0 }, [{ kind: 'grant.starter', bucket: 'trial', amount: 1 }]),
    ).toEqual({ paid: 0, granted: 1, total: 1 });
  });
});

describe('the money behind an entry (issue 39)', () => {
  it('reads meta.money and says it in its currency', () => {
    expect(moneyOf(moneyMeta(599, 'EUR'))).toEqual({ amount: 599, currency: 'eur' });
    expect(moneyOf(moneyMeta(599, 'eur', -1))).toEqual({ amount: -599, currency: 'eur' });
    expect(moneyMeta(599, null)).toEqual({});
    expect(moneyOf(undefined)).toBeNull();
    expect(moneyOf({ money: { amount: '5', currency: 'eur' } })).toBeNull();
    expect(moneyOf({ money: { amount: 5, currency: 'euro' } })).toBeNull();
    expect(formatMoney({ amount: 599, currency: 'eur' })).toBe('€5.99');
    expect(formatMoney({ amount: -2599, currency: 'eur' })).toBe('-€25.99');
    expect(moneyDecimal({ amount: -450, currency: 'eur' })).toBe('-4.50');
    expect(moneyDecimal({ amount: 500, currency: 'jpy' })).toBe('500');
  });
});
