/**
 * Engine timing while iterating (the lead's `npm run bench` is the reference): cold = a fresh `node --import tsx`
 * process that loads the models and renders once (wall time of the child, and its own split); warm = p50 of 10
 * renders in this process (analysis included), with the split per stage; peak RSS of both.
 * Run: npx tsx test/engine/timing.ts [--child]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const t0 = performance.now();
const CASES = [
  ['cgi-model-27', 'tee-white.jpg'],
  ['ai-body', 'jeans-white.jpg'],
  ['cgi-model-4', 'dress-white.jpg'],
  ['cgi-model-23', 'shirt-white.jpg'],
  ['cgi-model-27', 'trainers-white.jpg'],
] as const;

async function engine() {
  const { nodeModelRuntime, warmEngineModels } = await import('../../functions/engine/node-runtime');
  const { tryOn } = await import('../../shared/engine');
  const { loadGarment, loadPerson } = await import('./fixtures');
  return { nodeModelRuntime, warmEngineModels, tryOn, loadGarment, loadPerson };
}

async function child(): Promise<void> {
  const tImport0 = performance.now();
  const e = await engine();
  const tImport = performance.now();
  const [p, g] = CASES[0];
  const person = await e.loadPerson(p);
  const garment = await e.loadGarment(g);
  const tLoad0 = performance.now();
  await e.warmEngineModels();
  const tLoad = performance.now();
  const r = await e.tryOn(e.nodeModelRuntime, person, [{ image: garment, slot: null, source: 'laydown' }]);
  const tEnd = performance.now();
  process.stdout.write(
    JSON.stringify({
      sinceProcessStartMs: Math.round(tEnd),
      importMs: Math.round(tImport - tImport0),
      modelLoadMs: Math.round(tLoad - tLoad0),
      firstRenderMs: Math.round(tEnd - tLoad),
      timingsMs: r.timingsMs,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    }) + '\n',
  );
}

async function main(): Promise<void> {
  const colds: number[] = [];
  let coldDetail = '';
  for (let i = 0; i < 2; i++) {
    const s = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
      encoding: 'utf8',
    });
    colds.push(Math.round(performance.now() - s));
    if (r.status !== 0) throw new Error(r.stderr);
    coldDetail = r.stdout.trim();
  }
  console.log(`cold (fresh process wall, x2): ${colds.join(', ')} ms; child: ${coldDetail}`);
  const e = await engine();
  await e.warmEngineModels();
  const inputs = await Promise.all(
    CASES.map(async ([p, g]) => ({ person: await e.loadPerson(p), garment: await e.loadGarment(g), p, g })),
  );
  // one warm-up pass over the cases, then 10 timed renders
  for (const c of inputs)
    await e.tryOn(e.nodeModelRuntime, c.person, [{ image: c.garment, slot: null, source: 'laydown' }]);
  const times: number[] = [];
  const cpu: number[] = [];
  const stages: Record<string, number[]> = {};
  for (let i = 0; i < 10; i++) {
    const c = inputs[i % inputs.length]!;
    const s = performance.now();
    const c0 = process.cpuUsage();
    const r = await e.tryOn(e.nodeModelRuntime, c.person, [{ image: c.garment, slot: null, source: 'laydown' }]);
    times.push(performance.now() - s);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    for (const [k, v] of Object.entries(r.timingsMs)) (stages[k] ??= []).push(v);
  }
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(
    `warm p50 ${Math.round(p50(times))} ms, CPU p50 ${Math.round(p50(cpu))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}); stages p50 ${JSON.stringify(
      Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, p50(v)])),
    )}; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; total ${Math.round(performance.now() - t0)} ms`,
  );
}

if (process.argv.includes('--child')) await child();
else await main();
