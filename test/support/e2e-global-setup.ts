/**
 * Browser tests run against the real app: build the SPA, start `infra/local/start.ts` (what `npm start`
 * runs) on a free port with a fresh data dir, and hand the URL to the tests. Without Chromium the browser
 * tests are skipped with a loud line, except under CI=true where Chromium is required.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/services';
import { CHROMIUM_PATH } from './browser';

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
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start:\n${output}`);
    if (/running at/.test(output)) break;
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`The app did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('e2e', { baseUrl, dataDir, endpoints: output });
  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
