/**
 * The Fitly engine's model runtime for Node: TensorFlow.js (WASM backend) running two small graph models from
 * local files, loaded once per process (MoveNet Thunder, 17 body keypoints; Selfie segmentation, a person mask).
 * How they are run over a photo is shared with the browser runtime (shared/engine/perception/pose-pipeline.ts), and so is
 * the models' loading from their JSON and weights (shared/engine/perception/tf-models.ts).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { ModelRuntime, PersonAnalysis, RgbaImage } from '../../shared/engine/core/types';
import { analyzeWithModels, MODEL_INPUT, type PersonModels } from '../../shared/engine/perception/pose-pipeline';
import {
  loadGraph,
  parseModelJson,
  tfPersonModels,
  weightPaths,
  type ModelJson,
  type WeightBytes,
} from '../../shared/engine/perception/tf-models';
import { loadTf, type Tf } from '../lib/tfjs-loader';
import { ENGINE_MODEL_FILES, engineModelsDir } from './models';

/**
 * A model's weight files as WeightBytes: read with positioned reads, chunk by chunk, by the decoder that puts
 * them in the WASM heap (shared/engine/perception/tf-models.ts), so their 12.5 MB never sit in a buffer of their own.
 */
export function weightFiles(paths: string[]): WeightBytes & { close(): void } {
  const files = paths.map((p) => {
    const fd = openSync(p, 'r');
    return { fd, size: fstatSync(fd).size };
  });
  return {
    byteLength: files.reduce((sum, f) => sum + f.size, 0),
    read(into, position) {
      let filled = 0;
      let start = 0;
      for (const f of files) {
        // the part of [position, position + into.length) that lies in this file
        while (filled < into.length && position + filled < start + f.size) {
          const at = position + filled - start;
          const n = readSync(f.fd, into, filled, Math.min(into.length - filled, f.size - at), at);
          if (n === 0) throw new Error('A model weight file ended early');
          filled += n;
        }
        start += f.size;
      }
      if (filled < into.length) throw new Error('The model weight files hold fewer bytes than asked for');
    },
    close: () => files.forEach((f) => closeSync(f.fd)),
  };
}

/** A model's JSON (read while TensorFlow.js starts: I/O beside CPU). */
async function readModelJson(file: string): Promise<ModelJson> {
  return parseModelJson(await readFile(path.join(engineModelsDir(), file), 'utf8'));
}

/** A model from its JSON, its weights read from their files straight into the backend's memory. */
async function loadModel(tf: Tf, json: ModelJson): Promise<GraphModel> {
  const weights = weightFiles(weightPaths(json).map((p) => path.join(engineModelsDir(), p)));
  try {
    return await loadGraph(tf, json, weights);
  } finally {
    weights.close();
  }
}

let loaded: Promise<PersonModels> | undefined;

/** TensorFlow.js's start and the models' JSON reads overlap (the reads are I/O, the start is CPU). */
function load(): Promise<PersonModels> {
  loaded ??= (async () => {
    const [tf, poseJson, segmentationJson] = await Promise.all([
      loadTf(),
      readModelJson(ENGINE_MODEL_FILES.pose),
      readModelJson(ENGINE_MODEL_FILES.segmentation),
    ]);
    const pose = await loadModel(tf, poseJson);
    const segmentation = await loadModel(tf, segmentationJson);
    return tfPersonModels(tf, pose, segmentation);
  })().catch((err) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}

async function analyze(image: RgbaImage): Promise<PersonAnalysis> {
  return analyzeWithModels(await load(), image);
}

export const nodeModelRuntime: ModelRuntime = {
  name: 'tfjs-wasm',
  analyzePerson: analyze,
};

/** Load the models now (a worker warms up before it takes work). */
export async function warmEngineModels(): Promise<void> {
  await load();
}

/**
 * Load the models and run each of them twice on a blank crop: the first inference of a model packs its weights
 * for XNNPACK and touches its activations' memory for the first time, the second settles the heap; a person's
 * first look on a warmed worker then runs as fast as the ones after it (the local stack's threads do this at start).
 */
export async function primeEngineModels(): Promise<void> {
  const models = await load();
  const blank = new Float32Array(MODEL_INPUT * MODEL_INPUT * 3);
  for (let i = 0; i < 2; i++) {
    await models.segment(blank);
    await models.pose(new Int32Array(blank.length));
  }
}
