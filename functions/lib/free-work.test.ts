import { describe, expect, it } from 'vitest';
import { workGate } from './free-work';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('workGate', () => {
  it('runs at most `limit` works at once, the others in arrival order, and frees a slot on failure too', async () => {
    const gate = workGate(1);
    const order: string[] = [];
    const a = deferred();
    const first = gate.run(async () => {
      order.push('a start');
      await a.promise;
      throw new Error('a failed');
    });
    const second = gate.run(async () => {
      order.push('b');
      return 'b done';
    });
    const third = gate.run(async () => {
      order.push('c');
      return 'c done';
    });
    await Promise.resolve();
    expect([gate.running, gate.waiting]).toEqual([1, 2]);
    expect(order).toEqual(['a start']);
    a.resolve();
    await expect(first).rejects.toThrow('a failed');
    expect(await second).toBe('b done');
    expect(await third).toBe('c done');
    expect(order).toEqual(['a start', 'b', 'c']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('with a limit of 2, two run together', async () => {
    const gate = workGate(2);
    const a = deferred();
    const b = deferred();
    const runs = [gate.run(() => a.promise), gate.run(() => b.promise), gate.run(async () => undefined)];
    await Promise.resolve();
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    a.resolve();
    b.resolve();
    await Promise.all(runs);
    expect(gate.running).toBe(0);
  });
});
