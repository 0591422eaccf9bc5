/**
 * A lowered shoulder repainted where an old sleeve hid it (shared/engine/compose/fill.ts `armShadeAt`, issue 38
 * round 34): the shoulder's round top is shaded across like the arm below it, not a flat blurred block of the
 * chest's diffused tone (cgi-model-4's crop tee, sleeves to the elbows, under the ribbed tank: judged "flat blurred
 * skin blocks at both shoulders where the old top's sleeves were").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loweredArms } from '../../test/engine/lowered-arms';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** Bins across the arm, from one side of its line to the other. */
const BINS = 5;

/**
 * Per lowered arm: the spread of the repainted skin's brightness across the arm (the brightest bin's mean less the
 * darkest's, over their mean: bins across the arm's bare half-width each side of its line), on the shoulder's cap
 * (0.02-0.2 of the way to the elbow) and on the upper arm below it (0.35-0.7).
 */
async function acrossSpread(garment: string) {
  const { W, H, filled, worn, lum, arms } = await loweredArms('cgi-model-4', garment);
  return arms.map(({ arm, axis, ex, ey, e2, elen }) => {
    const spread = (t0: number, t1: number) => {
      const sum = new Float64Array(BINS);
      const cnt = new Float64Array(BINS);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const p = y * W + x;
          if ((worn[p] ?? 0) >= 128 || !filled[p]) continue;
          const t = ((x - arm.root.x) * ex + (y - arm.root.y) * ey) / e2;
          if (t < t0 || t > t1) continue;
          const across = ((x - arm.root.x) * -ey + (y - arm.root.y) * ex) / elen;
          const b = Math.floor(((across + axis.half) / (2 * axis.half)) * BINS);
          if (b < 0 || b >= BINS) continue;
          sum[b] = (sum[b] ?? 0) + lum(p);
          cnt[b] = (cnt[b] ?? 0) + 1;
        }
      }
      const means: number[] = [];
      for (let b = 0; b < BINS; b++) if ((cnt[b] ?? 0) >= 20) means.push((sum[b] ?? 0) / (cnt[b] ?? 1));
      expect(means.length).toBeGreaterThanOrEqual(3);
      const m = means.reduce((u, v) => u + v, 0) / means.length;
      return (Math.max(...means) - Math.min(...means)) / m;
    };
    return { cap: spread(0.02, 0.2), arm: spread(0.35, 0.7) };
  });
}

describe("a lowered shoulder repainted where an old sleeve hid it (cgi-model-4's crop tee)", () => {
  it('is shaded across like the arm below it (under the ribbed tank)', async () => {
    // the shoulder's cap kept the chest's diffused tone (the arm's own colour and shading set in only a quarter of
    // the way down, `ARM_SHADE_FADE`): a flat block over a round, shaded arm. Its spread across the arm against
    // the upper arm's below it, the flatter shoulder
    const arms = await acrossSpread('tank-rib');
    const ratios = arms.map(({ cap, arm }) => cap / arm);
    expect(Math.min(...ratios)).toBeGreaterThan(0.6);
  }, 180_000);
});
