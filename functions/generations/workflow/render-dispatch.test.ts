/**
 * The render queue's dispatch on injected collaborators (an in-memory render-job store with the repository's
 * conditional writes): a waiting job is claimed once and takes one slot, however many dispatchers race for it; a
 * lease that runs out is retaken once, as the next attempt; a dead worker's job ends once (one failure report, one
 * slot freed); the attempts limit fails the render once, and a resume after a stop spends none of it; stale
 * workers stop at the fence, and a live run is never replaced.
 */
import { describe, expect, it } from 'vitest';
import { renderAttempts, slotPolicy, type ProviderName } from '../../../shared/domain/render-queue';
import {
  aGeneration,
  enqueued,
  renderQueueState,
  renderQueueStore,
  type RenderQueueState,
} from '../../../test/support/in-memory-workflow';
import {
  beginAttemptWith,
  endCrashedRunWith,
  resumeOrphanedRendersWith,
  retryOrFailWith,
  sweepRenderLeasesWith,
  type BeginDeps,
  type SweepDeps,
  type EndRunDeps,
} from './render-attempts';
import {
  RENDER_ERRORS,
  cancelRenderWith,
  dispatchWith,
  failJobWith,
  leaseMs,
  reportResultWith,
  startLeaseMs,
  type ReportDeps,
  type CancelDeps,
} from './render-dispatch';
import type { RenderWorkerEvent } from './render-invoker';

const T0 = new Date('2026-11-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function world(s: RenderQueueState = renderQueueState()) {
  const clock = { now: T0 };
  const invoked: RenderWorkerEvent[] = [];
  const failures: { token: string; error: string }[] = [];
  const successes: { token: string; output: unknown }[] = [];
  let tokens = 0;
  const deps: SweepDeps & ReportDeps & BeginDeps & CancelDeps & EndRunDeps = {
    store: renderQueueStore(s),
    now: () => clock.now,
    newRunToken: () => `run-${++tokens}`,
    invokeRenderWorker: (event) => {
      invoked.push(event);
      return Promise.resolve();
    },
    reportTaskFailure: (token, error) => {
      failures.push({ token, error });
      return Promise.resolve(true);
    },
    reportTaskSuccess: (token, output) => {
      successes.push({ token, output });
      return Promise.resolve(true);
    },
  };
  return { s, deps, clock, invoked, failures, successes };
}

/** One waiting job, claimed and begun by its worker (attempt 1) at T0. */
async function aBegunJob(provider: ProviderName = 'engine') {
  const w = world();
  enqueued(w.s, { generationId: 'gen-1', provider, enqueuedAt: '2026-11-01T11:59:00.000Z' });
  await dispatchWith(w.deps, provider);
  const begun = await beginAttemptWith(w.deps, { generationId: 'gen-1', provider, attempt: 1 });
  if (!('job' in begun)) throw new Error('attempt 1 not begun');
  return { ...w, runToken: begun.runToken };
}

const job = (s: RenderQueueState) => s.jobs.get('gen-1')!;

