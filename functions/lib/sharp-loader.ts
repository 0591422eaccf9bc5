/**
 * sharp, loaded on first use. sharp is a native addon (libvips) that esbuild leaves out of the bundles: in
 * AWS it comes from the sharp layer (infra/lib/constructs/sharp-layer.ts), attached only to the functions
 * whose bundle contains this dynamic import (test/infra/sharp-layer.test.ts checks both). Loading it lazily
 * keeps it off the cold start of every request that never touches an image.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => (m as { default?: typeof Sharp }).default ?? (m as unknown as typeof Sharp));
  return loading;
}
