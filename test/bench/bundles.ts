/**
 * Lambda weight (issue 16, part 6): every Lambda function bundled as the CDK bundles it, its minified size and
 * its module-load time (a cold `import()` of the bundle in a fresh node process, median of N). Two variants are
 * built side by side in one run: `before` (the esbuild options main used until issue 16) and `after` (the
 * options infra/lib/constructs/app-function.ts uses now).
 */
import { buildSync, type BuildOptions } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GROUPS } from '../../shared/routes';

const root = path.resolve(import.meta.dirname, '../..');

export interface LambdaEntry {
  name: string;
  entry: string;
  handler: string;
  api: boolean;
}

export const LAMBDA_ENTRIES: LambdaEntry[] = [
  ...GROUPS.map((g) => ({ name: g, entry: `functions/${g}/index.ts`, handler: 'handler', api: true })),
  { name: 'workflow (renderWorker)', entry: 'functions/workflow/index.ts', handler: 'renderWorker', api: false },
  { name: 'workflow sweeper', entry: 'functions/workflow/sweeper.ts', handler: 'handler', api: false },
  { name: 'expire-packs job', entry: 'functions/billing/expire-packs.ts', handler: 'handler', api: false },
  { name: 'retention job', entry: 'functions/privacy/retention-job.ts', handler: 'handler', api: false },
  { name: 'export job', entry: 'functions/privacy/export-job.ts', handler: 'handler', api: false },
];

const BANNER = "import { createRequire as __cdkCreateRequire } from 'node:module'; const require = __cdkCreateRequire(import.meta.url);";

/** The esbuild options NodejsFunction used on main before issue 16 (AWS SDK bundled, everything else default). */
export const BEFORE_OPTIONS: BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  external: ['sharp', '@tensorflow/*', 'nsfwjs'],
  banner: { js: BANNER },
};

export interface BundleMeasure {
  name: string;
  api: boolean;
  bytes: number;
  loadMs: number;
  loadRuns: number[];
}

/** Build one variant of every function and time a cold import of each bundle `runs` times (fresh processes). */
export function measureBundles(variant: string, options: BuildOptions, runs = 7): BundleMeasure[] {
  const dir = path.join(root, 'node_modules/.cache/bench-bundles', variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The bundle resolves its externals (sharp, ...) from the repository's node_modules, as the layer does in AWS.
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const out: BundleMeasure[] = [];
  for (const fn of LAMBDA_ENTRIES) {
    const file = path.join(dir, `${fn.name.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
    const res = buildSync({
      ...options,
      stdin: { contents: `export { ${fn.handler} } from './${fn.entry}';`, resolveDir: root, loader: 'ts' },
      outfile: file,
      write: true,
      logLevel: 'silent',
      metafile: true,
    });
    const bytes = Object.values(res.metafile!.outputs)[0]!.bytes;
    const loadRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      const p = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, AWS_REGION: process.env.AWS_REGION ?? 'eu-west-1', LOG_LEVEL: 'ERROR' } },
      );
      if (p.status !== 0) throw new Error(`loading ${fn.name} (${variant}) failed: ${p.stderr}`);
      loadRuns.push(Number(p.stdout.trim().split('\n').pop()));
    }
    const sorted = [...loadRuns].sort((a, b) => a - b);
    out.push({ name: fn.name, api: fn.api, bytes, loadMs: sorted[Math.floor(sorted.length / 2)]!, loadRuns });
  }
  return out;
}
