/**
 * TensorFlow.js for Node, loaded once per process on first use: only what running converted graph models needs
 * (`@tensorflow/tfjs-core`, `@tensorflow/tfjs-converter`) and the WASM backend (its .wasm files ship inside
 * @tensorflow/tfjs-backend-wasm, no download); the pure-JS CPU backend only as a fallback. The whole
 * `@tensorflow/tfjs` (layers, data, WebGL) costs about a second of import on a cold start and the engine needs none
 * of it. Shared by the Fitly engine's model runtime and the local content moderator (nsfwjs imports
 * `@tensorflow/tfjs` itself when moderation loads; it shares this tfjs-core instance and its backend).
 *
 * Run from the sources (tsx, vitest: this file is a .ts) the three CommonJS packages are `require`d, not
 * `import()`ed: Node's ESM loader would scan their 1-2 MB of CommonJS for named exports and go through tsx's
 * loader hooks, and with tsx's source maps on it reads and parses their .map files: about 0.6 s of CPU of a
 * cold render, none of it needed. Bundled (the render worker: esbuild puts TensorFlow.js inside the bundle),
 * the `import()`s are what esbuild follows.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

export type Tf = typeof import('@tensorflow/tfjs-core') &
  Pick<typeof import('@tensorflow/tfjs-converter'), 'loadGraphModel'>;

type Modules = [
  typeof import('@tensorflow/tfjs-core'),
  typeof import('@tensorflow/tfjs-converter'),
  typeof import('@tensorflow/tfjs-backend-wasm'),
];

/** From the sources: plain `require` (see above), with source maps off while the packages compile. */
function requireFromSources(): Modules {
  const require = createRequire(import.meta.url);
  const maps = process.sourceMapsEnabled;
  if (maps) process.setSourceMapsEnabled(false);
  try {
    return [
      require('@tensorflow/tfjs-core') as Modules[0],
      require('@tensorflow/tfjs-converter') as Modules[1],
      require('@tensorflow/tfjs-backend-wasm') as Modules[2],
    ];
  } finally {
    if (maps) process.setSourceMapsEnabled(true);
  }
}

let loading: Promise<Tf> | undefined;

export function loadTf(): Promise<Tf> {
  loading ??= (async () => {
    const [core, converter, wasm] = import.meta.url.endsWith('.ts')
      ? requireFromSources()
      : await Promise.all([
          import('@tensorflow/tfjs-core'),
          import('@tensorflow/tfjs-converter'),
          import('@tensorflow/tfjs-backend-wasm'),
        ]);
    const wasmDir =
      process.env.TFJS_WASM_DIR ??
      path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    wasm.setWasmPaths(`${wasmDir}/`);
    if (!(await core.setBackend('wasm').catch(() => false))) {
      // about 30x slower: a render would outlast its time limit; say so loudly
      console.warn('TensorFlow.js: the WASM backend did not start; falling back to the pure-JS CPU backend');
      await import('@tensorflow/tfjs-backend-cpu');
      await core.setBackend('cpu');
    }
    await core.ready();
    core.enableProdMode();
    return { ...core, loadGraphModel: converter.loadGraphModel };
  })().catch((err) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
