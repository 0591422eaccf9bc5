/**
 * TensorFlow.js for Node, loaded once per process on first use: the WASM backend (its .wasm files ship inside
 * @tensorflow/tfjs-backend-wasm, no download), the pure-JS CPU backend as a fallback. Shared by the local
 * content moderator (nsfwjs) and the Fitly engine's model runtime.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

export type Tf = typeof import('@tensorflow/tfjs');

let loading: Promise<Tf> | undefined;

export function loadTf(): Promise<Tf> {
  loading ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const wasmDir =
      process.env.TFJS_WASM_DIR ??
      path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    wasm.setWasmPaths(`${wasmDir}/`);
    if (!(await tf.setBackend('wasm').catch(() => false))) {
      // about 30x slower: a render would outlast its time limit; say so loudly
      console.warn('TensorFlow.js: the WASM backend did not start; falling back to the pure-JS CPU backend');
      await tf.setBackend('cpu');
    }
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })().catch((err) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
