/**
 * Side modules (functions/lib/side-modules.ts): built as the CDK build builds them (sideModuleCommands, the
 * afterBundling hook of every function) beside a function bundled with the deployed options, the heavy code is
 * out of the function's own file and still there when a request needs it. The synth tests skip bundling, so
 * this is where the hook's command runs.
 */
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundleOptions } from '../../infra/lib/constructs/app-function';
import { sideModuleCommands } from '../../infra/lib/constructs/side-modules-build';
import { REPO_ROOT } from '../../infra/lib/paths';
import { SIDE_MODULES } from '../../functions/lib/side-modules';
import { readProvenance } from '../support/provenance';

/** A text only shared/openapi.ts holds (a greedy path parameter's description). */
const OPENAPI_MARKER = 'The rest of the path (several segments).';
// under node_modules/.cache: the externals (sharp) resolve from the repository's node_modules, as from the layer
const out = path.join(REPO_ROOT, 'node_modules/.cache/side-modules-test');
const bundle = (name: string, contents: string) => {
  const file = path.join(out, `${name}.mjs`);
  buildSync({
    ...lambdaBundleOptions(false),
    stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' },
    outfile: file,
    logLevel: 'silent',
  });
  return readFileSync(file, 'utf8');
};
let shares = '';
let authUser = '';
let loaders = '';

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'package.json'), '{"type":"module"}');
  for (const cmd of sideModuleCommands(REPO_ROOT, out)) execSync(cmd, { shell: '/bin/bash', stdio: 'pipe' });
  shares = bundle('index', `export { handler } from './functions/shares/handlers/shares.ts';`);
  authUser = bundle('auth-user', `export { handler } from './functions/profiles/handlers/auth-user.ts';`);
  loaders = bundle(
    'loaders',
    `export { markAsAiGenerated } from './functions/lib/provenance-loader.ts';
     export { getPayments } from './functions/billing/payments/index.ts';`,
  );
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('side modules in a function package', () => {
  it('are built beside the handler, one file each, holding their libraries', () => {
    for (const name of Object.keys(SIDE_MODULES)) {
      const text = readFileSync(path.join(out, `${name}.mjs`), 'utf8');
      expect(text.length, name).toBeGreaterThan(100_000);
    }
    expect(readFileSync(path.join(out, 'provenance.mjs'), 'utf8').includes('c2pa.actions')).toBe(true);
    expect(readFileSync(path.join(out, 'stripe-adapter.mjs'), 'utf8').includes('api.stripe.com')).toBe(true);
  });

  it("leave the function's own bundle: it imports their files, not their code", () => {
    // booleans, not toContain: a failure must not print a megabyte of minified bundle
    const has = (text: string, marker: string) => text.includes(marker);
    expect(has(shares, 'c2pa.actions'), 'C2PA code in the shares bundle').toBe(false);
    expect(has(shares, '"provenance"') && has(shares, '.mjs'), 'the shares bundle names its side file').toBe(true);
    // ~0.8 MB with the AWS SDK v3 clients it calls (issue 41); the C2PA side file alone is ~1.2 MB
    expect(shares.length).toBeLessThan(1_000_000);
    expect(has(loaders, 'api.stripe.com'), 'Stripe SDK in the bundle').toBe(false);
    expect(has(loaders, '"stripe-adapter"'), 'the bundle names the Stripe side file').toBe(true);
    expect(has(authUser, OPENAPI_MARKER), 'the OpenAPI document in the auth-user bundle').toBe(false);
    expect(has(authUser, '"openapi"'), 'the auth-user bundle names the OpenAPI side file').toBe(true);
  });

  it('hold what their callers use: the OpenAPI document of every route, from its own file', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { buildOpenApi } = await import('./openapi.mjs'); console.log(Object.keys(buildOpenApi().paths).length);`,
      ],
      { cwd: out, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(Number(run.stdout.trim())).toBeGreaterThan(100);
    expect(readFileSync(path.join(out, 'openapi.mjs'), 'utf8').includes(OPENAPI_MARKER)).toBe(true);
  });

  it('are loaded when a request needs them: an image is marked by the side file', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const input = path.join(out, 'in.jpg');
    const output = path.join(out, 'marked.jpg');
    writeFileSync(input, jpeg);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { readFileSync, writeFileSync } from 'node:fs';
         const { markAsAiGenerated } = await import('./loaders.mjs');
         writeFileSync(${JSON.stringify(output)}, await markAsAiGenerated(readFileSync(${JSON.stringify(input)}), 'image/jpeg', 'engine'));`,
      ],
      // local mode: signed with the development key
      { cwd: out, encoding: 'utf8', env: { ...process.env, APP_STAGE: 'local', PROVENANCE_SECRET_ARN: '' } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const marked = readFileSync(output);
    expect(marked.length).toBeGreaterThan(jpeg.length);
    const read = await readProvenance(marked);
    expect(read?.actions.length).toBeGreaterThan(0);
  });
});
