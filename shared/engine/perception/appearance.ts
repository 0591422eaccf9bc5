/**
 * What the photo tells about the person's look: a skin colour model sampled on the face, the hair region
 * (grown from the top of the head through hair-coloured pixels), and the photo's low-passed light.
 */
import type { Body } from './body';
import { gaussianish, newGray, resizeGray } from '../core/image-ops';
import type { GrayImage, RgbaImage } from '../core/types';
import { at } from '../core/pixels';

export interface SkinModel {
  /** Chroma (r/sum, g/sum) mean and spread, luminance range. */
  cr: number;
  cg: number;
  spread: number;
  lumMin: number;
  lumMax: number;
}

export function skinModel(image: RgbaImage, body: Body): SkinModel {
  const { width: w, height: h, data: d } = image;
  const r = Math.max(2, Math.round(body.span * 0.07));
  const cx = Math.round(body.face.x);
  const cy = Math.round(body.face.y + body.span * 0.06);
  let n = 0;
  let sr = 0;
  let sg = 0;
  const crs: number[] = [];
  const cgs: number[] = [];
  const lums: number[] = [];
  for (let y = Math.max(0, cy - r); y < Math.min(h, cy + r); y++) {
    for (let x = Math.max(0, cx - r); x < Math.min(w, cx + r); x++) {
      const o = (y * w + x) * 4;
      const s = (d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0) + 1;
      crs.push((d[o] ?? 0) / s);
      cgs.push((d[o + 1] ?? 0) / s);
      lums.push(s / 3);
      sr += (d[o] ?? 0) / s;
      sg += (d[o + 1] ?? 0) / s;
      n++;
    }
  }
  if (!n) return { cr: 0.45, cg: 0.32, spread: 0.03, lumMin: 40, lumMax: 255 };
  const mr = sr / n;
  const mg = sg / n;
  let v = 0;
  for (let i = 0; i < n; i++) v += ((crs[i] ?? 0) - mr) ** 2 + ((cgs[i] ?? 0) - mg) ** 2;
  const spread = Math.min(0.045, Math.max(0.018, Math.sqrt(v / n) * 2.2));
  lums.sort((a, b) => a - b);
  return {
    cr: mr,
    cg: mg,
    spread,
    lumMin: Math.max(15, at(lums, Math.floor(n * 0.05)) * 0.45),
    lumMax: Math.min(255, at(lums, Math.floor(n * 0.95)) * 1.45 + 10),
  };
}

export function isSkin(m: SkinModel, r: number, g: number, b: number): boolean {
  const s = r + g + b + 1;
  const l = s / 3;
  if (l < m.lumMin || l > m.lumMax) return false;
  const dr = r / s - m.cr;
  const dg = g / s - m.cg;
  return dr * dr + dg * dg < m.spread * m.spread;
}

/** The skin test widened for a limb or a hand in shade or in the scene's light (their colour shifts from the face's). */
export function widenedSkin(model: SkinModel): SkinModel {
  return {
    ...model,
    spread: model.spread * LIMB_SPREAD,
    lumMin: model.lumMin * 0.6,
    lumMax: Math.min(255, model.lumMax * 1.15),
  };
}

/** Skin pixels of the person (0/255) at the image's size. */
export function skinMap(image: RgbaImage, body: Body, model: SkinModel): Uint8Array {
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const d = image.data;
  for (let i = 0; i < n; i++) {
    if ((body.mask[i] ?? 0) < 128) continue;
    if (isSkin(model, d[i * 4] ?? 0, d[i * 4 + 1] ?? 0, d[i * 4 + 2] ?? 0)) out[i] = 255;
  }
  bareLimbs(image, body, model, out);
  return out;
}

/** How far the skin test is widened on a limb that is mostly bare (shade and the scene's light shift its colour). */
const LIMB_SPREAD = 2.2;
/** The largest colour step (sum over RGB) between neighbouring pixels of one bare limb. */
export const LIMB_STEP = 18;
/** A limb segment is bare when this share of its pixels passes the widened test. */
const LIMB_BARE = 0.6;

/**
 * The face's colour model misses an arm or leg in shade (low light, the side away from the sun), which was then
 * taken for old clothing and repainted as a smear. Segment by segment (upper arm, forearm), when most of
 * the limb's pixels pass a widened skin test the limb is bare there and those pixels are skin too; a sleeve or a
 * trouser leg stays clothing (few of its pixels pass).
 */
