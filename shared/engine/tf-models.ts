/**
 * The two graph models on TensorFlow.js, shared by the Node runtime (functions/engine/node-runtime.ts, WASM
 * backend) and the browser one (web/src/lib/engine/browser-runtime.ts, WebGL or WASM): a model's JSON and its
 * weights (however they were read) become a GraphModel, and the two GraphModels the engine's PersonModels.
 * Only types come from TensorFlow.js here: each runtime hands in its own loaded `tf`.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { MODEL_INPUT, type PersonModels } from './pose-pipeline';

/** What the engine needs of TensorFlow.js: tfjs-core and tfjs-converter's graph loader (functions/lib/tfjs-loader.ts). */
export type TfForModels = typeof import('@tensorflow/tfjs-core') &
  Pick<typeof import('@tensorflow/tfjs-converter'), 'loadGraphModel'>;

/** A converted graph model's JSON (model.json). */
export interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}

export function parseModelJson(text: string): ModelJson {
  return JSON.parse(text) as ModelJson;
}

/** The weight files a model's JSON names, in order (their bytes are concatenated into one buffer). */
export const weightPaths = (json: ModelJson): string[] => json.weightsManifest.flatMap((group) => group.paths);

type WeightSpec = { name: string; shape: number[]; dtype: string; quantization?: { dtype: string } };

let float16Values: Float32Array | undefined;

/** Every float16 bit pattern's value (65,536 of them, built once): decoding a weight is one lookup per value. */
function float16Table(): Float32Array {
  if (float16Values) return float16Values;
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    table[h] =
      exponent === 0
        ? sign * mantissa * 2 ** -24
        : exponent === 31
          ? mantissa
            ? NaN
            : sign * Infinity
          : sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
  }
  return (float16Values = table);
}

/**
 * The weights as tensors, for the two kinds these models hold (float32 stored as float16, and plain int32), in one
 * pass over the weights' buffer; null for anything else (another quantization, strings, several buffers), which
 * TensorFlow.js's own decoder then takes. Its decoder copies each weight out of the buffer first, builds its
 * float16 tables again for every weight and decodes into new arrays; on the WASM backend, which copies a tensor's
 * values into its heap when the tensor is made, every weight is decoded here into one scratch array as long as the
 * largest weight (3.7 MB for MoveNet Thunder) instead of 25 MB of new ones: in a cold process, memory touched for
 * the first time costs page faults. A cold MoveNet load: 204 -> 148 ms (docs/performance.md). The WebGL and CPU
 * backends keep the array they are given: a new one each.
 */
export function decodeModelWeights(
  tf: TfForModels,
  data: ArrayBuffer | ArrayBuffer[],
  specs: WeightSpec[],
): Record<string, Tensor> | null {
  if (!(data instanceof ArrayBuffer)) return null;
  const supported = (w: WeightSpec) =>
    w.quantization
      ? w.quantization.dtype === 'float16' && w.dtype === 'float32'
      : w.dtype === 'float32' || w.dtype === 'int32';
  if (!specs.every(supported)) return null;
  const sizeOf = (w: WeightSpec) => w.shape.reduce((a, b) => a * b, 1);
  const bytes = specs.reduce((sum, w) => sum + sizeOf(w) * (w.quantization ? 2 : 4), 0);
  if (bytes !== data.byteLength) throw new Error(`The weights hold ${data.byteLength} bytes, their specs ${bytes}`);
  const table = float16Table();
  const halvesMax = Math.max(0, ...specs.filter((w) => w.quantization).map(sizeOf));
  const scratch = tf.getBackend() === 'wasm' ? new Float32Array(halvesMax) : null;
  const out: Record<string, Tensor> = {};
  let offset = 0;
  for (const spec of specs) {
    const size = sizeOf(spec);
    if (spec.quantization) {
      const halves = new Uint16Array(data, offset, size);
      const values = scratch ? scratch.subarray(0, size) : new Float32Array(size);
      for (let i = 0; i < size; i++) values[i] = table[halves[i]!]!;
      out[spec.name] = tf.tensor(values, spec.shape, 'float32');
      offset += size * 2;
    } else {
      // a 4-byte value may sit at an offset that is not a multiple of 4 (after an odd count of halves): copied
      const copy = data.slice(offset, offset + size * 4);
      out[spec.name] =
        spec.dtype === 'int32'
          ? tf.tensor(new Int32Array(copy), spec.shape, 'int32')
          : tf.tensor(new Float32Array(copy), spec.shape, 'float32');
      offset += size * 4;
    }
  }
  return out;
}

/** A model from its JSON and its weights, read by the caller (files in Node, fetched assets in the browser). */
export function loadGraph(tf: TfForModels, json: ModelJson, weightData: ArrayBuffer): Promise<GraphModel> {
  // loadGraphModel's third argument is the io module it decodes the weights with
  const io: typeof tf.io = {
    ...tf.io,
    decodeWeights: (data, specs) =>
      decodeModelWeights(tf, data, specs as WeightSpec[]) ?? tf.io.decodeWeights(data, specs),
  };
  return tf.loadGraphModel(
    {
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights) as never,
        weightData,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
      }),
    },
    {},
    io,
  );
}

/** The one output tensor of a single-output graph model (execute's type also allows several). */
function single(out: Tensor | Tensor[]): Tensor {
  if (Array.isArray(out)) throw new Error(`Expected one output tensor, got ${out.length}`);
  return out;
}

/** MoveNet and Selfie as the engine's PersonModels (tensors disposed after each call). */
export function tfPersonModels(tf: TfForModels, pose: GraphModel, segmentation: GraphModel): PersonModels {
  const shape: [number, number, number, number] = [1, MODEL_INPUT, MODEL_INPUT, 3];
  const run = async (model: GraphModel, input: () => Tensor) => {
    const out = tf.tidy(() => single(model.execute(input())));
    try {
      return await out.data<'float32'>();
    } finally {
      out.dispose();
    }
  };
  return {
    pose: (rgb) => run(pose, () => tf.tensor4d(rgb, shape, 'int32')),
    segment: (rgb) => run(segmentation, () => tf.tensor4d(rgb, shape)),
  };
}
