/**
 * The sweeper on injected collaborators: a generation still active past the workflow timeout is failed and
 * refunded exactly once (two sweeps, or a sweep after the workflow failed it, refund nothing more), its render
 * cancelled and its execution stopped; a younger one is left alone; a stop that fails never fails the sweep.
 */
import { describe, expect, it } from 'vitest';
import {
  aGeneration,
  failWithRefundIn,
  generationsState,
  type GenerationsState,
} from '../../../test/support/in-memory-workflow';
import { STUCK_MESSAGE, sweeperUseCases, type SweeperDeps } from './sweeper';

const NOW = new Date('2026-11-01T13:00:00.000Z');
const TIMEOUT = 900;

function world(
  s: GenerationsState,
  opts: { stopFails?: boolean; leases?: { timedOut: number; polled: number }; afterList?: () => void } = {},
) {
  const cancelled: string[] = [];
  const stopped: string[] = [];
  const sweptAt: Date[] = [];
  const deps: SweeperDeps = {
    store: {
      failWithRefund: failWithRefundIn(s),
      listActiveBefore: (before: string) => {
        const listed = [...s.generations.values()]
          .filter((g) => (g.status === 'pending' || g.status === 'processing') && g.createdAt < before)
          .map((g) => ({ userId: g.userId, id: g.id, createdAt: g.createdAt }));
        opts.afterList?.();
        return Promise.resolve(listed);
      },
    },
    sweepRenderLeases: (now) => {
      sweptAt.push(now);
      return Promise.resolve(opts.leases ?? { timedOut: 0, polled: 0 });
    },
    cancelRender: (id) => {
      cancelled.push(id);
      return Promise.resolve();
    },
    stopExecution: (id) => {
      stopped.push(id);
      return opts.stopFails ? Promise.reject(new Error('throttled')) : Promise.resolve();
    },
  };
  return { cancelled, stopped, sweptAt, ...sweeperUseCases(deps) };
}

const minutesBefore = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

describe('sweeper', () => {
  it('fails and refunds a generation active past the timeout, cancels its render and stops its execution', async () => {
    const s = generationsState(
      aGeneration({ id: 'old', createdAt: minutesBefore(16) }),
      aGeneration({ id: 'young', createdAt: minutesBefore(14) }),
      aGeneration({ id: 'pending-old', status: 'pending', createdAt: minutesBefore(30) }),
    );
    const w = world(s);
    expect(await w.sweep(NOW, TIMEOUT)).toEqual({ failed: 2, timedOut: 0, polled: 0 });
    expect(s.refunds.sort()).toEqual(['old', 'pending-old']);
    expect(s.generations.get('old')).toMatchObject({ status: 'failed', error: STUCK_MESSAGE });
    expect(s.generations.get('young')!.status).toBe('processing');
    expect(w.cancelled.sort()).toEqual(['old', 'pending-old']);
    expect(w.stopped.sort()).toEqual(['old', 'pending-old']);
  });

  it('refunds exactly once: a second sweep refunds nothing more', async () => {
    const s = generationsState(aGeneration({ id: 'old', createdAt: minutesBefore(20) }));
    const w = world(s);
    expect((await w.sweep(NOW, TIMEOUT)).failed).toBe(1);
    expect((await w.sweep(NOW, TIMEOUT)).failed).toBe(0);
    expect(s.refunds).toEqual(['old']);
  });

  it('a generation the workflow failed after the sweep listed it is not refunded again', async () => {
    const s = generationsState(aGeneration({ id: 'late', createdAt: minutesBefore(20) }));
    const w = world(s, {
      // the workflow fails (and refunds) it between the sweep's list and its fail
      afterList: () => void failWithRefundIn(s)('u1', 'late', 'The render failed'),
    });
    expect((await w.sweep(NOW, TIMEOUT)).failed).toBe(0);
    expect(s.refunds).toEqual(['late']);
    expect(s.generations.get('late')!.error).toBe('The render failed');
  });

  it('sweeps the render leases at the same now and reports their counts', async () => {
    const w = world(generationsState(), { leases: { timedOut: 2, polled: 1 } });
    expect(await w.sweep(NOW, TIMEOUT)).toEqual({ failed: 0, timedOut: 2, polled: 1 });
    expect(w.sweptAt).toEqual([NOW]);
  });

  it('a stop that fails never fails the sweep, and the next stuck generation is still swept', async () => {
    const s = generationsState(
      aGeneration({ id: 'a', createdAt: minutesBefore(20) }),
      aGeneration({ id: 'b', createdAt: minutesBefore(25) }),
    );
    const w = world(s, { stopFails: true });
    expect((await w.sweep(NOW, TIMEOUT)).failed).toBe(2);
    expect(w.cancelled.sort()).toEqual(['a', 'b']);
  });

  it('the timeout is the cutoff: a generation exactly at it is not stuck yet', async () => {
    const s = generationsState(aGeneration({ id: 'edge', createdAt: minutesBefore(15) }));
    expect((await world(s).sweep(NOW, TIMEOUT)).failed).toBe(0);
    expect(s.refunds).toEqual([]);
  });
});