function bareLimbs(image: RgbaImage, body: Body, model: SkinModel, out: Uint8Array): void {
  const W = image.width;
  const H = image.height;
  const d = image.data;
  const wide = widenedSkin(model);
  // (the current segment's pixels, for the growth below: made once, cleared after each segment)
  let seg: Uint8Array | null = null;
  // arms only: on legs the widened test took in a few pixels of an old skirt's hem and of sandals (cgi-model-4)
  for (const limb of [body.armL, body.armR]) {
    for (const [a, b, width] of [
      [limb.root, limb.mid, limb.widthRoot],
      [limb.mid, limb.end, limb.widthEnd],
    ] as const) {
      const r = Math.max(2, width * 0.45);
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
      const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
      const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r));
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const l2 = dx * dx + dy * dy || 1;
      const inside: number[] = [];
      const pass = limbSegment(body.mask, out, d, W, wide, x0, y0, x1, y1, a.x, a.y, dx, dy, l2, r, inside);
      if (inside.length < 20 || pass < LIMB_BARE * inside.length) continue;
      // grown from the skin already found through small colour steps only: shade changes smoothly along an arm,
      // while a sleeve's edge is a step (an old sleeve of a skin-like colour stays clothing)
      seg ??= new Uint8Array(W * H);
      for (let k = 0; k < inside.length; k++) seg[inside[k] ?? 0] = 1;
      const stack = inside.filter((i) => out[i]);
      growLimbSkin(out, seg, stack, d, W, wide);
      for (let k = 0; k < inside.length; k++) seg[inside[k] ?? 0] = 0;
    }
  }
}

/**
 * `bareLimbs`' pixels of one arm segment (a to a + (dx, dy), radius r; in the box x0..x1, y0..y1): those in the
 * body's mask pushed onto `inside` in scan order; returns how many are already skin in `out` or pass the widened
 * skin test. (Top-level, with its sibling below, so that the per-pixel loops are optimised from a render's start.)
 */
function limbSegment(
  mask: Uint8Array,
  out: Uint8Array,
  d: Uint8Array | Uint8ClampedArray,
  W: number,
  wide: SkinModel,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  l2: number,
  r: number,
  inside: number[],
): number {
  let pass = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * W + x;
      if ((mask[i] ?? 0) < 128) continue;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2));
      if ((ax + dx * t - x) ** 2 + (ay + dy * t - y) ** 2 > r * r) continue;
      inside.push(i);
      if (out[i] || isSkin(wide, d[i * 4] ?? 0, d[i * 4 + 1] ?? 0, d[i * 4 + 2] ?? 0)) pass++;
    }
  }
  return pass;
}

/**
 * `bareLimbs`' growth: from the pixels on `stack`, into 4-neighbours marked in `seg` not yet skin in `out`, through
 * colour steps of at most LIMB_STEP to pixels that pass the widened skin test (the neighbours in the order left,
 * right, up, down; the stack last in, first out).
 */
function growLimbSkin(
  out: Uint8Array,
  seg: Uint8Array,
  stack: number[],
  d: Uint8Array | Uint8ClampedArray,
  W: number,
  wide: SkinModel,
): void {
  while (stack.length) {
    const i = stack.pop() ?? 0;
    for (let k = 0; k < 4; k++) {
      const j = k === 0 ? i - 1 : k === 1 ? i + 1 : k === 2 ? i - W : i + W;
      if (out[j] || !seg[j]) continue;
      const o = i * 4;
      const q = j * 4;
      const step =
        Math.abs((d[o] ?? 0) - (d[q] ?? 0)) +
        Math.abs((d[o + 1] ?? 0) - (d[q + 1] ?? 0)) +
        Math.abs((d[o + 2] ?? 0) - (d[q + 2] ?? 0));
      if (step > LIMB_STEP || !isSkin(wide, d[q] ?? 0, d[q + 1] ?? 0, d[q + 2] ?? 0)) continue;
      out[j] = 255;
      stack.push(j);
    }
  }
}

/**
 * Hair that may hang in front of the garment: seeded above the eyes (in the mask, not skin) and grown through
 * neighbouring pixels of a similar colour, down to the chest. Works on a small copy; returned at full size.
 */
