/**
 * One fresh process of the engine bench (test/bench/engine.ts): renders `RUNS` looks of one fixture person in one
 * garment and prints JSON: the first render's time in this process (models loaded on the way: the cold render),
 * the warm renders after it, and the process's peak RSS. MODE=raw runs the engine in this thread (the raw engine);
 * MODE=pool runs it on the local worker-thread pool (our path locally).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runEngineJob } from '../../functions/engine/render-job';
import { stopEnginePool, submitEngineJob } from '../../functions/engine/pool';

/** ENGINE_BENCH_ROOT when bundled (the bundle lives elsewhere; engine.ts sets it). */
const root = process.env.ENGINE_BENCH_ROOT ?? path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 11);
const SIDE = Number(process.env.SIDE ?? 1024);
const mode = process.env.MODE ?? 'raw';
const startedAt = performance.now();

const person = await sharp(
  readFileSync(path.join(root, 'test/fixtures/people', process.env.PERSON ?? 'cgi-model-27.jpg')),
)
  .resize(SIDE, SIDE, { fit: 'inside' })
  .jpeg({ quality: 92 })
  .toBuffer();
const garment = readFileSync(path.join(root, 'test/fixtures/garments', process.env.GARMENT ?? 'tee-white.jpg'));
const job = {
  kind: 'render' as const,
  person,
  garments: [{ bytes: garment, slot: null, source: 'laydown' as const }],
  samples: 1,
  look: null,
  background: null,
};
const times: number[] = [];
/** CPU time (user + system, every thread of the process) of the first render: steadier than wall time on a
 * machine other work shares. */
let coldCpuMs = 0;
let coldTimingsMs: Record<string, number> = {};
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const r = mode === 'pool' ? await submitEngineJob(job) : await runEngineJob(job);
  if (!r.ok) throw new Error(`refused: ${r.refused.message}`);
  times.push(performance.now() - t);
  if (i === 0) {
    const cpu = process.cpuUsage(cpu0);
    coldCpuMs = (cpu.user + cpu.system) / 1000;
    // the engine's own steps; what the cold render adds beyond them is the models' load (TensorFlow.js's start)
    if ('timingsMs' in r)
      coldTimingsMs = Object.fromEntries(Object.entries(r.timingsMs).map(([k, v]) => [k, Math.round(v)]));
  }
}
if (mode === 'pool') await stopEnginePool();
console.log(
  JSON.stringify({
    mode,
    side: SIDE,
    processToFirstMs: Math.round(startedAt + times[0]!),
    coldMs: Math.round(times[0]!),
    coldCpuMs: Math.round(coldCpuMs),
    coldTimingsMs,
    loadAverage: os.loadavg()[0],
    warmMs: times.slice(1).map(Math.round),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
