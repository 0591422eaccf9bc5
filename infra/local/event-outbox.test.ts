import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { stripeEvent } from '../../functions/billing/payments/stripe-objects';
import { createOutbox } from './event-outbox';

const ev = (id: string) => stripeEvent(id, 'checkout.session.completed', { id: `cs_${id}` });

describe('the local checkout outbox (Stripe-style redelivery)', () => {
  it('keeps an event the webhook refused and delivers it again with backoff until a 2xx', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const tries: number[] = [];
    let answer = 500;
    const outbox = createOutbox({
      dir,
      baseDelayMs: 20,
      deliver: async () => {
        tries.push(Date.now());
        if (answer !== 200) throw new Error(`webhook answered ${answer}`);
      },
    });
    await outbox.sink(ev('evt_1')); // never throws: the checkout page redirects as Stripe's does
    expect(outbox.pending()).toEqual(['evt_1']);
    await vi.waitFor(() => expect(tries.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(outbox.pending()).toEqual(['evt_1']);
    // the delays grow (20, 40, ... ms)
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(tries[1]! - tries[0]!);
    answer = 200;
    await vi.waitFor(() => expect(outbox.pending()).toEqual([]), { timeout: 5000 });
    outbox.stop();
  });

  it('survives a restart: what the last run left is delivered by the next one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const first = createOutbox({
      dir,
      baseDelayMs: 60_000,
      deliver: async () => {
        throw new Error('connection refused');
      },
    });
    await first.sink(ev('evt_a'));
    await first.sink(ev('evt_b'));
    first.stop(); // the stack stopped with two events undelivered
    const delivered: string[] = [];
    const second = createOutbox({ dir, deliver: async (e) => void delivered.push(e.id) });
    expect(second.resume()).toBe(2);
    await vi.waitFor(() => expect(delivered.sort()).toEqual(['evt_a', 'evt_b']), { timeout: 5000 });
    expect(second.pending()).toEqual([]);
    second.stop();
  });

  it('gives an event up after its attempts, keeping it for a person to look at', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const outbox = createOutbox({
      dir,
      baseDelayMs: 5,
      maxAttempts: 3,
      log: (l) => lines.push(l),
      deliver: async () => {
        throw new Error('webhook answered 400');
      },
    });
    await outbox.sink(ev('evt_x'));
    await vi.waitFor(() => expect(existsSync(path.join(dir, 'evt_x.json.failed'))).toBe(true), { timeout: 5000 });
    expect(outbox.pending()).toEqual([]);
    expect(readdirSync(dir)).toEqual(['evt_x.json.failed']);
    expect(lines.at(-1)).toMatch(/given up after 3 attempts/);
    outbox.stop();
  });
});
