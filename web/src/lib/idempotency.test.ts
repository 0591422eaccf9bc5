import { describe, expect, it, vi } from 'vitest';
import { createIntent, intentSignature } from './idempotency';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('createIntent', () => {
  it('sends one request for a double click and answers both clicks with it', async () => {
    const intent = createIntent<string>();
    const d = deferred<string>();
    const send = vi.fn(() => d.promise);
    const a = intent.run('same', send);
    const b = intent.run('same', send);
    d.resolve('gen-1');
    expect(await Promise.all([a, b])).toEqual(['gen-1', 'gen-1']);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the key for a retry after a failure, and makes a new one after a success or changed inputs', async () => {
    const intent = createIntent<string>();
    const keys: string[] = [];
    await intent.run('a', async (k) => (keys.push(k), Promise.reject(new Error('network')))).catch(() => undefined);
    await intent.run('a', async (k) => (keys.push(k), 'ok'));
    await intent.run('a', async (k) => (keys.push(k), 'ok'));
    await intent.run('b', async (k) => (keys.push(k), 'ok'));
    expect(keys[0]).toBe(keys[1]); // retry: same intent
    expect(keys[2]).not.toBe(keys[1]); // after a success: a new intent
    expect(keys[3]).not.toBe(keys[2]); // other inputs
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('tells files apart by name, size, type and date', () => {
    const f1 = new File(['abc'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 });
    const f2 = new File(['abcd'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(intentSignature({ styleRef: f1 })).not.toBe(intentSignature({ styleRef: f2 }));
    expect(intentSignature({ styleRef: f1 })).toBe(
      intentSignature({ styleRef: new File(['xyz'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 }) }),
    );
  });
});
