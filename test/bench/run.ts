/**
 * `npm run bench`: measurements, not pass/fail. Starts the whole local stack in this process (fresh data),
 * then measures the landing page (JS/CSS transferred, Lighthouse mobile), API latency under autocannon, and
 * the generation workflow (latency, throughput, state transitions, DynamoDB capacity, cost per 1,000).
 * Writes bench/results/latest.json and prints a table. BENCH_QUICK=1 shortens every phase.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.DDB_CAPACITY_METRICS = '1';
process.env.LOG_LEVEL = 'ERROR';

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import autocannon from 'autocannon';
import { startLocalStack } from '../../infra/local/stack';
import { freePort } from '../../infra/local/services';
import { signIn } from '../../infra/local/cognito-setup';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { capacityMetrics, createDb } from '../../shared/repositories/table';
import { recordMovement } from '../../shared/repositories/ledger-repository';
import { getGeneration } from '../../shared/repositories/generation-repository';
import { launchBrowser, CHROMIUM_PATH } from '../support/browser';
import { benchExplore } from './explore';

const QUICK = process.env.BENCH_QUICK === '1';
const root = path.resolve(import.meta.dirname, '../..');
const results: Record<string, unknown> = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, quick: QUICK };
const rows: [string, string, string][] = [];
const row = (name: string, value: string, target = '') => rows.push([name, value, target]);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      out[i] = await fn(i);
    }
  }));
  return out;
}

async function main() {
  console.log('bench: building the web app...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-bench-'));
  const port = await freePort();
  console.log('bench: starting the local stack...');
  const stack = await startLocalStack({ port, dataDir, webDir: path.join(root, 'web/dist'), stepFunctions: {} });
  const base = stack.url;
  try {
    await landing(base);
    await lighthouseRun(base);
    const token = (await signIn(stack.endpoints.cognito, stack.clientId, 'shopper@example.com', process.env.DEMO_PASSWORD ?? 'Demo-pass-1')).idToken;
    await apiLatency(base, token);
    await generations(stack, base, token);
    await exploreStyles(stack, base);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`\n${'measure'.padEnd(w0)}  ${'value'.padEnd(w1)}  target`);
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ------`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`);
  console.log('\nwritten: bench/results/latest.json');
}

async function landing(base: string) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const assets: { url: string; type: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const len = Number(res.headers()['content-length'] ?? (await res.body()).length);
      assets.push({ url: new URL(res.url()).pathname, type, bytes: len });
    });
    await page.goto(base + '/', { waitUntil: 'networkidle' });
    const js = assets.filter((a) => a.type === 'script').reduce((s, a) => s + a.bytes, 0);
    const css = assets.filter((a) => a.type === 'stylesheet').reduce((s, a) => s + a.bytes, 0);
    const amplify = assets.some((a) => /amplify|auth/i.test(a.url));
    results.landing = { jsGzipBytes: js, cssGzipBytes: css, assets, loadsAuthChunk: amplify };
    row('landing first-load JS (gzip)', `${(js / 1024).toFixed(1)} KB`, '<= 120 KB');
    row('landing first-load CSS (gzip)', `${(css / 1024).toFixed(1)} KB`);
  } finally {
    await browser.close();
  }
}

async function lighthouseRun(base: string) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const res = await lighthouse(base + '/', { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = res!.lhr;
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? NaN;
    const tbt = lhr.audits['total-blocking-time'].numericValue ?? NaN;
    results.lighthouse = { preset: 'mobile (default)', performance: score, lcpMs: Math.round(lcp), tbtMs: Math.round(tbt), cls: lhr.audits['cumulative-layout-shift'].numericValue };
    row('Lighthouse performance (mobile)', String(score), '>= 95');
    row('Lighthouse LCP / TBT', `${Math.round(lcp)} ms / ${Math.round(tbt)} ms`);
  } finally {
    await chrome.kill();
  }
}

async function apiLatency(base: string, token: string) {
  const duration = QUICK ? 3 : 10;
  const out: Record<string, unknown> = {};
  for (const [name, headers] of [
    ['GET /api/config', {}],
    ['GET /api/auth/user', { authorization: `Bearer ${token}` }],
  ] as const) {
    const url = base + name.split(' ')[1];
    const r = await autocannon({ url, connections: 50, duration, headers });
    out[name] = { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors };
    row(`${name} p50/p99, req/s`, `${r.latency.p50}/${r.latency.p99} ms, ${Math.round(r.requests.average)}/s`);
  }
  results.api = { connections: 50, durationSeconds: duration, routes: out };
}

async function generations(stack: Awaited<ReturnType<typeof startLocalStack>>, base: string, token: string) {
  const db = createDb({ tableName: process.env.TABLE_NAME!, endpoint: process.env.DYNAMODB_ENDPOINT });
  const me = await (await fetch(base + '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).json();
  await recordMovement(db, { userId: me.id, kind: 'admin.adjust', bucket: 'pack', amount: 1000, causeId: `bench:${Date.now()}`, note: 'bench credits' });
  const photo = (w: number, h: number, c: string) => sharp({ create: { width: w, height: h, channels: 3, background: c } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('consent', PHOTO_CONSENT.version); // the seeded shopper is an adult
  form.append('name', 'Bench');
  form.append('gender', 'unisex');
  form.append('bodyDescription', 'Average build, 175 cm, short hair');
  form.append('portrait', new Blob([new Uint8Array(await photo(800, 800, '#c9a27e'))], { type: 'image/jpeg' }), 'p.jpg');
  form.append('fullBody', new Blob([new Uint8Array(await photo(800, 1200, '#8fa3b8'))], { type: 'image/jpeg' }), 'b.jpg');
  const prof = await (await fetch(base + '/api/photo-profiles', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json();
  const start = async (i: number) => {
    const res = await fetch(base + '/api/generate/style', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ styleId: `seed-style-${String((i % 24) + 1).padStart(2, '0')}`, photoProfileId: prof.id, promptTemplateId: 'prompt-editorial', mode: 'creative' }),
    });
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
    return (await res.json()).id as string;
  };

  // Latency: 100 generations at concurrency 10, request to completed, from the records' own timestamps.
  const n1 = QUICK ? 20 : 100;
  for (const k of Object.keys(stack.workflowMetrics.invocations)) delete stack.workflowMetrics.invocations[k];
  for (const k of Object.keys(stack.workflowMetrics.durationMs)) delete stack.workflowMetrics.durationMs[k];
  capacityMetrics.read = capacityMetrics.write = capacityMetrics.calls = 0;
  const ids = await pool(n1, 10, start);
  await stack.drainWorkflows();
  const lat: number[] = [];
  let failed = 0;
  for (const id of ids) {
    const g = await getGeneration(db, me.id, id);
    if (g?.status !== 'completed') failed++;
    else lat.push(Date.parse(g.completedAt!) - Date.parse(g.createdAt));
  }
  const cap = { read: capacityMetrics.read / n1, write: capacityMetrics.write / n1, calls: capacityMetrics.calls / n1 };
  const inv = { ...stack.workflowMetrics.invocations };
  const dur = { ...stack.workflowMetrics.durationMs };
  const perGen = (state: string) => (inv[state] ?? 0) / n1;
  const polls = perGen('PollRender');
  // Entered states: every task, RenderDone? after each Render/PollRender, WaitForProvider before each PollRender.
  const transitions = perGen('MarkProcessing') + perGen('Render') + polls + (perGen('Render') + polls) + polls + perGen('StoreResult') + perGen('MarkCompleted') + perGen('MarkFailed');
  row(`generation request->completed p50/p95 (${n1} @10)`, `${pct(lat, 50)} / ${pct(lat, 95)} ms`, failed ? `${failed} failed` : '');
  row('state transitions per generation', transitions.toFixed(2));
  row('DynamoDB capacity per generation (RCU/WCU)', `${cap.read.toFixed(1)} / ${cap.write.toFixed(1)}`);

  // Throughput: 500 queued generations.
  const n2 = QUICK ? 60 : 500;
  const t0 = Date.now();
  const ids2 = await pool(n2, 25, start);
  const accepted = Date.now() - t0;
  await stack.drainWorkflows();
  const total = Date.now() - t0;
  let done2 = 0;
  for (const id of ids2) if ((await getGeneration(db, me.id, id))?.status === 'completed') done2++;
  row(`throughput (${n2} queued)`, `${((done2 / total) * 1000).toFixed(1)} generations/s (${(total / 1000).toFixed(1)} s, accepted in ${(accepted / 1000).toFixed(1)} s)`);

  // Cost per 1,000 generations on AWS at list prices (us-east-1, on-demand), the AI provider excluded.
  const taskMemGb: Record<string, number> = { MarkProcessing: 0.5, Render: 1.5, PollRender: 1.5, StoreResult: 1, MarkCompleted: 0.5, MarkFailed: 0.5 };
  const gbSeconds = Object.entries(dur).reduce((s, [state, ms]) => s + (ms / 1000) * (taskMemGb[state] ?? 0.5), 0) / n1;
  const taskInvocations = Object.values(inv).reduce((a, b) => a + b, 0) / n1;
  const apiRequests = 1 + 3 + 1; // start, ~3 list polls (every 5 s) while it renders, the result image URL
  const apiGbSeconds = apiRequests * 0.08 * 0.5; // ~80 ms each at 512 MB
  const price = { lambdaRequest: 0.2 / 1e6, lambdaGbSecondArm: 0.0000133334, sfnTransition: 0.025 / 1000, httpApiRequest: 1.0 / 1e6, ddbWru: 0.625 / 1e6, ddbRru: 0.125 / 1e6, s3Put: 0.005 / 1000, s3Get: 0.0004 / 1000 };
  const s3Puts = 2; // provider output, result
  const s3Gets = 4; // person photo, garment, provider output, the user's view
  const per = {
    lambda: (taskInvocations + apiRequests) * price.lambdaRequest + (gbSeconds + apiGbSeconds) * price.lambdaGbSecondArm,
    stepFunctions: transitions * price.sfnTransition,
    apiGateway: apiRequests * price.httpApiRequest,
    dynamodb: cap.write * price.ddbWru + cap.read * price.ddbRru,
    s3: s3Puts * price.s3Put + s3Gets * price.s3Get,
  };
  const per1000 = Object.fromEntries(Object.entries(per).map(([k, v]) => [k, +(v * 1000).toFixed(4)]));
  const totalPer1000 = Object.values(per).reduce((a, b) => a + b, 0) * 1000;
  row('AWS cost per 1,000 generations (excl. AI provider)', `$${totalPer1000.toFixed(3)}`);
  results.generations = {
    latency: { n: n1, concurrency: 10, p50Ms: pct(lat, 50), p95Ms: pct(lat, 95), failed },
    throughput: { n: n2, completed: done2, seconds: total / 1000, perSecond: +((done2 / total) * 1000).toFixed(2) },
    stateTransitionsPerGeneration: +transitions.toFixed(2),
    taskInvocationsPerGeneration: +taskInvocations.toFixed(2),
    taskDurationMsPerGeneration: Object.fromEntries(Object.entries(dur).map(([k, v]) => [k, +(v / n1).toFixed(1)])),
    dynamodbPerGeneration: { rcu: +cap.read.toFixed(2), wcu: +cap.write.toFixed(2), calls: +cap.calls.toFixed(1) },
    costPer1000Usd: { ...per1000, total: +totalPer1000.toFixed(4), assumptions: { prices: price, apiRequests, s3Puts, s3Gets, taskMemGb, note: 'local durations stand in for Lambda durations; storage and logs excluded' } },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Explore with 10,000 styles: GET /api/styles served from the materialized catalogue document
// (functions/services/style-catalogue.ts). Seeds 10,000 synthetic public styles (test/bench/seed-styles.ts).
// ---------------------------------------------------------------------------------------------------------
async function exploreStyles(stack: Awaited<ReturnType<typeof startLocalStack>>, base: string) {
  const db = createDb({ tableName: process.env.TABLE_NAME!, endpoint: stack.endpoints.dynamodb });
  const ownerIds = stack.seed.accounts.map((a) => a.userId);
  const r = await benchExplore({ base, db, ownerIds, durationSeconds: QUICK ? 3 : 10 });
  results.explore = r;
  row(`explore GET /api/styles (${r.styles} styles) p50/p99, req/s`, `${r.p50}/${r.p99} ms, ${r.rps}/s`, r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : '');
  row('explore document size (JSON / gzip)', `${(r.jsonBytes / 1024).toFixed(0)} KB / ${(r.gzipBytes / 1024).toFixed(0)} KB`);
  row('explore document rebuild / cold load', `${r.rebuildMs} ms / ${r.coldLoadMs} ms`);
  row('explore handler only (warm) p50/p99', `${r.handlerP50}/${r.handlerP99} ms`);
  await exploreRender(base, r.styles);
}

/** /explore in Chromium with the 10,000 styles: time to the first cards, and to the results of a search. */
async function exploreRender(base: string, styles: number) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(base + '/auth/login');
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/dashboard|onboarding/);
    const t0 = Date.now();
    await page.goto(base + '/explore');
    await page.locator('main a[href^="/style/"]').first().waitFor({ timeout: 60_000 });
    const firstCardsMs = Date.now() - t0;
    const cards = await page.locator('main a[href^="/style/"]').count();
    const search = page.getByRole('searchbox').or(page.getByPlaceholder(/search/i)).first();
    const t1 = Date.now();
    await search.fill('linen');
    await page.waitForFunction(() => document.querySelectorAll('main a[href^="/style/"]').length < 48 || location.search.includes('q=linen'), null, { timeout: 30_000 });
    await page.waitForTimeout(50);
    const searchMs = Date.now() - t1;
    results.exploreRender = { styles, firstCardsMs, cardsRendered: cards, searchMs, note: 'search time includes the input debounce' };
    row(`explore render: first cards / search (${styles} styles)`, `${firstCardsMs} ms (${cards} cards in DOM) / ${searchMs} ms`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
