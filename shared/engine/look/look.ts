/**
 * Creative looks without an AI provider: a procedural background behind the person (cut out by the mask with a
 * feathered edge) and a colour grade as per-channel curves. Raw templates with a background image: the person
 * cut out and placed on it. Honest: plain image processing, no imitation of generative AI.
 */
import type { ColorGrade, CreativeBackground } from '../../domain/creative-look';
import { newRgba, resizeGray, resizeRgba } from '../core/image-ops';
import type { GrayImage, RgbaImage } from '../core/types';
import { personMatte } from './matte';

type Rgb = [number, number, number];

/** 0 below e0, 1 above e1, smooth between: backgrounds have no straight seams (issue 38). */
const smooth = (e0: number, e1: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A procedural background: gradients and soft shapes, deterministic. */
export function drawBackground(
  kind: Exclude<CreativeBackground, 'original'>,
  width: number,
  height: number,
): RgbaImage {
  const out = newRgba(width, height);
  const d = out.data;
  const diag = Math.hypot(width, height);
  for (let y = 0; y < height; y++) {
    const v = y / Math.max(1, height - 1);
    for (let x = 0; x < width; x++) {
      const u = x / Math.max(1, width - 1);
      let c: Rgb;
      switch (kind) {
        case 'studio-white': {
          // a seamless paper sweep: light wall, a soft floor shadow, a vignette
          const r = Math.hypot(x - width / 2, y - height * 0.45) / diag;
          // the floor darkens smoothly where the paper curves (no crease line)
          const floor = smooth(0.72, 1, v) * (v - 0.72);
          const base = 248 - r * 40 - floor * 40;
          c = [base, base, base + 1];
          break;
        }
        case 'studio-grey': {
          const r = Math.hypot(x - width / 2, y - height * 0.4) / diag;
          const base = 168 - r * 90;
          c = [base, base + 2, base + 5];
          break;
        }
        case 'warm-gradient':
          c = mix([252, 214, 170], [214, 120, 98], v * 0.8 + u * 0.2);
          break;
        case 'cool-gradient':
          c = mix([200, 226, 246], [86, 110, 170], v * 0.8 + (1 - u) * 0.2);
          break;
        case 'sunset': {
          const sky = mix(mix([62, 70, 140], [240, 140, 90], smooth(0, 0.5, v)), [250, 205, 120], smooth(0.5, 0.7, v));
          // a soft sun (no hard rim) and a hazy horizon rather than a cut
          const sunD = Math.hypot(u - 0.72, v - 0.62) / 0.12;
          const sun = 1 - smooth(0.6, 1.25, sunD);
          const ground = mix([70, 50, 60], [40, 30, 40], smooth(0.7, 1, v));
          c = mix(mix(sky, [255, 236, 180], sun), ground, smooth(0.67, 0.76, v));
          break;
        }
        case 'night-city': {
          c = mix([14, 18, 40], [40, 30, 70], v);
          // blurred window lights: a deterministic grid of soft dots
          const gx = (u * 18) % 1;
          const gy = (v * 26) % 1;
          const cell = Math.floor(u * 18) * 31 + Math.floor(v * 26) * 17;
          // the lights fade in below the skyline instead of stopping at a line
          const on = (cell * 2654435761) % 7 < 2;
          const fade = smooth(0.22, 0.42, v);
          if (on && fade > 0) {
            const l = 1 - smooth(0, 0.45, Math.hypot(gx - 0.5, gy - 0.5));
            c = mix(c, cell % 3 === 0 ? [255, 200, 120] : [140, 190, 255], l * 0.8 * fade);
          }
          break;
        }
      }
      const o = (y * width + x) * 4;
      d[o] = c[0];
      d[o + 1] = c[1];
      d[o + 2] = c[2];
      d[o + 3] = 255;
    }
  }
  return out;
}

/** A 256-entry curve per channel for a grade. */
function gradeCurves(grade: ColorGrade): [Uint8Array, Uint8Array, Uint8Array] | null {
  if (grade === 'none' || grade === 'mono') return null;
  const curves: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(256), new Uint8Array(256), new Uint8Array(256)];
  for (let i = 0; i < 256; i++) {
    const v = i / 255;
    const s = v * v * (3 - 2 * v); // an S-curve
    let rgb: Rgb;
    switch (grade) {
      case 'warm':
        rgb = [v * 1.06 + 0.01, v * 1.01, v * 0.9];
        break;
      case 'cool':
        rgb = [v * 0.92, v * 1.0, v * 1.07 + 0.01];
        break;
      case 'vivid':
        rgb = [v + (s - v) * 0.6, v + (s - v) * 0.6, v + (s - v) * 0.6];
        break;
      case 'film':
        // lifted blacks, softened whites, warm shadows
        rgb = [0.08 + v * 0.86 + (1 - v) * 0.02, 0.06 + v * 0.86, 0.07 + v * 0.8];
        break;
      case 'soft':
        rgb = [0.06 + v * 0.88, 0.06 + v * 0.88, 0.07 + v * 0.87];
        break;
    }
    for (let c = 0; c < 3; c++) curves[c]![i] = Math.max(0, Math.min(255, Math.round((rgb[c] ?? 0) * 255)));
  }
  return curves;
}

