/**
 * The Fitly engine's model runtime for Node: TensorFlow.js (WASM backend) running two small graph models from
 * local files, loaded once per process (MoveNet Thunder, 17 body keypoints; Selfie segmentation, a person mask).
 * How they are run over a photo is shared with the browser runtime (shared/engine/pose-pipeline.ts), and so is
 * the models' loading from their JSON and weights (shared/engine/tf-models.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelRuntime, PersonAnalysis, RgbaImage } from '../../shared/engine/types';
import { analyzeWithModels, type PersonModels } from '../../shared/engine/pose-pipeline';
import { loadGraph, parseModelJson, tfPersonModels, weightPaths, type ModelJson } from '../../shared/engine/tf-models';
import { loadTf } from '../lib/tfjs-loader';
import { ENGINE_MODEL_FILES, engineModelsDir } from './models';

interface ModelFiles {
  json: ModelJson;
  weightData: ArrayBuffer;
}

/** A model's JSON and its weights (one read per file), before TensorFlow.js is needed. */
async function readModel(file: string): Promise<ModelFiles> {
  const dir = engineModelsDir();
  const json = parseModelJson(await readFile(path.join(dir, file), 'utf8'));
  const buffers = await Promise.all(weightPaths(json).map((p) => readFile(path.join(dir, p))));
  const all = buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers);
  return {
    json,
    // a whole file's read is its own ArrayBuffer: no copy of the 12.5 MB of weights
    weightData:
      all.byteOffset === 0 && all.byteLength === all.buffer.byteLength
        ? all.buffer
        : all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

let loaded: Promise<PersonModels> | undefined;

/** TensorFlow.js's start and the model files' reads overlap (the reads are I/O, the start is CPU). */
function load(): Promise<PersonModels> {
  loaded ??= (async () => {
    const [tf, poseFiles, segmentationFiles] = await Promise.all([
      loadTf(),
      readModel(ENGINE_MODEL_FILES.pose),
      readModel(ENGINE_MODEL_FILES.segmentation),
    ]);
    const pose = await loadGraph(tf, poseFiles.json, poseFiles.weightData);
    const segmentation = await loadGraph(tf, segmentationFiles.json, segmentationFiles.weightData);
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
