/**
 * A request whose work throws outside its promise (in an event callback) answers 500 and the process goes on;
 * an exception outside any request still ends the process. Run in a child process: the handler is process-wide.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const module = path.resolve(import.meta.dirname, 'contain-errors.ts');

const script = (install: boolean) => `
import http from 'node:http';
import { EventEmitter } from 'node:events';
import { containUncaughtErrors, runContained } from ${JSON.stringify(module)};
${install ? "containUncaughtErrors((line) => console.error('LOG ' + line.split('\\n')[0]));" : ''}
const server = http.createServer((req, res) => {
  void runContained(async () => {
    if (req.url === '/boom') {
      // a library's event callback that throws: outside every promise the request awaits
      const em = new EventEmitter();
      em.on('part', () => { throw new Error('thrown in a callback'); });
      await new Promise((resolve) => { setImmediate(() => em.emit('part')); setTimeout(resolve, 60_000).unref(); });
    }
    res.end('ok');
  }).catch(() => { res.statusCode = 500; res.end('failed'); });
});
// a fault of the stack itself, in no request's scope
process.on('SIGUSR2', () => { throw new Error('not in any request'); });
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
`;

async function run(install: boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contain-'));
  const file = path.join(dir, 'server.ts');
  writeFileSync(file, script(install));
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${out}`)));
  });
  const get = async (p: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    return { status: res.status, text: await res.text() };
  };
  return { get, exited, child, output: () => out };
}

describe('containUncaughtErrors', () => {
  it('answers 500 to the request that threw and keeps serving', async () => {
    const app = await run(true);
    try {
      expect(await app.get('/boom')).toEqual({ status: 500, text: 'failed' });
      expect(await app.get('/ok')).toEqual({ status: 200, text: 'ok' });
      expect(app.child.exitCode).toBeNull();
      expect(app.output()).toMatch(/uncaught exception in a request \(answered 500, the stack goes on\)/);
    } finally {
      app.child.kill('SIGKILL');
    }
  }, 30_000);

  it('without it, the same request ends the process (what the local stack did before)', async () => {
    const app = await run(false);
    await expect(app.get('/boom')).rejects.toThrow();
    expect(await app.exited).not.toBe(0);
  }, 30_000);

  it('an exception outside every request still ends the process', async () => {
    const app = await run(true);
    expect(await app.get('/ok')).toEqual({ status: 200, text: 'ok' });
    app.child.kill('SIGUSR2');
    expect(await app.exited).toBe(1);
    expect(app.output()).toMatch(/LOG uncaught exception: Error: not in any request/);
  }, 30_000);
});
