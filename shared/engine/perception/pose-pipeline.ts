/**
 * The person analysis of the Fitly engine's model runtimes, pure: how the two models (MoveNet Thunder, 17 body
 * keypoints; Selfie segmentation, a person mask at 256x256) are run over a photo, whatever runs them
 * (TensorFlow.js WASM in Node: functions/engine/node-runtime.ts; WebGL or WASM in the browser:
 * web/src/lib/engine/browser-runtime.ts). The runtimes only turn a 256x256 RGB crop into the models' outputs.
 *
 * Segment the whole (letterboxed) frame, take the square around the person found, run MoveNet on it (on the whole
 * frame first only when the segmentation finds no one) and Selfie again on it, then Selfie on a square one shin
 * long around each ankle, merged into the mask. Crops and the mask's way back are resampled in JS.
 */
import {
  KEYPOINT_NAMES,
  type GrayImage,
  type Keypoint,
  type KeypointName,
  type PersonAnalysis,
  type RgbaImage,
} from '../core/types';

/** The models' input size (both models take a 256x256 RGB square). */
export const MODEL_INPUT = 256;
const INPUT = MODEL_INPUT;

/** The two models as a runtime runs them, on one INPUT x INPUT x 3 RGB crop (row-major, channels last). */
export interface PersonModels {
  /** MoveNet Thunder on integer RGB (0..255): 17 x [y, x, score], y and x as fractions of the crop. */
  pose(rgb: Int32Array): Promise<ArrayLike<number>>;
  /** Selfie segmentation on RGB in 0..1: the person probability (0..1) per pixel of the crop. */
  segment(rgb: Float32Array): Promise<ArrayLike<number>>;
}

/** A square region of the image (may reach outside it: the outside is padded black). */
interface Square {
  x: number;
  y: number;
  size: number;
}

/**
 * The pixels of `square` (reaching outside the image: black) resampled to INPUT x INPUT RGB, in JS: cheaper than
 * uploading the whole photo as a tensor. Box-averaged when the square is much larger than the input (no aliasing).
 */
function cropRgb(image: RgbaImage, square: Square): Float32Array {
  const { width: w, height: h, data } = image;
  const out = new Float32Array(INPUT * INPUT * 3);
  const step = square.size / INPUT;
  const taps = Math.max(1, Math.min(4, Math.floor(step)));
  const inv = 1 / (taps * taps);
  // each output column's taps as pixel offsets in a row (-1: outside the image), each output row's taps as row
  // offsets: the same taps as reading them per pixel, without the per-tap floor and bounds tests
  const cols = new Int32Array(INPUT * taps);
  for (let i = 0; i < INPUT; i++)
    for (let tx = 0; tx < taps; tx++) {
      const x = Math.floor(square.x + (i + (tx + 0.5) / taps) * step);
      cols[i * taps + tx] = x < 0 || x >= w ? -1 : x * 4;
    }
  const rows = new Int32Array(INPUT * taps);
  for (let j = 0; j < INPUT; j++)
    for (let ty = 0; ty < taps; ty++) {
      const y = Math.floor(square.y + (j + (ty + 0.5) / taps) * step);
      rows[j * taps + ty] = y < 0 || y >= h ? -1 : y * w * 4;
    }
  for (let j = 0; j < INPUT; j++) {
    for (let i = 0; i < INPUT; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ty = 0; ty < taps; ty++) {
        const ro = rows[j * taps + ty] ?? -1;
        if (ro < 0) continue;
        for (let tx = 0; tx < taps; tx++) {
          const co = cols[i * taps + tx] ?? -1;
          if (co < 0) continue;
          const o = ro + co;
          r += data[o] ?? 0;
          g += data[o + 1] ?? 0;
          b += data[o + 2] ?? 0;
        }
      }
      const q = (j * INPUT + i) * 3;
      out[q] = r * inv;
      out[q + 1] = g * inv;
      out[q + 2] = b * inv;
    }
  }
  return out;
}

