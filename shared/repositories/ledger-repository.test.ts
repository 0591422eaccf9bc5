/**
 * recordMovement against a table that keeps losing transactions: a lasting conflict is StorageContention
 * (503 busy), never InsufficientCredits; a failed balance condition still is InsufficientCredits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../errors';
import { adjustCredits } from '../../functions/billing/credit-service';
import { InsufficientCredits, recordMovement } from './ledger-repository';
import type { Db } from './table';
import { RETRY, StorageContention } from './toolkit';

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** A fake table: Get answers `items`, every TransactWrite throws `fail()`; counts the transactions tried. */
function fakeDb(fail: () => Error, items: Record<string, Record<string, unknown>> = {}) {
  const calls = { transact: 0 };
  const db = {
    tableName: 't',
    doc: {
      send: async (cmd: { constructor: { name: string }; input: { Key?: { sk?: string } } }) => {
        const name = cmd.constructor.name;
        if (name === 'GetCommand') return { Item: items[String(cmd.input.Key?.sk)] };
        if (name === 'TransactWriteCommand') {
          calls.transact++;
          throw fail();
        }
        throw new Error(`unexpected ${name}`);
      },
    },
  } as unknown as Db;
  return { db, calls };
}

const saved = { ...RETRY };
beforeEach(() => Object.assign(RETRY, { attempts: 5, baseMs: 1, capMs: 2 }));
afterEach(() => Object.assign(RETRY, saved));

describe('recordMovement under contention', () => {
  it('a conflict that outlasts the retry bound is StorageContention, not InsufficientCredits', async () => {
    const { db, calls } = fakeDb(() => cancelled(['None', 'TransactionConflict']), {
      BALANCE: { monthly: 50, credits: 50 },
    });
    const err = await recordMovement(db, {
      userId: 'u1',
      kind: 'admin.adjust',
      bucket: 'monthly',
      amount: -5,
      causeId: 'c1',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageContention);
    expect(err).not.toBeInstanceOf(InsufficientCredits);
    expect(calls.transact).toBe(RETRY.attempts);
  });

  it('TransactionConflictException is retried the same way', async () => {
    const { db, calls } = fakeDb(() => Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }));
    await expect(
      recordMovement(db, { userId: 'u1', kind: 'admin.adjust', bucket: 'monthly', amount: 5, causeId: 'c2' }),
    ).rejects.toBeInstanceOf(StorageContention);
    expect(calls.transact).toBe(RETRY.attempts);
  });

  it('a failed balance condition is InsufficientCredits at once; a failed entry condition is a duplicate', async () => {
    const low = fakeDb(() => cancelled(['None', 'ConditionalCheckFailed']));
    await expect(
      recordMovement(low.db, { userId: 'u1', kind: 'admin.adjust', bucket: 'monthly', amount: -5, causeId: 'c3' }),
    ).rejects.toBeInstanceOf(InsufficientCredits);
    expect(low.calls.transact).toBe(1);
    const dup = fakeDb(() => cancelled(['ConditionalCheckFailed', 'None']));
    expect(
      await recordMovement(dup.db, { userId: 'u1', kind: 'admin.adjust', bucket: 'monthly', amount: 5, causeId: 'c4' }),
    ).toBe(false);
    expect(dup.calls.transact).toBe(1);
  });

  it('an admin adjustment that keeps losing answers 503 busy, not "fewer credits"', async () => {
    const { db } = fakeDb(() => cancelled(['None', 'TransactionConflict']), {
      // a whole user item: reads parse it by the user's declaration
      PROFILE: {
        id: 'u1',
        email: 'a@b.test',
        firstName: null,
        lastName: null,
        handle: 'a',
        profileImageUrl: null,
        hasUnlimitedCredits: false,
        role: 'shopper',
        currentRole: 'shopper',
        permanentRole: 'shopper',
        currentPlan: 'starter',
        subscriptionStatus: 'active',
        hasUsedTrial: true,
        isInfluencer: false,
        influencerSince: null,
        nextScheduledPlan: null,
        nextScheduledPlanDate: null,
        isPublic: false,
        showCollections: true,
        onboarded: true,
        accountStatus: 'active',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      BALANCE: { monthly: 50, credits: 50 },
    });
    const err = await adjustCredits(db, 'admin1', {
      userId: 'u1',
      bucket: 'monthly',
      amount: -5,
      reason: 'test',
      idempotencyKey: 'k-0001-aaaa',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(503);
    expect((err as HttpError).code).toBe(ERROR_CODES.busy);
  });
});
