import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { faultPoint } from './fault-points';

const run = (env: Record<string, string>) =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "import('./functions/lib/fault-points.ts').then((m) => { m.faultPoint('render.after-store'); console.log('went on'); })",
    ],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );

describe('fault points', () => {
  it('kill a local process at the named point, as a power cut would', () => {
    const r = run({ APP_STAGE: 'local', FAULT_POINT: 'stripe.after-apply,render.after-store' });
    expect(r.signal).toBe('SIGKILL');
    expect(r.stdout).not.toContain('went on');
  }, 30_000);

  it('are ignored at other points, without FAULT_POINT, and in every deployed stage', () => {
    expect(run({ APP_STAGE: 'local', FAULT_POINT: 'stripe.after-apply' }).stdout).toContain('went on');
    expect(run({ APP_STAGE: 'prod', FAULT_POINT: 'render.after-store' }).stdout).toContain('went on');
    expect(() =>
      faultPoint('render.after-store', { APP_STAGE: 'dev', FAULT_POINT: 'render.after-store' }),
    ).not.toThrow();
    expect(() => faultPoint('render.after-store', { APP_STAGE: 'local' })).not.toThrow();
  }, 30_000);
});