describe('dispatch: claims and slots', () => {
  it('claims a waiting job once, however many dispatchers race for it: one slot, one worker for attempt 1', async () => {
    const w = world();
    enqueued(w.s, { generationId: 'gen-1', enqueuedAt: '2026-11-01T11:59:00.000Z' });
    const started = await Promise.all([
      dispatchWith(w.deps, 'engine'),
      dispatchWith(w.deps, 'engine'),
      dispatchWith(w.deps, 'engine'),
    ]);
    expect(started.reduce((a, b) => a + b)).toBe(1);
    expect(w.invoked).toEqual([{ generationId: 'gen-1', provider: 'engine', attempt: 1 }]);
    expect(w.s.slots.get('engine')).toBe(1);
    expect(job(w.s)).toMatchObject({ state: 'running', attempts: 1, leaseUntil: at(startLeaseMs()).toISOString() });
    expect(w.s.lanes).toEqual([]);
  });

  it('starts no more than the free slots allow, and a freed slot goes to the next waiting job', async () => {
    const w = world();
    const standardSlots = slotPolicy('engine').limit - slotPolicy('engine').reservedForPriority;
    for (let i = 0; i < standardSlots + 2; i++)
      enqueued(w.s, { generationId: `gen-${i}`, enqueuedAt: `2026-11-01T11:59:5${i}.000Z` });
    expect(await dispatchWith(w.deps, 'engine')).toBe(standardSlots);
    expect(w.s.slots.get('engine')).toBe(standardSlots);
    expect(w.invoked.map((e) => e.generationId)).toEqual(Array.from({ length: standardSlots }, (_, i) => `gen-${i}`));

    // the first render fails: its failure reported once, its slot released once and handed to the next job
    const first = w.s.jobs.get('gen-0')!;
    await failJobWith(w.deps, first, RENDER_ERRORS.rejected, 'no');
    await failJobWith(w.deps, first, RENDER_ERRORS.rejected, 'no');
    expect(w.failures.map((f) => f.token)).toEqual(['token-gen-0', 'token-gen-0']); // the workflow refunds once
    expect(w.s.jobs.get('gen-0')!.state).toBe('done');
    expect(w.s.slots.get('engine')).toBe(standardSlots);
    expect(w.invoked.map((e) => e.generationId).slice(standardSlots)).toEqual([`gen-${standardSlots}`]);
  });

  it('a cancelled render drops its queued job, or frees its running slot once', async () => {
    const w = world();
    enqueued(w.s, { generationId: 'gen-1', enqueuedAt: '2026-11-01T11:59:00.000Z' });
    await dispatchWith(w.deps, 'engine');
    enqueued(w.s, { generationId: 'gen-2', priority: true, enqueuedAt: '2026-11-01T11:59:30.000Z' });
    await cancelRenderWith(w.deps, 'gen-2'); // queued: dropped, never started
    expect(w.s.jobs.get('gen-2')!.state).toBe('done');
    expect(w.s.lanes).toEqual([]);
    await cancelRenderWith(w.deps, 'gen-1');
    await cancelRenderWith(w.deps, 'gen-1');
    expect(job(w.s).state).toBe('done');
    expect(w.s.slots.get('engine')).toBe(0);
    expect(w.invoked.map((e) => e.generationId)).toEqual(['gen-1']);
  });

  it('reports a result with the job’s current task token: the look completed and counted once, its slot freed once', async () => {
    const w = await aBegunJob();
    const asTheWorkerReadIt = job(w.s);
    w.s.jobs.set('gen-1', { ...job(w.s), taskToken: 'token-resumed' }); // a resumed execution's enqueue meanwhile
    const gen = aGeneration({ resultKey: 'users/u1/generations/gen-1.jpg' });
    await reportResultWith(w.deps, asTheWorkerReadIt, gen, gen.resultKey!);
    await reportResultWith(w.deps, asTheWorkerReadIt, gen, gen.resultKey!); // the next attempt reports a stored result again
    expect(w.successes.map((r) => r.token)).toEqual(['token-resumed', 'token-resumed']);
    expect(w.s.completed).toEqual(['gen-1']);
    expect(w.s.styleUses).toEqual(['s1']);
    expect(w.s.slots.get('engine')).toBe(0);
  });
});

