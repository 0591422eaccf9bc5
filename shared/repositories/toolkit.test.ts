/**
 * The toolkit's retry loops and conditional transactions against fakes: how often an attempt runs, what a
 * lasting contention answers (the caller's answer, or StorageContention), and which failed condition is
 * reported where.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './table';
import {
  AGAIN,
  ITEM_ABSENT,
  ITEM_EXISTS,
  RETRY,
  retryDelay,
  retryOptimistic,
  signedPageAcross,
  StorageContention,
  transactNamed,
  tx,
  update,
  withRetry,
  WriteConflict,
} from './toolkit';

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** A fake table whose TransactWrite throws the next error of `errors` (then succeeds); counts the tries. */
function fakeDb(errors: Error[]) {
  const calls = { transact: 0, items: [] as unknown[] };
  const db = {
    tableName: 't',
    doc: {
      send: async (cmd: { constructor: { name: string }; input: { TransactItems?: unknown[] } }) => {
        if (cmd.constructor.name !== 'TransactWriteCommand') throw new Error(`unexpected ${cmd.constructor.name}`);
        calls.transact++;
        calls.items = cmd.input.TransactItems ?? [];
        const err = errors.shift();
        if (err) throw err;
        return {};
      },
    },
  } as unknown as Db;
  return { db, calls };
}

const saved = { ...RETRY };
beforeEach(() => Object.assign(RETRY, { attempts: 5, baseMs: 1, capMs: 2 }));
afterEach(() => Object.assign(RETRY, saved));

