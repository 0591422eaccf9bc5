/**
 * The check of a person photo when it is picked (issue 26): the Fitly engine in the browser runs the photo
 * profile's rules on it (shared/engine: `checkFullBody` for the full-body photo, `checkPortrait` for the
 * portrait) before anything is uploaded. The engine (TensorFlow.js and the models, about 14 MB) is a lazy chunk
 * loaded on the first check, with its download's progress; when it cannot load or run (no WebGL and no WASM, a
 * network error) the photo is not refused here: `unavailable`, and the server's own checks still apply.
 */
import type { LoadProgress } from './browser-runtime';

export type { LoadProgress };

export type PhotoCheck =
  | { status: 'ok'; backend: string; ms: number }
  | { status: 'refused'; message: string; backend: string; ms: number }
  | { status: 'unavailable'; reason: string };

/** The server stores person photos at most this long on their longest side; the check sees the same pixels. */
const CHECK_MAX_SIDE = 2048;

/** The picked file's pixels (RGBA), fitted inside CHECK_MAX_SIDE, decoded off the main thread. */
async function decode(file: Blob) {
  const full = await createImageBitmap(file);
  const k = Math.min(1, CHECK_MAX_SIDE / Math.max(full.width, full.height));
  const width = Math.max(1, Math.round(full.width * k));
  const height = Math.max(1, Math.round(full.height * k));
  let bitmap = full;
  if (k < 1) {
    bitmap = await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
    full.close();
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas in this browser');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, width, height);
  return { width, height, data };
}

const listeners = new Set<(p: LoadProgress) => void>();

/** Run the rule of `kind` on the picked photo; `onProgress` follows the engine's download (first use only). */
export async function checkPersonPhoto(
  file: Blob,
  kind: 'portrait' | 'full-body',
  onProgress: (p: LoadProgress) => void,
): Promise<PhotoCheck> {
  if (typeof createImageBitmap !== 'function') return { status: 'unavailable', reason: 'no createImageBitmap' };
  listeners.add(onProgress);
  try {
    const [image, engine] = await Promise.all([
      decode(file),
      import('./browser-runtime').then((m) => m.loadBrowserEngine((p) => listeners.forEach((l) => l(p)))),
    ]);
    const t0 = performance.now();
    const verdict = await engine.check(image, kind);
    const ms = Math.round(performance.now() - t0);
    return verdict.ok
      ? { status: 'ok', backend: engine.backend, ms }
      : { status: 'refused', message: verdict.message, backend: engine.backend, ms };
  } catch (err) {
    return { status: 'unavailable', reason: err instanceof Error ? err.message : String(err) };
  } finally {
    listeners.delete(onProgress);
  }
}
