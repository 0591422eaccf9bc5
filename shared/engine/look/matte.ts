/**
 * The person cut out for a new background with a matte that keeps loose hair (issue 38: Creative looks chopped
 * loose hair into a grey haze). The segmentation mask is soft and coarse at the hair: blending the photo by it
 * carries the old background seen between strands onto the new one. In a band around the mask's edge each pixel's
 * coverage is read from its colour instead, between the local background colour (diffused from the pixels surely
 * outside) and the local person colour (diffused from the pixels surely inside), and the colour drawn is the
 * person's own with the old background taken out (colour decontamination). Where the two colours are too alike to
 * tell apart, or the pixel is plainly neither, the mask's own feathered value is kept.
 */
import { dilate, erode, gaussianish, pushPullFill, resizeGray } from '../core/image-ops';
import type { GrayImage, RgbaImage } from '../core/types';

/** The matte's constants (one place). */
export const MATTE = {
  /** The band's half width, as a share of the image's long side. */
  band: 1 / 45,
  /** Person and background colours closer than this (RGB distance) are not told apart by colour. */
  minContrast: 24,
  /** The long side of the copy the local colours are diffused on. */
  fillSize: 320,
  /** The long side of the copy the band's zones are found on. */
  bandSize: 480,
  /** A pixel within this RGB distance of the local background colour (and twice nearer it than the person's) is
   * background whatever the mask says; one beyond 1.5 times it is not background. */
  bgMatch: 30,
} as const;

