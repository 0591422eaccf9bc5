/**
 * A top's hem over a skirt's flare seen turned (shared/engine/place/upper.ts `flareTop`, `placeUpper`'s `hemEnds`;
 * issue 38 round 37, part b): cgi-model-2 stands in a three-quarter turn in a tutu, whose waistband (its gold piping)
 * runs ~16 px higher at her image-right side than at her left. A top ends at the waistband there (round 19, Z1), but
 * on one row across both sides, the lower side's: at the higher side its hem hung over the tutu below the band, a
 * level hem and a square corner across a tilted waist (the judges' "boxy: a flat straight-sided box ... ending at
 * the tutu's waist"). Each end of the hem now lies on its own side's waistband.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import type { RgbaImage } from '../../shared/engine/core/types';
import { bodyFrom } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

async function render(garment: string, who: string) {
  const image = await loadPerson(who);
  const analysis = await cachedAnalysis(image);
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment);
  if (!drawn) throw new Error(`no eval garment ${garment}`);
  const photo = await productPhoto(drawn, 'flat-white');
  const r = await tryOn(nodeModelRuntime, image, [{ image: photo.image, slot: drawn.slot, source: 'laydown' }], {
    analysis,
  });
  return { image, r, body: bodyFrom(r.analysis) };
}

/**
 * The hem's tilt against the waistband's: at a column 0.15 of the hem's width in from each of its ends, the hem's
 * row (the garment's lowest covered row in the column, `garment` >= 128, counting down from the hem's middle row
 * less 0.3 spans) less the waistband's row in the photo (its gold piping: the most yellow pixel, (r + g) / 2 - b,
 * from 0.3 spans above that hem row to 0.05 below). Returns the two ends' drops below the band and how much more
 * the right end hangs below it than the left, in spans.
 */
function hemAgainstBand(
  photo: RgbaImage,
  garment: Uint8Array,
  span: number,
  pelvisX: number,
  pelvisY: number,
): { left: number; right: number; tilt: number } {
  const W = photo.width;
  const on = (x: number, y: number) => (garment[y * W + x] ?? 0) >= 128;
  // the hem's middle column: below the pelvis's x, the lowest covered row above the pelvis and a span below it
  const mx = Math.round(pelvisX);
  let hemMid = 0;
  for (let y = Math.round(pelvisY - span); y <= Math.round(pelvisY + span); y++) if (on(mx, y)) hemMid = y;
  // the hem's ends: its run on the row 0.1 spans above the middle of the hem
  const row = Math.round(hemMid - span * 0.1);
  let x0 = mx;
  let x1 = mx;
  while (x0 > 0 && on(x0 - 1, row)) x0--;
  while (x1 < W - 1 && on(x1 + 1, row)) x1++;
  const top = Math.round(hemMid - span * 0.3);
  const drop = (x: number) => {
    let hem = top;
    while (hem + 1 < photo.height && on(x, hem + 1)) hem++;
    let band = hem;
    let best = -Infinity;
    for (let y = Math.round(hem - span * 0.3); y <= Math.round(hem + span * 0.05); y++) {
      const i = (y * W + x) * 4;
      const d = photo.data;
      const yellow = ((d[i] ?? 0) + (d[i + 1] ?? 0)) / 2 - (d[i + 2] ?? 0);
      if (yellow > best) {
        best = yellow;
        band = y;
      }
    }
    return (hem - band) / span;
  };
  const w = x1 - x0;
  const left = drop(Math.round(x0 + w * 0.15));
  const right = drop(Math.round(x1 - w * 0.15));
  return { left, right, tilt: right - left };
}

describe('a top over a tutu seen turned: its hem follows the waistband', () => {
  for (const garment of ['cami-silk', 'tee-stripe']) {
    it(`${garment}@cgi-model-2: the hem's ends lie alike on the tilted waistband`, async () => {
      const { image, r, body } = await render(garment, 'cgi-model-2');
      const m = hemAgainstBand(image, r.layers.garment.data, body.span, body.pelvis.x, body.pelvis.y);
      console.log(garment, 'drop below the band (spans): left', m.left.toFixed(3), 'right', m.right.toFixed(3));
      // (main: the right end 0.09-0.11 spans lower under the band than the left one, 0.13 below it; now 0.04-0.05)
      expect(Math.abs(m.tilt)).toBeLessThan(0.06);
      // and neither end stands above the band (the old bodice's piping bared) nor far down over the tutu
      expect(Math.min(m.left, m.right)).toBeGreaterThan(-0.02);
      expect(Math.max(m.left, m.right)).toBeLessThan(0.1);
    }, 120_000);
  }
});
