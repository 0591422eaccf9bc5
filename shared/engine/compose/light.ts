/**
 * The scene's light on a new garment: its white balance (a warm or pink scene tints the garment as it tints
 * everything else in the photo) and the shading the body gives it, read from the person's own luminance with the
 * old clothes' own colour taken out (a black top under a white tee was carried onto it as a grey band).
 */
import type { Body } from '../perception/body';
import { gaussianish } from '../core/image-ops';
import type { RgbaImage } from '../core/types';

/** Thresholds of the garment's light (one place). */
export const SCENE_LIGHT = {
  /** Each channel's gain of the scene's white balance is kept within these (a coloured wall is not all light). */
  gainMin: 0.8,
  gainMax: 1.25,
  /**
   * On the garment the white balance is a gentle global tint only: each gain's log times this, then within
   * `tintMin..tintMax` (at the full gains a cream knit in a pink-walled room turned peach, a grey hoodie pink, a
   * beige camisole grey: the wall's colour is not all light, and a shop's colours are what a customer buys).
   */
  tintStrength: 0.3,
  tintMin: 0.95,
  tintMax: 1.05,
  /** Background pixels: outside the person's mask (< this). */
  backgroundBelow: 64,
  /** At most this many samples of the background are read. */
  samples: 60000,
  /** The shading's low-pass radius, in shoulder spans (the body's curvature and large folds, not the print). */
  shadeRadius: 0.09,
} as const;

/**
 * A vivid backdrop's lift of the garment's light tones (issue 38, round 24, part G5). Beside a saturated backdrop (a
 * hot-pink curtain) a light, low-chroma garment reads darker and greyer than it is (simultaneous contrast: a cream
 * knit came out a flat greige-grey, a yellow tee olive, though their mean colour was the product's). The light
 * tones are lifted by `lift` times v (1 - v) v (v: sRGB 0..1, after the tint): white stays white, dark colours
 * nearly unmoved, a cream's 190 becomes about 208. Full from a backdrop's mean colour of CIELAB chroma `chromaTo`,
 * none up to `chromaFrom` (the fixture rooms' walls are 0-20; the pink curtain 60).
 */
export const VIVID_LIFT = { chromaFrom: 30, chromaTo: 50, lift: 0.5 } as const;

export interface SceneLight {
  /** Per-channel gains (linear RGB, mean 1) of the scene's light: grey world over the background. */
  gains: [number, number, number];
  /**
   * sRGB value -> sRGB value under the garment's gentle share of the scene's light (`garmentGains`), per channel
   * (3 x 256).
   */
  lut: Uint8Array;
  /** The person's shading: low-passed luminance over the skin and over the rest of the person (old clothes). */
  shade: ShadeField;
}

/**
 * Two low-passed luminance fields over the person (normalised convolution on a grid of at most 256 px): one over
 * the skin, one over everything else (old clothes), and how much of each there is around a point.
 */
export interface ShadeField {
  /**
   * Bilinear at (x, y), written into `out`: [the skin's light, the cloth's light (-1 where none is near), the
   * skin's share 0..1, how sure the light is 0..1: fading out past the person's outline] (no object per pixel:
   * it is read for every garment pixel; `out` holds 4 values).
   */
  at(x: number, y: number, out: Float32Array): void;
}

/**
 * The person's light is sure where this much of the low-passed neighbourhood is the person (skin or cloth): past
 * the outline the shading fades out with it rather than stopping where the fields have no value.
 */
const SHADE_SURE = 0.25;
/** A kind's light is read wherever this much of it is around (its weight fades the shading out further on). */
const SHADE_KNOWN = 0.002;

