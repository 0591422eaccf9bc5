/**
 * Shoes on feet seen from the front, with the real models (shared/engine/place/shoes.ts): a foot facing the camera
 * gets the shoe's front (its toe end, mirrored from both sides of the foot), not the product's side view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import { bodyFrom } from '../../shared/engine/perception/body';
import { footBox } from '../../shared/engine/place/place';
import type { Box } from '../../shared/engine/garment/garment';
import { loadPerson } from '../../test/engine/fixtures';
import { measureAll, METRIC_THRESHOLDS } from '../../test/engine/metrics';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/**
 * How mirror-symmetric the drawn shoe is about the middle of its foot (1: the same either side): per column of
 * the foot's box (the foot below the ankle, as the engine finds it), the rows the new shoe covers (>= 128) from a
 * shin's width above the box down, compared with the column as far on the other side of the box's middle.
 */
function symmetry(cov: Uint8Array, W: number, H: number, foot: Box, shinW: number): number {
  const x0 = Math.max(0, Math.round(foot.x));
  const x1 = Math.min(W - 1, Math.round(foot.x + foot.w));
  const heights: number[] = [];
  for (let x = x0; x <= x1; x++) {
    let n = 0;
    for (let y = Math.max(0, Math.round(foot.y - shinW)); y < H; y++) if (cov[y * W + x]! >= 128) n++;
    heights.push(n);
  }
  let diff = 0;
  let sum = 0;
  for (let i = 0; i < heights.length; i++) {
    diff += Math.abs(heights[i]! - heights[heights.length - 1 - i]!);
    sum += heights[i]!;
  }
  return sum ? 1 - diff / (2 * sum) : 0;
}

describe('shoes on feet facing the camera (real models)', () => {
  // before: the side view stretched over each foot, its collar at one end and its toe at the other (symmetry
  // 0.80 on the first foot) and stopping below the ankle (shoeOffset 0.17: its top 0.1 spans under the ankle)
  it('draws the front of each shoe on each foot facing the camera', async () => {
    const person = await loadPerson('cgi-model-23');
    const analysis = await cachedAnalysis(person);
    const body = bodyFrom(analysis);
    for (const id of ['trainers-runner', 'heels-red']) {
      const g = EVAL_GARMENTS.find((x) => x.id === id)!;
      const product = (await productPhoto(g, 'flat-white')).image;
      const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
        analysis,
      });
      const all = measureAll({ person, analysis, tryOn: r, product: null, slotGiven: 'shoes' });
      expect(all.shoeOffset).toBeLessThanOrEqual(METRIC_THRESHOLDS.shoeOffsetMax);
      for (const leg of [body.legL, body.legR]) {
        const foot = footBox(body, leg.end, leg.widthEnd);
        const s = symmetry(r.layers.garment.data, person.width, person.height, foot, leg.widthEnd);
        expect({ id, symmetric: s >= 0.9, s }).toMatchObject({ id, symmetric: true });
      }
    }
  }, 60_000);
});
