/**
 * The CDK build's afterBundling step of every function: the side modules into the function's package.
 *   node --import tsx infra/bin/build-side-modules.ts <output dir>
 */
import { lambdaBundleOptions } from '../lib/constructs/app-function';
import { buildSideModules } from '../lib/constructs/side-modules-build';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-side-modules.ts <output dir>');
buildSideModules(outDir, lambdaBundleOptions(false));
