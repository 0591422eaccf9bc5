/**
 * Content safety and AI marking costs per image: the local classifier (nsfwjs MobileNetV2 on TensorFlow.js,
 * WASM backend; load once, then per image) and C2PA signing of a result-sized JPEG.
 * Part of `npm run bench`; alone: `npx tsx test/bench/moderation.ts`.
 */
import sharp from 'sharp';
import { loadLocalClassifier, localModerator } from '../../functions/lib/moderation';
import { markAsAiGenerated } from '../../functions/lib/provenance';
import { renderPerson } from '../../infra/local/seed-images';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchModeration(n = 20) {
  let t = performance.now();
  await loadLocalClassifier();
  const loadMs = Math.round(performance.now() - t);
  const moderator = localModerator();
  // a result-sized image (768x960 JPEG), as the workflow checks them
  const image = await sharp(await renderPerson('fullBody', 1))
    .resize(768, 960)
    .jpeg({ quality: 85 })
    .toBuffer();
  await moderator.moderate(image); // warm-up
  const classify: number[] = [];
  for (let i = 0; i < n; i++) {
    t = performance.now();
    await moderator.moderate(image);
    classify.push(performance.now() - t);
  }
  await markAsAiGenerated(image, 'image/jpeg'); // warm-up (generates the development key)
  const sign: number[] = [];
  for (let i = 0; i < n; i++) {
    t = performance.now();
    await markAsAiGenerated(image, 'image/jpeg');
    sign.push(performance.now() - t);
  }
  return {
    classifier: {
      model: 'nsfwjs MobileNetV2',
      backend: 'tfjs wasm',
      loadMs,
      perImageMedianMs: +median(classify).toFixed(1),
      perImageMaxMs: +Math.max(...classify).toFixed(1),
      images: n,
    },
    c2pa: {
      perImageMedianMs: +median(sign).toFixed(1),
      addedBytes: (await markAsAiGenerated(image, 'image/jpeg')).length - image.length,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void benchModeration().then((r) => console.log(JSON.stringify(r, null, 2)));
}
