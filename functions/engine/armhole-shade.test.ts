/**
 * The skin filled in a tank top's armhole is shaded at the top's side (shared/engine/compose/fill.ts,
 * `armholeShade`, issue 38 round 37, part f): under tank-rib, ai-body's bare chest side between the armhole and
 * the arm (her old white dress's) was filled in the chest's lit tone, brightest right at the trim: "pale blurred
 * patches of the old dress at both armholes".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readScene } from '../../shared/engine/compose/scene';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** The fill this close to the top's side (x the span) is measured. */
const NEAR = 0.02;
/** Rows from the shoulder's joint down this far (x the torso's height): the armhole above the armpit. */
const ROWS = 0.25;

describe("a tank top's armhole", () => {
  it('shades the skin filled beside its side (ai-body)', async () => {
    const { photo, analysis, result: r } = await renderOn('ai-body', 'tank-rib');
    const { body, maps } = readScene(photo, analysis);
    const { width: W, mask, span, torsoH } = body;
    const garment = r.layers.garment.data;
    const filled = r.layers.filled.data;
    const d = r.image.data;
    const lum = (p: number) => 0.299 * (d[p * 4] ?? 0) + 0.587 * (d[p * 4 + 1] ?? 0) + 0.114 * (d[p * 4 + 2] ?? 0);
    const covered = (x: number, y: number) => (garment[y * W + x] ?? 0) >= 128;
    const fill = (x: number, y: number) => (filled[y * W + x] ?? 0) > 0 && !covered(x, y);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const medians: number[] = [];
    for (const [i, sh] of [body.shoulderL, body.shoulderR].entries()) {
      expect(body.armRaised[i]).toBe(false);
      const dir = sh.x < body.neck.x ? -1 : 1;
      const cx = Math.round(body.neck.x);
      const near = Math.ceil(span * NEAR);
      const ratios: number[] = [];
      // per row: the fill's luma within NEAR of the top's side, over the bare arm's (seen skin) just past the fill
      for (let y = Math.round(sh.y); y <= Math.round(sh.y + torsoH * ROWS); y++) {
        let x = Math.round(sh.x + dir * span * 0.05);
        while (x !== cx && !covered(x, y)) x -= dir;
        if (x === cx) continue;
        const atSide: number[] = [];
        for (let s = 1; s <= near; s++) if (fill(x + dir * s, y)) atSide.push(lum(y * W + x + dir * s));
        let u = x + dir;
        while (fill(u, y) && Math.abs(u - x) < span * 0.3) u += dir;
        const arm: number[] = [];
        for (let s = 2; s <= 14; s++) {
          const v = u + dir * s;
          const p = y * W + v;
          if (!fill(v, y) && !covered(v, y) && maps.skin[p] && (mask[p] ?? 0) >= 128) arm.push(lum(p));
        }
        if (atSide.length >= 2 && arm.length >= 4) ratios.push(mean(atSide) / mean(arm));
      }
      expect(ratios.length).toBeGreaterThan(40);
      ratios.sort((a, b) => a - b);
      medians.push(ratios[ratios.length >> 1] ?? 1);
    }
    // before (main, d2519d0): 0.934 / 0.947 (image left / right, the trim's skin as bright as the lit arm);
    // after: 0.788 / 0.828
    for (const m of medians) expect(m).toBeLessThan(0.88);
  }, 120_000);
});
