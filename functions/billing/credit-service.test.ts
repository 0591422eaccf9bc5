/** Admin credit adjustments on an in-memory ledger: once per key, never below zero, readable refusals. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { emptyBuckets } from '../../shared/domain/ledger';
import { InsufficientCredits, type Balance, type MovementInput } from '../../shared/repositories/ledger-repository';
import { StorageContention } from '../../shared/repositories/toolkit';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { creditUseCases, type CreditStore } from './credit-service';

let balances: Map<string, Balance>;
let causes: Set<string>;
let contention: boolean;
let credits: ReturnType<typeof creditUseCases>;

const store: CreditStore = {
  getUser: (userId) => Promise.resolve(userId === 'u1' ? ({ id: 'u1' } as UserRecord) : null),
  getBalance: (userId) => Promise.resolve(balances.get(userId) ?? { ...emptyBuckets(), credits: 0 }),
  recordMovement: (m: MovementInput) => {
    if (contention) return Promise.reject(new StorageContention());
    const id = `${m.kind}:${m.causeId}`;
    if (causes.has(id)) return Promise.resolve(false);
    const b = { ...(balances.get(m.userId) ?? { ...emptyBuckets(), credits: 0 }) };
    if (b[m.bucket] + m.amount < 0) return Promise.reject(new InsufficientCredits());
    b[m.bucket] += m.amount;
    b.credits += m.amount;
    balances.set(m.userId, b);
    causes.add(id);
    return Promise.resolve(true);
  },
};

async function status(p: Promise<unknown>): Promise<[number, string]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return [err.status, err.code];
    throw err;
  }
  return [200, ''];
}

const input = (amount: number, idempotencyKey = 'k1') => ({
  userId: 'u1',
  bucket: 'trial' as const,
  amount,
  reason: 'support',
  idempotencyKey,
});

beforeEach(() => {
  balances = new Map();
  causes = new Set();
  contention = false;
  credits = creditUseCases({ store });
});

describe('admin credit adjustments', () => {
  it('applies once per admin and key, and answers the balance', async () => {
    expect(await credits.adjustCredits('admin', input(5))).toMatchObject({ applied: true, balance: { trial: 5 } });
    expect(await credits.adjustCredits('admin', input(5))).toMatchObject({ applied: false, balance: { trial: 5 } });
    expect(causes).toEqual(new Set(['admin.adjust:admin:k1']));
    // another admin's same key is another cause
    expect((await credits.adjustCredits('admin2', input(5))).balance.credits).toBe(10);
  });

  it('refuses a debit below zero with 409 and records nothing', async () => {
    expect(await status(credits.adjustCredits('admin', input(-1)))).toEqual([409, ERROR_CODES.conflict]);
    expect(causes.size).toBe(0);
  });

  it('answers 404 for an unknown user and 503 when contention outlasted the retries', async () => {
    expect((await status(credits.adjustCredits('admin', { ...input(1), userId: 'nobody' })))[0]).toBe(404);
    contention = true;
    expect(await status(credits.adjustCredits('admin', input(1)))).toEqual([503, ERROR_CODES.busy]);
  });
});
