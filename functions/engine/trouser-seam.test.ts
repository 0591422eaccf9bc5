/**
 * Trousers on legs that touch (shared/engine/place/lower.ts, issue 38 round 3, part F6): where the photo shows the
 * thighs together (no background between them above the knees), the two trouser legs meet on a seam from the crotch
 * down to where the gap opens, shaded as each leg turns away there. Drawn each as wide as its own outline across the
 * other, they were one flat slab (the judge's "legs-merged": jeans, shorts and wide legs read as a skirt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePerson, tryOn, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

let person: { image: RgbaImage; analysis: PersonAnalysis } | null = null;
async function render(garment: string) {
  if (!person) {
    const image = await loadPerson('ai-body');
    person = { image, analysis: await analyzePerson(nodeModelRuntime, image) };
  }
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment)!;
  const { image } = await productPhoto(drawn, 'flat-white');
  const r = await tryOn(nodeModelRuntime, person.image, [{ image, slot: drawn.slot, source: 'laydown' }], {
    analysis: person.analysis,
  });
  return { r, body: bodyFrom(r.analysis) };
}

const axis = (leg: Body['legL'], y: number) => {
  const thigh = y <= leg.mid.y;
  const a = thigh ? leg.root : leg.mid;
  const b = thigh ? leg.mid : leg.end;
  return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
};

/**
 * Between the thighs (rows from a quarter of the torso below the hip joints to just above the knees, where the
 * garment covers the middle and the photo shows no gap): the darkest column near the middle between the legs' axes
 * (3 px smoothed) over the cloth's brightness along the two axes, averaged over the rows. 1: one flat slab.
 */
function seamDepth(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const { width: W, mask } = body;
  const L = (x: number, y: number) => {
    const o = (y * W + x) * 4;
    return 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
  };
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.25);
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y) - body.torsoH * 0.05);
  const h = Math.round(body.span * 0.06);
  const ref = Math.round(body.span * 0.05);
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const al = axis(body.legL, y);
    const ar = axis(body.legR, y);
    const mid = Math.round((al + ar) / 2);
    let open = false;
    for (let x = mid - h; x <= mid + h; x++) if (garment[y * W + x]! < 200 || mask[y * W + x]! < 128) open = true;
    if (open) continue;
    let valley = Infinity;
    for (let x = mid - h; x <= mid + h; x++) valley = Math.min(valley, (L(x - 1, y) + L(x, y) + L(x + 1, y)) / 3);
    let r = 0;
    let m = 0;
    for (const c of [al, ar])
      for (let x = Math.round(c) - ref; x <= Math.round(c) + ref; x++) {
        r += L(x, y);
        m++;
      }
    sum += valley / (r / m);
    n++;
  }
  expect(n).toBeGreaterThan(20);
  return sum / n;
}

describe('trouser legs on thighs that touch meet on a shaded seam', () => {
  // before (one slab: each leg drawn across the other): jeans 0.95, shorts 0.86, wide legs 1.02; after: about 0.7
  it.each(['jeans-indigo', 'shorts-chino', 'wideleg-cream'])(
    'ai-body in %s: a darker seam between the legs above the knees',
    async (garment) => {
      const { r, body } = await render(garment);
      expect(seamDepth(r.image, r.layers.garment.data, body)).toBeLessThan(0.8);
    },
    30_000,
  );
});
