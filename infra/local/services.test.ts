import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endStaleChild } from './services';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const spawned: ChildProcess[] = [];
function sleeper(marker: string): Promise<ChildProcess> {
  // a stand-in for an orphaned DynamoDB Local / cognito-local: a process with the data folder in its command line
  // `--` ends node's own options: without it node exits at once with "bad option: --fitly-data=…" (a race the test lost on a busy machine)
  const p = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', marker], { stdio: 'ignore' });
  spawned.push(p);
  return new Promise<void>((resolve) => p.once('spawn', () => resolve())).then(async () => {
    // until its command line is its own (on a busy machine /proc can still show the parent's for a moment)
    for (let i = 0; i < 100 && !cmdline(p.pid!).includes(marker); i++) await new Promise((r) => setTimeout(r, 20));
    return p;
  });
}
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};
afterEach(() => {
  for (const p of spawned.splice(0)) p.kill('SIGKILL');
});

describe('endStaleChild (a restart after the main process was killed outright)', () => {
  it('ends the orphan of this data folder named by the pid file and removes the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pid-'));
    const child = await sleeper(`--fitly-data=${dir}`);
    const pidFile = path.join(dir, 'x.pid');
    writeFileSync(pidFile, String(child.pid));
    const exited = new Promise((r) => child.once('exit', r));
    expect(alive(child.pid!)).toBe(true);
    expect(await endStaleChild(pidFile, `--fitly-data=${dir}`)).toBe('ended');
    await exited;
    expect(alive(child.pid!)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a process alone when the pid now belongs to another program (a recycled pid)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pid-'));
    const other = await sleeper('--something-else');
    const pidFile = path.join(dir, 'x.pid');
    writeFileSync(pidFile, String(other.pid));
    expect(await endStaleChild(pidFile, `--fitly-data=${dir}`)).toBe('not-ours');
    expect(alive(other.pid!)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('does nothing without a pid file or when the process is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pid-'));
    expect(await endStaleChild(path.join(dir, 'none.pid'), 'x')).toBe('none');
    const gone = await sleeper('--gone');
    const exited = new Promise((r) => gone.once('exit', r));
    gone.kill('SIGKILL');
    await exited;
    writeFileSync(path.join(dir, 'gone.pid'), String(gone.pid));
    expect(await endStaleChild(path.join(dir, 'gone.pid'), '--gone')).toBe('none');
    rmSync(dir, { recursive: true, force: true });
  });
});