/** 0 at e0, 1 at e1 (either order), smooth between. */
const ramp = (e0: number, e1: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

export interface PersonMatte {
  /** Coverage 0..1 per pixel. */
  alpha: Float32Array;
  /** The person's colour per pixel (3 floats a pixel), the old background taken out in the band. */
  fg: Float32Array;
}

/** The mask at the image's size, feathered (a few pixels, relative to the image), as 0..1. */
export function featherMask(mask: GrayImage, width: number, height: number): Float32Array {
  const m = mask.width === width && mask.height === height ? mask : resizeGray(mask, width, height);
  const f = new Float32Array(width * height);
  for (let i = 0; i < f.length; i++) f[i] = (m.data[i] ?? 0) / 255;
  gaussianish(f, width, height, Math.max(1, Math.round(Math.max(width, height) / 500)));
  return f;
}

/**
 * `drawn`: where the engine drew garments (coverage 0..255, at the image's size), the person for sure: kept at least
 * that opaque in the photo's colours whatever their colour says (a grey sleeve before a grey wall is no wall).
 */
export function personMatte(image: RgbaImage, mask: GrayImage, drawn?: GrayImage): PersonMatte {
  const { width: w, height: h, data: d } = image;
  const n = w * h;
  const soft = featherMask(mask, w, h);
  // the band's zones on a copy at most bandSize px long (the segmentation mask is coarser still), read back nearest
  const q = Math.min(1, MATTE.bandSize / Math.max(w, h));
  const qw = Math.max(1, Math.round(w * q));
  const qh = Math.max(1, Math.round(h * q));
  const small = resizeGray(mask.width === w && mask.height === h ? mask : resizeGray(mask, w, h), qw, qh);
  const bin = new Uint8Array(qw * qh);
  for (let i = 0; i < bin.length; i++) bin[i] = (small.data[i] ?? 0) >= 128 ? 255 : 0;
  const r = Math.max(3, Math.round(Math.max(qw, qh) * MATTE.band));
  const zone = (z: Uint8Array): Uint8Array => {
    const full = new Uint8Array(n);
    for (let y = 0; y < h; y++) {
      const row = Math.min(qh - 1, Math.floor(y * q)) * qw;
      for (let x = 0; x < w; x++) full[y * w + x] = z[row + Math.min(qw - 1, Math.floor(x * q))] ?? 0;
    }
    return full;
  };
  const outer = zone(dilate(bin, qw, qh, r));
  const inner = zone(erode(bin, qw, qh, r));
  // the old background is taken out only near the mask's edge (its overreach), never half a band inside it
  const deep = zone(erode(bin, qw, qh, Math.ceil(r / 2)));
  // the local background and person colours are smooth: diffused on a small copy, read back bilinearly
  const k = Math.min(1, MATTE.fillSize / Math.max(w, h));
  const sw = Math.max(1, Math.round(w * k));
  const sh = Math.max(1, Math.round(h * k));
  const sample = (plane: Float32Array, x: number, y: number, out: Float32Array, at: number) => {
    const fx = Math.max(0, Math.min(sw - 1, (x + 0.5) * k - 0.5));
    const fy = Math.max(0, Math.min(sh - 1, (y + 0.5) * k - 0.5));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(sw - 1, x0 + 1);
    const y1 = Math.min(sh - 1, y0 + 1);
    const tx = fx - x0;
    const ty = fy - y0;
    for (let c = 0; c < 3; c++) {
      const a = (plane[(y0 * sw + x0) * 3 + c] ?? 0) * (1 - tx) + (plane[(y0 * sw + x1) * 3 + c] ?? 0) * tx;
      const b = (plane[(y1 * sw + x0) * 3 + c] ?? 0) * (1 - tx) + (plane[(y1 * sw + x1) * 3 + c] ?? 0) * tx;
      out[at + c] = a * (1 - ty) + b * ty;
    }
  };
  /** The pixels `weight` gives (0: none) averaged onto the small copy and diffused over it. */
  const diffuse = (weight: (i: number, x: number, y: number) => number): Float32Array => {
    const plane = new Float32Array(sw * sh * 3);
    const known = new Float32Array(sw * sh);
    for (let y = 0; y < h; y++) {
      const sy = Math.min(sh - 1, Math.floor(y * k));
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const wt = weight(i, x, y);
        if (wt <= 0) continue;
        const j = sy * sw + Math.min(sw - 1, Math.floor(x * k));
        known[j] = (known[j] ?? 0) + wt;
        for (let c = 0; c < 3; c++) plane[j * 3 + c] = (plane[j * 3 + c] ?? 0) + wt * (d[i * 4 + c] ?? 0);
      }
    }
    for (let j = 0; j < sw * sh; j++) {
      const cnt = known[j] ?? 0;
      if (!cnt) continue;
      for (let c = 0; c < 3; c++) plane[j * 3 + c] = (plane[j * 3 + c] ?? 0) / cnt;
      known[j] = 1;
    }
    pushPullFill(plane, known, sw, sh);
    return plane;
  };
  const sFg = diffuse((i) => (outer[i] && inner[i] ? 1 : 0));
  // the local background: the pixels surely outside the mask's band
  const sBg = diffuse((i) => (outer[i] ? 0 : 1));
  const bg = new Float32Array(3);
  const fg = new Float32Array(n * 3);
  const alpha = new Float32Array(n);
  const minC2 = MATTE.minContrast * MATTE.minContrast;
  for (let i = 0; i < n; i++) {
    if (!outer[i]) {
      alpha[i] = 0;
      for (let c = 0; c < 3; c++) fg[i * 3 + c] = d[i * 4 + c] ?? 0;
      continue;
    }
    if (inner[i]) {
      alpha[i] = 1;
      for (let c = 0; c < 3; c++) fg[i * 3 + c] = d[i * 4 + c] ?? 0;
      continue;
    }
    sample(sBg, i % w, Math.floor(i / w), bg, 0);
    sample(sFg, i % w, Math.floor(i / w), fg, i * 3);
    const br = bg[0] ?? 0;
    const bgg = bg[1] ?? 0;
    const bb = bg[2] ?? 0;
    const dr = (fg[i * 3] ?? 0) - br;
    const dg = (fg[i * 3 + 1] ?? 0) - bgg;
    const db = (fg[i * 3 + 2] ?? 0) - bb;
    const den = dr * dr + dg * dg + db * db;
    const ir = d[i * 4] ?? 0;
    const ig = d[i * 4 + 1] ?? 0;
    const ib = d[i * 4 + 2] ?? 0;
    if (den < minC2) {
      // no colour contrast: the mask decides, and the photo's colour is drawn
      alpha[i] = soft[i] ?? 0;
      fg[i * 3] = ir;
      fg[i * 3 + 1] = ig;
      fg[i * 3 + 2] = ib;
      continue;
    }
    const fromColour = Math.max(0, Math.min(1, ((ir - br) * dr + (ig - bgg) * dg + (ib - bb) * db) / den));
    const toBg = Math.hypot(ir - br, ig - bgg, ib - bb);
    const toFg = Math.hypot(ir - (fg[i * 3] ?? 0), ig - (fg[i * 3 + 1] ?? 0), ib - (fg[i * 3 + 2] ?? 0));
    // the colour overrules the mask only where it is clear: a pixel plainly the old background's colour is taken out
    // (the halo, the wall between strands), a pixel plainly not it is kept (a strand the mask missed); a cheek or a
    // stripe that is merely nearer one estimate than the other keeps the mask's value
    // (weights, not switches: a hard switch draws stair-steps along soft hair)
    const m = soft[i] ?? 0;
    const looksBg = deep[i]
      ? 0
      : ramp(MATTE.bgMatch, MATTE.bgMatch * 0.5, toBg) * ramp(0.7, 0.4, toBg / Math.max(1, toFg));
    // ... and the person only where the pixel is also plainly nearer the person's colour than the background's: a
    // backdrop lighter than the estimate beside it (a glow behind a shoulder, between dark flying hair and a
    // darker floor) is neither, and keeps the mask's value, not the colour's (it drew a ghost of the old backdrop)
    const looksPerson = ramp(MATTE.bgMatch, MATTE.bgMatch * 2, toBg) * ramp(0.7, 0.4, toFg / Math.max(1, toBg));
    const a = m + looksBg * (Math.min(m, fromColour) - m) + looksPerson * (Math.max(m, fromColour) - m);
    alpha[i] = a;
    // the pixel is a * person + (1 - a) * background: the person's part, as sure as the colour is of what the pixel
    // is (a pixel plainly neither keeps the photo's colour: taking out a background estimated wrong there drew a
    // pale ghost of the old backdrop at the mask's soft value)
    const sure = Math.max(looksBg, looksPerson);
    for (let c = 0; c < 3; c++) {
      const photo = d[i * 4 + c] ?? 0;
      const v = a > 0.02 ? Math.max(0, Math.min(255, (photo - (1 - a) * (bg[c] ?? 0)) / a)) : (fg[i * 3 + c] ?? 0);
      fg[i * 3 + c] = photo + sure * (v - photo);
    }
  }
  if (drawn && drawn.width === w && drawn.height === h) {
    for (let i = 0; i < n; i++) {
      const g = (drawn.data[i] ?? 0) / 255;
      if (g <= (alpha[i] ?? 0)) continue;
      // the drawn garment's share is the photo's colour (it was composited over what the matte took out)
      const a0 = alpha[i] ?? 0;
      for (let c = 0; c < 3; c++)
        fg[i * 3 + c] = (fg[i * 3 + c] ?? 0) + ((d[i * 4 + c] ?? 0) - (fg[i * 3 + c] ?? 0)) * ((g - a0) / g);
      alpha[i] = g;
    }
  }
  return { alpha, fg };
}
