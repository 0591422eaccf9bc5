/**
 * esbuild's options for the render worker as the CDK bundles it (infra/lib/constructs/app-function.ts: ESM,
 * minified, TensorFlow.js inside, sharp and nsfwjs left out, the engine's banner), for the test that runs the
 * bundled engine (test/infra/engine-asset.test.ts) and the bench's deployed-path case (test/bench/engine.ts).
 */
import type { BuildOptions } from 'esbuild';
import { bundleBanner, EXTERNAL_MODULES } from '../../infra/lib/constructs/app-function';

export const renderWorkerBuildOptions = (outfile: string): BuildOptions => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  mainFields: ['module', 'main'],
  external: EXTERNAL_MODULES.filter((m) => m !== '@tensorflow/*'),
  banner: { js: bundleBanner(true) },
  outfile,
  logLevel: 'silent',
});
