import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
const backend = process.argv[2] ?? 'wasm';
const require = createRequire(import.meta.url);
setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/');
let t = performance.now();
await tf.setBackend(backend); await tf.ready(); tf.enableProdMode();
const nsfw = await import('nsfwjs');
const model = await nsfw.load('MobileNetV2');
console.log(backend, 'load', Math.round(performance.now() - t));
const { renderStyleImages } = await import('./infra/local/seed-images.ts').catch(() => ({} as any));
const imgs = [await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c08040' } }).jpeg().toBuffer()];
for (let i = 0; i < 4; i++) {
  t = performance.now();
  const { data } = await sharp(imgs[0]).resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = tf.tensor3d(new Uint8Array(data), [224, 224, 3], 'int32');
  const p = await model.classify(x as any);
  x.dispose();
  console.log(Math.round(performance.now() - t), JSON.stringify(p.map((q) => [q.className, q.probability.toFixed(3)])));
}
