/**
 * Free image work (the routes whose entry names a `rateLimit`: a profile's photos, uploads, remote fetches) runs
 * at most FREE_WORK_CONCURRENCY at a time in one process; the rest wait their turn (issue 40, item 8). On the
 * local stack one process serves every user, so a flood of free uploads queues here instead of taking the CPU
 * a paid look's render needs (with the engine pool's lanes, functions/engine/pool.ts). A photo's full-body check
 * on the engine threads takes its share from the same budget. In Lambda an instance serves one request at a time:
 * the gate never waits there.
 */
import os from 'node:os';

/** All cores but one for free work (at least one). */
export const FREE_WORK_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Works running and waiting (tests, logs). */
  readonly running: number;
  readonly waiting: number;
}

/** A gate that lets `limit` works run at once, the others in arrival order. */
export function workGate(limit: number): WorkGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The process's gate for free image work. */
export const freeWork = workGate(FREE_WORK_CONCURRENCY);