/** Run MoveNet on `square` of the image; keypoints in image pixels. */
/** The crop as MoveNet's int32 input. A plain loop: `Int32Array.from(rgb, Math.round)` calls back per value
 * through the iterator protocol, ~100 ms in a process's first (cold, unoptimised) render. */
function toInt32(rgb: Float32Array): Int32Array {
  const out = new Int32Array(rgb.length);
  for (let i = 0; i < rgb.length; i++) out[i] = Math.round(rgb[i] ?? 0);
  return out;
}

async function poseIn(m: PersonModels, image: RgbaImage, square: Square, crop = cropRgb(image, square)) {
  const values = await m.pose(toInt32(crop));
  const keypoints = {} as Record<KeypointName, Keypoint>;
  KEYPOINT_NAMES.forEach((name, i) => {
    keypoints[name] = {
      y: square.y + (values[i * 3] ?? 0) * square.size,
      x: square.x + (values[i * 3 + 1] ?? 0) * square.size,
      score: values[i * 3 + 2] ?? 0,
    };
  });
  return keypoints;
}

/** Selfie segmentation of `square`: the person probability (0..1) at INPUT x INPUT. */
function segmentIn(
  m: PersonModels,
  image: RgbaImage,
  square: Square,
  rgb = cropRgb(image, square),
): Promise<ArrayLike<number>> {
  for (let i = 0; i < rgb.length; i++) rgb[i] = (rgb[i] ?? 0) / 255;
  return m.segment(rgb);
}

