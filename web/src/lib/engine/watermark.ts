/**
 * The preview's marks (issue 25), drawn in the engine's worker: a diagonal "PREVIEW" across the try-on and a band
 * that says what made it. The result is a JPEG Blob: the page shows it from a blob: URL, never uploads it.
 */
import type { RgbaImage } from '@shared/engine/core/types';
import type { EngineBackend } from './browser-runtime';

export function watermark(image: RgbaImage, backend: EngineBackend): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas in this browser');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  const w = image.width;
  const h = image.height;
  ctx.save();
  ctx.translate(w / 2, h / 2);
  ctx.rotate(-Math.atan2(h, w));
  ctx.font = `700 ${Math.round(w * 0.2)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.strokeStyle = 'rgba(0,0,0,0.18)';
  ctx.lineWidth = Math.max(1, w * 0.004);
  ctx.fillText('PREVIEW', 0, 0);
  ctx.strokeText('PREVIEW', 0, 0);
  ctx.restore();
  const band = Math.max(18, Math.round(h * 0.045));
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillRect(0, h - band, w, band);
  ctx.fillStyle = '#fff';
  ctx.font = `600 ${Math.round(band * 0.5)}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  // the band's words fit its width (maxWidth squeezes them rather than cutting them off)
  ctx.fillText(`PREVIEW · made in your browser (${backend.toUpperCase()})`, band * 0.4, h - band / 2, w - band * 0.8);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
}
