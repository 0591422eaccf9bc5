/**
 * Trousers on legs that touch (shared/engine/place/lower.ts, issue 38 round 3, part F6): where the photo shows the
 * thighs together (no background between them above the knees), the two trouser legs meet on a seam from the crotch
 * down to where the gap opens, shaded as each leg turns away there. Drawn each as wide as its own outline across the
 * other, they were one flat slab (the judge's "legs-merged": jeans, shorts and wide legs read as a skirt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto, type PhotoCondition } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const people = new Map<string, { image: RgbaImage; analysis: PersonAnalysis }>();
async function render(garment: string, who = 'ai-body', condition: PhotoCondition = 'flat-white') {
  let person = people.get(who);
  if (!person) {
    const image = await loadPerson(who);
    person = { image, analysis: await cachedAnalysis(image) };
    people.set(who, person);
  }
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment)!;
  const { image } = await productPhoto(drawn, condition);
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
/** The render's luma at (x, y), rows `width` wide. */
function lumaOf(img: RgbaImage, width: number): (x: number, y: number) => number {
  return (x, y) => {
    const o = (y * width + x) * 4;
    return 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
  };
}

/** The thighs' rows: from a quarter of the torso below the hip joints to just above the knees. */
function thighRows(body: Body): [number, number] {
  return [
    Math.round(body.pelvis.y + body.torsoH * 0.25),
    Math.round(Math.min(body.legL.mid.y, body.legR.mid.y) - body.torsoH * 0.05),
  ];
}

function seamDepth(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const { width: W, mask } = body;
  const L = lumaOf(img, W);
  const [y0, y1] = thighRows(body);
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

/**
 * Of the rows from a quarter of the torso below the hip joints down to the garment's hem, the share where the
 * garment leaves part of the middle between the legs' axes (0.06 spans either side) open: legs parted, not a seam.
 */
function middleOpen(garment: Uint8Array, body: Body): number {
  const W = body.width;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.25);
  const y1 = garmentBottom(garment, W);
  const h = Math.round(body.span * 0.06);
  let open = 0;
  for (let y = y0; y <= y1; y++) {
    const mid = Math.round((axis(body.legL, y) + axis(body.legR, y)) / 2);
    let o = false;
    for (let x = mid - h; x <= mid + h; x++) if (garment[y * W + x]! < 200) o = true;
    if (o) open++;
  }
  return open / Math.max(1, y1 - y0 + 1);
}

describe('trouser legs on thighs that touch meet on a shaded seam', () => {
  // before (one slab: each leg drawn across the other): jeans 0.95, shorts 0.86, wide legs 1.02; after: about 0.7
  it.each(['jeans-indigo', 'shorts-chino', 'wideleg-cream'])(
    'ai-body in %s: a darker seam between the legs above the knees',
    async (garment) => {
      const { r, body } = await render(garment);
      // round 11 (R1): shorts' legs part from their crotch down, the thighs' middle open between them (no seam left
      // to shade above their hem): open on 0.37 of the rows down to the hem before, 1.00 now. Round 11 (R14): the
      // jeans and wide legs too, from the crotch (her legs apart from the knees down, the gap carried up): open on
      // 0.60 / 0.58 of the rows before (below the knees only), 1.00 / 1.00 now (their seam's depth was 0.7)
      expect(middleOpen(r.layers.garment.data, body)).toBeGreaterThan(0.7);
    },
    30_000,
  );
});

/** The lowest row of the drawn garment (coverage at least half). */
function garmentBottom(garment: Uint8Array, W: number): number {
  for (let p = garment.length - 1; p >= 0; p--) if (garment[p]! >= 128) return Math.floor(p / W);
  return -1;
}

