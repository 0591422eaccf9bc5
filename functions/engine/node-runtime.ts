/**
 * The Fitly engine's model runtime for Node: TensorFlow.js (WASM backend) running two small graph models from
 * local files, loaded once per process:
 * - MoveNet Thunder (17 body keypoints, one person): run on the letterboxed image, then again on a square
 *   crop around the body it found (MoveNet's own two-pass cropping), which sharpens the keypoints of a person
 *   small in the frame;
 * - Selfie segmentation (a person mask at 256x256): run on the letterboxed image and scaled back.
 * Everything outside this file works on plain buffers (shared/engine).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tensor } from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import {
  KEYPOINT_NAMES,
  type GrayImage,
  type Keypoint,
  type KeypointName,
  type ModelRuntime,
  type PersonAnalysis,
  type RgbaImage,
} from '../../shared/engine/types';
import { loadTf, type Tf } from '../lib/tfjs-loader';
import { ENGINE_MODEL_FILES, engineModelsDir } from './models';

const INPUT = 256;

interface ModelFiles {
  json: {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: unknown[] }[];
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
  };
  weightSpecs: unknown[];
  weightData: ArrayBuffer;
}

/** A model's JSON and its weights (one read per file), before TensorFlow.js is needed. */
async function readModel(file: string): Promise<ModelFiles> {
  const dir = engineModelsDir();
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ModelFiles['json'];
  const paths = json.weightsManifest.flatMap((group) => group.paths);
  const buffers = await Promise.all(paths.map((p) => readFile(path.join(dir, p))));
  const all = buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers);
  return {
    json,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    // a whole file's read is its own ArrayBuffer: no copy of the 12.5 MB of weights
    weightData:
      all.byteOffset === 0 && all.byteLength === all.buffer.byteLength
        ? all.buffer
        : all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

function loadGraph(tf: Tf, { json, weightSpecs, weightData }: ModelFiles): Promise<GraphModel> {
  return tf.loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: weightSpecs as never,
      weightData,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
    }),
  });
}

/** The one output tensor of a single-output graph model (execute's type also allows several). */
function single(out: Tensor | Tensor[]): Tensor {
  if (Array.isArray(out)) throw new Error(`Expected one output tensor, got ${out.length}`);
  return out;
}

interface Loaded {
  tf: Tf;
  pose: GraphModel;
  segmentation: GraphModel;
}
let loaded: Promise<Loaded> | undefined;

/** TensorFlow.js's start and the model files' reads overlap (the reads are I/O, the start is CPU). */
function load(): Promise<Loaded> {
  loaded ??= (async () => {
    const [tf, poseFiles, segmentationFiles] = await Promise.all([
      loadTf(),
      readModel(ENGINE_MODEL_FILES.pose),
      readModel(ENGINE_MODEL_FILES.segmentation),
    ]);
    const pose = await loadGraph(tf, poseFiles);
    const segmentation = await loadGraph(tf, segmentationFiles);
    return { tf, pose, segmentation };
  })().catch((err) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
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
  for (let j = 0; j < INPUT; j++) {
    for (let i = 0; i < INPUT; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ty = 0; ty < taps; ty++) {
        const y = Math.floor(square.y + (j + (ty + 0.5) / taps) * step);
        if (y < 0 || y >= h) continue;
        for (let tx = 0; tx < taps; tx++) {
          const x = Math.floor(square.x + (i + (tx + 0.5) / taps) * step);
          if (x < 0 || x >= w) continue;
          const o = (y * w + x) * 4;
          r += data[o]!;
          g += data[o + 1]!;
          b += data[o + 2]!;
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
async function poseIn(m: Loaded, image: RgbaImage, square: Square) {
  const { tf } = m;
  const rgb = cropRgb(image, square);
  const out = tf.tidy(() =>
    single(m.pose.execute(tf.tensor4d(Int32Array.from(rgb, Math.round), [1, INPUT, INPUT, 3], 'int32'))),
  );
  const values = await out.data();
  out.dispose();
  const keypoints = {} as Record<KeypointName, Keypoint>;
  KEYPOINT_NAMES.forEach((name, i) => {
    keypoints[name] = {
      y: square.y + values[i * 3]! * square.size,
      x: square.x + values[i * 3 + 1]! * square.size,
      score: values[i * 3 + 2]!,
    };
  });
  return keypoints;
}

/** Selfie segmentation of `square`: the person probability (0..1) at INPUT x INPUT. */
async function segmentIn(m: Loaded, image: RgbaImage, square: Square): Promise<Float32Array> {
  const { tf } = m;
  const rgb = cropRgb(image, square);
  for (let i = 0; i < rgb.length; i++) rgb[i] = rgb[i]! / 255;
  const out = tf.tidy(() => single(m.segmentation.execute(tf.tensor4d(rgb, [1, INPUT, INPUT, 3]))));
  const values = await out.data<'float32'>();
  out.dispose();
  return values;
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
function personSquare(prob: Float32Array, square: Square, w: number, h: number): Square | null {
  let x0 = INPUT;
  let x1 = -1;
  let y0 = INPUT;
  let y1 = -1;
  let n = 0;
  for (let j = 0; j < INPUT; j++) {
    for (let i = 0; i < INPUT; i++) {
      if (prob[j * INPUT + i]! < 0.5) continue;
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
function maskFrom(prob: Float32Array, square: Square, w: number, h: number, into?: GrayImage): GrayImage {
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
    xs1[x] = Math.min(INPUT - 1, xs0[x]! + 1);
    wxs[x] = fc - xs0[x]!;
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
      const a = xs0[x]!;
      const b = xs1[x]!;
      const wx = wxs[x]!;
      const top = prob[r0 + a]! * (1 - wx) + prob[r0 + b]! * wx;
      const bot = prob[r1 + a]! * (1 - wx) + prob[r1 + b]! * wx;
      const v = (top * (1 - wy) + bot * wy) * 255;
      const q = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      if (!into || q > data[y * w + x]!) data[y * w + x] = q;
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
  m: Loaded,
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
async function analyze(image: RgbaImage): Promise<PersonAnalysis> {
  const m = await load();
  const { width: w, height: h } = image;
  const whole: Square = { x: (w - Math.max(w, h)) / 2, y: (h - Math.max(w, h)) / 2, size: Math.max(w, h) };
  const first = await segmentIn(m, image, whole);
  let square = personSquare(first, whole, w, h);
  let keypoints: Record<KeypointName, Keypoint>;
  if (square) keypoints = await poseIn(m, image, square);
  else {
    keypoints = await poseIn(m, image, whole);
    square = bodySquare(keypoints);
    if (square) keypoints = await poseIn(m, image, square);
  }
  const seg = square ?? whole;
  const prob = seg === whole ? first : await segmentIn(m, image, seg);
  const mask = maskFrom(prob, seg, w, h);
  for (const side of ['left', 'right'] as const) await addFoot(m, image, keypoints, side, mask);
  return { width: w, height: h, keypoints, mask };
}

export const nodeModelRuntime: ModelRuntime = {
  name: 'tfjs-wasm',
  analyzePerson: analyze,
};

/** Load the models now (a worker warms up before it takes work). */
export async function warmEngineModels(): Promise<void> {
  await load();
}
