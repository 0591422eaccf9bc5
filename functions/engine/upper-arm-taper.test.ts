/**
 * A lowered upper arm repainted where an old sleeve hid it down to the elbow (shared/engine/compose/fill.ts
 * `fillRegion`'s tapered upper arm, `elbowEndHalf`; issue 38, round 35): it narrows from the shoulder to the
 * elbow like an arm, not an even-width column one radius wide (cgi-model-4's crop tee, sleeves to the elbows,
 * under the ribbed tank: judged "flat blurred skin blocks at both shoulders where the old top's sleeves were,
 * wider than the arms").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loweredArms } from '../../test/engine/lowered-arms';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** How far (px) either side of the arm's line the classes' colours are sampled and a run across it is walked. */
const REACH = 70;

/**
 * Per lowered arm: the median width of skin across the arm (rows through the shoulder-elbow line; a pixel is skin
 * when its colour is nearer the bare skin's mean than the backdrop's, both taken from the photo's pixels beside
 * the arm the fill left alone; the run stops at the new garment) on the upper arm near the elbow (0.75-0.9 of the
 * way down) over its width near the shoulder (0.3-0.45).
 */
async function taper(garment: string) {
  const { W, body, maps, filled, worn, image, arms } = await loweredArms('cgi-model-4', garment);
  const d = image.data;
  return arms.map(({ arm }) => {
    const lineX = (y: number) => {
      const [a, b] = y <= arm.mid.y ? [arm.root, arm.mid] : [arm.mid, arm.end];
      return a.x + ((b.x - a.x) * (y - a.y)) / Math.max(1, b.y - a.y);
    };
    const sk = [0, 0, 0, 0];
    const bg = [0, 0, 0, 0];
    for (let y = Math.round(arm.root.y); y <= Math.round(arm.end.y); y++) {
      const x0 = Math.round(lineX(y));
      for (let s = -REACH; s <= REACH; s++) {
        const p = y * W + x0 + s;
        if (filled[p]) continue;
        const into = maps.skin[p] ? sk : (body.mask[p] ?? 0) < 128 ? bg : null;
        if (!into) continue;
        for (let c = 0; c < 3; c++) into[c] = (into[c] ?? 0) + (d[p * 4 + c] ?? 0);
        into[3] = (into[3] ?? 0) + 1;
      }
    }
    expect(sk[3]).toBeGreaterThan(500);
    expect(bg[3]).toBeGreaterThan(500);
    const isSkin = (p: number) => {
      let a = 0;
      let b = 0;
      for (let c = 0; c < 3; c++) {
        a += ((d[p * 4 + c] ?? 0) - (sk[c] ?? 0) / (sk[3] ?? 1)) ** 2;
        b += ((d[p * 4 + c] ?? 0) - (bg[c] ?? 0) / (bg[3] ?? 1)) ** 2;
      }
      return a < b;
    };
    const run = (y: number) => {
      const x0 = Math.round(lineX(y));
      let total = 1;
      for (const sgn of [-1, 1]) {
        let last = 0;
        let gap = 0;
        for (let s = 1; s < REACH; s++) {
          const p = y * W + x0 + s * sgn;
          if ((worn[p] ?? 0) >= 128) break;
          if (isSkin(p)) {
            last = s;
            gap = 0;
          } else if (++gap > 2) break;
        }
        total += last;
      }
      return total;
    };
    const len = arm.mid.y - arm.root.y;
    const width = (t0: number, t1: number) => {
      const runs: number[] = [];
      for (let y = Math.round(arm.root.y + t0 * len); y <= Math.round(arm.root.y + t1 * len); y++) runs.push(run(y));
      runs.sort((u, v) => u - v);
      return runs[runs.length >> 1] ?? 0;
    };
    return width(0.75, 0.9) / width(0.3, 0.45);
  });
}

describe("a lowered upper arm repainted where an old sleeve hid it to the elbow (cgi-model-4's crop tee)", () => {
  it('narrows from the shoulder towards the elbow (under the ribbed tank)', async () => {
    // one radius from the shoulder to the elbow: 0.84 and 0.84 of the width near the shoulder at the elbow
    const ratios = await taper('tank-rib');
    expect(Math.max(...ratios)).toBeLessThan(0.82);
  }, 180_000);
});
