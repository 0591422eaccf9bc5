/**
 * Stripe's delivery, locally (issue 27): Stripe keeps an event until the webhook answers 2xx and retries it
 * with exponential backoff for days. The local checkout's events go through this outbox: each event is written
 * to the data folder (one JSON file per event id) before it is sent, removed after a 2xx, and retried with
 * backoff otherwise, also across a restart of the stack (resume() at start). The webhook dedupes events by id
 * and accepts them out of order, as it must with Stripe.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EventSink } from '../../functions/billing/payments/local-adapter';
import type { StripeEvent } from '../../functions/billing/payments/stripe-objects';

export interface OutboxOptions {
  dir: string;
  /** One delivery attempt (the signed POST to the webhook route); throws when the answer is not 2xx. */
  deliver: EventSink;
  /** First retry delay; doubles per attempt up to maxDelayMs (Stripe: minutes to hours; locally seconds). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before an event is given up (kept in the folder as .failed for a person to look at). */
  maxAttempts?: number;
  log?: (line: string) => void;
}

interface Pending {
  event: StripeEvent;
  attempts: number;
}

export interface Outbox {
  /** The sink the checkout uses: persists, tries once now, and schedules retries; never throws. */
  sink: EventSink;
  /** Schedules every event a previous run left undelivered. */
  resume(): number;
  /** Events not yet delivered. */
  pending(): string[];
  stop(): void;
}

export function createOutbox(opts: OutboxOptions): Outbox {
  mkdirSync(opts.dir, { recursive: true });
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 20;
  const timers = new Map<string, NodeJS.Timeout>();
  const file = (id: string) => path.join(opts.dir, `${id}.json`);
  const save = (p: Pending) => {
    const tmp = `${file(p.event.id)}.tmp`;
    writeFileSync(tmp, JSON.stringify(p));
    renameSync(tmp, file(p.event.id));
  };
  let stopped = false;

  async function attempt(p: Pending): Promise<void> {
    timers.delete(p.event.id);
    if (stopped) return;
    try {
      await opts.deliver(p.event);
      rmSync(file(p.event.id), { force: true });
    } catch (err) {
      p.attempts++;
      if (p.attempts >= maxAttempts) {
        renameSync(file(p.event.id), `${file(p.event.id)}.failed`);
        opts.log?.(`stripe event ${p.event.id} (${p.event.type}) given up after ${p.attempts} attempts`);
        return;
      }
      save(p);
      const delay = Math.min(max, base * 2 ** (p.attempts - 1));
      opts.log?.(
        `stripe event ${p.event.id} (${p.event.type}) not delivered (${(err as Error).message}); retry in ${delay} ms`,
      );
      schedule(p, delay);
    }
  }

  function schedule(p: Pending, delay: number) {
    if (stopped || timers.has(p.event.id)) return;
    const t = setTimeout(() => void attempt(p), delay);
    t.unref();
    timers.set(p.event.id, t);
  }

  return {
    async sink(event) {
      const p: Pending = { event, attempts: 0 };
      save(p);
      await attempt(p);
    },
    resume() {
      let n = 0;
      for (const f of readdirSync(opts.dir)) {
        if (!f.endsWith('.json')) continue;
        try {
          const p = JSON.parse(readFileSync(path.join(opts.dir, f), 'utf8')) as Pending;
          schedule(p, 0);
          n++;
        } catch {
          rmSync(path.join(opts.dir, f), { force: true });
        }
      }
      return n;
    },
    pending: () =>
      readdirSync(opts.dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length)),
    stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
