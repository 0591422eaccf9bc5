/**
 * The Fitly engine's Web Worker (started by ./engine-client.ts on the first photo check or preview): TensorFlow.js,
 * the models and the try-on run here, off the page's thread. It keeps, for as long as the page lives, what it
 * has read: the person photos (decoded, analysed, their Scene) and the garment pictures (decoded and read), so a
 * preview after a warm-up or a flip to the next look only places, warps and composites.
 * The engine itself is the lazy chunk ./browser-runtime.ts (its file name is what the tests and the bytes report
 * look for).
 */
import { EngineRefusal } from '@shared/engine/checks/refusal';
import type { GarmentInput } from '@shared/engine/try-on';
import type { RgbaImage } from '@shared/engine/core/types';
import type { BrowserEngine } from './browser-runtime';
import type { ModelFetch } from './model-fetch';
import { decodeImage } from './decode';
import {
  CHECK_MAX_SIDE,
  NotCached,
  PREVIEW_MAX_SIDE,
  type LoadProgress,
  type EngineDone,
  type EngineRequest,
  type PageMessage,
  type PreviewGarment,
  type WorkerMessage,
} from './engine-protocol';
import { watermark } from './watermark';

const post = (message: WorkerMessage) => self.postMessage(message);

/** Every request waiting on the engine's load follows its download. */
const listeners = new Set<(p: LoadProgress) => void>();

async function loadEngine(mode: ModelFetch): Promise<BrowserEngine> {
  const runtime = await import('./browser-runtime');
  try {
    return await runtime.loadBrowserEngine((p) => listeners.forEach((l) => l(p)), mode);
  } catch (err) {
    // a warm-up's cached-only load found the models missing: a request the person made downloads them
    if (err instanceof NotCached && mode === 'network')
      return runtime.loadBrowserEngine((p) => listeners.forEach((l) => l(p)), mode);
    throw err;
  }
}

/**
 * GET an image (no cookies, no credentials: the URL itself is the permission) and decode it. Another origin (a
 * signed S3 link in AWS; the bucket's CORS allows the site's origins) is read past the HTTP cache: an <img> may
 * have cached the same URL without CORS headers (S3 adds them only when asked), and that copy would fail here.
 */
async function load(url: string, maxSide: number): Promise<RgbaImage> {
  const crossOrigin = new URL(url, self.location.href).origin !== self.location.origin;
  const res = await fetch(url, { credentials: 'omit', ...(crossOrigin ? { cache: 'no-store' as const } : {}) });
  if (!res.ok) throw new Error(`The image could not be read (${res.status})`);
  return decodeImage(await res.blob(), maxSide);
}

/** Person photos by URL: decoded once, read once (a warm-up and the click share the one reading). */
const people = new Map<string, { image: Promise<RgbaImage>; read?: Promise<void> }>();

function person(url: string): Promise<RgbaImage> {
  let p = people.get(url);
  if (!p) {
    p = { image: load(url, PREVIEW_MAX_SIDE) };
    p.image.catch(() => people.delete(url));
    people.set(url, p);
  }
  return p.image;
}

async function readPerson(engine: BrowserEngine, url: string): Promise<void> {
  const image = await person(url);
  const p = people.get(url);
  if (!p) return;
  p.read ??= engine.read(image).catch((err: unknown) => {
    p.read = undefined;
    throw err;
  });
  await p.read;
}

/** The garment pictures, decoded once per URL (flipping back costs nothing); the oldest dropped past 24. */
const garmentImages = new Map<string, Promise<RgbaImage>>();
const GARMENT_CACHE_MAX = 24;

function garment(url: string): Promise<RgbaImage> {
  let p = garmentImages.get(url);
  if (!p) {
    // the engine draws product pictures at most 640 px: a larger decode is wasted
    p = load(url, 1024);
    p.catch(() => garmentImages.delete(url));
    garmentImages.set(url, p);
    if (garmentImages.size > GARMENT_CACHE_MAX) garmentImages.delete(garmentImages.keys().next().value!);
  }
  return p;
}

const inputsOf = (garments: PreviewGarment[]): Promise<GarmentInput[]> =>
  Promise.all(garments.map(async (g) => ({ image: await garment(g.url), slot: g.slot, source: g.source })));

/** Whether a try-on has run in this worker (the engine's code is compiled). */
let drawn = false;
/** Whether the person asked for something (the dialog is open): the warm-up then leaves the CPU to it. */
let asked = false;

async function handle(request: EngineRequest): Promise<EngineDone> {
  if (request.op !== 'warm') asked = true;
  switch (request.op) {
    case 'load': {
      const engine = await loadEngine('network');
      return { op: 'load', backend: engine.backend };
    }
    case 'check': {
      const [image, engine] = await Promise.all([decodeImage(request.image, CHECK_MAX_SIDE), loadEngine('network')]);
      const t0 = performance.now();
      const verdict = await engine.check(image, request.kind);
      return { op: 'check', backend: engine.backend, verdict, ms: Math.round(performance.now() - t0) };
    }
    case 'person': {
      const engine = await loadEngine('network');
      const t0 = performance.now();
      const read = people.get(request.url)?.read ? 'ahead' : 'now';
      await readPerson(engine, request.url);
      return { op: 'person', backend: engine.backend, ms: Math.round(performance.now() - t0), read };
    }
    case 'prefetch': {
      const engine = await loadEngine('network');
      const inputs = await inputsOf(request.garments).catch(() => null);
      if (inputs) await engine.prepare(inputs);
      return { op: 'prefetch' };
    }
    case 'warm': {
      const engine = await loadEngine('cached-only');
      const t0 = performance.now();
      await readPerson(engine, request.person);
      const inputs = await inputsOf(request.garments);
      await engine.prepare(inputs);
      if (!drawn && !asked) {
        // unseen and dropped: V8 compiles the placement, warp, fill and composite now rather than on the click
        // (a first draw runs 2-5x slower than the next); a refusal is left for the preview, which shows it
        await engine.tryOn(await person(request.person), inputs).then(
          () => (drawn = true),
          () => undefined,
        );
      }
      return { op: 'warm', backend: engine.backend, ms: Math.round(performance.now() - t0) };
    }
    case 'render': {
      const engine = await loadEngine('network');
      const image = await person(request.person);
      const t0 = performance.now();
      const inputs = await inputsOf(request.garments);
      const tDecoded = performance.now();
      const out = await engine.tryOn(image, inputs, request.variant);
      drawn = true;
      const ms = Math.round(performance.now() - t0);
      const blob = await watermark(out.image, engine.backend);
      return {
        op: 'render',
        backend: engine.backend,
        preview: {
          blob,
          width: out.image.width,
          height: out.image.height,
          ms,
          timingsMs: { garmentDecode: Math.round(tDecoded - t0), ...out.timingsMs },
        },
      };
    }
  }
}

self.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  const { id, request } = event.data;
  const onProgress = (progress: LoadProgress) => post({ id, kind: 'progress', progress });
  listeners.add(onProgress);
  handle(request)
    .then((done) => post({ id, kind: 'done', done }))
    .catch((err: unknown) => {
      if (err instanceof EngineRefusal) post({ id, kind: 'refused', message: err.message });
      else
        post({
          id,
          kind: 'failed',
          message: err instanceof Error ? err.message : String(err),
          notCached: err instanceof NotCached,
        });
    })
    .finally(() => listeners.delete(onProgress));
});
