/**
 * sharp, loaded on first use. sharp is a native addon (libvips) that esbuild leaves out of the bundles: in
 * AWS it comes from the sharp layer (infra/lib/constructs/sharp-layer.ts), attached only to the functions
 * whose bundle contains this dynamic import (test/infra/sharp-layer.test.ts checks both). Loading it lazily
 * keeps it off the cold start of every request that never touches an image.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * The sharp function from what `import('sharp')` gave: sharp is CommonJS (`module.exports = sharp`), which Node's
 * ESM loader and esbuild's interop put on `default`; a loader that hands back module.exports itself gives the
 * function.
 */
function sharpOf(m: typeof import('sharp') | typeof Sharp): typeof Sharp {
  return 'default' in m ? m.default : m;
}

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(sharpOf);
  return loading;
}
