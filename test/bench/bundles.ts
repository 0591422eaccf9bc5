/**
 * Lambda weight (issue 16, part 6): every Lambda function bundled as the CDK bundles it, its minified size and
 * its module-load time (CPU time of a cold `import()` of the bundle in a fresh node process, median of N; the variants'
 * runs are interleaved so the machine's load hits them alike). Source maps are counted as deployed (issue 41): each
 * bundle is written with its .map beside it, and loaded with `--enable-source-maps` where the function runs with it.
 * Built side by side in one run:
 * - `before`: the tree at BENCH_BUNDLE_BASE (default 4d7827a: the hand-written AWS transport) with today's esbuild
 *   options, every function loaded with `--enable-source-maps` (as every function ran then);
 * - `after`: this tree with the options infra/lib/constructs/app-function.ts uses now, source maps at run time
 *   only where sourceMapsAtRuntime says;
 * - `after, maps everywhere`: the same bundles, every function loaded with `--enable-source-maps` (what the
 *   decision in app-function.ts saves);
 * - `after, SDK external`: this tree with @aws-sdk/* left to the runtime (the alternative weighed in
 *   docs/decisions.md; its load time includes reading the SDK from node_modules, as the runtime would).
 */
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lambdaBundleOptions, sourceMapsAtRuntime } from '../../infra/lib/constructs/app-function';
import { buildSideModules } from '../../infra/lib/constructs/side-modules-build';
import { GROUPS, groupEntryPath } from '../../shared/routes';

const root = path.resolve(import.meta.dirname, '../..');

export interface LambdaEntry {
  name: string;
  entry: string;
  handler: string;
  api: boolean;
  /** runs the Fitly engine (the render worker): what app-function.ts decides its source maps by */
  engine?: boolean;
}

export const LAMBDA_ENTRIES: LambdaEntry[] = [
  ...GROUPS.map((g) => ({ name: g, entry: groupEntryPath(g), handler: 'handler', api: true })),
  {
    name: 'workflow (render worker, tasks)',
    entry: 'functions/generations/workflow/index.ts',
    handler: 'renderWorker',
    api: false,
    engine: true,
  },
  // a synchronous provider's wait (issue 28): no sharp or TensorFlow.js in this bundle
  {
    name: 'workflow provider call',
    entry: 'functions/generations/workflow/provider-call.ts',
    handler: 'providerCall',
    api: false,
  },
  { name: 'workflow sweeper', entry: 'functions/generations/workflow/sweeper.ts', handler: 'handler', api: false },
  { name: 'expire-packs job', entry: 'functions/billing/expire-packs.ts', handler: 'handler', api: false },
  { name: 'retention job', entry: 'functions/privacy/retention-job.ts', handler: 'handler', api: false },
  { name: 'export job', entry: 'functions/privacy/export-job.ts', handler: 'handler', api: false },
];

const BANNER =
  "import { createRequire as __cdkCreateRequire } from 'node:module'; const require = __cdkCreateRequire(import.meta.url);";

/** What NodejsFunction passes to esbuild (bundling options of infra/lib/constructs/app-function.ts). */
const cdkOptions = (external: string[]): BuildOptions => ({
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  external,
  banner: { js: BANNER },
});

/** main before issue 16: AWS SDK bundled; sharp, TensorFlow and nsfwjs external. */
export const BEFORE_OPTIONS = cdkOptions(['sharp', '@tensorflow/*', 'nsfwjs']);
// as deployed (app-function.ts): the side modules' loaders import their own files (not loaded at cold start), the
// source map written beside the bundle; TensorFlow.js left out of the render worker here (it is the engine's, not
// the cold start's: functions/lib/tfjs-loader.ts)
export const AFTER_OPTIONS: BuildOptions = lambdaBundleOptions(false);
export const SDK_EXTERNAL_OPTIONS: BuildOptions = {
  ...AFTER_OPTIONS,
  external: [...(AFTER_OPTIONS.external ?? []), '@aws-sdk/*'],
};

export interface Variant {
  name: string;
  /** The source tree to bundle (a checkout of another commit for `before`). */
  tree: string;
  options: BuildOptions;
  /** Whether the function is loaded with `--enable-source-maps` (as it runs in this variant's deployment). */
  sourceMaps?: (fn: LambdaEntry) => boolean;
}

/** As deployed now (infra/lib/constructs/app-function.ts). */
export const deployedSourceMaps = (fn: LambdaEntry): boolean => sourceMapsAtRuntime(!!fn.engine);

