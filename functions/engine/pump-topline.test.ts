/**
 * A pump seen three quarters (shared/engine/place/shoes.ts `drawFront`'s `vampTopAside` and its heel lift,
 * shoe-heel.ts `drawPumpHeel`'s counter), with the real models: its topline one smooth line from the vamp along the
 * side to the counter, and its back standing on its heel off the floor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyFrom } from '../../shared/engine/perception/body';
import { footBox } from '../../shared/engine/place/place';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';
import { pointing } from '../../test/engine/foot-pointing';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const red = (r: number, g: number, b: number) => r > 110 && r > g * 2 && r > b * 1.8;

describe('a pump seen three quarters (real models)', () => {
  // ai-body stands three quarters, both feet pointing to the image left. Per foot, over the drawn pump's red pixels
  // in its foot's box: each column's top and bottom red rows as shares of the height from the sole (the lowest red
  // row) to the ankle. `step`: the topline's largest jump between neighbouring columns from 0.3 of the pump's
  // length from the toe's end to 0.97 (the vamp, the side and the counter); `lift`: the median bottom over 0.75-0.95
  // of the length (the back of the shoe off the floor, on its heel).
  // before (main d2519d0): a lobe over the toes, a notch and the wall standing up behind it: step 0.091 / 0.094 (the
  // wall), lift 0.21 / 0.20 (the bottom's round rise); now one smooth line: step 0.010 / 0.021, lift 0.35 / 0.32
  it('draws the topline from the vamp to the counter as one smooth line, the back of the shoe up on its heel', async () => {
    const { analysis, result } = await renderOn('ai-body', 'heels-red');
    const body = bodyFrom(analysis);
    const img = result.image;
    const cov = result.layers.garment.data;
    const W = img.width;
    const out: { points: number; step: number; lift: number }[] = [];
    for (const leg of [body.legL, body.legR]) {
      const box = footBox(body, leg.end, leg.widthEnd);
      const points = pointing(body, leg);
      const cols = new Map<number, { top: number; bot: number }>();
      let soleY = 0;
      // (on its own side of the middle between the two feet's boxes: not the other pump's toe)
      const other = leg === body.legL ? body.legR : body.legL;
      const near = footBox(body, other.end, other.widthEnd);
      const left = leg.end.x < other.end.x;
      const split = left ? (box.x + box.w + near.x) / 2 : (near.x + near.w + box.x) / 2;
      const x0 = Math.max(0, Math.round(box.x - leg.widthEnd * 0.3), left ? 0 : Math.ceil(split));
      const x1 = Math.min(W - 1, Math.round(box.x + box.w + leg.widthEnd * 0.3), left ? Math.floor(split) : W);
      const y0 = Math.max(0, Math.round(leg.end.y - leg.widthEnd));
      const y1 = Math.min(img.height - 1, Math.round(box.y + box.h + leg.widthEnd * 0.5));
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const p = y * W + x;
          if ((cov[p] ?? 0) < 128) continue;
          if (!red(img.data[p * 4] ?? 0, img.data[p * 4 + 1] ?? 0, img.data[p * 4 + 2] ?? 0)) continue;
          const c = cols.get(x);
          cols.set(x, c ? { top: Math.min(c.top, y), bot: Math.max(c.bot, y) } : { top: y, bot: y });
          soleY = Math.max(soleY, y);
        }
      }
      const xs = [...cols.keys()].sort((a, b) => a - b);
      const first = xs[0] ?? 0;
      const last = xs[xs.length - 1] ?? 0;
      const len = Math.max(1, last - first);
      const fromToe = (x: number) => (points < 0 ? x - first : last - x) / len;
      const H = Math.max(1, soleY - leg.end.y);
      const up = (y: number) => (soleY - y) / H;
      let step = 0;
      for (let i = 1; i < xs.length; i++) {
        const a = xs[i - 1] ?? 0;
        const b = xs[i] ?? 0;
        if (b !== a + 1 || Math.min(fromToe(a), fromToe(b)) < 0.3 || Math.max(fromToe(a), fromToe(b)) > 0.97) continue;
        step = Math.max(step, Math.abs(up(cols.get(a)?.top ?? 0) - up(cols.get(b)?.top ?? 0)));
      }
      const backs = xs
        .filter((x) => fromToe(x) >= 0.75 && fromToe(x) <= 0.95)
        .map((x) => up(cols.get(x)?.bot ?? soleY))
        .sort((a, b) => a - b);
      out.push({ points, step, lift: backs[backs.length >> 1] ?? 0 });
    }
    const turned = out.filter((o) => Math.abs(o.points) > 0.2);
    const ok = turned.length === 2 && turned.every((o) => o.step < 0.04 && o.lift > 0.27);
    expect(ok, JSON.stringify(out)).toBe(true);
  }, 120_000);
});
