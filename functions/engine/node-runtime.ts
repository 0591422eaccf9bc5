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
import type { GraphModel } from '@tensorflow/tfjs';
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

async function loadGraph(tf: Tf, file: string): Promise<GraphModel> {
  const dir = engineModelsDir();
  const json = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: unknown[] }[];
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
  };
  const buffers: Buffer[] = [];
  const weightSpecs: unknown[] = [];
  for (const group of json.weightsManifest) {
    for (const p of group.paths) buffers.push(await readFile(path.join(dir, p)));
    weightSpecs.push(...group.weights);
  }
  const all = Buffer.concat(buffers);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
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

interface Loaded {
  tf: Tf;
  pose: GraphModel;
  segmentation: GraphModel;
}
let loaded: Promise<Loaded> | undefined;

function load(): Promise<Loaded> {
  loaded ??= (async () => {
    const tf = await loadTf();
    const [pose, segmentation] = await Promise.all([
      loadGraph(tf, ENGINE_MODEL_FILES.pose),
      loadGraph(tf, ENGINE_MODEL_FILES.segmentation),
    ]);
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

/** Run MoveNet on `square` of the image; keypoints in image pixels. */
async function poseIn(m: Loaded, rgb: import('@tensorflow/tfjs').Tensor3D, square: Square, w: number, h: number) {
  const { tf } = m;
  const out = tf.tidy(() => {
    const boxes = tf.tensor2d([
      [square.y / h, square.x / w, (square.y + square.size) / h, (square.x + square.size) / w],
    ]);
    const crop = tf.image.cropAndResize(
      rgb.expandDims(0) as import('@tensorflow/tfjs').Tensor4D,
      boxes,
      [0],
      [INPUT, INPUT],
    );
    return m.pose.execute(crop.toInt()) as import('@tensorflow/tfjs').Tensor;
  });
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

async function analyze(image: RgbaImage): Promise<PersonAnalysis> {
  const m = await load();
  const { tf } = m;
  const { width: w, height: h } = image;
  const rgb = tf.tidy(() =>
    tf
      .tensor3d(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength), [h, w, 4], 'int32')
      .slice([0, 0, 0], [h, w, 3])
      .toFloat(),
  );
  try {
    const whole: Square = { x: (w - Math.max(w, h)) / 2, y: (h - Math.max(w, h)) / 2, size: Math.max(w, h) };
    let keypoints = await poseIn(m, rgb, whole, w, h);
    const square = bodySquare(keypoints);
    if (square) keypoints = await poseIn(m, rgb, square, w, h);

    // segmentation on the body's square (the whole letterboxed image when no body was found), scaled back
    const seg = square ?? whole;
    const maskTensor = tf.tidy(() => {
      const boxes = tf.tensor2d([[seg.y / h, seg.x / w, (seg.y + seg.size) / h, (seg.x + seg.size) / w]]);
      const input = tf.image
        .cropAndResize(rgb.expandDims(0) as import('@tensorflow/tfjs').Tensor4D, boxes, [0], [INPUT, INPUT])
        .div(255);
      const out = m.segmentation.execute(input) as import('@tensorflow/tfjs').Tensor4D; // [1,256,256,1] in 0..1
      // back to image pixels: pad the square's mask onto the image's frame, then crop
      const side = Math.round(seg.size);
      const up = tf.image.resizeBilinear(out, [side, side]).squeeze([0, 3]) as import('@tensorflow/tfjs').Tensor2D;
      const x0 = Math.round(seg.x);
      const y0 = Math.round(seg.y);
      const padded = up.pad([
        [Math.max(0, y0), Math.max(0, h - y0 - side)],
        [Math.max(0, x0), Math.max(0, w - x0 - side)],
      ]);
      return padded
        .slice([Math.max(0, -y0), Math.max(0, -x0)], [h, w])
        .mul(255)
        .round()
        .clipByValue(0, 255)
        .toInt();
    });
    const mask: GrayImage = { width: w, height: h, data: Uint8Array.from(await maskTensor.data()) };
    maskTensor.dispose();
    return { width: w, height: h, keypoints, mask };
  } finally {
    rgb.dispose();
  }
}

export const nodeModelRuntime: ModelRuntime = {
  name: 'tfjs-wasm',
  analyzePerson: analyze,
};

/** Load the models now (a worker warms up before it takes work). */
export async function warmEngineModels(): Promise<void> {
  await load();
}
