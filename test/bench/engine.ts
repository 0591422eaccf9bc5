/**
 * The Fitly engine, measured (npm run bench, phase `engine`): each case in a fresh Node process
 * (test/bench/engine-child.ts), so the first render pays the model load (cold) and the peak RSS is the render's
 * own. Side by side in one run: the raw engine in the process's own thread against our local path (the
 * worker-thread pool), at 1024 px and at 2048 px (the largest upload).
 */
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { ENGINE_ASSET_DIRS, engineAssetCommands } from '../../infra/lib/constructs/app-function';
import { renderWorkerBuildOptions } from '../support/render-worker-bundle';

const root = path.resolve(import.meta.dirname, '../..');

type Mode = 'raw' | 'pool' | 'bundled';

export interface EngineCase {
  mode: Mode;
  side: number;
  processToFirstMs: number;
  coldMs: number;
  /** CPU time of the cold render (all threads of the process). */
  coldCpuMs: number;
  /** The machine's 1-minute load average when the case ended (other work on the 2 cores inflates wall times). */
  loadAverage: number;
  warmMs: number[];
  maxRssMb: number;
  /** Cold renders of more fresh processes (1024 px, raw and deployed): a cold render varies by +-10% run to run. */
  coldRepeatsMs?: number[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

/**
 * The render worker as deployed: engine-child bundled as the CDK bundles the render worker (ESM, minified,
 * TensorFlow.js inside, the same banner) with the model files and .wasm binaries copied by the build's own
 * commands; run with plain `node` (no tsx), so the cold render is what a new Lambda instance pays after its init.
 * The bundle sits under .cache so that sharp, left external as in Lambda's layer-free package, resolves.
 */
export function buildDeployedChild(): { file: string; env: Record<string, string>; dir: string } {
  const dir = path.join(root, '.cache', `engine-bench-bundle-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  for (const cmd of engineAssetCommands(root, dir)) execSync(cmd, { shell: '/bin/sh' });
  buildSync({
    entryPoints: [path.join(root, 'test/bench/engine-child.ts')],
    ...renderWorkerBuildOptions(path.join(dir, 'index.mjs')),
  });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  return {
    dir,
    file: path.join(dir, 'index.mjs'),
    env: {
      ENGINE_BENCH_ROOT: root,
      ENGINE_MODELS_DIR: path.join(dir, ENGINE_ASSET_DIRS.models),
      TFJS_WASM_DIR: path.join(dir, ENGINE_ASSET_DIRS.wasm),
      AWS_LAMBDA_FUNCTION_NAME: 'render-worker',
    },
  };
}

function runCase(mode: Mode, side: number, runs: number, deployed?: ReturnType<typeof buildDeployedChild>): EngineCase {
  const args =
    mode === 'bundled' ? [deployed!.file] : ['--import', 'tsx', path.join(root, 'test/bench/engine-child.ts')];
  const res = spawnSync(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...(mode === 'bundled' ? deployed!.env : {}),
      MODE: mode === 'bundled' ? 'raw' : mode,
      SIDE: String(side),
      RUNS: String(runs),
      ENGINE_THREADS: '1',
    },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !line.startsWith('{'))
    throw new Error(`engine bench child failed: ${res.stderr.slice(-2000)}`);
  return { ...(JSON.parse(line) as EngineCase), mode };
}

const LABELS: Record<Mode, string> = {
  raw: 'raw (in thread)',
  pool: 'local path (worker thread)',
  bundled: 'deployed path (render worker bundle, plain node)',
};

export function benchEngine(quick: boolean, row: (name: string, value: string, target?: string) => void) {
  const runs = quick ? 6 : 11;
  const coldRepeats = quick ? 4 : 8;
  const cases: (EngineCase & { warmP50Ms: number })[] = [];
  const deployed = buildDeployedChild();
  try {
    for (const side of [1024, 2048])
      for (const mode of ['raw', 'pool', 'bundled'] as const) {
        const c = runCase(mode, side, runs, deployed);
        if (side === 1024 && mode !== 'pool')
          c.coldRepeatsMs = [
            c.coldMs,
            ...Array.from({ length: coldRepeats }, () => runCase(mode, side, 1, deployed).coldMs),
          ];
        cases.push({ ...c, warmP50Ms: median(c.warmMs) });
      }
  } finally {
    rmSync(deployed.dir, { recursive: true, force: true });
  }
  for (const c of cases) {
    const label = `engine ${LABELS[c.mode]} ${c.side} px`;
    row(
      `${label}: cold render (fresh process, models loaded)`,
      `${c.coldMs} ms (CPU ${c.coldCpuMs} ms, load average ${c.loadAverage.toFixed(1)})`,
      c.side === 1024 ? '<= 1500 ms' : '',
    );
    if (c.coldRepeatsMs)
      row(
        `${label}: cold render, median of ${c.coldRepeatsMs.length} fresh processes (min-max)`,
        `${median(c.coldRepeatsMs)} ms (${Math.min(...c.coldRepeatsMs)}-${Math.max(...c.coldRepeatsMs)})`,
        '<= 1500 ms',
      );
    row(`${label}: warm render p50 of ${c.warmMs.length}`, `${c.warmP50Ms} ms`, c.side === 1024 ? '<= 700 ms' : '');
    row(`${label}: peak RSS`, `${c.maxRssMb} MB`, '<= 600 MB');
  }
  const ratio = (side: number) => {
    const raw = cases.find((c) => c.mode === 'raw' && c.side === side)!;
    const pool = cases.find((c) => c.mode === 'pool' && c.side === side)!;
    return (pool.warmP50Ms / raw.warmP50Ms).toFixed(2);
  };
  row('engine: local path / raw engine, warm p50, 1024 px', ratio(1024), 'about 1 (the pool adds only a message)');
  row('engine: local path / raw engine, warm p50, 2048 px', ratio(2048));
  const coldRatio = (side: number) => {
    const raw = cases.find((c) => c.mode === 'raw' && c.side === side)!;
    const b = cases.find((c) => c.mode === 'bundled' && c.side === side)!;
    return (b.coldMs / raw.coldMs).toFixed(2);
  };
  row('engine: deployed bundle / raw engine, cold render, 1024 px', coldRatio(1024), 'at most 1');
  return cases;
}
