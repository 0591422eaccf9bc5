/**
 * Browser tests run against the real app: build the SPA, start `infra/local/start.ts` (what `npm start`
 * runs) on a free port with a fresh data dir, and hand the URL to the tests. Without Chromium the browser
 * tests are skipped with a loud line, except under CI=true where Chromium is required.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/services';
import { CHROMIUM_PATH } from './browser';
import { startStackProcess } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; dataDir: string; endpoints: string } | null;
  }
}

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

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-e2e-'));
  const port = await freePort();
  // E2E_START_TIMEOUT_MS: more than the default 120 s for the app to start, on a machine shared with other jobs
  const readyTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || undefined;
  const stack = await startStackProcess({ port, dataDir, readyTimeoutMs });
  const baseUrl = stack.url;
  const output = stack.output();
  project.provide('e2e', { baseUrl, dataDir, endpoints: output });
  return async () => {
    await stack.stop('SIGTERM', 10_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
