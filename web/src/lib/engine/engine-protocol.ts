/**
 * The messages between the page and the engine's Web Worker (./engine-worker.ts, through ./engine-client.ts):
 * the Fitly engine (TensorFlow.js, the models, the try-on) runs off the page's thread, so loading it, reading a
 * photo and trying garments on never block scrolling or typing. Only URLs, pictures the page already holds
 * (Blobs) and the results cross; nothing here goes to a server.
 */
import type { GarmentInput } from '@shared/engine/try-on';
import type { EngineSlot } from '@shared/engine/garment/garment';
import type { VariantOptions } from '@shared/engine/look/variants';

/** Bytes of the models fetched so far, of `total` (0 while a response's length is unknown). */
export type LoadProgress = { loaded: number; total: number };

export type EngineBackend = 'webgl' | 'wasm';

/** A warm-up's load found a model file missing from the browser's cache (it never downloads one). */
export class NotCached extends Error {}

/**
 * The longest side a preview is drawn at: enough for a phone's or a dialog's view, and the next garment stays
 * well under a second on a CPU (the server renders at up to 2048 px).
 */
export const PREVIEW_MAX_SIDE = 768;
/** The server stores person photos at most this long on their longest side; the check sees the same pixels. */
export const CHECK_MAX_SIDE = 2048;

export interface PreviewGarment {
  /** A URL the engine can GET (resolved: /media/..., a signed link, blob:). */
  url: string;
  slot: EngineSlot | null;
  source: GarmentInput['source'];
}

export type CheckVerdict = { ok: true } | { ok: false; message: string };

export interface RenderedPreview {
  /** The try-on, watermarked "Preview" (JPEG). */
  blob: Blob;
  width: number;
  height: number;
  /** The engine's time for this look (decode of the garments included). */
  ms: number;
  timingsMs: Record<string, number>;
}

/** What the page asks of the engine's worker (all but `warm` are asked by the person: they may download the models). */
export type EngineRequest =
  | { op: 'load' }
  | { op: 'check'; image: Blob; kind: 'portrait' | 'full-body' }
  | { op: 'person'; url: string }
  | { op: 'prefetch'; garments: PreviewGarment[] }
  | { op: 'render'; person: string; garments: PreviewGarment[]; variant?: VariantOptions }
  /**
   * The page's warm-up, a read the person did not ask for (the page is idle, the engine was used on this device
   * before): the models come from the browser's cache or it fails with `not-cached`, never downloading them. It
   * reads the person and the garments and, the first time in this worker, draws them once unseen, so the engine's
   * own code is compiled before the first preview it draws.
   */
  | { op: 'warm'; person: string; garments: PreviewGarment[] };

/** What each request answers when it succeeds (ms: the engine's own time for it). */
export type EngineDone =
  | { op: 'load'; backend: EngineBackend }
  | { op: 'check'; backend: EngineBackend; verdict: CheckVerdict; ms: number }
  /** ahead: the photo had been read before this request (a warm-up or an earlier look); now: read for it */
  | { op: 'person'; backend: EngineBackend; ms: number; read: 'ahead' | 'now' }
  | { op: 'prefetch' }
  | { op: 'warm'; backend: EngineBackend; ms: number }
  | { op: 'render'; backend: EngineBackend; preview: RenderedPreview };

export type WorkerMessage =
  | { id: number; kind: 'progress'; progress: LoadProgress }
  | { id: number; kind: 'done'; done: EngineDone }
  /** The engine's refusal (no full body in the photo, no garment found), with its readable message. */
  | { id: number; kind: 'refused'; message: string }
  | { id: number; kind: 'failed'; message: string; notCached: boolean };

export type PageMessage = { id: number; request: EngineRequest };