function shadeField(image: RgbaImage, body: Body, skin: Uint8Array): ShadeField {
  const { width: W, height: H } = image;
  const k = Math.min(1, 256 / Math.max(W, H));
  const w = Math.max(1, Math.round(W * k));
  const h = Math.max(1, Math.round(H * k));
  const ls = new Float32Array(w * h);
  const ws = new Float32Array(w * h);
  const lc = new Float32Array(w * h);
  const wc = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = Math.min(H - 1, Math.floor((y + 0.5) / k)) * W + Math.min(W - 1, Math.floor((x + 0.5) / k));
      if ((body.mask[p] ?? 0) < 128) continue;
      const o = p * 4;
      const l = 0.299 * (image.data[o] ?? 0) + 0.587 * (image.data[o + 1] ?? 0) + 0.114 * (image.data[o + 2] ?? 0);
      const i = y * w + x;
      if (skin[p]) {
        ls[i] = l;
        ws[i] = 1;
      } else {
        lc[i] = l;
        wc[i] = 1;
      }
    }
  }
  const r = Math.max(1, body.span * k * SCENE_LIGHT.shadeRadius);
  for (const f of [ls, ws, lc, wc]) gaussianish(f, w, h, r);
  const skinL = new Float32Array(w * h);
  const clothL = new Float32Array(w * h);
  const share = new Float32Array(w * h);
  const sure = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    sure[i] = Math.min(1, ((ws[i] ?? 0) + (wc[i] ?? 0)) / SHADE_SURE);
    skinL[i] = (ws[i] ?? 0) > SHADE_KNOWN ? (ls[i] ?? 0) / (ws[i] ?? 0) : -1;
    clothL[i] = (wc[i] ?? 0) > SHADE_KNOWN ? (lc[i] ?? 0) / (wc[i] ?? 0) : -1;
    share[i] = (ws[i] ?? 0) + (wc[i] ?? 0) > SHADE_KNOWN ? (ws[i] ?? 0) / ((ws[i] ?? 0) + (wc[i] ?? 0)) : 0.5;
  }
  const bilinear = (f: Float32Array, fx: number, fy: number) => {
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const u = fx - x0;
    const v = fy - y0;
    const a = f[y0 * w + x0] ?? 0;
    const b = f[y0 * w + x1] ?? 0;
    const c = f[y1 * w + x0] ?? 0;
    const d = f[y1 * w + x1] ?? 0;
    if (a >= 0 && b >= 0 && c >= 0 && d >= 0) return (a * (1 - u) + b * u) * (1 - v) + (c * (1 - u) + d * u) * v;
    // the known corners only, each by its bilinear weight (the nearest corner alone stepped in blocks of the
    // grid's cells, 5 px at a 1,280 px photo, along the person's outline: the garment's sides stair-stepped)
    // (summed in place, not by a closure over the sums: that allocated a context on every call, ~27 MB a render)
    let s = 0;
    let n = 0;
    const ka = (1 - u) * (1 - v);
    const kb = u * (1 - v);
    const kc = (1 - u) * v;
    const kd = u * v;
    if (a >= 0 && ka > 0) {
      s += a * ka;
      n += ka;
    }
    if (b >= 0 && kb > 0) {
      s += b * kb;
      n += kb;
    }
    if (c >= 0 && kc > 0) {
      s += c * kc;
      n += kc;
    }
    if (d >= 0 && kd > 0) {
      s += d * kd;
      n += kd;
    }
    return n > 1e-6 ? s / n : -1;
  };
  return {
    at(x, y, out) {
      const fx = Math.min(w - 1, Math.max(0, x * k - 0.5));
      const fy = Math.min(h - 1, Math.max(0, y * k - 0.5));
      out[0] = bilinear(skinL, fx, fy);
      out[1] = bilinear(clothL, fx, fy);
      out[2] = bilinear(share, fx, fy);
      out[3] = bilinear(sure, fx, fy);
    },
  };
}

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const toSrgb = (l: number) => {
  const c = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
};
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => toLinear(v));

/**
 * The scene's white balance as per-channel gains: the mean colour of the background (outside the person's mask)
 * in linear RGB over its grey (grey world), each gain within `SCENE_LIGHT.gainMin..gainMax`. A white garment in
 * a pink-lit room is pink there, as the person's own white clothes are.
 */
export function sceneGains(person: RgbaImage, mask: Uint8Array): [number, number, number] {
  return gainsOf(backdropMean(person, mask));
}