/** MoveNet's crop: a square around the confident keypoints, with a margin, or null when too few are confident. */
function bodySquare(kp: Record<KeypointName, Keypoint>): Square | null {
  const good = Object.values(kp).filter((k) => k.score > 0.2);
  if (good.length < 5) return null;
  const xs = good.map((k) => k.x);
  const ys = good.map((k) => k.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const size = Math.max(x1 - x0, y1 - y0) * 1.35 + 16;
  return { x: (x0 + x1) / 2 - size / 2, y: (y0 + y1) / 2 - size / 2, size };
}

/** The square around the person in a segmentation of `square` (null when there is hardly anyone). */
function personSquare(prob: ArrayLike<number>, square: Square, w: number, h: number): Square | null {
  let x0 = INPUT;
  let x1 = -1;
  let y0 = INPUT;
  let y1 = -1;
  let n = 0;
  for (let j = 0; j < INPUT; j++) {
    for (let i = 0; i < INPUT; i++) {
      if ((prob[j * INPUT + i] ?? 0) < 0.5) continue;
      n++;
      if (i < x0) x0 = i;
      if (i > x1) x1 = i;
      if (j < y0) y0 = j;
      if (j > y1) y1 = j;
    }
  }
  if (n < INPUT * INPUT * 0.004) return null;
  const k = square.size / INPUT;
  const bx0 = Math.max(0, square.x + x0 * k);
  const bx1 = Math.min(w, square.x + (x1 + 1) * k);
  const by0 = Math.max(0, square.y + y0 * k);
  const by1 = Math.min(h, square.y + (y1 + 1) * k);
  const size = Math.max(bx1 - bx0, by1 - by0) * 1.15 + 16;
  return { x: (bx0 + bx1) / 2 - size / 2, y: (by0 + by1) / 2 - size / 2, size };
}

/**
 * The segmentation of `square` brought to the image's pixels (bilinear; 0 outside the square); `into` a mask
 * already made: only the square's pixels, each the larger of the two.
 */
function maskFrom(prob: ArrayLike<number>, square: Square, w: number, h: number, into?: GrayImage): GrayImage {
  const data = into?.data ?? new Uint8Array(w * h);
  const k = INPUT / square.size;
  const xs0 = new Int32Array(w);
  const xs1 = new Int32Array(w);
  const wxs = new Float32Array(w);
  const xin = new Uint8Array(w);
  for (let x = 0; x < w; x++) {
    const f = (x + 0.5 - square.x) * k - 0.5;
    xin[x] = f > -1 && f < INPUT ? 1 : 0;
    const fc = Math.min(INPUT - 1, Math.max(0, f));
    xs0[x] = Math.floor(fc);
    xs1[x] = Math.min(INPUT - 1, (xs0[x] ?? 0) + 1);
    wxs[x] = fc - (xs0[x] ?? 0);
  }
  for (let y = 0; y < h; y++) {
    const f = (y + 0.5 - square.y) * k - 0.5;
    if (f <= -1 || f >= INPUT) continue;
    const fc = Math.min(INPUT - 1, Math.max(0, f));
    const r0 = Math.floor(fc) * INPUT;
    const r1 = Math.min(INPUT - 1, Math.floor(fc) + 1) * INPUT;
    const wy = fc - Math.floor(fc);
    for (let x = 0; x < w; x++) {
      if (!xin[x]) continue;
      const a = xs0[x] ?? 0;
      const b = xs1[x] ?? 0;
      const wx = wxs[x] ?? 0;
      const top = (prob[r0 + a] ?? 0) * (1 - wx) + (prob[r0 + b] ?? 0) * wx;
      const bot = (prob[r1 + a] ?? 0) * (1 - wx) + (prob[r1 + b] ?? 0) * wx;
      const v = (top * (1 - wy) + bot * wy) * 255;
      const q = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      if (!into || q > (data[y * w + x] ?? 0)) data[y * w + x] = q;
    }
  }
  return { width: w, height: h, data };
}

/**
 * The feet at their own scale: the body's square at 256 px leaves a foot a few pixels wide and its mask misses
 * soles, toes and pale shoes on a pale floor. Selfie again on a square one shin long around each ankle, merged
 * into the mask (the larger probability) within that square.
 */
async function addFoot(
  m: PersonModels,
  image: RgbaImage,
  keypoints: Record<KeypointName, Keypoint>,
  side: 'left' | 'right',
  mask: GrayImage,
): Promise<void> {
  const ankle = keypoints[`${side}Ankle`];
  const knee = keypoints[`${side}Knee`];
  if (ankle.score < 0.2 || knee.score < 0.2) return;
  const size = Math.hypot(knee.x - ankle.x, knee.y - ankle.y);
  if (size < 16) return;
  const square: Square = { x: ankle.x - size / 2, y: ankle.y - size * 0.35, size };
  maskFrom(await segmentIn(m, image, square), square, mask.width, mask.height, mask);
}

/**
 * One MoveNet pass on the body's square: the square comes from a segmentation of the whole (letterboxed) frame,
 * which costs a fifth of a MoveNet pass; MoveNet on the whole frame only when the segmentation finds no one.
 * The mask is the segmentation of the body's square (a person small in the frame gets the full 256 px).
 */
export async function analyzeWithModels(m: PersonModels, image: RgbaImage): Promise<PersonAnalysis> {
  const { width: w, height: h } = image;
  const whole: Square = { x: (w - Math.max(w, h)) / 2, y: (h - Math.max(w, h)) / 2, size: Math.max(w, h) };
  const first = await segmentIn(m, image, whole);
  let square = personSquare(first, whole, w, h);
  let keypoints: Record<KeypointName, Keypoint>;
  // the body's square is cropped once for both models (MoveNet reads it as integers, Selfie scaled in place after)
  let crop: Float32Array | null = null;
  if (square) keypoints = await poseIn(m, image, square, (crop = cropRgb(image, square)));
  else {
    keypoints = await poseIn(m, image, whole);
    square = bodySquare(keypoints);
    if (square) keypoints = await poseIn(m, image, square, (crop = cropRgb(image, square)));
  }
  const seg = square ?? whole;
  const prob = seg === whole ? first : await segmentIn(m, image, seg, crop ?? undefined);
  const mask = maskFrom(prob, seg, w, h);
  for (const side of ['left', 'right'] as const) await addFoot(m, image, keypoints, side, mask);
  return { width: w, height: h, keypoints, mask };
}