describe('retryOptimistic', () => {
  it('runs the attempt again while it answers AGAIN, telling it which try is the last', async () => {
    const seen: [number, boolean][] = [];
    const out = await retryOptimistic(async (n, last) => {
      seen.push([n, last]);
      return n < 2 ? AGAIN : 'done';
    });
    expect(out).toBe('done');
    expect(seen).toEqual([
      [0, false],
      [1, false],
      [2, false],
    ]);
  });

  it('retries a WriteConflict; any other error goes to the caller at once', async () => {
    let tries = 0;
    await expect(
      retryOptimistic(async () => {
        tries++;
        if (tries === 1) throw new WriteConflict();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(tries).toBe(2);
  });

  it("throws the caller's answer when contention outlasts the bound (StorageContention by default)", async () => {
    let tries = 0;
    const answer = new Error('changed meanwhile');
    await expect(
      retryOptimistic(
        async () => {
          tries++;
          return AGAIN;
        },
        () => answer,
      ),
    ).rejects.toBe(answer);
    expect(tries).toBe(RETRY.attempts);
    await expect(
      retryOptimistic(async () => {
        throw new WriteConflict();
      }),
    ).rejects.toBeInstanceOf(StorageContention);
  });

  it('withRetry keeps its answer: StorageContention carrying the last conflict', async () => {
    const conflict = cancelled(['None', 'TransactionConflict']);
    const err = await withRetry(async () => {
      throw conflict;
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageContention);
    expect((err as StorageContention).lastError).toBe(conflict);
  });
});

describe('transactNamed: retries and items', () => {
  it('applies after conflicts (retried) and builds items with the table name', async () => {
    const { db, calls } = fakeDb([cancelled(['TransactionConflict', 'None'])]);
    const out = await transactNamed(db, {
      put: tx.put(db, { pk: 'a', sk: 'b' }, ITEM_ABSENT),
      delete: tx.delete(db, { pk: 'c', sk: 'd' }),
      check: tx.check(db, { pk: 'e', sk: 'f' }, ITEM_EXISTS),
      update: tx.update(db, { pk: 'g', sk: 'h' }, update<{ n: number }>().set({ n: 1 })),
    });
    expect(out.applied).toBe(true);
    expect(out.failed('put')).toBe(false);
    expect(calls.transact).toBe(2);
    expect(calls.items).toEqual([
      {
        Put: {
          TableName: 't',
          Item: { pk: 'a', sk: 'b' },
          ConditionExpression: 'attribute_not_exists(#n0)',
          ExpressionAttributeNames: { '#n0': 'pk' },
        },
      },
      { Delete: { TableName: 't', Key: { pk: 'c', sk: 'd' } } },
      {
        ConditionCheck: {
          TableName: 't',
          Key: { pk: 'e', sk: 'f' },
          ConditionExpression: 'attribute_exists(#n0)',
          ExpressionAttributeNames: { '#n0': 'pk' },
        },
      },
      {
        Update: {
          TableName: 't',
          Key: { pk: 'g', sk: 'h' },
          UpdateExpression: 'SET #n0 = :v0',
          ExpressionAttributeNames: { '#n0': 'n' },
          ExpressionAttributeValues: { ':v0': 1 },
        },
      },
    ]);
  });

  it('resolves which condition failed (not retried)', async () => {
    const { db, calls } = fakeDb([cancelled(['None', 'ConditionalCheckFailed'])]);
    const out = await transactNamed(db, {
      first: tx.delete(db, { pk: 'a', sk: 'b' }),
      second: tx.delete(db, { pk: 'c', sk: 'd' }),
    });
    expect(out.applied).toBe(false);
    expect([out.failed('first'), out.failed('second')]).toEqual([false, true]);
    expect(calls.transact).toBe(1);
  });

  it('throws other errors, and StorageContention when conflicts last', async () => {
    const other = fakeDb([Object.assign(new Error('bad'), { name: 'ValidationException' })]);
    await expect(transactNamed(other.db, { a: tx.delete(other.db, { pk: 'a', sk: 'b' }) })).rejects.toThrow('bad');
    const busy = fakeDb(Array.from({ length: RETRY.attempts }, () => cancelled(['TransactionConflict'])));
    await expect(transactNamed(busy.db, { a: tx.delete(busy.db, { pk: 'a', sk: 'b' }) })).rejects.toBeInstanceOf(
      StorageContention,
    );
    expect(busy.calls.transact).toBe(RETRY.attempts);
  });
});

describe('transactNamed', () => {
  it('reads a failed condition by name: a name of several items failed when any of them did', async () => {
    const { db, calls } = fakeDb([cancelled(['None', 'None', 'ConditionalCheckFailed', 'None'])]);
    const out = await transactNamed(db, {
      entry: tx.put(db, { pk: 'e', sk: '1' }, ITEM_ABSENT),
      lots: [tx.delete(db, { pk: 'l', sk: '1' }, ITEM_EXISTS), tx.delete(db, { pk: 'l', sk: '2' }, ITEM_EXISTS)],
      skipped: false,
      balance: tx.check(db, { pk: 'b', sk: 'B' }, ITEM_EXISTS),
    });
    expect(calls.items).toHaveLength(4);
    expect(out.applied).toBe(false);
    expect([out.failed('entry'), out.failed('lots'), out.failed('balance')]).toEqual([false, true, false]);
    expect(out.conflict).toBe(false);
  });

  it('answers a lost race as a conflict when told not to retry it (one try), and retries it otherwise', async () => {
    const once = fakeDb([cancelled(['TransactionConflict', 'None'])]);
    const out = await transactNamed(
      once.db,
      { a: tx.delete(once.db, { pk: 'a', sk: 'a' }), b: tx.delete(once.db, { pk: 'b', sk: 'b' }) },
      { retryConflicts: false },
    );
    expect(out).toMatchObject({ applied: false, conflict: true });
    expect(out.failed('a') || out.failed('b')).toBe(false);
    expect(once.calls.transact).toBe(1);
    const again = fakeDb([cancelled(['TransactionConflict', 'None'])]);
    const retried = await transactNamed(again.db, { a: tx.delete(again.db, { pk: 'a', sk: 'a' }) });
    expect(retried.applied).toBe(true);
    expect(again.calls.transact).toBe(2);
    // a cancellation for another reason is thrown unless the caller counts it as a lost race
    const throttled = () => fakeDb([cancelled(['ThrottlingError'])]);
    const t1 = throttled();
    await expect(
      transactNamed(t1.db, { a: tx.delete(t1.db, { pk: 'a', sk: 'a' }) }, { retryConflicts: false }),
    ).rejects.toThrow('Transaction cancelled');
    const t2 = throttled();
    const lost = await transactNamed(
      t2.db,
      { a: tx.delete(t2.db, { pk: 'a', sk: 'a' }) },
      { retryConflicts: false, anyCancellationIsConflict: true },
    );
    expect(lost).toMatchObject({ applied: false, conflict: true });
  });
});

describe('retry policies', () => {
  it('full jitter stays under min(cap, base * 2^attempt); no jitter is exactly that', () => {
    const policy = { attempts: 4, baseMs: 10, capMs: 50 };
    for (let i = 0; i < 200; i++) {
      expect(retryDelay(0, policy)).toBeLessThanOrEqual(10);
      expect(retryDelay(3, policy)).toBeLessThanOrEqual(50);
    }
    expect([0, 1, 2, 3].map((n) => retryDelay(n, { ...policy, jitter: 'none' }))).toEqual([10, 20, 40, 50]);
  });

  it("withRetry runs a caller's policy: its number of tries and its delays, then the caller's answer", async () => {
    const at: number[] = [];
    const t0 = Date.now();
    const gaveUp = new Error('gave up');
    await expect(
      withRetry(
        async () => {
          at.push(Date.now() - t0);
          return AGAIN;
        },
        () => false,
        () => gaveUp,
        { attempts: 3, baseMs: 30, capMs: 30, jitter: 'none' },
      ),
    ).rejects.toBe(gaveUp);
    expect(at).toHaveLength(3);
    expect(at[2]! - at[0]!).toBeGreaterThanOrEqual(55); // two fixed 30 ms waits (timer slack allowed)
  });
});

describe('signedPageAcross', () => {
  const partitions = ['d3', 'd2', 'd1'];
  const data: Record<string, number[]> = { d3: [1, 2, 3], d2: [], d1: [4, 5] };
  /** Pages of at most 2 items per read, the key being the next index. */
  const read = async (p: string, limit: number, start?: Record<string, unknown>) => {
    const from = typeof start?.i === 'number' ? start.i : 0;
    const n = Math.min(limit, 2);
    const items = data[p]!.slice(from, from + n);
    return { items, lastKey: from + n < data[p]!.length ? { i: from + n } : undefined };
  };

  it('reads across partitions in order, a page at a time, resuming from its signed cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await signedPageAcross(partitions, read, { limit: 2, cursor, scope: 'test:a' });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(cursor).toBeNull();
  });

  it('refuses a cursor signed for another scope (400)', async () => {
    const first = await signedPageAcross(partitions, read, { limit: 2, scope: 'test:a' });
    expect(first.nextCursor).toBeTruthy();
    await expect(
      signedPageAcross(partitions, read, { limit: 2, cursor: first.nextCursor, scope: 'test:b' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
