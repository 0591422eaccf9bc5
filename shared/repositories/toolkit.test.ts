/**
 * The toolkit's retry loops and conditional transactions against fakes: how often an attempt runs, what a
 * lasting contention answers (the caller's answer, or StorageContention), and which failed condition is
 * reported where.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './table';
import {
  AGAIN,
  RETRY,
  retryOptimistic,
  StorageContention,
  transactConditional,
  tx,
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

describe('transactConditional', () => {
  it('applies after conflicts (retried) and builds items with the table name', async () => {
    const { db, calls } = fakeDb([cancelled(['TransactionConflict', 'None'])]);
    const out = await transactConditional(db, [
      tx.put(db, { pk: 'a', sk: 'b' }, 'attribute_not_exists(pk)'),
      tx.delete(db, { pk: 'c', sk: 'd' }),
      tx.check(db, { pk: 'e', sk: 'f' }, 'attribute_exists(pk)'),
      tx.update(db, { pk: 'g', sk: 'h' }, { UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 1 } }),
    ]);
    expect(out.applied).toBe(true);
    expect(out.conditionFailed(0)).toBe(false);
    expect(calls.transact).toBe(2);
    expect(calls.items).toEqual([
      { Put: { TableName: 't', Item: { pk: 'a', sk: 'b' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: 't', Key: { pk: 'c', sk: 'd' } } },
      { ConditionCheck: { TableName: 't', Key: { pk: 'e', sk: 'f' }, ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: 't',
          Key: { pk: 'g', sk: 'h' },
          UpdateExpression: 'SET n = :n',
          ExpressionAttributeValues: { ':n': 1 },
        },
      },
    ]);
  });

  it('resolves which condition failed (not retried)', async () => {
    const { db, calls } = fakeDb([cancelled(['None', 'ConditionalCheckFailed'])]);
    const out = await transactConditional(db, [
      tx.delete(db, { pk: 'a', sk: 'b' }),
      tx.delete(db, { pk: 'c', sk: 'd' }),
    ]);
    expect(out.applied).toBe(false);
    expect([out.conditionFailed(0), out.conditionFailed(1)]).toEqual([false, true]);
    expect(calls.transact).toBe(1);
  });

  it('throws other errors, and StorageContention when conflicts last', async () => {
    const other = fakeDb([Object.assign(new Error('bad'), { name: 'ValidationException' })]);
    await expect(transactConditional(other.db, [tx.delete(other.db, { pk: 'a', sk: 'b' })])).rejects.toThrow('bad');
    const busy = fakeDb(Array.from({ length: RETRY.attempts }, () => cancelled(['TransactionConflict'])));
    await expect(transactConditional(busy.db, [tx.delete(busy.db, { pk: 'a', sk: 'b' })])).rejects.toBeInstanceOf(
      StorageContention,
    );
    expect(busy.calls.transact).toBe(RETRY.attempts);
  });
});
