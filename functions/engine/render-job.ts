/**
 * One Fitly engine job in Node: decode the images (sharp), run the engine (shared/engine) with the Node model
 * runtime, encode the result. Runs inside a worker thread locally (./pool.ts) and in the render worker Lambda
 * itself in AWS. Refusals come back as data ({ refused: { code, message } }), never as a thrown error, so
 * they cross a thread boundary intact.
 */
import {
  applyLook,
  checkFullBody,
  EngineRefusal,
  GARMENT_MAX,
  placeOnBackground,
  tryOn,
  variantFor,
  type EngineSlot,
  type GarmentInput,
} from '../../shared/engine';
import type { VariantOptions } from '../../shared/engine/look/variants';
import type { GrayImage, RgbaImage } from '../../shared/engine/core/types';
import type { CreativeLook } from '../../shared/domain/creative-look';
import { loadSharp } from '../lib/sharp-loader';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

/** The largest side the engine composites at (uploads are at most 2048 px: their own resolution is kept). */
const MAX_SIDE = 2048;

export interface EngineGarment {
  bytes: Uint8Array;
  slot: EngineSlot | null;
  source: GarmentInput['source'];
}

export type EngineJob =
  | {
      kind: 'render';
      person: Uint8Array;
      garments: EngineGarment[];
      /** How many images (variants): variantFor(0..n-1). */
      samples: number;
      /** The fit of the chosen size (issue 39): multiplies each variant's width and length (variant 0 = the preview). */
      fit?: { ease: number; length: number } | null;
      /** Creative without an AI provider: a background and a colour grade after the try-on. */
      look: CreativeLook | null;
      /** Raw templates: the person cut out and placed on this image. */
      background: Uint8Array | null;
    }
  | { kind: 'check-person'; image: Uint8Array };

export type EngineRefused = { code: EngineRefusal['code']; message: string };

export type EngineJobResult =
  | { ok: true; images: Uint8Array[]; timingsMs: Record<string, number> }
  | { ok: true; check: 'ok' }
  | { ok: false; refused: EngineRefused };

/**
 * An image as RGBA, at most `maxSide` px (a garment: GARMENT_MAX, the size the engine draws it from, so libvips
 * scales it here, off this thread, and the engine's own resampling in JS has nothing left to do).
 */
async function decode(bytes: Uint8Array, maxSide = MAX_SIDE): Promise<RgbaImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function encode(image: RgbaImage): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: 90, mozjpeg: false })
    .toBuffer();
}

/** A variant drawn at a size's fit (the preview draws variant 0 with exactly this fit). */
function fitted(v: VariantOptions, fit: { ease: number; length: number } | null): VariantOptions {
  return fit ? { ...v, ease: v.ease * fit.ease, length: v.length * fit.length } : v;
}

export async function runEngineJob(job: EngineJob): Promise<EngineJobResult> {
  // Every job reads the person with the models: their load (CPU on this thread) starts now and overlaps the
  // images' decoding (sharp, on libuv's threads). A load that fails is tried again, and reported, by the analysis.
  warmEngineModels().catch(() => undefined);
  try {
    if (job.kind === 'check-person') {
      const analysis = await nodeModelRuntime.analyzePerson(await decode(job.image));
      const verdict = checkFullBody(analysis);
      return verdict.ok
        ? { ok: true, check: 'ok' }
        : { ok: false, refused: { code: verdict.code, message: verdict.message } };
    }
    const t0 = performance.now();
    const [person, background, ...decoded] = await Promise.all([
      decode(job.person),
      job.background ? decode(job.background) : null,
      ...job.garments.map((g) => decode(g.bytes, GARMENT_MAX)),
    ]);
    const garments: GarmentInput[] = job.garments.map((g, i) => ({
      image: decoded[i]!,
      slot: g.slot,
      source: g.source,
    }));
    const timingsMs: Record<string, number> = { decode: performance.now() - t0 };
    const images: Uint8Array[] = [];
    let analysis: Awaited<ReturnType<typeof tryOn>>['analysis'] | undefined;
    // the variants dress one photo: what is read of it (and of the garments) is read once
    const cache = { prepared: new WeakMap(), scenes: new WeakMap() };
    for (let i = 0; i < Math.max(1, job.samples); i++) {
      const t = performance.now();
      let image: RgbaImage;
      // where garments were drawn: the person too for a look's matte (a sleeve past the photo's outline, a grey
      // sleeve before a grey wall), not a soft edge blended with the backdrop
      let drawn: GrayImage | undefined;
      if (garments.length) {
        const out = await tryOn(nodeModelRuntime, person, garments, {
          variant: fitted(variantFor(i), job.fit ?? null),
          analysis,
          ...cache,
        });
        analysis = out.analysis;
        image = out.image;
        drawn = out.layers.garment;
        for (const [k, v] of Object.entries(out.timingsMs)) timingsMs[k] = (timingsMs[k] ?? 0) + v;
      } else {
        analysis ??= await nodeModelRuntime.analyzePerson(person);
        const verdict = checkFullBody(analysis);
        if (!verdict.ok) throw new EngineRefusal(verdict.code, verdict.message);
        image = person;
      }
      if (background) image = placeOnBackground(image, analysis!.mask, background, drawn);
      else if (job.look) image = applyLook(image, analysis!.mask, job.look, drawn);
      const te = performance.now();
      images.push(await encode(image));
      timingsMs.render = (timingsMs.render ?? 0) + (te - t);
      timingsMs.encode = (timingsMs.encode ?? 0) + (performance.now() - te);
    }
    return { ok: true, images, timingsMs };
  } catch (err) {
    if (err instanceof EngineRefusal) return { ok: false, refused: { code: err.code, message: err.message } };
    throw err;
  }
}
