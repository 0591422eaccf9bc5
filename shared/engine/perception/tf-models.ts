/**
 * The two graph models on TensorFlow.js, shared by the Node runtime (functions/engine/node-runtime.ts, WASM
 * backend) and the browser one (web/src/lib/engine/browser-runtime.ts, WebGL or WASM): a model's JSON and its
 * weights (however they were read) become a GraphModel, and the two GraphModels the engine's PersonModels.
 * Only types come from TensorFlow.js here: each runtime hands in its own loaded `tf`.
 */
import type { Tensor, TensorInfo } from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { MODEL_INPUT, type PersonModels } from './pose-pipeline';

/** What the engine needs of TensorFlow.js: tfjs-core and tfjs-converter's graph loader (functions/lib/tfjs-loader.ts). */
export type TfForModels = typeof import('@tensorflow/tfjs-core') &
  Pick<typeof import('@tensorflow/tfjs-converter'), 'loadGraphModel'>;

/** One weight in a model's manifest. */
type WeightSpec = { name: string; shape: number[]; dtype: string; quantization?: { dtype: string } };

/** A converted graph model's JSON (model.json). */
export interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}

export function parseModelJson(text: string): ModelJson {
  return JSON.parse(text) as ModelJson;
}

/** The weight files a model's JSON names, in order (their bytes are concatenated into one buffer). */
export const weightPaths = (json: ModelJson): string[] => json.weightsManifest.flatMap((group) => group.paths);

/**
 * Where a model's weight bytes come from: a buffer in memory (the browser fetches them), or a reader over the
 * files (Node: functions/engine/node-runtime.ts reads them from disk chunk by chunk, straight to where they go).
 */
export interface WeightBytes {
  byteLength: number;
  /** Fill `into` with the bytes from `position` on. */
  read(into: Uint8Array, position: number): void;
}

/** A buffer's bytes as WeightBytes. */
export function bytesOf(data: ArrayBuffer): WeightBytes {
  return {
    byteLength: data.byteLength,
    read: (into, position) => into.set(new Uint8Array(data, position, into.length)),
  };
}

/** What the WASM backend offers beyond tfjs-core's KernelBackend: a tensor's storage in its heap, unfilled. */
interface HeapBackend {
  makeOutput(shape: number[], dtype: 'float32' | 'int32'): TensorInfo;
  typedArrayFromHeap(info: TensorInfo): Float32Array | Int32Array | Uint8Array;
}

function isHeapBackend(b: object): b is HeapBackend {
  return (
    'makeOutput' in b &&
    typeof b.makeOutput === 'function' &&
    'typedArrayFromHeap' in b &&
    typeof b.typedArrayFromHeap === 'function'
  );
}

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
 * `into.length` float16 values of `halves` into `into`: its own small function on Float32Arrays only, so V8
 * optimises it early and for one kind of array (the loop inline, over a Float32Array | Int32Array union, ran ~2x
 * slower in a cold process).
 */
function decodeHalves(table: Float32Array, halves: Uint16Array, into: Float32Array): void {
  for (let i = 0; i < into.length; i++) into[i] = table[halves[i] ?? 0] ?? 0;
}

/** Float16 values decoded per read: the one reusable buffer the bytes pass through (512 KiB). */
const CHUNK_HALVES = 1 << 18;

/**
 * The weights as tensors, for the two kinds these models hold (float32 stored as float16, and plain int32), in one
 * pass over the weights' bytes; null for anything else (another quantization, strings, several buffers), which
 * TensorFlow.js's own decoder then takes. Its decoder wants every byte in one buffer, copies each weight out of it,
 * builds its float16 tables again for every weight and decodes into new arrays, which the WASM backend then
 * copies into its heap. Here, on the WASM backend, each weight's storage is taken in the heap first and its values
 * are decoded (or, for 4-byte values, read) straight into it, through one 512 KiB buffer: in a fresh process
 * every page of memory touched the first time costs a page fault (on this machine ~3.4 ms per MB, docs/
 * performance.md), and MoveNet Thunder's 12.5 MB file, a decoding scratch and a copy are no longer touched at all.
 * The WebGL and CPU backends keep the array they are given: a new one each.
 */