export function hairMap(image: RgbaImage, body: Body, skin: SkinModel): GrayImage {
  const { width: W, height: H } = image;
  const k = Math.min(1, 360 / Math.max(W, H));
  const w = Math.max(1, Math.round(W * k));
  const h = Math.max(1, Math.round(H * k));
  const rgb = new Float32Array(w * h * 3);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(W - 1, Math.floor((x + 0.5) / k));
      const sy = Math.min(H - 1, Math.floor((y + 0.5) / k));
      const o = (sy * W + sx) * 4;
      const i = y * w + x;
      rgb[i * 3] = image.data[o] ?? 0;
      rgb[i * 3 + 1] = image.data[o + 1] ?? 0;
      rgb[i * 3 + 2] = image.data[o + 2] ?? 0;
      mask[i] = (body.mask[sy * W + sx] ?? 0) >= 128 ? 1 : 0;
    }
  }
  const span = body.span * k;
  const faceX = body.face.x * k;
  const eyeY = body.face.y * k - span * 0.08;
  const topY = body.headTop * k;
  // the hair colour: head pixels above the eyes that are not skin
  let n = 0;
  let mr = 0;
  let mg = 0;
  let mb = 0;
  const seeds: number[] = [];
  for (let y = Math.max(0, Math.round(topY)); y < Math.round(eyeY); y++) {
    for (let x = Math.max(0, Math.round(faceX - span * 0.4)); x < Math.min(w, Math.round(faceX + span * 0.4)); x++) {
      const i = y * w + x;
      if (!mask[i] || isSkin(skin, rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0)) continue;
      seeds.push(i);
      mr += rgb[i * 3] ?? 0;
      mg += rgb[i * 3 + 1] ?? 0;
      mb += rgb[i * 3 + 2] ?? 0;
      n++;
    }
  }
  const out = newGray(w, h);
  if (n < 10) return resizeGray(out, W, H);
  mr /= n;
  mg /= n;
  mb /= n;
  let v = 0;
  for (const i of seeds)
    v += ((rgb[i * 3] ?? 0) - mr) ** 2 + ((rgb[i * 3 + 1] ?? 0) - mg) ** 2 + ((rgb[i * 3 + 2] ?? 0) - mb) ** 2;
  const tol = Math.min(60, Math.max(28, Math.sqrt(v / n) * 1.6));
  const maxY = (body.neck.y + body.torsoH * 0.55) * k;
  const stack: number[] = [...seeds];
  for (const i of seeds) out.data[i] = 255;
  const near = (i: number) =>
    Math.hypot((rgb[i * 3] ?? 0) - mr, (rgb[i * 3 + 1] ?? 0) - mg, (rgb[i * 3 + 2] ?? 0) - mb) < tol &&
    !isSkin(skin, rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0);
  const step = (from: number, to: number) =>
    Math.abs((rgb[from * 3] ?? 0) - (rgb[to * 3] ?? 0)) +
      Math.abs((rgb[from * 3 + 1] ?? 0) - (rgb[to * 3 + 1] ?? 0)) +
      Math.abs((rgb[from * 3 + 2] ?? 0) - (rgb[to * 3 + 2] ?? 0)) <
    40;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    const tryPush = (q: number, qy: number) => {
      if (out.data[q] || !mask[q] || qy > maxY || !near(q) || !step(p, q)) return;
      out.data[q] = 255;
      stack.push(q);
    };
    if (x > 0) tryPush(p - 1, y);
    if (x < w - 1) tryPush(p + 1, y);
    if (y > 0) tryPush(p - w, y - 1);
    if (y < h - 1) tryPush(p + w, y + 1);
  }
  return resizeGray(out, W, H);
}

/**
 * The photo's light: luminance low-passed over the person (normalised convolution, so the background does not
 * bleed in), at a small size; `sample(x, y)` returns it at full-size coordinates (0..255).
 */
export function lightField(image: RgbaImage, body: Body, weightMap: Uint8Array) {
  const { width: W, height: H } = image;
  const k = Math.min(1, 256 / Math.max(W, H));
  const w = Math.max(1, Math.round(W * k));
  const h = Math.max(1, Math.round(H * k));
  const lum = new Float32Array(w * h);
  const wt = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(W - 1, Math.floor((x + 0.5) / k));
      const sy = Math.min(H - 1, Math.floor((y + 0.5) / k));
      const p = sy * W + sx;
      const o = p * 4;
      const on = (weightMap[p] ?? 0) >= 128 ? 1 : 0;
      wt[y * w + x] = on;
      lum[y * w + x] =
        on * (0.299 * (image.data[o] ?? 0) + 0.587 * (image.data[o + 1] ?? 0) + 0.114 * (image.data[o + 2] ?? 0));
    }
  }
  const r = Math.max(1, body.span * k * 0.09);
  gaussianish(lum, w, h, r);
  gaussianish(wt, w, h, r);
  for (let i = 0; i < w * h; i++) lum[i] = (wt[i] ?? 0) > 0.02 ? (lum[i] ?? 0) / (wt[i] ?? 0) : -1;
  return {
    sample(x: number, y: number): number {
      const sx = Math.min(w - 1, Math.max(0, Math.round(x * k - 0.5)));
      const sy = Math.min(h - 1, Math.max(0, Math.round(y * k - 0.5)));
      return lum[sy * w + sx] ?? 0;
    },
    /**
     * Bilinear between the cells (-1 where any of them is unknown; with `unknown`, an unknown cell counts as that
     * value: no step along the known cells' blocky outline).
     */
    smooth(x: number, y: number, unknown?: number): number {
      const fx = Math.min(w - 1, Math.max(0, x * k - 0.5));
      const fy = Math.min(h - 1, Math.max(0, y * k - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      let a = lum[y0 * w + x0] ?? 0;
      let b = lum[y0 * w + x1] ?? 0;
      let c = lum[y1 * w + x0] ?? 0;
      let d = lum[y1 * w + x1] ?? 0;
      if (a < 0 || b < 0 || c < 0 || d < 0) {
        if (unknown === undefined) return lum[Math.round(fy) * w + Math.round(fx)] ?? 0;
        if (a < 0) a = unknown;
        if (b < 0) b = unknown;
        if (c < 0) c = unknown;
        if (d < 0) d = unknown;
      }
      const u = fx - x0;
      const v = fy - y0;
      return (a * (1 - u) + b * u) * (1 - v) + (c * (1 - u) + d * u) * v;
    },
  };
}
