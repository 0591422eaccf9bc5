/**
 * The render queue under bursts (issue: "a render queue whose speed and cost hold under a burst"), on the
 * whole local stack with 4 provider slots: one generation alone (L1), bursts started together (makespan, p50,
 * p95, all completed, makespan / (N x L1)), and state transitions and AWS cost per generation at queue depth
 * 0, 100 and 500. Run twice by run.ts: with the local compositor (CPU-bound on this machine's 2 cores) and
 * with a remote provider (the Gemini HTTP fake answering after a fixed latency, as real providers do).
 */
import os from 'node:os';
import type { Db } from '../../shared/repositories/table';
import { capacityMetrics } from '../../shared/repositories/table';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { localInvocationMetrics, type WorkerFunction } from '../../functions/generations/workflow/render-invoker';
import { stagingMetrics } from '../../functions/generations/workflow/provider-call';
import { WORKFLOW_MEMORY_MB } from '../../shared/domain/render-queue';

async function pool<T>(n: number, concurrency: number, fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) out.push(await fn());
    }),
  );
  return out;
}

export interface QueueBenchContext {
  base: string;
  token: string;
  db: Db;
  userId: string;
  profileId: string;
  metrics: { invocations: Record<string, number>; durationMs: Record<string, number> };
  drain: () => Promise<void>;
  quick: boolean;
  /** Calls the provider has received so far (the remote run's fake), to report calls per generation. */
  providerCalls?: () => number;
}

/**
 * The API while a burst renders: a cheap authenticated GET (the signed-in user) every 100 ms, one at a time,
 * from the burst's first start until every generation is done. Renders run on worker threads (the Fitly engine's
 * pool) so these should stay fast.
 */
function probeApi(ctx: QueueBenchContext) {
  const lat: number[] = [];
  let failed = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const t = performance.now();
      const res = await fetch(ctx.base + '/api/auth/user', { headers: { authorization: `Bearer ${ctx.token}` } }).catch(
        () => null,
      );
      if (res?.ok) lat.push(performance.now() - t);
      else failed++;
      await res?.arrayBuffer().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return {
      n: lat.length,
      failed,
      p50Ms: Math.round(pct(lat, 50)),
      p99Ms: Math.round(pct(lat, 99)),
      maxMs: Math.round(Math.max(...lat)),
    };
  };
}

/** CPU time of this process (the API, the workflow and the engine's worker threads run here), in ms. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** List prices (us-east-1, on-demand, ARM Lambda), the AI provider excluded. */
export const PRICES = {
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  sfnTransition: 0.025 / 1000,
  httpApiRequest: 1.0 / 1e6,
  ddbWru: 0.625 / 1e6,
  ddbRru: 0.125 / 1e6,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
};
/** Memory of each function as deployed: the constants the CDK sets them from (infra/lib/constructs/workflow.ts). */
const MEMORY_GB: Record<string, number> = {
  Render: WORKFLOW_MEMORY_MB.task / 1024,
  MarkFailed: WORKFLOW_MEMORY_MB.task / 1024,
  renderWorker: WORKFLOW_MEMORY_MB.renderWorker / 1024,
  providerCall: WORKFLOW_MEMORY_MB.providerCall / 1024,
};
const WORKER_FUNCTIONS: WorkerFunction[] = ['renderWorker', 'providerCall'];

