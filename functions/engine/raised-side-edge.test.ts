/**
 * The chest's side under a raised arm repainted as skin where an old top covered it (shared/engine/compose/fill.ts
 * `fillRegion`'s `raisedSideBackdrop`, `RAISED_SIDE_SEAM`; issue 38, round 36, part c): it meets the backdrop beside
 * it as the body's outline, not faded into the backdrop's grey over the seam's width (cgi-model-27's tee under a
 * camisole: judged "a flat tan zone under the raised upper arm down to the cami with a ragged edge at the armpit").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readScene } from '../../shared/engine/compose/scene';
import { looksLikeBackground, readBackground } from '../../shared/engine/compose/background';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

describe("the chest's side under a raised arm over an old tee", () => {
  it('ends at a crisp outline, not a wide fade into the backdrop (cgi-model-27 under the camisole)', async () => {
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
    const sh = i ? body.shoulderR : body.shoulderL;
    const out = Math.sign(sh.x - body.neck.x);
    const like = (p: number) => looksLikeBackground(r.image, bg, p, v);
    const mean = (ps: number[]) => [0, 1, 2].map((c) => ps.reduce((u, p) => u + (d[p * 4 + c] ?? 0), 0) / ps.length);
    // per row from 0.1 to 0.3 torso heights below the raised shoulder's joint: out from the joint, the filled pixels'
    // outer end beside the photo's backdrop; across it (16 px in, 3 out) the pixels between the skin inside (14-18
    // px in) and the backdrop outside (3-6 px out), 0.15-0.85 of the way from one to the other
    const widths: number[] = [];
    for (let y = Math.round(sh.y + body.torsoH * 0.05); y <= Math.round(sh.y + body.torsoH * 0.3); y++) {
      let x = Math.round(sh.x);
      let hit = false;
      while (x > 20 && x < W - 20 && (filled[y * W + x] ?? 0) > 0) {
        if ((garment[y * W + x] ?? 0) >= 128) hit = true;
        x += out;
      }
      if (hit || !like(y * W + x + out * 3) || !like(y * W + x + out * 6)) continue;
      const inside = [14, 15, 16, 17, 18].map((k) => y * W + x - out * k);
      if (inside.some((p) => !(filled[p] ?? 0) || (garment[p] ?? 0) > 0)) continue;
      const S = mean(inside);
      const B = mean([3, 4, 5, 6].map((k) => y * W + x + out * k));
      const bs = [0, 1, 2].map((c) => (B[c] ?? 0) - (S[c] ?? 0));
      const n2 = bs.reduce((u, a) => u + a * a, 0);
      if (n2 < 20 * 20) continue;
      let mid = 0;
      for (let k = -16; k <= 3; k++) {
        const p = y * W + x + out * k;
        const f = [0, 1, 2].reduce((u, c) => u + ((d[p * 4 + c] ?? 0) - (S[c] ?? 0)) * (bs[c] ?? 0), 0) / n2;
        if (f > 0.15 && f < 0.85) mid++;
      }
      widths.push(mid);
    }
    expect(widths.length).toBeGreaterThan(15);
    widths.sort((a, b) => a - b);
    const median = widths[widths.length >> 1] ?? 0;
    // 9 px before (the seam fading the skin into the backdrop up to the region's edge), 4 after
    expect(median).toBeLessThan(6);
  }, 120_000);
});
