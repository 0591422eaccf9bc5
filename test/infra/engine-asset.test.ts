/**
 * The render worker ships the Fitly engine with no manual step: the CDK build copies the model files and
 * TensorFlow.js's .wasm binaries next to the handler (engineAssetCommands), TensorFlow.js is bundled in, and the
 * function's environment points at them. Run here exactly as the build runs them, into a temp directory.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSync } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  ENGINE_ASSET_DIRS,
  ENGINE_MODEL_FILES,
  EXTERNAL_MODULES,
  engineAssetCommands,
} from '../../infra/lib/constructs/app-function';
import { REPO_ROOT } from '../../infra/lib/paths';
import { renderWorkerBuildOptions } from '../support/render-worker-bundle';
import { MODEL_FILES } from '../../infra/engine-models/fetch';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth';

const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;
let out: string;
let dev: SynthesizedApp;

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'tryon-engine-asset-'));
  for (const cmd of engineAssetCommands(REPO_ROOT, out)) execSync(cmd, { shell: '/bin/sh' });
  dev = synthApp('dev');
}, 180_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  if (dev) rmSync(dev.outdir, { recursive: true, force: true });
});

const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? sizeOf(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );

describe('the engine in the render worker package', () => {
  it('copies exactly the pinned model files and the three TensorFlow.js .wasm binaries', () => {
    expect(readdirSync(path.join(out, ENGINE_ASSET_DIRS.models)).sort()).toEqual([...ENGINE_MODEL_FILES].sort());
    expect(Object.keys(MODEL_FILES).sort()).toEqual([...ENGINE_MODEL_FILES].sort());
    expect(readdirSync(path.join(out, ENGINE_ASSET_DIRS.wasm)).sort()).toEqual([
      'tfjs-backend-wasm-simd.wasm',
      'tfjs-backend-wasm-threaded-simd.wasm',
      'tfjs-backend-wasm.wasm',
    ]);
  });

  it('stays far under Lambda’s 250 MB unzipped limit (engine files under 40 MB)', () => {
    const bytes = sizeOf(out);
    expect(bytes).toBeGreaterThan(10 * 1024 * 1024); // the models are really there
    expect(bytes).toBeLessThan(40 * 1024 * 1024);
    expect(bytes).toBeLessThan(LAMBDA_UNZIPPED_LIMIT);
  });

  it('the render worker, and only it, is built with the engine: its environment names the copied files', () => {
    const fns = Object.values(resourcesOf(dev.templates.app, 'AWS::Lambda::Function'));
    const withEngine = fns.filter((f) => f.Properties?.Environment?.Variables?.ENGINE_MODELS_DIR);
    expect(withEngine.map((f) => f.Properties.Description)).toEqual([
      'Render worker: renders one claimed generation and reports to its waiting execution',
    ]);
    const env = withEngine[0]!.Properties.Environment.Variables;
    expect(env).toMatchObject({
      ENGINE_MODELS_DIR: `/var/task/${ENGINE_ASSET_DIRS.models}`,
      TFJS_WASM_DIR: `/var/task/${ENGINE_ASSET_DIRS.wasm}`,
    });
    // every function is told who renders each mode; a dev stage without -c keeps the AI providers
    // (the API's edge authorizer is given only its stage and the origin secret: it renders nothing)
    for (const f of fns.filter(
      (x) =>
        x.Properties?.Environment?.Variables?.APP_STAGE &&
        !String(x.Properties.Description).startsWith('API authorizer'),
    ))
      expect(f.Properties.Environment.Variables).toMatchObject({
        EXACT_PROVIDER: 'fashn',
        CREATIVE_PROVIDER: 'gemini',
      });
    expect(EXTERNAL_MODULES).toContain('@tensorflow/*'); // left out of every other function
  });
});

describe('the engine bundled as the CDK bundles the render worker (ESM, minified, TensorFlow.js inside)', () => {
  it('runs on the WASM backend from the copied files (not the 30x slower JS fallback) and checks a photo', () => {
    const dir = path.join(REPO_ROOT, '.cache', `engine-bundle-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      buildSync({
        stdin: {
          contents: `import { submitEngineJob } from './functions/engine/pool';
import { loadTf } from './functions/lib/tfjs-loader';
import { readFileSync } from 'node:fs';
const r = await submitEngineJob({ kind: 'check-person', image: readFileSync(process.env.PHOTO) });
const tf = await loadTf();
console.log(JSON.stringify({ result: r, backend: tf.getBackend() }));`,
          resolveDir: REPO_ROOT,
          loader: 'ts',
        },
        ...renderWorkerBuildOptions(path.join(dir, 'index.mjs')),
      });
      writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
      const res = spawnSync(process.execPath, [path.join(dir, 'index.mjs')], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          AWS_LAMBDA_FUNCTION_NAME: 'render-worker', // in process, as in Lambda
          ENGINE_MODELS_DIR: path.join(out, ENGINE_ASSET_DIRS.models),
          TFJS_WASM_DIR: path.join(out, ENGINE_ASSET_DIRS.wasm),
          PHOTO: path.join(REPO_ROOT, 'test/fixtures/people/cgi-model-27.jpg'),
        },
        timeout: 120_000,
      });
      const line = res.stdout.trim().split('\n').pop() ?? '';
      expect(res.stderr).not.toMatch(/falling back to the pure-JS CPU backend/);
      expect(JSON.parse(line)).toEqual({ result: { ok: true, check: 'ok' }, backend: 'wasm' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
