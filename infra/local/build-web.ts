/**
 * `npm start`'s web build, skipped when nothing it is built from changed since the last build (issue 27: a
 * restart after Ctrl-C or a crash should not spend half a minute rebuilding the same SPA). The inputs are every
 * file git sees (tracked or not ignored) under web/ (web/dist aside) and shared/, the lockfile, the TypeScript
 * configs and the engine models' pins (infra/engine-models/fetch.ts: the models are assets of the build); their
 * paths and contents are hashed, with the built index.html (which names every hashed asset), into
 * .cache/web-build-stamp after a successful build (not into web/dist: that folder is deployed as is). Without git
 * (an exported tarball) it always builds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'web/dist');
const stamp = path.join(root, '.cache/web-build-stamp');
const index = path.join(dist, 'index.html');
const log = (line: string) => console.log(`[local] ${line}`);

/** The hash of the web build's inputs, or null when git cannot list them. */
export function webInputsHash(cwd = root): string | null {
  let files: string[];
  try {
    files = execFileSync(
      'git',
      [
        'ls-files',
        '--cached',
        '--others',
        '--exclude-standard',
        '--',
        'web',
        'shared',
        'package-lock.json',
        'tsconfig*.json',
        // the engine's model files are hashed assets of the build, pinned (by SHA-256) in this file
        'infra/engine-models/fetch.ts',
      ],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .split('\n')
      .filter((f) => f && !f.startsWith('web/dist/'))
      .sort();
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const f of files) {
    const full = path.join(cwd, f);
    hash.update(f).update('\0');
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** What the stamp holds: the inputs' hash and the hash of the index.html built from them. */
const stampOf = (inputs: string) => `${inputs} ${createHash('sha256').update(readFileSync(index)).digest('hex')}`;

function main() {
  const inputs = webInputsHash();
  if (inputs && existsSync(index) && existsSync(stamp) && readFileSync(stamp, 'utf8') === stampOf(inputs)) {
    log('web app up to date: not rebuilt (nothing under web/ or shared/ changed since the last build)');
    return;
  }
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (inputs) {
    mkdirSync(path.dirname(stamp), { recursive: true });
    writeFileSync(stamp, stampOf(inputs));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