describe('leases, attempts and the fence', () => {
  it('a lease that runs out is retaken once, as the next attempt; one that has not is left alone', async () => {
    const w = await aBegunJob();
    const lease = leaseMs();
    expect(await sweepRenderLeasesWith(w.deps, at(lease - 1))).toEqual({ timedOut: 0, polled: 0 });
    expect(job(w.s).attempts).toBe(1);

    // two sweepers after the lease: one takes the step
    const after = at(lease + 1);
    await Promise.all([sweepRenderLeasesWith(w.deps, after), sweepRenderLeasesWith(w.deps, after)]);
    expect(job(w.s)).toMatchObject({ state: 'running', attempts: 2 });
    expect(job(w.s).leaseUntil).toBe(new Date(after.getTime() + startLeaseMs()).toISOString());
    expect(w.invoked.slice(1)).toEqual([{ generationId: 'gen-1', provider: 'engine', attempt: 2 }]);
    expect(w.failures).toEqual([]);
    expect(w.s.slots.get('engine')).toBe(1); // the slot stays with the job
  });

  it('stale workers stop at the fence: a late or repeated event of an attempt, never two runs of one', async () => {
    const w = await aBegunJob();
    // a second delivery of attempt 1's event
    expect(await beginAttemptWith(w.deps, { generationId: 'gen-1', provider: 'engine', attempt: 1 })).toEqual({
      outcome: 'stale',
    });
    // the job moves on (attempt 1's run died); attempt 1's late event stops, attempt 2 begins once
    w.clock.now = at(leaseMs() + 1);
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.timeout, 'late', w.clock.now)).toBe('retried');
    expect(await beginAttemptWith(w.deps, { generationId: 'gen-1', provider: 'engine', attempt: 1 })).toEqual({
      outcome: 'stale',
    });
    const second = await beginAttemptWith(w.deps, { generationId: 'gen-1', provider: 'engine', attempt: 2 });
    expect(second).toMatchObject({ job: { startedAttempt: 2 } });
    expect(await beginAttemptWith(w.deps, { generationId: 'gen-1', provider: 'engine', attempt: 2 })).toEqual({
      outcome: 'stale',
    });
    // an event for a job no longer running
    await failJobWith(w.deps, job(w.s), RENDER_ERRORS.rejected, 'no');
    expect(await beginAttemptWith(w.deps, { generationId: 'gen-1', provider: 'engine' })).toEqual({
      outcome: 'not-running',
    });
  });

  it('a live run is never replaced; a crashed run gives its lease back (only its own) and is retried at once', async () => {
    const w = await aBegunJob();
    w.clock.now = at(1000);
    // the failure destination of a render still running (its lease is live): refused
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.crashed, 'x', w.clock.now)).toBe('moved-on');
    expect(job(w.s).attempts).toBe(1);
    await endCrashedRunWith(w.deps, 'gen-1', 'run-other'); // not its run: nothing
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.crashed, 'x', w.clock.now)).toBe('moved-on');
    await endCrashedRunWith(w.deps, 'gen-1', w.runToken);
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.crashed, 'x', w.clock.now)).toBe('retried');
    expect(job(w.s).attempts).toBe(2);
    expect(w.invoked.slice(1)).toEqual([{ generationId: 'gen-1', provider: 'engine', attempt: 2 }]);
  });

  it('the attempts limit: the last attempt’s death fails the render once (one report, one slot freed), never a further attempt', async () => {
    const w = await aBegunJob();
    const limit = renderAttempts();
    let t = 0;
    for (let n = 1; n < limit; n++) {
      t += leaseMs() + 1;
      expect(await sweepRenderLeasesWith(w.deps, at(t))).toEqual({ timedOut: 0, polled: 0 });
      expect(job(w.s).attempts).toBe(n + 1);
      const begun = await beginAttemptWith(
        { ...w.deps, now: () => at(t) },
        {
          generationId: 'gen-1',
          provider: 'engine',
          attempt: n + 1,
        },
      );
      expect('job' in begun).toBe(true);
    }
    t += leaseMs() + 1;
    const sweeps = await Promise.all([sweepRenderLeasesWith(w.deps, at(t)), sweepRenderLeasesWith(w.deps, at(t))]);
    expect(sweeps.map((r) => r.timedOut).sort()).toEqual([0, 1]);
    expect(w.failures).toEqual([{ token: 'token-gen-1', error: RENDER_ERRORS.timeout }]);
    expect(job(w.s).state).toBe('done');
    expect(w.s.slots.get('engine')).toBe(0);
    expect(w.invoked.map((e) => e.attempt)).toEqual(Array.from({ length: limit }, (_, i) => i + 1));
    // a late failure report of the last attempt changes nothing
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.crashed, 'late', at(t))).toBe('moved-on');
    expect(w.failures).toHaveLength(1);
  });

  it('a resume after a stop renders every running job again without spending an attempt; a submitted one is polled', async () => {
    const w = await aBegunJob();
    enqueued(w.s, { generationId: 'gen-2', enqueuedAt: '2026-11-01T11:59:30.000Z' });
    await dispatchWith(w.deps, 'engine');
    w.s.jobs.set('gen-2', { ...w.s.jobs.get('gen-2')!, providerJobId: 'pred-1' });
    expect(await resumeOrphanedRendersWith(w.deps, at(1000))).toBe(2); // the begun run's lease is still live
    expect(job(w.s)).toMatchObject({ attempts: 2, freeAttempts: 1 });
    expect([...w.invoked.slice(2)].sort((a, b) => a.generationId.localeCompare(b.generationId))).toEqual([
      { generationId: 'gen-1', provider: 'engine', attempt: 2 },
      { generationId: 'gen-2', provider: 'engine', action: 'poll' },
    ]);
    // the resumed attempt is not counted: the limit still allows renderAttempts() attempts of the render
    let t = 1000;
    for (let n = 2; n <= renderAttempts(); n++) {
      t += leaseMs() + 1;
      expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.timeout, 'x', at(t))).toBe('retried');
    }
    t += leaseMs() + 1;
    expect(await retryOrFailWith(w.deps, job(w.s), RENDER_ERRORS.timeout, 'x', at(t))).toBe('failed');
  });
});
