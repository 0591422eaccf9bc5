/**
 * Bundles the side modules (functions/lib/side-modules.ts) into a function's package, beside its index.mjs: the
 * CDK build runs infra/bin/build-side-modules.ts after bundling each function (sideModuleCommands, AppFunction's
 * afterBundling hook), with the esbuild options the function itself is bundled with (lambdaBundleOptions).
 */
import { buildSync, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { SIDE_MODULES, SIDE_MODULES_ENV } from '../../../functions/lib/side-modules';
import { REPO_ROOT } from '../paths';

/** What a function's bundle is given so that its loaders import the side files (esbuild `define`). */
export const SIDE_MODULES_DEFINE: Record<string, string> = { [SIDE_MODULES_ENV]: JSON.stringify('files') };

/** esbuild's options for one side module (its name, its entry), from the options its function is bundled with. */
export const sideModuleOptions = (name: string, entry: string, outDir: string, base: BuildOptions): BuildOptions => ({
  ...base,
  entryPoints: [path.join(REPO_ROOT, entry)],
  outfile: path.join(outDir, `${name}.mjs`),
  define: { ...base.define, ...SIDE_MODULES_DEFINE },
  write: true,
  logLevel: 'warning',
});

/** Every side module into `outDir`; their sizes in bytes. */
export function buildSideModules(outDir: string, base: BuildOptions): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const [name, entry] of Object.entries(SIDE_MODULES)) {
    const res = buildSync({ ...sideModuleOptions(name, entry, outDir, base), metafile: true });
    const out = Object.entries(res.metafile.outputs).find(([file]) => file.endsWith('.mjs'));
    sizes[name] = out ? out[1].bytes : 0;
  }
  return sizes;
}

/** The shell command the CDK build runs after bundling a function (locally, in the repository: no Docker). */
export const sideModuleCommands = (inputDir: string, outputDir: string): string[] => [
  `cd "${inputDir}" && node --import tsx infra/bin/build-side-modules.ts "${outputDir}"`,
];
