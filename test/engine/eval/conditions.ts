/**
 * The photo conditions shops use for a product picture, applied to each drawn garment (./garments.ts): flat lay
 * on white, on light grey with a soft drop shadow, rotated, on a hanger, on a ghost mannequin, on transparency,
 * 200 px and 2,000 px. "A model wearing it" is made by the runner (./run.ts), which renders the garment's
 * cut-out onto a fixture person with the engine. Tests and scripts only.
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from '../../../shared/engine';
import { runCachedImage } from '../run-cache';
import { EVAL_GARMENTS, garmentSvg, type DrawnGarment } from './garments';

export const PHOTO_CONDITIONS = [
  'flat-white',
  'grey-shadow',
  'rotated',
  'hanger',
  'ghost-mannequin',
  'alpha',
  'small-200',
  'large-2000',
  'on-model',
] as const;
export type PhotoCondition = (typeof PHOTO_CONDITIONS)[number];

/** The conditions that exist for a garment: no hanger for shoes, no ghost mannequin for bottoms and shoes. */
export function conditionsFor(g: DrawnGarment): PhotoCondition[] {
  return PHOTO_CONDITIONS.filter((c) => {
    if (c === 'hanger') return g.slot !== 'shoes';
    if (c === 'ghost-mannequin') return g.slot !== 'shoes' && g.slot !== 'bottom';
    return true;
  });
}

/** The product photo's usual size (longest side). */
export const PRODUCT_SIZE = 900;

/** The rotation of the `rotated` condition: 5 to 15 degrees, either way, fixed per garment. */
export function rotationFor(g: DrawnGarment): number {
  const i = EVAL_GARMENTS.indexOf(g);
  const k = i < 0 ? 0 : i;
  return (5 + ((k * 4) % 11)) * (k % 2 ? -1 : 1);
}

export interface ProductPhoto {
  condition: PhotoCondition;
  image: RgbaImage;
  /** How it was encoded as a shop would serve it. */
  format: 'jpeg' | 'png';
  /** The rotation applied (degrees, clockwise), rotated only. */
  angle?: number;
}

async function toRgba(input: Sharp): Promise<RgbaImage> {
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const svgInput = (svg: string) => sharp(Buffer.from(svg));
/** Encoded as a shop's JPEG (quality 88) and decoded again: the compression is part of the picture. */
const asJpeg = async (img: Sharp) =>
  toRgba(sharp(await img.flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer()));

/** The garment's true cut-out: drawn on transparency, nothing else in the picture. */
export function cutout(g: DrawnGarment, size = PRODUCT_SIZE): Promise<RgbaImage> {
  return toRgba(svgInput(garmentSvg(g, { background: null, size })));
}

/**
 * The garment on light grey with a soft drop shadow down and to the right (blurred cut-out, 35% dark): a shadow
 * that a cut-out by colour takes for cloth.
 */
async function onGreyWithShadow(g: DrawnGarment): Promise<RgbaImage> {
  const cut = await cutout(g);
  const { width: W, height: H } = cut;
  const alpha = Buffer.alloc(W * H);
  for (let i = 0; i < W * H; i++) alpha[i] = cut.data[i * 4 + 3]!;
  const sigma = Math.max(4, W * 0.014);
  const blurred = await sharp(alpha, { raw: { width: W, height: H, channels: 1 } })
    .blur(sigma)
    .extractChannel(0) // one value a pixel (sharp's blur may hand back three channels of a grey image)
    .raw()
    .toBuffer();
  const dx = Math.round(W * 0.018);
  const dy = Math.round(H * 0.026);
  const grey = [226, 226, 228];
  const out = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      const sx = x - dx;
      const sy = y - dy;
      const sh = sx >= 0 && sy >= 0 && sx < W && sy < H ? (blurred[sy * W + sx]! / 255) * 0.35 : 0;
      const a = cut.data[o + 3]! / 255;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(cut.data[o + c]! * a + grey[c]! * (1 - sh) * (1 - a));
      out[o + 3] = 255;
    }
  }
  return asJpeg(sharp(out, { raw: { width: W, height: H, channels: 4 } }));
}

/** One product photo of the garment under one condition (all but on-model, which needs the engine: ./run.ts). */
export async function productPhoto(g: DrawnGarment, condition: PhotoCondition): Promise<ProductPhoto> {
  // the garment's data in the key too: a changed copy of a garment under the same id is another photo
  const key = `photo-${g.id}-${condition}-${createHash('sha1').update(JSON.stringify(g)).digest('hex').slice(0, 12)}`;
  const image = await runCachedImage(key, async () => (await drawProductPhoto(g, condition)).image);
  const format = condition === 'alpha' ? 'png' : 'jpeg';
  return condition === 'rotated' ? { condition, image, format, angle: rotationFor(g) } : { condition, image, format };
}

/** The photo drawn anew (`productPhoto` draws each once per test run: test/engine/run-cache.ts). */
export async function drawProductPhoto(g: DrawnGarment, condition: PhotoCondition): Promise<ProductPhoto> {
  const white = (o: Parameters<typeof garmentSvg>[1] = {}) =>
    asJpeg(svgInput(garmentSvg(g, { background: '#ffffff', size: PRODUCT_SIZE, ...o })));
  switch (condition) {
    case 'flat-white':
      return { condition, image: await white(), format: 'jpeg' };
    case 'grey-shadow':
      return { condition, image: await onGreyWithShadow(g), format: 'jpeg' };
    case 'rotated': {
      const angle = rotationFor(g);
      const flat = await svgInput(garmentSvg(g, { background: '#ffffff', size: PRODUCT_SIZE }))
        .png()
        .toBuffer();
      return {
        condition,
        image: await asJpeg(sharp(await sharp(flat).rotate(angle, { background: '#ffffff' }).png().toBuffer())),
        format: 'jpeg',
        angle,
      };
    }
    case 'hanger':
      return { condition, image: await white({ hanger: true }), format: 'jpeg' };
    case 'ghost-mannequin':
      return { condition, image: await white({ ghost: true }), format: 'jpeg' };
    case 'alpha':
      return {
        condition,
        image: await toRgba(
          sharp(
            await svgInput(garmentSvg(g, { background: null, size: PRODUCT_SIZE }))
              .png()
              .toBuffer(),
          ),
        ),
        format: 'png',
      };
    case 'small-200': {
      // a shop's 200 px picture is its photo scaled down, not drawn at 200 px: drawn that small, the twill
      // patterns' tiles (under a pixel) are dropped by the SVG renderer and the jeans, the coat and the jumpsuit
      // came out white
      const full = await svgInput(garmentSvg(g, { background: '#ffffff', size: PRODUCT_SIZE }))
        .png()
        .toBuffer();
      const meta = await sharp(full).metadata();
      const k = 200 / Math.max(meta.width ?? 1, meta.height ?? 1);
      const resized = sharp(full).resize(
        Math.max(1, Math.round((meta.width ?? 1) * k)),
        Math.max(1, Math.round((meta.height ?? 1) * k)),
        { kernel: 'lanczos3' },
      );
      return { condition, image: await asJpeg(sharp(await resized.png().toBuffer())), format: 'jpeg' };
    }
    case 'large-2000':
      return { condition, image: await white({ size: 2000 }), format: 'jpeg' };
    case 'on-model':
      throw new Error('on-model photos are made by rendering the garment onto a person (test/engine/eval/run.ts)');
  }
}
