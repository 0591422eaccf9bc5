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

/** A model from its JSON and its weights, read by the caller (files in Node, fetched assets in the browser). */
export function loadGraph(tf: TfForModels, json: ModelJson, weightData: ArrayBuffer): Promise<GraphModel> {
  return tf.loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights) as never,
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