export function decodeModelWeights(
  tf: TfForModels,
  data: ArrayBuffer | ArrayBuffer[] | WeightBytes,
  specs: WeightSpec[],
): Record<string, Tensor> | null {
  if (Array.isArray(data)) return null;
  const bytes = data instanceof ArrayBuffer ? bytesOf(data) : data;
  const supported = (w: WeightSpec) =>
    w.quantization
      ? w.quantization.dtype === 'float16' && w.dtype === 'float32'
      : w.dtype === 'float32' || w.dtype === 'int32';
  if (!specs.every(supported)) return null;
  const sizeOf = (w: WeightSpec) => w.shape.reduce((a, b) => a * b, 1);
  const total = specs.reduce((sum, w) => sum + sizeOf(w) * (w.quantization ? 2 : 4), 0);
  if (total !== bytes.byteLength) throw new Error(`The weights hold ${bytes.byteLength} bytes, their specs ${total}`);
  const table = float16Table();
  const halvesMax = Math.max(0, ...specs.filter((w) => w.quantization).map(sizeOf));
  const chunk = new Uint8Array(Math.min(CHUNK_HALVES, halvesMax) * 2);
  const halves = new Uint16Array(chunk.buffer);
  const backend = tf.getBackend() === 'wasm' ? tf.backend() : null;
  const heap = backend && isHeapBackend(backend) ? backend : undefined;
  const out: Record<string, Tensor> = {};
  let position = 0;
  try {
    for (const spec of specs) {
      const size = sizeOf(spec);
      const dtype = spec.dtype === 'int32' ? 'int32' : 'float32';
      // the tensor's storage: in the WASM heap (a tensor at once, so a failed read below frees it), else new
      let values: Float32Array | Int32Array | Uint8Array;
      if (heap) {
        const info = heap.makeOutput(spec.shape, dtype);
        out[spec.name] = tf.engine().makeTensorFromTensorInfo(info, heap);
        // the view after the storage is taken: taking memory may grow the heap and detach older views
        values = heap.typedArrayFromHeap(info);
      } else values = dtype === 'int32' ? new Int32Array(size) : new Float32Array(size);
      if (spec.quantization) {
        for (let done = 0; done < size;) {
          const n = Math.min(CHUNK_HALVES, size - done);
          bytes.read(chunk.subarray(0, n * 2), position);
          position += n * 2;
          decodeHalves(table, halves, new Float32Array(values.buffer, values.byteOffset + done * 4, n));
          done += n;
        }
      } else {
        bytes.read(new Uint8Array(values.buffer, values.byteOffset, size * 4), position);
        position += size * 4;
      }
      if (!heap) out[spec.name] = tf.tensor(values, spec.shape, dtype);
    }
  } catch (err) {
    tf.dispose(Object.values(out));
    throw err;
  }
  return out;
}

/**
 * A model from its JSON and its weights, read by the caller (files in Node, fetched assets in the browser).
 * TensorFlow.js's loader is handed no bytes of its own: the weights reach it through decodeModelWeights.
 */
export function loadGraph(tf: TfForModels, json: ModelJson, weights: ArrayBuffer | WeightBytes): Promise<GraphModel> {
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const decoded = decodeModelWeights(tf, weights, weightSpecs);
  // what TensorFlow.js decodes itself (an encoding decodeModelWeights leaves to it) it needs in one buffer
  let weightData = new ArrayBuffer(0);
  if (!decoded) {
    weightData = weights instanceof ArrayBuffer ? weights : new ArrayBuffer(weights.byteLength);
    if (!(weights instanceof ArrayBuffer)) weights.read(new Uint8Array(weightData), 0);
  }
  // loadGraphModel's third argument is the io module it decodes the weights with
  const io: typeof tf.io = {
    ...tf.io,
    decodeWeights: (data, specs) => decoded ?? tf.io.decodeWeights(data, specs),
  };
  return tf.loadGraphModel(
    {
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: weightSpecs as never,
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