export interface BundleMeasure {
  variant: string;
  name: string;
  api: boolean;
  bytes: number;
  loadMs: number;
  loadRuns: number[];
}

/** The tree at `ref`, extracted next to the bundles, resolving packages from this repository's node_modules. */
export function treeAt(ref: string): string {
  const dir = path.join(root, 'node_modules/.cache/bench-trees', ref);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${ref} functions shared package.json | tar -x -C ${JSON.stringify(dir)}`, { cwd: root });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function build(variant: Variant, fn: LambdaEntry): { file: string; bytes: number } {
  const dir = path.join(root, 'node_modules/.cache/bench-bundles', variant.name.replace(/[^a-z0-9]+/gi, '-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const file = path.join(dir, `${fn.name.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
  const res = buildSync({
    ...variant.options,
    stdin: { contents: `export { ${fn.handler} } from './${fn.entry}';`, resolveDir: variant.tree, loader: 'ts' },
    outfile: file,
    write: true,
    logLevel: 'silent',
    metafile: true,
  });
  return { file, bytes: codeBytes(res.metafile!) };
}

/** The bundle's own size (not its source map's). */
const codeBytes = (metafile: Metafile): number =>
  Object.entries(metafile.outputs).find(([name]) => !name.endsWith('.map'))![1].bytes;

/**
 * One cold load: CPU time (user + system) the import takes in a fresh process. CPU time, not wall time: on a
 * shared machine the wall clock measures the scheduler; in Lambda the init phase has its vCPU to itself, so its
 * duration is close to this CPU time.
 */
function loadOnce(file: string, sourceMaps = false): number {
  const p = spawnSync(
    process.execPath,
    [
      ...(sourceMaps ? ['--enable-source-maps'] : []),
      '--input-type=module',
      '-e',
      `const c = process.cpuUsage(); await import(${JSON.stringify(file)}); const d = process.cpuUsage(c); console.log((d.user + d.system) / 1000);`,
    ],
    // The bundles live under this repository's node_modules/.cache: their externals (sharp, the SDK for the
    // SDK-external variant) resolve from node_modules, as from the layer or the runtime in AWS.
    {
      cwd: path.dirname(file),
      encoding: 'utf8',
      env: { ...process.env, AWS_REGION: process.env.AWS_REGION ?? 'eu-west-1', LOG_LEVEL: 'ERROR' },
    },
  );
  if (p.status !== 0) throw new Error(`loading ${file} failed: ${p.stderr}`);
  return Number(p.stdout.trim().split('\n').pop());
}

/** Build every function in every variant, then time cold imports, `runs` rounds interleaved across variants. */
export function measureBundles(variants: Variant[], runs = 7): BundleMeasure[] {
  // A function that did not exist in a variant's tree (the shares group is newer than `before`) is left out of it.
  const built = variants.flatMap((v) =>
    LAMBDA_ENTRIES.filter((fn) => existsSync(path.join(v.tree, fn.entry))).map((fn) => ({
      v,
      fn,
      ...build(v, fn),
      sourceMaps: v.sourceMaps?.(fn) ?? false,
      loads: [] as number[],
    })),
  );
  for (let i = 0; i < runs; i++) for (const b of built) b.loads.push(loadOnce(b.file, b.sourceMaps));
  return built.map((b) => {
    const sorted = [...b.loads].sort((x, y) => x - y);
    return {
      variant: b.v.name,
      name: b.fn.name,
      api: b.fn.api,
      bytes: b.bytes,
      loadMs: sorted[Math.floor(sorted.length / 2)]!,
      loadRuns: b.loads,
    };
  });
}

/**
 * The floor under every API function: what a bundle that does nothing but construct one SDK client (or build
 * one zod schema) weighs and costs to load, with the same esbuild options. Measured in the same run, so the
 * after/before ratios can be read against what no change of ours can remove while the SDK is bundled.
 */
export const FLOORS: Record<string, string> = {
  'DynamoDB document client (SDK v3)': `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'; export const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); export { GetCommand };`,
  'DynamoDB document client (ours: the SDK v3 one created on first use, issue 41)': `import { DocClient, GetCommand } from './shared/repositories/dynamo-client'; export const c = new DocClient({ region: 'eu-west-1' }); export { GetCommand };`,
  'S3 client + presigner': `import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3'; import { getSignedUrl } from '@aws-sdk/s3-request-presigner'; export const c = new S3Client({}); export { GetObjectCommand, getSignedUrl };`,
  'DynamoDB + Cognito clients': `import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'; import { CognitoIdentityProviderClient, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider'; export const c = DynamoDBDocumentClient.from(new DynamoDBClient({})); export const k = new CognitoIdentityProviderClient({}); export { GetCommand, AdminGetUserCommand };`,
  'stripe SDK': `import Stripe from 'stripe'; export const s = new Stripe('sk_test_bench');`,
  'zod, one schema': `import * as z from 'zod'; export const s = z.object({ a: z.string().min(1) });`,
};

export function measureFloors(runs: number): { name: string; bytes: number; loadMs: number }[] {
  const dir = path.join(root, 'node_modules/.cache/bench-bundles/floors');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const built = Object.entries(FLOORS).map(([name, contents], i) => {
    const file = path.join(dir, `floor-${i}.mjs`);
    const res = buildSync({
      ...AFTER_OPTIONS,
      stdin: { contents, resolveDir: root, loader: 'ts' },
      outfile: file,
      write: true,
      logLevel: 'silent',
      metafile: true,
    });
    return { name, file, bytes: codeBytes(res.metafile!), loads: [] as number[] };
  });
  for (let i = 0; i < runs; i++) for (const b of built) b.loads.push(loadOnce(b.file));
  return built.map((b) => ({
    name: b.name,
    bytes: b.bytes,
    loadMs: [...b.loads].sort((x, y) => x - y)[Math.floor(b.loads.length / 2)]!,
  }));
}

/** The bench phase: `before`, `after` and `after, SDK external`, with a table of sizes, load times and ratios. */
export function benchBundles(runs: number) {
  const base = process.env.BENCH_BUNDLE_BASE ?? '4d7827a';
  const variants: Variant[] = [
    { name: 'before', tree: treeAt(base), options: AFTER_OPTIONS, sourceMaps: () => true },
    { name: 'after', tree: root, options: AFTER_OPTIONS, sourceMaps: deployedSourceMaps },
    { name: 'after, maps everywhere', tree: root, options: AFTER_OPTIONS, sourceMaps: () => true },
    { name: 'after, SDK external', tree: root, options: SDK_EXTERNAL_OPTIONS, sourceMaps: deployedSourceMaps },
  ];
  const all = measureBundles(variants, runs);
  const of = (variant: string, name: string) => all.find((m) => m.variant === variant && m.name === name);
  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const pick = (m: BundleMeasure | undefined) => (m ? { bytes: m.bytes, loadMs: m.loadMs } : null);
  const rows = LAMBDA_ENTRIES.map((fn) => {
    const b = pick(of('before', fn.name));
    const a = pick(of('after', fn.name))!;
    return {
      function: fn.name,
      api: fn.api,
      before: b,
      after: a,
      mapsEverywhere: pick(of('after, maps everywhere', fn.name))!,
      sdkExternal: pick(of('after, SDK external', fn.name))!,
      sizeRatio: b ? a.bytes / b.bytes : null,
      loadRatio: b ? a.loadMs / b.loadMs : null,
    };
  });
  const cell = (m: { bytes: number; loadMs: number } | null) => (m ? `${kib(m.bytes)}, ${ms(m.loadMs)}` : 'new');
  const ratio = (x: number | null) => (x === null ? '-' : x.toFixed(2));
  const table = [
    '| function | before: size, load | after: size, load | after / before (size, load) | after, maps everywhere: load | SDK external: size, load |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.function}${r.api ? '' : ' (not API)'} | ${cell(r.before)} | ${cell(r.after)} | ${ratio(r.sizeRatio)}, ${ratio(r.loadRatio)} | ${ms(r.mapsEverywhere.loadMs)} | ${cell(r.sdkExternal)} |`,
    ),
  ].join('\n');
  const floors = measureFloors(runs);
  const floorTable = [
    '| floor (a bundle holding only this) | size | load |',
    '| --- | --- | --- |',
    ...floors.map((f) => `| ${f.name} | ${kib(f.bytes)} | ${ms(f.loadMs)} |`),
  ].join('\n');
  // the side modules (functions/lib/side-modules.ts): in each package beside the handler, loaded on first use only
  const sideDir = path.join(root, 'node_modules/.cache/bench-bundles/side-modules');
  mkdirSync(sideDir, { recursive: true });
  const sideModules = buildSideModules(sideDir, AFTER_OPTIONS);
  return { base, runs, rows, table, floors, floorTable, sideModules, raw: all };
}
