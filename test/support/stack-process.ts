/**
 * The local stack as `npm start` runs it (`infra/local/start.ts`), in a child process on a port and data folder
 * of the caller's: the browser tests run against it, and the fault tests stop it (Ctrl-C), kill it outright or
 * let it kill itself at a fault point, then start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface StackProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string>;
  /** Ctrl-C (SIGINT), SIGTERM or SIGKILL; resolves when the process has exited. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | string>;
}

export async function startStackProcess(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<StackProcess> {
  // One process, as `npm start` runs it (node --import tsx): the tsx CLI would run the app in a child of its
  // own and SIGKILL it when it does not acknowledge a relayed Ctrl-C within 30 ms, as happens on a busy machine.
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const started = Date.now();
  const limit = opts.readyTimeoutMs ?? 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The app exited during start:\n${output}`);
    if (/running at/.test(output)) break;
    if (Date.now() - started > limit) {
      child.kill('SIGKILL');
      throw new Error(`The app did not start within ${limit / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200)); // polling the output for the ready line
  }
  return {
    url: `http://localhost:${opts.port}`,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.kill(signal);
        const code = await exited;
        clearTimeout(t);
        return code;
      }
      return exited;
    },
  };
}
