/**
 * A picture's pixels (RGBA), fitted inside `maxSide`, for the engine (photo check, preview). Runs in the engine's
 * worker (no document there: an OffscreenCanvas).
 */
import type { RgbaImage } from '@shared/engine/core/types';

export async function decodeImage(blob: Blob, maxSide: number): Promise<RgbaImage> {
  const full = await createImageBitmap(blob);
  const k = Math.min(1, maxSide / Math.max(full.width, full.height));
  const width = Math.max(1, Math.round(full.width * k));
  const height = Math.max(1, Math.round(full.height * k));
  let bitmap = full;
  if (k < 1) {
    bitmap = await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
    full.close();
  }
  const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas in this browser');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}
