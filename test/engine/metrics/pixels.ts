/**
 * Pixel helpers for the metrics: polygons to masks, "unchanged" pixels, capsules, hole filling, CIELAB and
 * CIEDE2000. Pure functions over plain buffers (no engine state).
 */
import type { RgbaImage } from '../../../shared/engine';
import type { Body } from '../../../shared/engine/perception/body';
import { isSkin, type SkinModel } from '../../../shared/engine/perception/appearance';
import { METRIC_THRESHOLDS as T } from './thresholds';

export type Polygon = [number, number][];

/** Pixels inside any of the polygons (even-odd per polygon, scanline at pixel centres), 0/1. */
export function polygonMask(polys: Polygon[], w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (const poly of polys) {
    for (let y = 0; y < h; y++) {
      const xs: number[] = [];
      for (let i = 0; i < poly.length; i++) {
        const [x1, y1] = poly[i]!;
        const [x2, y2] = poly[(i + 1) % poly.length]!;
        if (y1 === y2) continue;
        if ((y + 0.5 - y1) * (y + 0.5 - y2) < 0) xs.push(x1 + ((y + 0.5 - y1) * (x2 - x1)) / (y2 - y1));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        for (let x = Math.max(0, Math.ceil(xs[k]!)); x <= Math.min(w - 1, Math.floor(xs[k + 1]!)); x++)
          out[y * w + x] = 1;
      }
    }
  }
  return out;
}

/** Largest channel difference between two images at pixel i. */
export function channelDiff(a: RgbaImage, b: RgbaImage, i: number): number {
  const o = i * 4;
  return Math.max(
    Math.abs(a.data[o]! - b.data[o]!),
    Math.abs(a.data[o + 1]! - b.data[o + 1]!),
    Math.abs(a.data[o + 2]! - b.data[o + 2]!),
  );
}

/** The render shows the photo's own pixel here (within `unchangedMax`). */
export const unchanged = (person: RgbaImage, result: RgbaImage, i: number) =>
  channelDiff(person, result, i) <= T.unchangedMax;

export const lum = (img: RgbaImage, i: number) =>
  0.299 * img.data[i * 4]! + 0.587 * img.data[i * 4 + 1]! + 0.114 * img.data[i * 4 + 2]!;

export const skinAt = (m: SkinModel, img: RgbaImage, i: number) =>
  isSkin(m, img.data[i * 4]!, img.data[i * 4 + 1]!, img.data[i * 4 + 2]!);

/** The skin model loosened (a highlight or shadow on skin the strict model misses still counts as skin before). */
export function loosened(m: SkinModel): SkinModel {
  return {
    ...m,
    spread: m.spread * T.skinBeforeSpread,
    lumMin: m.lumMin * 0.7,
    lumMax: Math.min(255, m.lumMax * 1.3 + 10),
  };
}

export interface Pt {
  x: number;
  y: number;
}

export function segDist2(px: number, py: number, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / l2));
  return (a.x + dx * t - px) ** 2 + (a.y + dy * t - py) ** 2;
}

/** A capsule: segment a-b, radius r. */
export type Capsule = [Pt, Pt, number];

export const inCapsules = (caps: Capsule[], x: number, y: number) =>
  caps.some(([a, b, r]) => segDist2(x, y, a, b) <= r * r);

/** The arms as capsules (upper arm from `from` of the way down, forearm, hand), `scale` x the limb's widths. */
export function armCapsules(body: Body, scale = 1, from = 0): Capsule[] {
  const caps: Capsule[] = [];
  for (const arm of [body.armL, body.armR]) {
    const ux = arm.root.x + (arm.mid.x - arm.root.x) * from;
    const uy = arm.root.y + (arm.mid.y - arm.root.y) * from;
    caps.push([{ x: ux, y: uy }, arm.mid, arm.widthRoot * 0.55 * scale]);
    caps.push([arm.mid, arm.end, arm.widthEnd * 0.6 * scale]);
    const hand = { x: arm.end.x + (arm.end.x - arm.mid.x) * 0.4, y: arm.end.y + (arm.end.y - arm.mid.y) * 0.4 };
    caps.push([arm.end, hand, arm.widthEnd * 0.75 * scale]);
  }
  return caps;
}

/** The torso's quadrilateral at row y (shoulder joints to hip joints, linear), inset by `inset` px each side. */
export function torsoSpan(body: Body, y: number, inset: number): [number, number] {
  const t = (y - body.neck.y) / Math.max(1, body.pelvis.y - body.neck.y);
  const l = body.shoulderL.x + (body.hipL.x - body.shoulderL.x) * t + inset;
  const r = body.shoulderR.x + (body.hipR.x - body.shoulderR.x) * t - inset;
  return [l, r];
}

