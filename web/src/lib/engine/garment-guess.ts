/**
 * The engine's guess of a garment's slot (issue 39): the outline rule of shared/engine/garment/garment.ts (pure code, no
 * model: a lazy chunk of a few kB), run on the picture in the page at the size the API's own check uses. Null
 * when it cannot tell (no garment found, an accessory, no canvas in this browser): then the person says.
 */
import { GARMENT_SLOTS, type GarmentSlot } from '@shared/domain/outfit';
import { isOneOf } from '@shared/domain/one-of';
import { decodeImage } from './decode';

/** The side the outline is read at (as functions/generations/garment-check.ts). */
const GUESS_SIDE = 512;

export async function guessGarmentSlot(url: string, signal?: AbortSignal): Promise<GarmentSlot | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  try {
    const res = await fetch(url, { signal, credentials: 'omit' });
    if (!res.ok) return null;
    const image = await decodeImage(await res.blob(), GUESS_SIDE);
    const { detectGarment } = await import('@shared/engine/garment/garment');
    const { slot } = detectGarment(image);
    return isOneOf(GARMENT_SLOTS, slot) ? slot : null;
  } catch {
    return null;
  }
}