export async function benchRenderQueue(ctx: QueueBenchContext, plan: { bursts: number[]; depths: number[] }) {
  let seq = 0;
  // seed styles 09-16 are product images: Creative mode, so every render goes to the creative provider (the
  // remote run's Gemini fake); other seed styles are Exact mode, which has no remote provider here.
  const start = async () => {
    const res = await fetch(ctx.base + '/api/generate/style', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.token}`,
        'content-type': 'application/json',
        'idempotency-key': `bench-${Date.now()}-${++seq}`,
      },
      body: JSON.stringify({
        styleId: `seed-style-${String((seq % 8) + 9).padStart(2, '0')}`,
        photoProfileId: ctx.profileId,
        promptTemplateId: 'prompt-editorial',
        mode: 'creative',
      }),
    });
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
    return (await res.json()).id as string;
  };

  /** ms per invocation of each function when nothing competes for the CPU (the sequential run): in AWS every
   * invocation has its own vCPU, so its duration does not grow with the queue; locally 2 cores are shared. */
  let unitMs: Record<string, number> | null = null;
  const snapshot = () => ({
    inv: { ...ctx.metrics.invocations },
    dur: { ...ctx.metrics.durationMs },
    worker: structuredClone(localInvocationMetrics.byFunction),
    staged: stagingMetrics.objects,
    cap: { ...capacityMetrics },
  });
  /** Run `n` generations (all at once, or one after another), then read what they cost and how long they took. */
  async function run(n: number, mode: 'burst' | 'sequential') {
    const s0 = snapshot();
    const calls0 = ctx.providerCalls?.() ?? 0;
    const ids: string[] = [];
    const cpu0 = cpuMs();
    const load0 = os.loadavg()[0] ?? 0;
    const probe = mode === 'burst' ? probeApi(ctx) : null;
    // A burst: every start sent at once up to 50 in flight (the local API, like a browser, has finite
    // connections; 500 simultaneous requests would measure the HTTP layer, not the queue).
    if (mode === 'burst') ids.push(...(await pool(n, Math.min(n, 50), start)));
    else
      for (let i = 0; i < n; i++) {
        ids.push(await start());
        await ctx.drain();
      }
    await ctx.drain();
    const api = probe ? await probe() : undefined;
    const cpuPerGenerationMs = Math.round((cpuMs() - cpu0) / n);
    const load1 = os.loadavg()[0] ?? 0;
    const gens = await Promise.all(ids.map((id) => getGeneration(ctx.db, ctx.userId, id)));
    const done = gens.filter((g) => g?.status === 'completed');
    const lat = done.map((g) => Date.parse(g!.completedAt!) - Date.parse(g!.createdAt));
    const makespan =
      Math.max(...done.map((g) => Date.parse(g!.completedAt!))) -
      Math.min(...gens.map((g) => Date.parse(g!.createdAt)));
    const d = (a: Record<string, number>, b: Record<string, number>, k: string) => ((a[k] ?? 0) - (b[k] ?? 0)) / n;
    const s1 = snapshot();
    // the state machine's task states (since issue 28 part 4 the worker completes the look: no MarkCompleted)
    const tasks = ['Render', 'MarkFailed'];
    // states entered: every task invocation (retries included, as AWS bills them), plus the Fail state after MarkFailed
    const transitions = tasks.reduce((sum, t) => sum + d(s1.inv, s0.inv, t), 0) + d(s1.inv, s0.inv, 'MarkFailed');
    // the render worker and the provider-call function, each priced at its own memory and duration
    const workerInv = (f: WorkerFunction) => (s1.worker[f].invocations - s0.worker[f].invocations) / n;
    const workerInvocations = WORKER_FUNCTIONS.reduce((sum, f) => sum + workerInv(f), 0);
    const measuredMs: Record<string, number> = Object.fromEntries(
      tasks.map((t) => [t, d(s1.dur, s0.dur, t) / Math.max(d(s1.inv, s0.inv, t), 1e-9)]),
    );
    for (const f of WORKER_FUNCTIONS)
      measuredMs[f] =
        (s1.worker[f].durationMs - s0.worker[f].durationMs) /
        Math.max(s1.worker[f].invocations - s0.worker[f].invocations, 1);
    // the first run's figures per function that ran in it; a function first seen later (none here) takes its own
    unitMs ??= measuredMs;
    const ms = (k: string) => {
      const v = unitMs?.[k];
      return v !== undefined && Number.isFinite(v) ? v : 0;
    };
    const gbSeconds =
      tasks.reduce((sum, t) => sum + ((d(s1.inv, s0.inv, t) * ms(t)) / 1000) * (MEMORY_GB[t] ?? NaN), 0) +
      WORKER_FUNCTIONS.reduce((sum, f) => sum + ((workerInv(f) * ms(f)) / 1000) * (MEMORY_GB[f] ?? NaN), 0);
    const gb = (invocations: number, k: string) => +(((invocations * ms(k)) / 1000) * (MEMORY_GB[k] ?? NaN)).toFixed(4);
    // images the provider-call function staged for the render worker: one PUT and one GET each (the DELETE is free)
    const staged = (s1.staged - s0.staged) / n;
    const cap = { read: (s1.cap.read - s0.cap.read) / n, write: (s1.cap.write - s0.cap.write) / n };
    const taskInvocations = tasks.reduce((sum, t) => sum + d(s1.inv, s0.inv, t), 0) + workerInvocations;
    const apiRequests = 1 + 3 + 1; // start, ~3 gallery polls (every 5 s) while it renders, the result image URL
    const cost = {
      stepFunctions: transitions * PRICES.sfnTransition,
      lambda:
        (taskInvocations + apiRequests) * PRICES.lambdaRequest +
        (gbSeconds + apiRequests * 0.08 * 0.5) * PRICES.lambdaGbSecondArm,
      apiGateway: apiRequests * PRICES.httpApiRequest,
      dynamodb: cap.write * PRICES.ddbWru + cap.read * PRICES.ddbRru,
      // result put; person photo, garment, result view (+1 spare); the staged images' put and get
      s3: (1 + staged) * PRICES.s3Put + (4 + staged) * PRICES.s3Get,
    };
    const per1000 = Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, +(v * 1000).toFixed(4)]));
    const totalPer1000 = +(Object.values(cost).reduce((a, b) => a + b, 0) * 1000).toFixed(4);
    return {
      n,
      mode,
      completed: done.length,
      makespanMs: makespan,
      /** This process's CPU time per generation (API, workflow and render threads; not DynamoDB Local's). */
      cpuPerGenerationMs,
      /** The machine's 1-minute load average at the start and the end (other work shares the 2 cores). */
      loadAverage: [+load0.toFixed(1), +load1.toFixed(1)],
      /** The API during a burst: p50 / p99 of a cheap authenticated GET. */
      api,
      p50Ms: pct(lat, 50),
      p95Ms: pct(lat, 95),
      transitionsPerGeneration: +transitions.toFixed(2),
      workerInvocationsPerGeneration: +workerInvocations.toFixed(2),
      /** Invocations per generation of each: the render worker (1.5 GB) and the provider-call function (small). */
      invocationsPerGeneration: Object.fromEntries(WORKER_FUNCTIONS.map((f) => [f, +workerInv(f).toFixed(2)])),
      /** GB-seconds per generation of each function, at the memory the CDK gives it. */
      gbSecondsPerGeneration: Object.fromEntries([
        ...tasks.map((t) => [t, gb(d(s1.inv, s0.inv, t), t)]),
        ...WORKER_FUNCTIONS.map((f) => [f, gb(workerInv(f), f)]),
      ]),
      stagedImagesPerGeneration: +staged.toFixed(2),
      providerCallsPerGeneration: ctx.providerCalls ? +((ctx.providerCalls() - calls0) / n).toFixed(2) : undefined,
      measuredMsPerInvocation: Object.fromEntries(Object.entries(measuredMs).map(([k, v]) => [k, Math.round(v)])),
      dynamodbPerGeneration: { rcu: +cap.read.toFixed(2), wcu: +cap.write.toFixed(2) },
      costPer1000Usd: { ...per1000, total: totalPer1000 },
    };
  }

  const l1Runs = ctx.quick ? 3 : 5;
  const single = await run(l1Runs, 'sequential');
  const L1 = single.p50Ms;
  const { bursts, depths } = plan;
  const burst: Record<string, unknown>[] = [];
  for (const n of bursts) {
    const r = await run(n, 'burst');
    burst.push({
      ...r,
      makespanOverNxL1: +(r.makespanMs / (n * L1)).toFixed(3),
      // What the CPU alone allows on 2 otherwise idle cores: the burst's CPU time spread over both cores, against
      // N x L1 (an upper bound of the makespan's share that is CPU; wall times on a shared machine are inflated).
      cpuMakespanOverNxL1: +((r.cpuPerGenerationMs * n) / Math.min(2, os.availableParallelism()) / (n * L1)).toFixed(3),
    });
  }
  const depth: Record<string, unknown>[] = [{ depth: 0, ...single }];
  for (const n of depths) depth.push({ depth: n, ...(await run(n, 'burst')) });
  return { L1Ms: L1, unitMsPerInvocation: unitMs, single, burst, depth };
}
