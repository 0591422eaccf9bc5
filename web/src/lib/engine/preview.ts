/**
 * "Preview on me" (issue 25): the Fitly engine's try-on in the browser, on a photo the page already has, with no
 * credit spent and nothing sent anywhere. The engine runs in its Web Worker (./engine-worker.ts), loaded on the
 * first preview with its download's progress; the person photo and the garments are read there with GET (same
 * origin locally; CloudFront or CORS-enabled S3 in AWS). What is drawn is watermarked "Preview" and handed out as
 * a blob: URL, never uploaded.
 *
 * Warm-up: where the engine was used on this device before (its models are in the browser's cache), a page with
 * "Preview on me" reads the person photo and the page's look in the worker while the page is idle, and once per
 * worker draws it unseen so the engine's code is compiled (`warmPreview`): the first preview only draws, at the
 * speed of the next ones. It never downloads the models for that.
 */
import type { VariantOptions } from '@shared/engine/look/variants';
import { callEngine, EngineRefused, unexpected } from './engine-client';
import { engineFilesCached } from './engine-cache';
import type { EngineBackend, LoadProgress, PreviewGarment } from './engine-protocol';
import { MODEL_URLS } from './model-urls';

export type { EngineBackend, LoadProgress, PreviewGarment };
export { PREVIEW_MAX_SIDE } from './engine-protocol';

export interface PreviewEngine {
  backend: EngineBackend;
  /**
   * Read the photo at `url` (decoded and analysed once for every garment tried on it); `ahead` when it had been
   * read before (the page's warm-up, or an earlier look).
   */
  person(url: string): Promise<'ahead' | 'now'>;
  /** Fetch, decode and read `garments` ahead of their preview (the looks next to the one shown). */
  prefetch(garments: PreviewGarment[]): Promise<void>;
  /** The try-on on the photo at `person`, watermarked; `ms` is the engine's time (decode of the garments included). */
  render(
    person: string,
    garments: PreviewGarment[],
    variant?: VariantOptions,
  ): Promise<{ url: string; width: number; height: number; ms: number; timingsMs: Record<string, number> }>;
}

/** A refusal of the engine (no full body in the photo, no garment found), with its readable message. */
export class PreviewRefused extends Error {}

const refusalOf = (err: unknown) => (err instanceof EngineRefused ? new PreviewRefused(err.message) : err);

/** The engine for previews; `onProgress` follows the models' download (first use only) until it is ready. */
export async function loadPreviewEngine(onProgress: (p: LoadProgress) => void): Promise<PreviewEngine> {
  if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode images for a preview');
  const done = await callEngine({ op: 'load' }, onProgress);
  if (done.op !== 'load') return unexpected(done, 'load');
  return {
    backend: done.backend,
    async person(url) {
      const done = await callEngine({ op: 'person', url }).catch((err: unknown) => Promise.reject(refusalOf(err)));
      if (done.op !== 'person') return unexpected(done, 'person');
      return done.read;
    },
    async prefetch(garments) {
      await callEngine({ op: 'prefetch', garments }).catch(() => undefined);
    },
    async render(person, garments, variant) {
      const done = await callEngine({ op: 'render', person, garments, variant }).catch((err: unknown) =>
        Promise.reject(refusalOf(err)),
      );
      if (done.op !== 'render') return unexpected(done, 'render');
      const { blob, width, height, ms, timingsMs } = done.preview;
      return { url: URL.createObjectURL(blob), width, height, ms, timingsMs };
    },
  };
}

/** Where a warm-up is allowed: a Worker, and no data-saving preference. */
function mayWarm(): boolean {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return false;
  return !navigator.connection?.saveData;
}

/**
 * Whether the models are kept in this browser (the engine ran here before): asked of the engine's Cache Storage
 * alone (./engine-cache.ts). No request is made to find out (issue 39: the old `only-if-cached` fetch logged
 * ERR_CACHE_MISS on every style page of a browser that never ran the engine).
 */
export const modelsCached = (): Promise<boolean> => engineFilesCached(Object.values(MODEL_URLS));

/**
 * Read `person` and `garments` in the engine's worker ahead of a preview, when the engine's models are already
 * in this browser's cache; resolves `false` when it did nothing (not cached, not allowed, failed). A refusal is
 * left for the preview, which shows it.
 */
export async function warmPreview(person: string, garments: PreviewGarment[]): Promise<boolean> {
  if (!mayWarm() || !(await modelsCached())) return false;
  try {
    await callEngine({ op: 'warm', person, garments });
    return true;
  } catch {
    // not cached (EngineNotCached), refused (the preview will say so) or failed: the click does it as usual
    return false;
  }
}