function grade(image: RgbaImage, g: ColorGrade): void {
  const d = image.data;
  if (g === 'mono') {
    for (let o = 0; o < d.length; o += 4) {
      const l = 0.299 * (d[o] ?? 0) + 0.587 * (d[o + 1] ?? 0) + 0.114 * (d[o + 2] ?? 0);
      d[o] = Math.min(255, l * 1.02);
      d[o + 1] = l;
      d[o + 2] = l * 0.97;
    }
    return;
  }
  const curves = gradeCurves(g);
  if (!curves) return;
  const sat = g === 'vivid' ? 1.25 : g === 'soft' ? 0.88 : g === 'film' ? 0.9 : 1;
  for (let o = 0; o < d.length; o += 4) {
    let r = curves[0][d[o] ?? 0] ?? 0;
    let gg = curves[1][d[o + 1] ?? 0] ?? 0;
    let b = curves[2][d[o + 2] ?? 0] ?? 0;
    if (sat !== 1) {
      const l = 0.299 * r + 0.587 * gg + 0.114 * b;
      r = l + (r - l) * sat;
      gg = l + (gg - l) * sat;
      b = l + (b - l) * sat;
    }
    d[o] = r;
    d[o + 1] = gg;
    d[o + 2] = b;
  }
}

export function applyLook(
  image: RgbaImage,
  mask: GrayImage,
  look: { background: CreativeBackground; grade: ColorGrade },
  /** Where the engine drew garments (`TryOnResult.layers.garment`): the person too, past the photo's outline. */
  drawn?: GrayImage,
): RgbaImage {
  const { width, height } = image;
  const out = newRgba(width, height);
  out.data.set(image.data);
  if (look.background !== 'original') {
    const bg = drawBackground(look.background, width, height);
    // the person by a colour matte that keeps loose hair without the old background in it (matte.ts)
    const { alpha: a, fg } = drawn ? personMatte(image, withGarments(mask, drawn), drawn) : personMatte(image, mask);
    const d = out.data;
    for (let i = 0; i < a.length; i++) {
      const t = a[i] ?? 0;
      const o = i * 4;
      d[o] = (fg[i * 3] ?? 0) * t + (bg.data[o] ?? 0) * (1 - t);
      d[o + 1] = (fg[i * 3 + 1] ?? 0) * t + (bg.data[o + 1] ?? 0) * (1 - t);
      d[o + 2] = (fg[i * 3 + 2] ?? 0) * t + (bg.data[o + 2] ?? 0) * (1 - t);
      d[o + 3] = 255;
    }
  }
  grade(out, look.grade);
  return out;
}

/**
 * The dressed person's mask for a look: the photo's person mask (at any size) at the garment map's size, with the
 * garments' coverage added (a sleeve or a hem drawn past the old outline is the person, not a soft edge the matte
 * blends with the old backdrop).
 */
export function withGarments(mask: GrayImage, garment: GrayImage): GrayImage {
  const { width, height } = garment;
  const m = mask.width === width && mask.height === height ? mask : resizeGray(mask, width, height);
  const out: GrayImage = { width, height, data: new Uint8Array(width * height) };
  for (let i = 0; i < out.data.length; i++) out.data[i] = Math.max(m.data[i] ?? 0, garment.data[i] ?? 0);
  return out;
}

/**
 * Raw templates with a background image: the person cut out by the mask and placed on the background, scaled to
 * about 80% of its height, feet near the bottom, centred; the background keeps its own size.
 */
export function placeOnBackground(
  person: RgbaImage,
  mask: GrayImage,
  background: RgbaImage,
  /** Where the engine drew garments (`TryOnResult.layers.garment`): the person too, past the photo's outline. */
  drawn?: GrayImage,
): RgbaImage {
  const m = drawn
    ? withGarments(mask, drawn)
    : mask.width === person.width && mask.height === person.height
      ? mask
      : resizeGray(mask, person.width, person.height);
  let x0 = person.width;
  let y0 = person.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < person.height; y++) {
    for (let x = 0; x < person.width; x++) {
      if ((m.data[y * person.width + x] ?? 0) < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  const out = newRgba(background.width, background.height);
  out.data.set(background.data);
  if (x1 < x0) return out;
  const bw = background.width;
  const bh = background.height;
  const ph = y1 - y0 + 1;
  const s = Math.min((bh * 0.8) / ph, (bw * 0.9) / (x1 - x0 + 1));
  const tw = Math.max(1, Math.round(person.width * s));
  const th = Math.max(1, Math.round(person.height * s));
  // the person by the colour matte (matte.ts), at the photo's size, then scaled with its coverage
  const matte = personMatte(person, m, drawn);
  const cut = newRgba(person.width, person.height);
  for (let i = 0; i < matte.alpha.length; i++) {
    cut.data[i * 4] = matte.fg[i * 3] ?? 0;
    cut.data[i * 4 + 1] = matte.fg[i * 3 + 1] ?? 0;
    cut.data[i * 4 + 2] = matte.fg[i * 3 + 2] ?? 0;
    cut.data[i * 4 + 3] = Math.round((matte.alpha[i] ?? 0) * 255);
  }
  const scaled = resizeRgba(cut, tw, th);
  const a = new Float32Array(tw * th);
  for (let i = 0; i < a.length; i++) a[i] = (scaled.data[i * 4 + 3] ?? 0) / 255;
  // feet at 95% of the height, the body's centre at the middle
  const offX = Math.round(bw / 2 - ((x0 + x1) / 2) * s);
  const offY = Math.round(bh * 0.95 - (y1 + 1) * s);
  for (let y = 0; y < th; y++) {
    const ty = y + offY;
    if (ty < 0 || ty >= bh) continue;
    for (let x = 0; x < tw; x++) {
      const tx = x + offX;
      if (tx < 0 || tx >= bw) continue;
      const t = a[y * tw + x] ?? 0;
      if (t <= 0) continue;
      const o = (ty * bw + tx) * 4;
      const q = (y * tw + x) * 4;
      for (let c = 0; c < 3; c++) out.data[o + c] = (out.data[o + c] ?? 0) * (1 - t) + (scaled.data[q + c] ?? 0) * t;
      out.data[o + 3] = 255;
    }
  }
  return out;
}
