/**
 * Issue 24, item 6, run against the local stack as CI runs it: the doctor's local checks pass, `npm run
 * admin:grant` and `npm run catalog:seed` work against a running stack (as their CLIs, in a child process), and
 * the post-deploy smoke check passes end to end (sign-up, a credit through the admin path, a photo, one look, its
 * C2PA marking, account deletion).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { freePort } from '../../infra/local/services';
import { localChecks, report } from '../../infra/ops/doctor';
import { runSmoke } from '../../infra/ops/smoke';
import { createDb } from '../../shared/repositories/table';
import { findUserByEmail } from '../../shared/repositories/user-repository';

let stack: LocalStack;
let dataDir: string;
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-day-one-'));
  stack = await startLocalStack({
    port: await freePort(),
    dataDir,
    webDir: path.join(dataDir, 'no-web'),
    stepFunctions: { retryMs: 100 },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Run a CLI script as npm would (asynchronously: the local stack serves it from this process). */
const cli = (script: string, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
      cwd: root,
      env: { ...process.env, STAGE: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('day one against the local stack', () => {
  it('doctor: the local checks pass (what CI runs)', async () => {
    const checks = await localChecks(stack.url);
    const { text, failed } = report(checks);
    expect(failed, text).toBe(0);
    expect(checks.map((c) => c.name)).toContain('local app');
  });

  it('admin:grant makes a signed-in account an admin; an unknown e-mail is refused', { timeout: 60_000 }, async () => {
    const shopper = stack.seed.accounts.find((a) => a.email === 'shopper@example.com')!;
    const ok = await cli('infra/ops/admin-grant-cli.ts', 'shopper@example.com', '--url', stack.url);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('is now an admin');
    const db = createDb({ tableName: process.env.TABLE_NAME!, endpoint: stack.endpoints.dynamodb });
    expect(await findUserByEmail(db, 'shopper@example.com')).toMatchObject({
      id: shopper.userId,
      permanentRole: 'admin',
    });
    const unknown = await cli('infra/ops/admin-grant-cli.ts', 'nobody@example.com', '--url', stack.url);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('sign up and sign in once');
  });

  it('catalog:seed is idempotent (the local stack seeded it at start)', { timeout: 60_000 }, async () => {
    const again = await cli('infra/ops/catalog-seed-cli.ts', '--url', stack.url);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('already there');
  });

  it('smoke: every step of the post-deploy check passes', { timeout: 240_000 }, async () => {
    const steps = await runSmoke(stack.url, { timeoutMs: 180_000 });
    expect(steps.filter((s) => !s.ok)).toEqual([]);
    // signed up at SES's mailbox simulator (a real address at example.com hard-bounced on every run in AWS)
    expect(steps.find((s) => s.step === 'sign up')?.detail).toMatch(
      /^success\+smoke-[0-9a-f]{8}@simulator\.amazonses\.com: 200/,
    );
    expect(steps.map((s) => s.step)).toEqual([
      'config',
      'sign up',
      'confirm',
      'sign in',
      'user',
      'age statement',
      'admin sign in',
      'credit',
      'photo upload',
      'full-body check',
      'catalogue',
      'generate',
      'render',
      'C2PA',
      'delete account',
      'gone',
    ]);
  });
});
