/**
 * The check of a person photo when it is picked (issue 26): the Fitly engine in the browser runs the photo
 * profile's rules on it (shared/engine: `checkFullBody` for the full-body photo, `checkPortrait` for the
 * portrait) before anything is uploaded. The engine (TensorFlow.js and the models, about 14 MB) is a lazy chunk
 * loaded on the first check, with its download's progress; when it cannot load or run (no WebGL and no WASM, a
 * network error) the photo is not refused here: `unavailable`, and the server's own checks still apply.
 */
import type { LoadProgress } from './browser-runtime';
import { decodeImage } from './decode';

export type { LoadProgress };

export type PhotoCheck =
  | { status: 'ok'; backend: string; ms: number }
  | { status: 'refused'; message: string; backend: string; ms: number }
  | { status: 'unavailable'; reason: string };

/** The server stores person photos at most this long on their longest side; the check sees the same pixels. */
const CHECK_MAX_SIDE = 2048;

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
      decodeImage(file, CHECK_MAX_SIDE),
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
