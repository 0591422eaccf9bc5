/**
 * "Preview on me" (issue 25): the Fitly engine's try-on in the browser, on a photo the page already has, with no
 * credit spent and nothing sent anywhere. The engine (TensorFlow.js, the two models, the shared engine code) is
 * the lazy chunk of ./browser-runtime.ts, loaded on the first preview with its download's progress; the person
 * photo and the garments are read with GET (same origin locally; CloudFront or CORS-enabled S3 in AWS) and
 * decoded here. What is drawn is watermarked "Preview" and handed out as a blob: URL, never uploaded.
 */
import { EngineRefusal } from '../../../../shared/engine/refusal';
import type { GarmentInput } from '../../../../shared/engine/try-on';
import type { EngineSlot } from '../../../../shared/engine/garment';
import type { VariantOptions } from '../../../../shared/engine/variants';
import type { RgbaImage } from '../../../../shared/engine/types';
import type { BrowserEngine, EngineBackend, LoadProgress } from './browser-runtime';
import { decodeImage as decode } from './decode';

export type { EngineBackend, LoadProgress };

/**
 * The longest side a preview is drawn at: enough for a phone's or a dialog's view, and the next garment stays
 * well under a second on a CPU (the server renders at up to 2048 px).
 */
export const PREVIEW_MAX_SIDE = 768;

export interface PreviewGarment {
  /** A URL the browser can GET (resolved: /media/..., a signed link, blob:). */
  url: string;
  slot: EngineSlot | null;
  source: GarmentInput['source'];
}

export interface PreviewEngine {
  backend: EngineBackend;
  /** The photo at `url`, decoded once for every garment tried on it. */
  person(url: string): Promise<RgbaImage>;
  /** Fetch, decode and read `garments` ahead of their preview (the looks next to the one shown). */
  prefetch(garments: PreviewGarment[]): Promise<void>;
  /** The try-on, watermarked; `ms` is the engine's time (decode of the garments included). */
  render(
    person: RgbaImage,
    garments: PreviewGarment[],
    variant?: VariantOptions,
  ): Promise<{ url: string; width: number; height: number; ms: number; timingsMs: Record<string, number> }>;
}

/** A refusal of the engine (no full body in the photo, no garment found), with its readable message. */
export class PreviewRefused extends Error {}

/**
 * GET an image (no cookies, no credentials: the URL itself is the permission) and decode it. Another origin (a
 * signed S3 link in AWS; the bucket's CORS allows the site's origins) is read past the HTTP cache: an <img> may
 * have cached the same URL without CORS headers (S3 adds them only when asked), and that copy would fail here.
 */
async function load(url: string, maxSide: number): Promise<RgbaImage> {
  const crossOrigin = new URL(url, location.href).origin !== location.origin;
  const res = await fetch(url, { credentials: 'omit', ...(crossOrigin ? { cache: 'no-store' as const } : {}) });
  if (!res.ok) throw new Error(`The image could not be read (${res.status})`);
  return decode(await res.blob(), maxSide);
}

/** The garment pictures, decoded once per URL while the dialog is open (flipping back costs nothing). */
const garmentCache = new Map<string, Promise<RgbaImage>>();
const GARMENT_CACHE_MAX = 24;

function garment(url: string): Promise<RgbaImage> {
  let p = garmentCache.get(url);
  if (!p) {
    // the engine draws product pictures at most 640 px: a larger decode is wasted
    p = load(url, 1024).catch((err: unknown) => {
      garmentCache.delete(url);
      throw err;
    });
    garmentCache.set(url, p);
    if (garmentCache.size > GARMENT_CACHE_MAX) garmentCache.delete(garmentCache.keys().next().value!);
  }
  return p;
}

/** The result on a canvas with the "Preview" marks: a diagonal word across it and a band that says what made it. */
function watermark(image: RgbaImage, backend: EngineBackend): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
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
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The preview could not be drawn'))), 'image/jpeg', 0.88),
  );
}

let loading: Promise<PreviewEngine> | undefined;
const listeners = new Set<(p: LoadProgress) => void>();

/**
 * The engine for previews, once per page; `onProgress` follows the models' download (first use only) until the
 * engine is ready.
 */
export async function loadPreviewEngine(onProgress: (p: LoadProgress) => void): Promise<PreviewEngine> {
  if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode images for a preview');
  listeners.add(onProgress);
  try {
    return await engineOnce();
  } finally {
    listeners.delete(onProgress);
  }
}

function engineOnce(): Promise<PreviewEngine> {
  loading ??= import('./browser-runtime')
    .then((m) => m.loadBrowserEngine((p) => listeners.forEach((l) => l(p))))
    .then((engine: BrowserEngine): PreviewEngine => {
      const people = new Map<string, Promise<RgbaImage>>();
      return {
        backend: engine.backend,
        person(url) {
          let p = people.get(url);
          if (!p) {
            p = load(url, PREVIEW_MAX_SIDE).catch((err: unknown) => {
              people.delete(url);
              throw err;
            });
            people.set(url, p);
          }
          return p;
        },
        async prefetch(garments) {
          const inputs = await Promise.all(
            garments.map(async (g) => ({ image: await garment(g.url), slot: g.slot, source: g.source })),
          ).catch(() => null);
          if (inputs) await engine.prepare(inputs);
        },
        async render(person, garments, variant) {
          const t0 = performance.now();
          const inputs: GarmentInput[] = await Promise.all(
            garments.map(async (g) => ({ image: await garment(g.url), slot: g.slot, source: g.source })),
          );
          const tDecoded = performance.now();
          let out: Awaited<ReturnType<BrowserEngine['tryOn']>>;
          try {
            out = await engine.tryOn(person, inputs, variant);
          } catch (err) {
            // the engine's refusals carry a readable message (what to fix)
            if (err instanceof EngineRefusal) throw new PreviewRefused(err.message);
            throw err;
          }
          const ms = Math.round(performance.now() - t0);
          const { image } = out;
          const blob = await watermark(image, engine.backend);
          const timingsMs = { garmentDecode: Math.round(tDecoded - t0), ...out.timingsMs };
          return { url: URL.createObjectURL(blob), width: image.width, height: image.height, ms, timingsMs };
        },
      };
    })
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}
