/**
 * An old white dress's glossy highlight inside the body is no blended outline (shared/engine/compose/fill.ts,
 * `fillRegion`'s `nearOutline`, issue 38 round 34, part E): ai-body's white satin dress has a bright highlight on the
 * image-right shoulder beside her hair. Taken for the outline's blend of skin and her white wall (`blendShare`), it
 * and the region's white pixels on from it were kept as the photo's: under cami-silk "a small bright white fleck
 * beside the image-right strap's top at the hair".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readScene } from '../../shared/engine/compose/scene';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** Pixels at least this far (x the span) from the backdrop are inside the body, not on its outline. */
const INSIDE = 0.08;
/** A pixel this bright (the mean of its channels) is a white highlight, brighter than her lit skin (~190-215). */
const WHITE = 222;

describe("an old dress's white highlight beside the hair", () => {
  it('is not left as a white fleck above a camisole (ai-body)', async () => {
    const { photo, analysis, result: r } = await renderOn('ai-body', 'cami-silk');
    const { body, maps } = readScene(photo, analysis);
    const { width: W, height: H, mask, span } = body;
    const garment = r.layers.garment.data;
    const d = r.image.data;
    const reach = Math.round(span * INSIDE);
    // the backdrop's distance, along rows, columns and diagonals, up to `reach`
    const inside = (x: number, y: number) => {
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          for (let s = 1; s <= reach && (dx || dy); s++) {
            const u = x + dx * s;
            const v = y + dy * s;
            if (u < 0 || u >= W || v < 0 || v >= H || (mask[v * W + u] ?? 0) < 128) return false;
          }
      return true;
    };
    // between the shoulders' joints, from a fifth of the span above the neck's point down to the neckline (the
    // camisole's top edge below it): the result's white pixels off the garment, the hair and the skin map, well
    // inside the body: the old dress left as it was
    const x0 = Math.round(Math.min(body.shoulderL.x, body.shoulderR.x));
    const x1 = Math.round(Math.max(body.shoulderL.x, body.shoulderR.x));
    const y0 = Math.round(body.neck.y - span * 0.2);
    const y1 = Math.round(body.neck.y + span * 0.3);
    let white = 0;
    let seen = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if ((garment[p] ?? 0) >= 128 || (maps.hair[p] ?? 0) >= 128 || maps.skin[p] || (mask[p] ?? 0) < 128) continue;
        if (!inside(x, y)) continue;
        seen++;
        if (((d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0)) / 3 >= WHITE) white++;
      }
    }
    expect(seen).toBeGreaterThan(1000);
    // before: 23 (the fleck) of 6894; after: 1
    expect(white).toBeLessThan(5);
  }, 120_000);
});
