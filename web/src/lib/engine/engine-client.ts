/**
 * The page's side of the engine's Web Worker (./engine-worker.ts): one worker per page, started on the first
 * request (a photo check, a preview, or a warm-up), answering requests by id. Progress of the models' download
 * reaches the request that waits on it. When the worker cannot start or dies, every waiting request fails (the
 * callers show "cannot run on this device"; the photo check leaves it to the server's checks) and the next
 * request starts a new worker.
 */
import type { EngineDone, EngineRequest, LoadProgress, PageMessage, WorkerMessage } from './engine-protocol';

/** The engine's refusal of a photo or a garment, with its readable message (what to fix). */
export class EngineRefused extends Error {}
/** A warm-up found the models missing from the browser's cache (nothing was downloaded). */
export class EngineNotCached extends Error {}

interface Pending {
  resolve: (done: EngineDone) => void;
  reject: (err: Error) => void;
  onProgress?: (p: LoadProgress) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string) {
  for (const p of pending.values()) p.reject(new Error(message));
  pending.clear();
  worker?.terminate();
  worker = undefined;
}

function start(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module', name: 'fitly-engine' });
  w.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const m = event.data;
    const p = pending.get(m.id);
    if (!p) return;
    if (m.kind === 'progress') {
      p.onProgress?.(m.progress);
      return;
    }
    pending.delete(m.id);
    if (m.kind === 'done') {
      p.resolve(m.done);
    } else if (m.kind === 'refused') p.reject(new EngineRefused(m.message));
    else p.reject(m.notCached ? new EngineNotCached(m.message) : new Error(m.message));
  });
  // the worker's script did not load or the worker crashed (out of memory): nothing it held is left
  w.addEventListener('error', (event) => failAll(event.message || 'The preview engine stopped'));
  w.addEventListener('messageerror', () => failAll('The preview engine sent a message that could not be read'));
  worker = w;
  return w;
}

/** Send `request` to the engine; `onProgress` follows the models' download while it waits on it. */
export function callEngine(request: EngineRequest, onProgress?: (p: LoadProgress) => void): Promise<EngineDone> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function')
    return Promise.reject(
      new Error('This browser cannot run the engine in the background (no Worker or OffscreenCanvas)'),
    );
  return new Promise<EngineDone>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    try {
      const message: PageMessage = { id, request };
      start().postMessage(message);
    } catch (err) {
      pending.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** A reply of the wrong kind (a bug): said plainly rather than cast. */
export function unexpected(done: EngineDone, wanted: EngineDone['op']): never {
  throw new Error(`The engine answered '${done.op}' to a '${wanted}' request`);
}
