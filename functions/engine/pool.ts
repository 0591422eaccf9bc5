/**
 * Where engine jobs run. In AWS (AWS_LAMBDA_FUNCTION_NAME set) every render is its own invocation of the render
 * worker function: the job runs in that process. Locally the whole stack is one Node process whose main thread
 * serves the API, so jobs run on a pool of worker threads (ENGINE_THREADS, default one per core, at most 4),
 * each loading the models once; a burst queues here and the API stays responsive. ENGINE_THREADS=0 runs jobs
 * in process (the bench's raw-engine baseline).
 *
 * Two lanes (issue 40, item 8): paid work (a look's render and its result's content check, the warm-up) and free
 * work (a photo's body check, an upload's content check). Paid work always goes first, and free work never holds
 * more than ENGINE_THREADS - 1 threads while there are several: a flood of free photo checks cannot keep a paid
 * look waiting for more than the one free job already running on its thread. A body check also takes a share
 * of the process's free-work budget (functions/lib/free-work.ts), with the API's free image work.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ImageCheckKind, ModerationVerdict } from '../../shared/domain/content-safety';
import { runLocalClassifierWith } from '../lib/moderation';
import { freeWork } from '../lib/free-work';
import type { EngineJob, EngineJobResult } from './render-job';

export type Lane = 'paid' | 'free';

interface Slot {
  worker: Worker;
  busy: boolean;
  /** The lane of the job it runs (while busy). */
  lane: Lane;
}
/** A thread's work: a render or a check (./render-job.ts), its warm-up, or the local content classifier. */
export type PoolJob = EngineJob | { kind: 'warm'; prime: boolean } | { kind: 'moderate'; image: Uint8Array };
interface Pending {
  job: PoolJob;
  lane: Lane;
  resolve: (r: never) => void;
  reject: (e: Error) => void;
}

const slots: Slot[] = [];
/** Content checks handed to the threads so far (tests). */
export const poolMetrics = { moderations: 0 };
const waiting: Pending[] = [];

/** The lane of a job: a look's render is paid for; a photo's check is free work. */
export const laneOf = (job: PoolJob, kind?: ImageCheckKind): Lane =>
  job.kind === 'check-person' || (job.kind === 'moderate' && kind !== 'generation_result') ? 'free' : 'paid';

/** Most threads free work may hold at once: all but one when there are several. */
export const freeThreadCap = (threads: number): number => Math.max(1, threads - 1);

/**
 * The next job to start, given the threads already busy with free work: the first paid job, else the first free
 * one if free work is under its cap. Pure (tests): the index in `queue`, or -1 for none.
 */
export function nextJobIndex(queue: readonly { lane: Lane }[], busyFree: number, threads: number): number {
  const paid = queue.findIndex((p) => p.lane === 'paid');
  if (paid >= 0) return paid;
  return busyFree < freeThreadCap(threads) ? queue.findIndex((p) => p.lane === 'free') : -1;
}

export function engineThreadCount(env: Record<string, string | undefined> = process.env): number {
  if (env.AWS_LAMBDA_FUNCTION_NAME) return 0;
  const n = Number(env.ENGINE_THREADS);
  if (Number.isInteger(n) && n >= 0) return n;
  return Math.min(4, Math.max(1, os.availableParallelism()));
}

function spawn(): Slot {
  // The thread runs the TypeScript sources through tsx's API, like the local stack itself (tsx is a dev
  // dependency; deployed functions never take this path). `--import tsx` in execArgv does not reach worker
  // threads on Node 20, so the thread's first line loads it.
  const thread = new URL('./thread.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(thread)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, env: process.env },
  );
  const slot: Slot = { worker, busy: false, lane: 'paid' };
  worker.unref();
  worker.on('error', () => {
    // a crashed thread is replaced; its job was rejected by the exit handler
  });
  slots.push(slot);
  return slot;
}

function pump(): void {
  while (waiting.length) {
    const busyFree = slots.filter((s) => s.busy && s.lane === 'free').length;
    const i = nextJobIndex(waiting, busyFree, engineThreadCount());
    if (i < 0) return;
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < engineThreadCount()) slot = spawn();
    if (!slot) return;
    const [next] = waiting.splice(i, 1);
    run(slot, next!);
  }
}

function run(slot: Slot, p: Pending): void {
  slot.busy = true;
  slot.lane = p.lane;
  slot.worker.ref();
  const done = () => {
    slot.worker.off('message', onMessage);
    slot.worker.off('exit', onExit);
    slot.busy = false;
    slot.worker.unref();
    pump();
  };
  const onMessage = (msg: { result?: never; error?: { name: string; message: string } }) => {
    done();
    if (msg.result) p.resolve(msg.result);
    else
      p.reject(
        Object.assign(new Error(msg.error?.message ?? 'engine thread failed'), { name: msg.error?.name ?? 'Error' }),
      );
  };
  const onExit = (code: number) => {
    slots.splice(slots.indexOf(slot), 1);
    slot.busy = false;
    p.reject(new Error(`The engine thread exited (code ${code})`));
    pump();
  };
  slot.worker.on('message', onMessage);
  slot.worker.on('exit', onExit);
  slot.worker.postMessage(p.job);
}

/** Run one engine job: on the thread pool locally, in process in AWS (or with ENGINE_THREADS=0). */
export async function submitEngineJob(job: EngineJob): Promise<EngineJobResult> {
  if (engineThreadCount() === 0) {
    const { runEngineJob } = await import('./render-job');
    return runEngineJob(job);
  }
  const lane = laneOf(job);
  const enqueue = () =>
    new Promise<EngineJobResult>((resolve, reject) => {
      waiting.push({ job, lane, resolve, reject });
      pump();
    });
  // A photo's body check shares the process's budget for free work with the API's free image work
  // (functions/lib/free-work.ts): a flood of photo changes holds at most that much CPU, whichever part it is in.
  // (An upload's content check runs inside its API request, which already holds a share: it is not gated twice.)
  return lane === 'free' ? freeWork.run(enqueue) : enqueue();
}

/**
 * The local content classifier on a thread. A finished render's check is first in line: it does not wait behind
 * the renders queued after it (the look, its slot and its credit wait on that check); an upload's check is free
 * work, in its lane's order.
 */
function submitModeration(image: Buffer, kind?: ImageCheckKind): Promise<ModerationVerdict> {
  poolMetrics.moderations++;
  const job: PoolJob = { kind: 'moderate', image: new Uint8Array(image) };
  const lane = laneOf(job, kind);
  return new Promise<ModerationVerdict>((resolve, reject) => {
    const p: Pending = { job, lane, resolve, reject };
    if (lane === 'paid') waiting.unshift(p);
    else waiting.push(p);
    pump();
  });
}

/**
 * Start the threads and load their models now (the local stack warms up before it takes work); from then on
 * the local content classifier runs on them too. `prime`: also run each model on a blank crop
 * (primeEngineModels), so that a person's first look does not pay the models' first inferences either.
 */
export async function warmEnginePool({ prime = false }: { prime?: boolean } = {}): Promise<void> {
  const n = engineThreadCount();
  if (n > 0) runLocalClassifierWith(submitModeration);
  while (slots.length < n) spawn();
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<EngineJobResult>((resolve, reject) => {
          waiting.push({ job: { kind: 'warm', prime }, lane: 'paid', resolve, reject });
          pump();
        }),
    ),
  );
}

/** Stop every thread (tests, and the local stack's shutdown). */
export async function stopEnginePool(): Promise<void> {
  runLocalClassifierWith(null);
  await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
}