/**
 * Enclosed regions: pixels that are not `wall` and cannot be reached from the image border through non-wall
 * pixels (4-connected), 0/1.
 */
export function enclosed(wall: Uint8Array, w: number, h: number): Uint8Array {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!wall[i] && !seen[i]) {
      seen[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < w * (h - 1)) push(i + w);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (!wall[i] && !seen[i]) out[i] = 1;
  return out;
}

/** Binary erosion by a square of radius r (1 where every pixel within r is set). */
export function erodeBin(src: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      run = src[y * w + x] ? run + 1 : 0;
      // mark the centre of a full run of 2r+1
      if (run >= 2 * r + 1) tmp[y * w + x - r] = 1;
    }
  }
  for (let x = 0; x < w; x++) {
    let run = 0;
    for (let y = 0; y < h; y++) {
      run = tmp[y * w + x] ? run + 1 : 0;
      if (run >= 2 * r + 1) out[(y - r) * w + x] = 1;
    }
  }
  return out;
}

/** Rows [first, last] where a binary mask has at least `min` pixels; null when none. */
export function rowExtent(bin: Uint8Array, w: number, h: number, min = 1): [number, number] | null {
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) if (bin[y * w + x]) n++;
    if (n >= min) {
      if (y0 < 0) y0 = y;
      y1 = y;
    }
  }
  return y0 < 0 ? null : [y0, y1];
}

/** Binary mask (0/1) of a coverage buffer (>= at). A plain loop: `Uint8Array.from` with a map is ~50x slower. */
export function binary(data: Uint8Array, at = 128): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) if (data[i]! >= at) out[i] = 1;
  return out;
}

// --- colour -------------------------------------------------------------------------------------------------

const lin = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
export const srgbToLinear = lin;

export type Lab = [number, number, number];

/** Linear RGB (0..1) to CIELAB (D65). */
export function linearToLab(r: number, g: number, b: number): Lab {
  const X = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const Y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const Z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
  const fx = f(X);
  const fy = f(Y);
  const fz = f(Z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export const rgbToLab = (r: number, g: number, b: number): Lab => linearToLab(lin(r), lin(g), lin(b));

/** CIEDE2000 colour difference (kL = kC = kH = 1). */
export function deltaE2000(a: Lab, b: Lab): number {
  const [L1, a1, b1] = a;
  const [L2, a2, b2] = b;
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = a1 * (1 + G);
  const a2p = a2 * (1 + G);
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h = (bb: number, ap: number) => {
    if (bb === 0 && ap === 0) return 0;
    const v = Math.atan2(bb, ap) / rad;
    return v < 0 ? v + 360 : v;
  };
  const h1p = h(b1, a1p);
  const h2p = h(b2, a2p);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad);
  const Lmp = (L1 + L2) / 2;
  const Cmp = (C1p + C2p) / 2;
  let hmp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hmp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
    else hmp = (h1p + h2p) / 2;
  }
  const Tt =
    1 -
    0.17 * Math.cos((hmp - 30) * rad) +
    0.24 * Math.cos(2 * hmp * rad) +
    0.32 * Math.cos((3 * hmp + 6) * rad) -
    0.2 * Math.cos((4 * hmp - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hmp - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lmp - 50) ** 2) / Math.sqrt(20 + (Lmp - 50) ** 2);
  const Sc = 1 + 0.045 * Cmp;
  const Sh = 1 + 0.015 * Cmp * Tt;
  const Rt = -Math.sin(2 * dTheta * rad) * Rc;
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh));
}

export const median = (v: number[]) => {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

/**
 * Each pixel of the person's mask outside the torso's quadrilateral within r of the segment a-b (an arm's capsule
 * beside the body): what the arm metrics count.
 */
export function eachArmPixel(
  ctx: { body: Body; width: number; height: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
  r: number,
  visit: (i: number) => void,
): void {
  const { body, width: W, height: H } = ctx;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
  const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r));
  for (let y = y0; y <= y1; y++) {
    const [l, rr] = torsoSpan(body, y, 0);
    for (let x = x0; x <= x1; x++) {
      if (x > l && x < rr) continue;
      if (segDist2(x, y, a, b) > r * r) continue;
      const i = y * W + x;
      if (body.mask[i]! < 128) continue;
      visit(i);
    }
  }
}
