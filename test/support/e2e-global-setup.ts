/**
 * Browser tests run against the real app: build the SPA, start `infra/local/start.ts` (what `npm start`
 * runs) on a free port with a fresh data dir, and hand its URL to the tests. Without Chromium the browser
 * tests are skipped with a loud line, except under CI=true where Chromium is required.
 *
 * One app per test worker (CI time, issue 42): the browser files run in parallel with every other project's files,
 * at most one file per worker at a time, and each worker has its own app (its own data: a file never shares the app
 * with a file running at the same time, as when they ran one after another). Worker k (VITEST_POOL_ID) uses app k.
 *
 * The build is awaited here (other projects' tests read web/dist: the CDK synth of the infra tests); the apps start
 * in the background, so their start (DynamoDB Local, cognito-local, the seed) overlaps the other projects' tests.
 * Under CI every app starts at once; elsewhere app 1 starts at once and another only when a worker first asks for
 * it (a single browser file run locally starts one app). `useBrowser` (test/support/e2e.ts) asks for its worker's app
 * and waits for it through the files in `statusDir`: `app-<k>.wanted` (written by a worker) and `app-<k>.json`
 * (written here once app k is up, or could not start, with the reason).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/services';
import { CHROMIUM_PATH } from './browser';
import { startStackProcess, type StackProcess } from './stack-process';
import { appStatusFile, appWantedFile, type AppStatus } from './e2e-apps';

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.CI === 'true')
      throw new Error(`Chromium is required for the browser tests under CI (${CHROMIUM_PATH} missing)`);
    console.warn(
      `\n!!! BROWSER TESTS SKIPPED: ${CHROMIUM_PATH} not found. Install it with: sudo apt-get install -y chromium !!!\n`,
    );
    project.provide('e2e', null);
    return;
  }
  const root = path.resolve(import.meta.dirname, '../..');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which Vite would keep: React's development build, not what `npm start` and the
      // deployment serve (and 60% more JavaScript)
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  // one app per worker of the pool the browser files run in
  const apps = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const statusDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-e2e-apps-'));
  const dataDirs: string[] = [];
  // the apps start in the background while the other projects run (lint, infra, integration hold both cores), so
  // they get 300 s rather than the stack's default 120 s; E2E_START_TIMEOUT_MS overrides it
  const readyTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 300_000;
  const starting = new Map<number, Promise<StackProcess | undefined>>();
  const report = (k: number, status: AppStatus) => {
    // written whole, then renamed into place: a reader never sees half of it
    const file = appStatusFile(statusDir, k);
    writeFileSync(`${file}.tmp`, JSON.stringify(status));
    renameSync(`${file}.tmp`, file);
  };
  const start = (k: number) => {
    if (starting.has(k)) return;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tryon-e2e-${k}-`));
    dataDirs.push(dataDir);
    const up = freePort()
      .then((port) => startStackProcess({ port, dataDir, readyTimeoutMs }))
      .then(
        (stack) => {
          report(k, { ok: true, baseUrl: stack.url });
          return stack;
        },
        (err: unknown) => {
          report(k, { ok: false, error: err instanceof Error ? err.message : String(err) });
          return undefined;
        },
      );
    starting.set(k, up);
  };
  const eager = process.env.CI === 'true' ? apps : 1;
  for (let k = 1; k <= eager; k++) start(k);
  // the others when a worker asks for them (polling for the request file a worker writes)
  const asked = setInterval(() => {
    for (let k = eager + 1; k <= apps; k++) if (existsSync(appWantedFile(statusDir, k))) start(k);
  }, 200);
  project.provide('e2e', { apps, statusDir });
  return async () => {
    clearInterval(asked);
    const stacks = await Promise.all(starting.values());
    await Promise.all(stacks.flatMap((stack) => (stack ? [stack.stop('SIGTERM', 10_000)] : [])));
    for (const dir of [...dataDirs, statusDir]) rmSync(dir, { recursive: true, force: true });
  };
}
