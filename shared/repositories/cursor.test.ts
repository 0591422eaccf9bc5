import { afterEach, describe, expect, it } from 'vitest';
import { setCursorSigningKey, signCursor, verifyCursor } from './cursor';

afterEach(() => setCursorSigningKey(''));

describe('cursors', () => {
  it('round-trips a key and a partition beside a nested key, bound to its scope', () => {
    setCursorSigningKey('k'.repeat(43));
    const key = { pk: 'USER#1', sk: 'LEDGER#2026', n: 3 };
    expect(verifyCursor(signCursor(key, 'ledger:1'), 'ledger:1')).toEqual(key);
    const across = { partition: '2026-11-28', key: { pk: 'P', sk: 'S' } };
    expect(verifyCursor(signCursor(across, 's'), 's')).toEqual(across);
    expect(() => verifyCursor(signCursor(key, 'ledger:1'), 'ledger:2')).toThrow('Invalid cursor');
  });

  it('a correctly signed cursor whose key is not a key is a 400, not a value handed to DynamoDB', () => {
    setCursorSigningKey('k'.repeat(43));
    const forged = [
      { pk: { S: 'USER#1' }, sk: 'x' },
      { pk: ['a'], sk: 'x' },
      { pk: null, sk: 'x' },
      { pk: true },
      { partition: 'p', key: { pk: { nested: 'deeper' } } },
      {},
    ];
    for (const f of forged)
      expect(() => verifyCursor(signCursor(f, 'ledger:1'), 'ledger:1'), JSON.stringify(f)).toThrow(
        expect.objectContaining({ status: 400, message: 'Invalid cursor' }),
      );
  });

  it('without a configured key, locally, each process signs with its own random key (never a constant)', () => {
    setCursorSigningKey('');
    const saved = process.env.CURSOR_SIGNING_KEY;
    delete process.env.CURSOR_SIGNING_KEY;
    try {
      const c = signCursor({ pk: 'a' }, 's')!;
      expect(verifyCursor(c, 's')).toEqual({ pk: 'a' });
      setCursorSigningKey('tryon-local-cursor-key');
      expect(() => verifyCursor(c, 's')).toThrow('Invalid cursor');
    } finally {
      if (saved !== undefined) process.env.CURSOR_SIGNING_KEY = saved;
    }
  });
});