/** Grey-world gains of a backdrop's mean colour (linear RGB), each within `SCENE_LIGHT.gainMin..gainMax`. */
function gainsOf(mean: [number, number, number] | null): [number, number, number] {
  if (!mean) return [1, 1, 1];
  const [r, g, b] = mean;
  const m = (r + g + b) / 3;
  const gain = (v: number) => Math.max(SCENE_LIGHT.gainMin, Math.min(SCENE_LIGHT.gainMax, v / m));
  return [gain(r), gain(g), gain(b)];
}

/** The background's mean colour in linear RGB (outside the person's mask, sampled), null where none is seen. */
function backdropMean(person: RgbaImage, mask: Uint8Array): [number, number, number] | null {
  const N = person.width * person.height;
  const step = Math.max(1, Math.floor(N / SCENE_LIGHT.samples));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < N; i += step) {
    if ((mask[i] ?? 0) >= SCENE_LIGHT.backgroundBelow) continue;
    const o = i * 4;
    r += LINEAR[person.data[o] ?? 0] ?? 0;
    g += LINEAR[person.data[o + 1] ?? 0] ?? 0;
    b += LINEAR[person.data[o + 2] ?? 0] ?? 0;
    n++;
  }
  if (!n || r + g + b <= 0) return null;
  return [r / n, g / n, b / n];
}

/** CIELAB chroma of a linear-RGB colour (D65). */
function labChroma([r, g, b]: [number, number, number]): number {
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return Math.hypot(500 * (fx - fy), 200 * (fy - fz));
}

/** The share (0..1) of `VIVID_LIFT` a backdrop's mean colour (linear RGB) calls for: by its chroma. */
export function vividShare(mean: [number, number, number] | null): number {
  if (!mean) return 0;
  const c = labChroma(mean);
  return Math.max(0, Math.min(1, (c - VIVID_LIFT.chromaFrom) / (VIVID_LIFT.chromaTo - VIVID_LIFT.chromaFrom)));
}

/**
 * A 3 x 256 table: each channel's sRGB value times its gain in linear light, then its light tones lifted by `vivid`
 * (0..1, the share of `VIVID_LIFT`: v + lift v (1 - v) v, in sRGB 0..1).
 */
export function gainLut(gains: [number, number, number], vivid = 0): Uint8Array {
  const lut = new Uint8Array(768);
  const k = VIVID_LIFT.lift * vivid;
  for (let c = 0; c < 3; c++)
    for (let v = 0; v < 256; v++) {
      const u = toSrgb((LINEAR[v] ?? 0) * (gains[c] ?? 0)) / 255;
      lut[c * 256 + v] = Math.max(0, Math.min(255, Math.round(255 * (u + k * u * (1 - u) * u))));
    }
  return lut;
}

/**
 * The share of the scene's white balance a garment takes: a gentle global tint, each gain's log scaled by
 * `SCENE_LIGHT.tintStrength` and kept within `tintMin..tintMax` (a pink wall's 1.25 / 0.8 / 0.95 becomes about
 * 1.05 / 0.95 / 0.98: the garment sits in the room without taking the wall's colour).
 */
export function garmentGains(gains: [number, number, number]): [number, number, number] {
  const soft = (g: number) =>
    Math.max(SCENE_LIGHT.tintMin, Math.min(SCENE_LIGHT.tintMax, Math.exp(Math.log(g) * SCENE_LIGHT.tintStrength)));
  return [soft(gains[0]), soft(gains[1]), soft(gains[2])];
}

/**
 * The scene's light for the garments on this photo (once per photo): its white balance and the person's shading,
 * the latter as two low-passed luminance fields, one over the skin and one over everything else on the person, so
 * the shading under a garment is read relative to the colour that was there (skin or old cloth), not the jump
 * between them.
 */
export function readSceneLight(person: RgbaImage, body: Body, skin: Uint8Array): SceneLight {
  const mean = backdropMean(person, body.mask);
  const gains = gainsOf(mean);
  return { gains, lut: gainLut(garmentGains(gains), vividShare(mean)), shade: shadeField(person, body, skin) };
}
