/**
 * Side modules: heavy code a function needs only for some requests, shipped in its Lambda package as a file of
 * its own next to index.mjs and imported on first use (issue 28 part 5). A dynamic import inside one bundle
 * still costs the cold start: V8 reads (pre-parses) every byte of the bundle when the module loads, whether it
 * runs or not — the C2PA and X.509 libraries were ~50 ms of the shares function's load, the Stripe SDK ~20 ms
 * of billing's and privacy's, the OpenAPI document (every group's routes and schemas) ~15 ms of auth-user's.
 *
 * The build (infra/lib/constructs/app-function.ts) bundles each side module into `<name>.mjs` beside every
 * function's handler and defines SIDE_MODULES_ENV as 'files' in the function's bundle, so the loaders' other
 * branch (a plain dynamic import, for tsx, the local stack and the tests) is dropped from it.
 */
export const SIDE_MODULES = {
  /** The AI marking: C2PA manifest, X.509 signing (functions/lib/provenance-loader.ts). */
  provenance: 'functions/lib/provenance.ts',
  /** The Stripe SDK adapter (functions/billing/payments/index.ts). */
  'stripe-adapter': 'functions/billing/payments/stripe-adapter.ts',
  /** The OpenAPI document: every group's routes and schemas (functions/profiles/handlers/auth-user.ts). */
  openapi: 'shared/openapi.ts',
} as const;
export type SideModule = keyof typeof SIDE_MODULES;

/** The variable the build defines in a bundle as the string 'files' (esbuild `define`). */
export const SIDE_MODULES_ENV = 'process.env.FITLY_SIDE_MODULES';

/** Where a bundled function finds a side module: beside its own file. */
export const sideModuleUrl = (name: SideModule): string => new URL(`./${name}.mjs`, import.meta.url).href;
