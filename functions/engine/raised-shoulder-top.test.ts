/**
 * A raised arm's shoulder repainted as skin where an old top covered it (shared/engine/compose/fill.ts
 * `raisedShoulderTop`, issue 38, round 33, part a): its top outline against the backdrop is as crisp as an arm's,
 * not a blurred band in the old region's stair steps (cgi-model-27's tee under a camisole: judged "the raised
 * arm's shoulder a slightly blurred skin patch with a fuzzy top edge").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readScene } from '../../shared/engine/compose/scene';
import { looksLikeBackground, readBackground } from '../../shared/engine/compose/background';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

describe("a raised shoulder's top outline over an old sleeve", () => {
  it('is a crisp line, not a blurred band (cgi-model-27 under the camisole)', async () => {
    const { photo, analysis, result: r } = await renderOn('cgi-model-27', 'cami-silk');
    const { body } = readScene(photo, analysis);
    const { width: W } = body;
    const bg = readBackground(photo, body.mask);
    const filled = r.layers.filled.data;
    const garment = r.layers.garment.data;
    const d = r.image.data;
    const v = [0, 0, 0];
    const i = body.armRaised[0] ? 0 : 1;
    expect(body.armRaised[i]).toBe(true);
    const arm = i ? body.armR : body.armL;
    const ex = arm.mid.x - arm.root.x;
    const ey = arm.mid.y - arm.root.y;
    const out = Math.sign(ex);
    const like = (p: number) => looksLikeBackground(r.image, bg, p, v);
    // per column from 0.15 spans inside the joint out to 0.4 of the way to the elbow: up from the arm's line, the
    // first two pixels in turn of the backdrop's colour; across that top (8 rows above it to 12 below), the rows
    // that lie between the backdrop above and the skin below (0.15-0.85 of the way from one to the other), where
    // the old top was filled and the new garment does not cover
    const widths: number[] = [];
    const x0 = Math.round(arm.root.x - out * body.span * 0.15);
    const x1 = Math.round(arm.root.x + ex * 0.4);
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
      const t = Math.max(0, (x - arm.root.x) / ex);
      let y = Math.round(arm.root.y + ey * Math.min(1, t));
      while (y > 12 && !(like((y - 1) * W + x) && like((y - 2) * W + x))) y--;
      const rows = Array.from({ length: 21 }, (_, k) => (y - 8 + k) * W + x);
      if (rows.some((p) => (garment[p] ?? 0) >= 128)) continue;
      if (!rows.slice(6, 14).some((p) => (filled[p] ?? 0) > 0)) continue;
      const mean = (ps: number[]) => [0, 1, 2].map((c) => ps.reduce((u, p) => u + (d[p * 4 + c] ?? 0), 0) / ps.length);
      const B = mean(rows.slice(0, 4));
      const S = mean(rows.slice(17));
      const bs = [0, 1, 2].map((c) => (S[c] ?? 0) - (B[c] ?? 0));
      const n2 = bs.reduce((u, a) => u + a * a, 0);
      if (n2 < 30 * 30) continue;
      let mid = 0;
      for (const p of rows) {
        const f = [0, 1, 2].reduce((u, c) => u + ((d[p * 4 + c] ?? 0) - (B[c] ?? 0)) * (bs[c] ?? 0), 0) / n2;
        if (f > 0.15 && f < 0.85) mid++;
      }
      widths.push(mid);
    }
    expect(widths.length).toBeGreaterThan(40);
    // columns whose top is a band of 5 rows or more between the backdrop and the skin: 0.47 before (the skin up to
    // the old region's stair-stepped top, blurred by the seam into the mask's overreach above it), 0.27 after
    const wide = widths.filter((w) => w >= 5).length / widths.length;
    expect(wide).toBeLessThan(0.35);
  }, 120_000);
});
