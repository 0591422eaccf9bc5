/**
 * Tall boots from the front, with the real models (shared/engine/place/shoes.ts, shoe-boot.ts): the shaft goes up
 * the shin to the height the boot's own side view gives for that leg (a boot to below the knee stays below it), one
 * smooth piece on the shin's outline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import { bodyFrom } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** boots-tall (flat lay) on a fixture person: the person, its body and the render (made once a person). */
const renders = new Map<string, ReturnType<typeof render>>();
function bootsOn(name: string, condition: 'flat-white' | 'rotated' = 'flat-white') {
  const key = `${name}#${condition}`;
  let r = renders.get(key);
  if (!r) renders.set(key, (r = render(name, condition)));
  return r;
}
async function render(name: string, condition: 'flat-white' | 'rotated') {
  const person = await loadPerson(name);
  const analysis = await cachedAnalysis(person);
  const g = EVAL_GARMENTS.find((x) => x.id === 'boots-tall')!;
  const product = (await productPhoto(g, condition)).image;
  const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
    analysis,
  });
  return { person, body: bodyFrom(analysis), r };
}

/** Down the nearer foot's middle (its ankle the lower), under the ankle: the brightest row after the darkest in the
 * foot's upper 70%, over it (a toe box lit from above under its crease; a column going on down is about 1). */
async function toeBox(name: string): Promise<number> {
  const { person, body, r } = await bootsOn(name);
  const W = person.width;
  const leg = body.legL.end.y > body.legR.end.y ? body.legL : body.legR;
  const cov = r.layers.garment.data;
  const x0 = Math.round(leg.end.x - leg.widthEnd * 0.15);
  const x1 = Math.round(leg.end.x + leg.widthEnd * 0.15);
  // the boot's sole under the ankle: its lowest row in the foot's middle
  let sole = Math.round(leg.end.y);
  while (sole + 1 < person.height && cov[(sole + 1) * W + Math.round(leg.end.x)]! >= 128) sole++;
  expect(sole - leg.end.y).toBeGreaterThan(10);
  const lum: number[] = [];
  for (let y = Math.round(leg.end.y); y < leg.end.y + (sole - leg.end.y) * 0.85; y++) {
    let s = 0;
    for (let x = x0; x <= x1; x++) {
      const o = (y * W + x) * 4;
      s += 0.3 * r.image.data[o]! + 0.59 * r.image.data[o + 1]! + 0.11 * r.image.data[o + 2]!;
    }
    lum.push(s / (x1 - x0 + 1));
  }
  // the darkest row in the foot's upper 70%, the brightest after it
  const cut = Math.round((sole - leg.end.y) * 0.7);
  const dark = lum.indexOf(Math.min(...lum.slice(0, cut)));
  return Math.max(...lum.slice(dark)) / lum[dark]!;
}

