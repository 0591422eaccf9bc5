/**
 * The check of a person photo when it is picked (issue 26): the Fitly engine in the browser runs the photo
 * profile's rules on it (shared/engine: `checkFullBody` for the full-body photo, `checkPortrait` for the
 * portrait) before anything is uploaded. The engine (TensorFlow.js and the models, about 14 MB) runs in its Web
 * Worker (./engine-client.ts), loaded on the first check with its download's progress; when it cannot load or run
 * (no Worker, no WebGL and no WASM, a network error) the photo is not refused here: `unavailable`, and the
 * server's own checks still apply.
 */
import { callEngine, unexpected } from './engine-client';
import type { LoadProgress } from './engine-protocol';

export type { LoadProgress };

export type PhotoCheck =
  | { status: 'ok'; backend: string; ms: number }
  | { status: 'refused'; message: string; backend: string; ms: number }
  | { status: 'unavailable'; reason: string };

/** Run the rule of `kind` on the picked photo; `onProgress` follows the engine's download (first use only). */
export async function checkPersonPhoto(
  file: Blob,
  kind: 'portrait' | 'full-body',
  onProgress: (p: LoadProgress) => void,
): Promise<PhotoCheck> {
  if (typeof createImageBitmap !== 'function') return { status: 'unavailable', reason: 'no createImageBitmap' };
  try {
    const done = await callEngine({ op: 'check', image: file, kind }, onProgress);
    if (done.op !== 'check') return unexpected(done, 'check');
    const { verdict, backend, ms } = done;
    return verdict.ok ? { status: 'ok', backend, ms } : { status: 'refused', message: verdict.message, backend, ms };
  } catch (err) {
    return { status: 'unavailable', reason: err instanceof Error ? err.message : String(err) };
  }
}