describe('trousers and shorts stay two legs (issue 38 round 5, part H5)', () => {
  // legs together all the way (cgi-model-23): the seam followed the mask's gap row by row (a wavy tear) and was a
  // soft shade only; now it follows the legs and folds (before 0.81, after 0.51)
  it('jeans on legs that touch: a clear fold down the middle between the thighs', async () => {
    const { r, body } = await render('jeans-indigo', 'cgi-model-23');
    expect(seamDepth(r.image, r.layers.garment.data, body)).toBeLessThan(0.7);
  }, 30_000);

  // a clip hanger's hook and bar were read as the waistband (a waist a few pixels wide, the legs' slit too low in
  // the outline): the shorts were drawn as ankle-length culottes, a skirt with a flare; a drop shadow closing the
  // wide legs' 1 px slit made them a flared skirt too
  it.each([
    ['shorts-chino', 'hanger', 'knee'],
    ['wideleg-cream', 'grey-shadow', 'ankle'],
  ] as const)(
    '%s from a %s photo is placed as trousers, to the %s',
    async (garment, condition, reach) => {
      const { r, body } = await render(garment, 'ai-body', condition);
      // a skirt carries its flare; trousers do not
      expect(r.placed[0]!.drape).toBeUndefined();
      const bottom = garmentBottom(r.layers.garment.data, body.width);
      const knee = (body.legL.mid.y + body.legR.mid.y) / 2;
      const ankle = (body.legL.end.y + body.legR.end.y) / 2;
      if (reach === 'knee') expect(bottom).toBeLessThan(knee);
      else expect(bottom).toBeGreaterThan(ankle - (ankle - knee) * 0.15);
    },
    30_000,
  );
});

/**
 * Legs crossing (one in front of the other), between the thighs (rows from a quarter of the torso below the hip
 * joints to just above the knees, where the garment covers the middle between the legs' axes): at the darkest column
 * there (3 px smoothed: the front leg's edge over the back one), the cloth's brightness 0.03 to 0.09 spans either side
 * of it, the darker side's over the lighter side's, averaged over the rows. 1: a crease shading both legs alike (one
 * column with a line down it); lower: the front leg lit to its edge over a back leg in its shadow.
 */
function castShade(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const W = body.width;
  const L = lumaOf(img, W);
  const [y0, y1] = thighRows(body);
  const near = Math.round(body.span * 0.03);
  const far = Math.round(body.span * 0.09);
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const a = Math.round(Math.min(axis(body.legL, y), axis(body.legR, y)));
    const b = Math.round(Math.max(axis(body.legL, y), axis(body.legR, y)));
    let covered = b - a > 2 * near;
    for (let x = a - far; x <= b + far && covered; x++) if (garment[y * W + x]! < 200) covered = false;
    if (!covered) continue;
    let xv = a;
    let valley = Infinity;
    for (let x = a + near; x <= b - near; x++) {
      const v = (L(x - 1, y) + L(x, y) + L(x + 1, y)) / 3;
      if (v < valley) [valley, xv] = [v, x];
    }
    const side = (s: number) => {
      let t = 0;
      for (let d = near; d <= far; d++) t += L(xv + s * d, y);
      return t / (far - near + 1);
    };
    const [l, r] = [side(-1), side(1)];
    sum += Math.min(l, r) / Math.max(l, r);
    n++;
  }
  expect(n).toBeGreaterThan(20);
  return sum / n;
}

describe('crossed legs: the front trouser leg over the back one (issue 38 round 35, part c)', () => {
  // the front leg's edge was a crease shading both legs alike, one column with a line down it (legs-merged); now
  // the front leg casts a shadow on the back one beside its edge (shadeInseam, CAST_W / CAST): wide legs 0.94 ->
  // 0.87, jeans 0.84 -> 0.70
  it.each([
    ['wideleg-cream', 0.9],
    ['jeans-indigo', 0.77],
  ] as const)(
    'cgi-model-27 in %s: the back leg darker than the front one beside the front leg edge',
    async (garment, bound) => {
      const { r, body } = await render(garment, 'cgi-model-27');
      expect(castShade(r.image, r.layers.garment.data, body)).toBeLessThan(bound);
    },
    30_000,
  );
});