describe('tall boots (real models)', () => {
  // boots-tall is drawn 40 cm tall over a 25 cm foot: on a standing leg its top is about 0.8 of the way from the
  // ankle to the knee, under the knee. Before: the shaft was as long as its aspect at 1.35 ankle widths, 0.92 of
  // the shin on ai-body (at the knee; now 0.79)
  it('ends the shaft under the knee, at its own height', async () => {
    const { person, body, r } = await bootsOn('ai-body');
    const W = person.width;
    for (const leg of [body.legL, body.legR]) {
      // up the shin's axis from the ankle: the highest row the boot still covers (a third of the shin's width
      // either side of the axis, half of it covered)
      let top = leg.end.y;
      for (let t = 0; t <= 1.2; t += 0.005) {
        const y = Math.round(leg.end.y + (leg.mid.y - leg.end.y) * t);
        const cx = leg.end.x + (leg.mid.x - leg.end.x) * t;
        let on = 0;
        let n = 0;
        for (let dx = -leg.widthEnd / 3; dx <= leg.widthEnd / 3; dx++) {
          n++;
          if (r.layers.garment.data[y * W + Math.round(cx + dx)]! >= 128) on++;
        }
        if (on >= n / 2) top = y;
        else if (t > 0.2) break;
      }
      const share = (leg.end.y - top) / (leg.end.y - leg.mid.y);
      expect({ share, ok: share >= 0.6 && share <= 0.88 }).toMatchObject({ ok: true });
    }
  }, 60_000);

  // each boot one smooth piece (shared/engine/place/shoe-boot.ts): the shaft's sides follow the shin's outline
  // down to the ankle with no step. Before: the side view's shaft warped onto the shin in blocks and the room's
  // blocky clip left notches and stair-steps (on ai-body a side's edge jumped 11 px from one row to the next); now
  // at most 2 px a row
  it('draws each shaft with smooth sides, no steps down the leg', async () => {
    const { person, body, r } = await bootsOn('ai-body');
    const W = person.width;
    const cov = r.layers.garment.data;
    let worst = 0;
    for (const leg of [body.legL, body.legR]) {
      const axis = (y: number) =>
        Math.round(leg.end.x + ((leg.mid.x - leg.end.x) * (y - leg.end.y)) / (leg.mid.y - leg.end.y));
      // the shaft's top: the highest row the boot covers on the axis
      let top = Math.round(leg.end.y);
      while (top > leg.mid.y && cov[(top - 1) * W + axis(top - 1)]! >= 128) top--;
      let prev: [number, number] | null = null;
      for (let y = top + 3; y <= leg.end.y; y++) {
        const cx = axis(y);
        if (cov[y * W + cx]! < 128) continue;
        let a = cx;
        let b = cx;
        while (a > 0 && cov[y * W + a - 1]! >= 128) a--;
        while (b < W - 1 && cov[y * W + b + 1]! >= 128) b++;
        if (prev) worst = Math.max(worst, Math.abs(a - prev[0]), Math.abs(b - prev[1]));
        prev = [a, b];
      }
      expect(top).toBeLessThan(leg.end.y - (leg.end.y - leg.mid.y) * 0.5);
    }
    expect(worst).toBeLessThanOrEqual(2);
  }, 60_000);

  // cgi-model-30 stands with her feet one behind the other, both ankle keypoints on the front foot and the ankles'
  // run of the mask no wider than one leg: before, each shaft was 1.3 times the pair's width on one axis (one slab
  // over both legs and the sand beside them: 0.20 of the boots' pixels up the shins off the person); now the rear
  // foot is found beside the front one and each shaft has its own leg's width on its own axis (0.12)
  it('puts each shaft on its own leg where both ankles sit on one foot', async () => {
    const { person, body, r } = await bootsOn('cgi-model-30');
    const W = person.width;
    // the shafts' rows: from the higher ankle up to half way to the knees
    const y1 = Math.min(body.legL.end.y, body.legR.end.y);
    const y0 = y1 - (y1 - Math.max(body.legL.mid.y, body.legR.mid.y)) * 0.5;
    let on = 0;
    let off = 0;
    for (let y = Math.round(y0); y < y1; y++) {
      for (let x = 0; x < W; x++) {
        if (r.layers.garment.data[y * W + x]! < 128) continue;
        on++;
        if (body.mask[y * W + x]! < 128) off++;
      }
    }
    expect(on).toBeGreaterThan(0);
    expect(off / on).toBeLessThan(0.16);
    // the rear foot's toes reach a few rows below its widest: before, its boot's sole was where it was widest and
    // the toes showed bare under the heel (the person's pixels left bare from the rear ankle down three times the
    // ankles' step, 106); now its sole is at the toes' tips (44)
    const { legL, legR } = body;
    const [far, near] = legL.end.y < legR.end.y ? [legL, legR] : [legR, legL];
    let bare = 0;
    for (let y = Math.round(far.end.y); y < far.end.y + 3 * (near.end.y - far.end.y); y++) {
      for (let x = 0; x < W; x++) {
        if (body.mask[y * W + x]! >= 128 && r.layers.garment.data[y * W + x]! < 128) bare++;
      }
    }
    expect(bare).toBeLessThan(75);
  }, 60_000);
  // boots-tall photographed rotated: the two boots' boxes in the straightened photo are one wider and one narrower
  // (183 x 246 and 147 x 257 px): before, each shaft's height was its own box's aspect and the two shafts on
  // cgi-model-30 ended at heights 0.27 of the shin apart; now both take the pair's mean aspect (0.01)
  it('ends a pair of shafts at one height from a rotated photo', async () => {
    const { person, body, r } = await bootsOn('cgi-model-30', 'rotated');
    const W = person.width;
    const cov = r.layers.garment.data;
    // each shaft's top: the highest row the boot covers on its leg's axis (from the knee down)
    const tops = [body.legL, body.legR].map((leg) => {
      const axis = (y: number) =>
        Math.round(leg.end.x + ((leg.mid.x - leg.end.x) * (y - leg.end.y)) / (leg.mid.y - leg.end.y));
      let y = Math.round(leg.mid.y);
      while (y < leg.end.y && cov[y * W + axis(y)]! < 128) y++;
      return y;
    });
    const shin = Math.max(body.legL.end.y - body.legL.mid.y, body.legR.end.y - body.legR.mid.y);
    expect(Math.abs(tops[0]! - tops[1]!) / shin).toBeLessThan(0.08);
  }, 60_000);
  // cgi-model-23 stands with her legs together, the shins meeting at the knees and the ankles: before, each shaft
  // followed its own shin in to the bare ankle and one was drawn over the other, so the pair pinched into an
  // hourglass (the pair's narrowest row under the top 40% of the shafts 0.62 of its width at the top); now the two
  // shafts meet on the line between the legs and keep their width down to the ankle (0.85)
  it('keeps a pair of boots on legs that touch from pinching into an hourglass', async () => {
    const { person, body, r } = await bootsOn('cgi-model-23');
    const W = person.width;
    const cov = r.layers.garment.data;
    const { legL, legR } = body;
    const w = Math.max(legL.widthEnd, legR.widthEnd);
    const xa = Math.round(Math.min(legL.end.x, legR.end.x) - 2 * w);
    const xb = Math.round(Math.max(legL.end.x, legR.end.x) + 2 * w);
    // the pair's width on each row, from the knees down
    const rows: [number, number][] = [];
    for (let y = Math.round(Math.min(legL.mid.y, legR.mid.y)); y < person.height; y++) {
      let a = -1;
      let b = -1;
      for (let x = xa; x <= xb; x++) {
        if (cov[y * W + x]! < 128) continue;
        if (a < 0) a = x;
        b = x;
      }
      if (a >= 0) rows.push([y, b - a + 1]);
    }
    expect(rows.length).toBeGreaterThan(0);
    const ankle = Math.max(legL.end.y, legR.end.y);
    const top = rows[0]![0];
    const cut = top + (ankle - top) * 0.4;
    const upper = rows.filter(([y]) => y >= top + 3 && y < cut).map(([, n]) => n);
    const lower = rows.filter(([y]) => y >= cut && y <= ankle).map(([, n]) => n);
    const atTop = [...upper].sort((p, q) => p - q)[Math.floor(upper.length / 2)]!;
    expect(Math.min(...lower) / atTop).toBeGreaterThan(0.75);
  }, 60_000);
  // cgi-model-23's boots side by side meet on the line between her legs: before, the two shafts' shading ran
  // together there (one block; down the middle half of the shafts, the line's luminance over that 5 px either side
  // 0.84); now a thin shadow in the fold between them (SEAM_DARK: 0.52)
  it('parts two boots that meet side by side with a shadow between them', async () => {
    const { person, body, r } = await bootsOn('cgi-model-23');
    const W = person.width;
    const { legL, legR } = body;
    const lum = (x: number, y: number) => {
      const o = (y * W + Math.round(x)) * 4;
      return 0.3 * r.image.data[o]! + 0.59 * r.image.data[o + 1]! + 0.11 * r.image.data[o + 2]!;
    };
    const axis = (leg: typeof legL, y: number) =>
      leg.end.x + ((leg.mid.x - leg.end.x) * (y - leg.end.y)) / (leg.mid.y - leg.end.y);
    const yA = Math.min(legL.end.y, legR.end.y);
    const yK = Math.max(legL.mid.y, legR.mid.y);
    let line = 0;
    let beside = 0;
    for (let y = Math.round(yA - (yA - yK) * 0.6); y < yA - (yA - yK) * 0.2; y++) {
      const m = (axis(legL, y) + axis(legR, y)) / 2;
      line += lum(m, y);
      beside += (lum(m - 5, y) + lum(m + 5, y)) / 2;
    }
    expect(line / beside).toBeLessThan(0.7);
  }, 60_000);
  // cgi-model-30's front foot faces the camera: before, its boot was the shaft going on down to the floor in the
  // side view's row colours, darkening evenly to the sole (a column with no foot: down the foot's middle, from the
  // ankle to 0.15 of it above the sole, the brightest row after the darkest of its upper 70% was 1.00 of it); now
  // the toe box is a dome lit from above under a soft crease (1.15)
  it('draws a boot seen from the front with a toe box at its foot', async () => {
    expect(await toeBox('cgi-model-30')).toBeGreaterThan(1.08);
  }, 60_000);
  // cgi-model-15's rear foot in profile reaches out past her front foot (both ankle keypoints on the front leg): the
  // front boot took its toe as pointing that way, a blunt foot with no toe box (1.00); her front foot's sole stands
  // under its ankle, so it faces the camera, its toe box lit above its sole (FACING_*, shoe-boot.ts: 1.06)
  it('gives the nearer foot facing the camera its toe box where the rear foot reaches past it', async () => {
    expect(await toeBox('cgi-model-15')).toBeGreaterThan(1.04);
  }, 60_000);
  // a foot facing the camera was the shaft going on down with its sides straight (a column: cgi-model-30's front boot,
  // cgi-model-23's pair); now the shaft eases in to its ankle and the foot flares out from it into a rounded toe
  // (FRONT_TOE_*, ANKLE_*): a side at its widest in the foot's lower half past that side on the ankle's row, over the
  // boot's width on that row (the side it flares more; the least of the three boots: before 0.027, now 0.12)
  it('flares a boot seen from the front out from its ankle into its foot', async () => {
    const steps: number[] = [];
    for (const name of ['cgi-model-30', 'cgi-model-23']) {
      const { person, body, r } = await bootsOn(name);
      const W = person.width;
      const cov = r.layers.garment.data;
      const { legL, legR } = body;
      // cgi-model-30: the front foot only (the rear boot beside it); cgi-model-23: both, side by side
      const legs = name === 'cgi-model-30' ? [legL.end.y > legR.end.y ? legL : legR] : [legL, legR];
      for (const leg of legs) {
        const x = Math.round(leg.end.x);
        let sole = Math.round(leg.end.y);
        while (sole + 1 < person.height && cov[(sole + 1) * W + x]! >= 128) sole++;
        // the edge on a row, on side `dir`: from the axis outwards while the boot covers; the side it flares more
        // (cgi-model-30's ankles are both on her front foot: the rear boot is beside it on one side)
        const edge = (y: number, dir: number) => {
          let d = 0;
          while (d < W / 8 && cov[y * W + x + dir * (d + 1)]! >= 128) d++;
          return d;
        };
        const ankle = edge(Math.round(leg.end.y), -1) + edge(Math.round(leg.end.y), 1) + 1;
        const flare = [-1, 1].map((dir) => {
          let foot = 0;
          for (let y = Math.round((leg.end.y + sole) / 2); y < sole - 2; y++) foot = Math.max(foot, edge(y, dir));
          return (foot - edge(Math.round(leg.end.y), dir)) / ankle;
        });
        steps.push(Math.max(...flare));
      }
    }
    expect(Math.min(...steps)).toBeGreaterThan(0.08);
  }, 60_000);
  // cgi-model-30's rear calf showed between the two shafts (the person's pixels left bare between the pair's outer
  // sides, down the upper 70% of the front shaft: 987); now a rear leg's shaft (its ankle higher) reaches over its own
  // colour run on its inner side too, the front shin hiding the rest (0)
  it('covers the rear calf between two shafts', async () => {
    const { person, body, r } = await bootsOn('cgi-model-30');
    const W = person.width;
    const cov = r.layers.garment.data;
    const near = body.legL.end.y > body.legR.end.y ? body.legL : body.legR;
    const axis = (y: number) => near.end.x + ((near.mid.x - near.end.x) * (y - near.end.y)) / (near.mid.y - near.end.y);
    let top = Math.round(near.end.y);
    while (top > near.mid.y && cov[(top - 1) * W + Math.round(axis(top - 1))]! >= 128) top--;
    let bare = 0;
    for (let y = top + 3; y < top + (near.end.y - top) * 0.7; y++) {
      // the pair's span on the row: its first and last covered pixel round the front shin
      const x0 = Math.max(0, Math.round(axis(y) - near.widthEnd * 2));
      const x1 = Math.min(W - 1, Math.round(axis(y) + near.widthEnd * 2));
      let a = -1;
      let b = -1;
      for (let x = x0; x <= x1; x++) {
        if (cov[y * W + x]! < 128) continue;
        if (a < 0) a = x;
        b = x;
      }
      for (let x = a + 1; x < b; x++) if (body.mask[y * W + x]! >= 128 && cov[y * W + x]! < 128) bare++;
    }
    expect(bare).toBeLessThan(300);
  }, 60_000);
  // cgi-model-30's calves touch: the mask's run round the front shin reaches the other leg, so its shaft took the
  // ankle's width and the calf showed bare beside its outer side (the person's pixels left bare on that side of the
  // axis, within 1.5 ankle widths, down the upper 70% of the shaft, within 60 levels of the
  // leg's colour on the axis: 186); now the outer side reaches over the leg's own colour run beside it (SKIN_RUN_*: 66)
  it('covers the calf beside a shaft whose legs touch', async () => {
    const { person, body, r } = await bootsOn('cgi-model-30');
    const W = person.width;
    const cov = r.layers.garment.data;
    const [near, far] = body.legL.end.y > body.legR.end.y ? [body.legL, body.legR] : [body.legR, body.legL];
    const dir = near.end.x < far.end.x ? -1 : 1;
    const axis = (y: number) => near.end.x + ((near.mid.x - near.end.x) * (y - near.end.y)) / (near.mid.y - near.end.y);
    let top = Math.round(near.end.y);
    while (top > near.mid.y && cov[(top - 1) * W + Math.round(axis(top - 1))]! >= 128) top--;
    const px = (x: number, y: number) => [0, 1, 2].map((c) => person.data[(y * W + x) * 4 + c]!);
    let bare = 0;
    for (let y = top + 3; y < top + (near.end.y - top) * 0.7; y++) {
      // the leg's colour on the row: the photo's mean over a fifth of the ankle's width round the axis
      const ref = [0, 0, 0];
      const ds = Array.from({ length: Math.round(near.widthEnd * 0.2) + 1 }, (_, i) => i - near.widthEnd * 0.1);
      for (const d of ds) px(Math.round(axis(y) + d), y).forEach((v, c) => (ref[c]! += v / ds.length));
      for (let d = 0; d <= near.widthEnd * 1.5; d++) {
        const x = Math.round(axis(y) + dir * d);
        if (body.mask[y * W + x]! < 128 || cov[y * W + x]! >= 128) continue;
        // (skin: within 60 levels of the leg's colour; not the floor in the mask's margin)
        if (Math.hypot(...px(x, y).map((v, c) => v - ref[c]!)) < 60) bare++;
      }
    }
    expect(bare).toBeLessThan(110);
  }, 60_000);
});
