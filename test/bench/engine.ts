/**
 * The Fitly engine, measured (npm run bench, phase `engine`): each case in a fresh Node process
 * (test/bench/engine-child.ts), so the first render pays the model load (cold) and the peak RSS is the render's
 * own. Side by side in one run: the raw engine in the process's own thread against our local path (the
 * worker-thread pool), at 1024 px and at 2048 px (the largest upload).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface EngineCase {
  mode: 'raw' | 'pool';
  side: number;
  processToFirstMs: number;
  coldMs: number;
  /** CPU time of the cold render (all threads of the process). */
  coldCpuMs: number;
  /** The machine's 1-minute load average when the case ended (other work on the 2 cores inflates wall times). */
  loadAverage: number;
  warmMs: number[];
  maxRssMb: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

function runCase(mode: 'raw' | 'pool', side: number, runs: number): EngineCase {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'test/bench/engine-child.ts')], {
    cwd: root,
    env: { ...process.env, MODE: mode, SIDE: String(side), RUNS: String(runs), ENGINE_THREADS: '1' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !line.startsWith('{'))
    throw new Error(`engine bench child failed: ${res.stderr.slice(-2000)}`);
  return JSON.parse(line) as EngineCase;
}

export function benchEngine(quick: boolean, row: (name: string, value: string, target?: string) => void) {
  const runs = quick ? 6 : 11;
  const cases: (EngineCase & { warmP50Ms: number })[] = [];
  for (const side of [1024, 2048])
    for (const mode of ['raw', 'pool'] as const) {
      const c = runCase(mode, side, runs);
      cases.push({ ...c, warmP50Ms: median(c.warmMs) });
    }
  for (const c of cases) {
    const label = `engine ${c.mode === 'raw' ? 'raw (in thread)' : 'local path (worker thread)'} ${c.side} px`;
    row(
      `${label}: cold render (fresh process, models loaded)`,
      `${c.coldMs} ms (CPU ${c.coldCpuMs} ms, load average ${c.loadAverage.toFixed(1)})`,
      c.side === 1024 ? '<= 1500 ms' : '',
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
  return cases;
}
