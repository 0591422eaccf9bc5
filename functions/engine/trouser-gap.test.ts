/**
 * Trousers with the real models (shared/engine/place/lower.ts, issue 38 round 2, part R1): each trouser leg follows
 * its own leg, and the gap between the legs that the photo shows stays open (jeans and wide-leg trousers drawn as
 * one slab across it read as a skirt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type PersonAnalysis, type RgbaImage } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { personVariant, type PersonVariant } from '../../test/engine/eval/people';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const people = new Map<string, { image: RgbaImage; analysis: PersonAnalysis }>();
async function render(person: string, variant: PersonVariant, garment: string) {
  const key = `${person}~${variant}`;
  let p = people.get(key);
  if (!p) {
    const photo = await loadPerson(person);
    const image = personVariant(person, variant, photo, await cachedAnalysis(photo)).image;
    p = { image, analysis: await cachedAnalysis(image) };
    people.set(key, p);
  }
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment)!;
  const { image } = await productPhoto(drawn, 'flat-white');
  const r = await tryOn(nodeModelRuntime, p.image, [{ image, slot: 'bottom', source: 'laydown' }], {
    analysis: p.analysis,
  });
  return { r, body: bodyFrom(r.analysis), photo: p.image };
}

const axis = (leg: Body['legL'], y: number) => {
  const thigh = y <= leg.mid.y;
  const a = thigh ? leg.root : leg.mid;
  const b = thigh ? leg.mid : leg.end;
  return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
};

/**
 * Of the background the photo shows between the legs' axes (below the crotch, down to the trousers' hem), the
 * share the new garment covers (0: the gap stays open; 1: one slab over it). null when the photo shows none.
 */
function gapCovered(garment: Uint8Array, body: Body): number | null {
  const { width: W, mask } = body;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.3);
  let last = y0;
  for (let y = y0; y < body.height; y++) for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) last = y;
  let n = 0;
  let covered = 0;
  for (let y = y0; y < last - 2; y++) {
    const a = axis(body.legL, y);
    const b = axis(body.legR, y);
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      if (mask[y * W + x]! >= 128) continue;
      n++;
      if (garment[y * W + x]! >= 128) covered++;
    }
  }
  return n >= 50 ? covered / n : null;
}

/**
 * Of the background the photo shows between the legs' axes (below the crotch, down to the trousers' hem), the
 * share left as the photo in the render (each channel within 8 levels): what the eye sees of the gap, whatever
 * layer (the garment, its ease, a fill) would cover it.
 */
function gapAsPhoto(result: RgbaImage, photo: RgbaImage, garment: Uint8Array, body: Body): number {
  const { width: W, mask } = body;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.3);
  let last = y0;
  for (let y = y0; y < body.height; y++) for (let x = 0; x < W; x++) if (garment[y * W + x]! >= 128) last = y;
  let n = 0;
  let kept = 0;
  for (let y = y0; y < last - 2; y++) {
    const a = axis(body.legL, y);
    const b = axis(body.legR, y);
    for (let x = Math.ceil(Math.min(a, b)); x <= Math.floor(Math.max(a, b)); x++) {
      const i = y * W + x;
      if (mask[i]! >= 128) continue;
      n++;
      let d = 0;
      for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(result.data[i * 4 + c]! - photo.data[i * 4 + c]!));
      if (d <= 8) kept++;
    }
  }
  return n ? kept / n : 0;
}

/**
 * Of the rows from the thighs (0.3 torso heights below the pelvis) down to the higher knee, the share where the new
 * garment leaves an opening (a pixel under half cover) between the legs' axes: two trouser legs apart, not one slab
 * over both thighs down to where the photo's gap opens.
 */
function thighsParted(garment: Uint8Array, body: Body): number {
  const W = body.width;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.3);
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y));
  let open = 0;
  for (let y = y0; y < y1; y++) {
    let seen = false;
    for (let x = Math.ceil(axis(body.legL, y)); x <= Math.floor(axis(body.legR, y)) && !seen; x++)
      if (garment[y * W + x]! < 128) seen = true;
    if (seen) open++;
  }
  return open / Math.max(1, y1 - y0);
}

/**
 * How far a trouser leg's outer edge bends in near the knee: over the rows 0.35 spans either side of each knee, the
 * largest |x(y - h) + x(y + h) - 2 x(y)| of the garment's outer edge (walked out from the leg's axis), h 0.08 spans,
 * over the span, the larger of the two legs'. Cloth hangs straight from the hip past the knee; an edge turning
 * with the leg's axis there jogs in (a step at the knee).
 */
function kneeKink(garment: Uint8Array, body: Body): number {
  const W = body.width;
  const h = Math.round(body.span * 0.08);
  let worst = 0;
  for (const side of [0, 1] as const) {
    const leg = side === 0 ? body.legL : body.legR;
    const y0 = Math.round(leg.mid.y - body.span * 0.35);
    const xs: number[] = [];
    for (let y = y0; y <= Math.round(leg.mid.y + body.span * 0.35); y++) {
      let x = Math.round(axis(leg, y));
      const d = side === 0 ? -1 : 1;
      while (x + d >= 0 && x + d < W && garment[y * W + x + d]! >= 128) x += d;
      xs.push(x);
    }
    for (let i = h; i + h < xs.length; i++) worst = Math.max(worst, Math.abs(xs[i - h]! + xs[i + h]! - 2 * xs[i]!));
  }
  return worst / body.span;
}

describe('trousers keep the gap between the legs', () => {
  // before (one slab over the gap): 0.94, 1.00, and the mirrored photo alike; after: about 0.35 (the trousers' ease
  // along each inseam and the hems' soft edge)
  it.each([
    ['ai-body', 'photo', 'jeans-indigo'],
    ['ai-body', 'photo', 'wideleg-cream'],
    ['ai-body', 'mirrored', 'jeans-indigo'],
  ] as const)(
    '%s (%s) in %s: the background between the legs stays open',
    async (person, variant, garment) => {
      const { r, body, photo } = await render(person, variant, garment);
      const share = gapCovered(r.layers.garment.data, body);
      expect(share).not.toBeNull();
      expect(share!).toBeLessThan(0.5);
      // round 7 (L4): no ease over the gap, so the background shows between the trouser legs as the photo has it
      // (jeans: 0.66-0.67 of it left as the photo before, one slab to the eye; wide legs take part of it)
      const kept = gapAsPhoto(r.image, photo, r.layers.garment.data, body);
      expect(kept).toBeGreaterThan(garment === 'jeans-indigo' ? 0.8 : 0.6);
      // round 11 (R14): the gap opens at the old dress's hem by the knees; above it the trouser legs met on a seam,
      // one slab over the thighs (rows parted 0.02 / 0.00 / 0.12); carried up to the crotch, the legs part from it (1.00)
      expect(thighsParted(r.layers.garment.data, body)).toBeGreaterThan(0.8);
      // round 12 (S5): the outer edge hangs straight past the knee (`hangOuter`, `kneeBlend`), no jog in at the knee
      // (jeans 0.027, mirrored 0.022 before; 0.011 now; round 15 (V1): 0.016, the edge round the knee's own outline)
      expect(kneeKink(r.layers.garment.data, body)).toBeLessThan(0.018);
      // round 16 (W1): each leg's side towards the other turns in a valley on rows with a gap between the legs too
      // (all of them here: the gap is carried up to the crotch); before, the valley was for legs meeting on the seam
      // only, the legs one flat slab with a crease (inner over middle 0.94 / 0.91 / 0.94 before, 0.70 / 0.66 / 0.68 now)
      expect(innerOverMiddle(r.image, r.layers.garment.data, body)).toBeLessThan(0.8);
    },
    30_000,
  );
});

/**
 * Over the thighs (0.3 of the torso below the hips down to 0.1 spans above the knee), each trouser leg's run of full
 * cloth found from its axis: the mean luminance of its inner fifth (towards the other leg) over its middle fifth,
 * averaged over the rows and legs. Near 1 where the legs are one flat slab; two tubes turn dark at their inner sides.
 */
function innerOverMiddle(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const W = body.width;
  const knee = Math.max(body.legL.mid.y, body.legR.mid.y);
  let inner = 0;
  let middle = 0;
  for (let y = Math.round(body.pelvis.y + body.torsoH * 0.3); y <= knee - body.span * 0.1; y++)
    for (const side of [0, 1] as const) {
      const ax = Math.round(axis(side ? body.legR : body.legL, y));
      if (garment[y * W + ax]! < 250) continue;
      let l = ax;
      let r = ax;
      while (garment[y * W + l - 1]! >= 250) l--;
      while (garment[y * W + r + 1]! >= 250) r++;
      const n = r - l + 1;
      const q = Math.max(2, Math.round(n * 0.2));
      const [i0, i1] = side ? [l, l + q] : [r - q, r];
      const [m0, m1] = [Math.round(l + n * 0.4), Math.round(l + n * 0.6)];
      let a = 0;
      for (let x = i0; x <= i1; x++) a += lum(img, y * W + x);
      let b = 0;
      for (let x = m0; x <= m1; x++) b += lum(img, y * W + x);
      inner += a / (i1 - i0 + 1);
      middle += b / (m1 - m0 + 1);
    }
  return inner / Math.max(1, middle);
}

/** Luminance of pixel i of an image. */
const lum = (img: RgbaImage, i: number) =>
  0.299 * img.data[i * 4]! + 0.587 * img.data[i * 4 + 1]! + 0.114 * img.data[i * 4 + 2]!;

/**
 * Where the garment covers the middle between the legs' axes (thighs to ankles), each row's darkest column within
 * 0.06 spans of that middle (3 px smoothed) over the cloth along the two axes, averaged: 1 is one flat column, a
 * shaded seam between two legs is darker.
 */
function seamDepth(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const W = body.width;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.25);
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y) - body.torsoH * 0.05);
  const h = Math.round(body.span * 0.06);
  const ref = Math.round(body.span * 0.05);
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const al = axis(body.legL, y);
    const ar = axis(body.legR, y);
    const mid = Math.round((al + ar) / 2);
    let open = false;
    for (let x = mid - h; x <= mid + h; x++) if (garment[y * W + x]! < 200) open = true;
    if (open) continue;
    let valley = Infinity;
    for (let x = mid - h; x <= mid + h; x++) {
      const i = y * W + x;
      valley = Math.min(valley, (lum(img, i - 1) + lum(img, i) + lum(img, i + 1)) / 3);
    }
    let r = 0;
    let m = 0;
    for (const c of [al, ar])
      for (let x = Math.round(c) - ref; x <= Math.round(c) + ref; x++) {
        r += lum(img, y * W + x);
        m++;
      }
    sum += valley / (r / m);
    n++;
  }
  expect(n).toBeGreaterThan(20);
  return sum / n;
}

/**
 * Where the garment covers the middle between the legs' axes (thighs to ankles), the mean luminance of the cloth
 * within 0.06 spans of that middle over the cloth along the two axes, averaged over rows: 1 is one flat column;
 * two round legs meeting on the seam are darker over a band either side of it, not only on a thin fold.
 */
function seamBand(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const W = body.width;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.25);
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y) - body.torsoH * 0.05);
  const h = Math.round(body.span * 0.06);
  const ref = Math.round(body.span * 0.05);
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    const al = axis(body.legL, y);
    const ar = axis(body.legR, y);
    const mid = Math.round((al + ar) / 2);
    let open = false;
    for (let x = mid - h; x <= mid + h; x++) if ((garment[y * W + x] ?? 0) < 200) open = true;
    if (open) continue;
    let band = 0;
    for (let x = mid - h; x <= mid + h; x++) band += lum(img, y * W + x);
    let r = 0;
    let m = 0;
    for (const c of [al, ar])
      for (let x = Math.round(c) - ref; x <= Math.round(c) + ref; x++) {
        r += lum(img, y * W + x);
        m++;
      }
    sum += band / (2 * h + 1) / (r / m);
    n++;
  }
  expect(n).toBeGreaterThan(20);
  return sum / n;
}

/**
 * Steps of light between the legs: of the garment's inner pixels (3 px from its edge across x) within 0.06 spans of
 * the middle between the legs' axes (thighs to ankles), the share where the luminance jumps across x (a step: its
 * change differs from both neighbours' by more than 6 and is over 5), or with `down`, from row to row. A seam drawn
 * on the photo's dark inner outline, or shaded at the pixel where one leg's cloth begins, steps on every row: a
 * ragged line (a narrow smooth fold steps across x only).
 */
function stepsBetweenLegs(img: RgbaImage, garment: Uint8Array, body: Body, down = false): number {
  const W = body.width;
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.25);
  const y1 = Math.round(Math.max(body.legL.end.y, body.legR.end.y));
  const h = Math.round(body.span * 0.06);
  let n = 0;
  let steps = 0;
  for (let y = y0; y <= y1; y++) {
    const mid = Math.round((axis(body.legL, y) + axis(body.legR, y)) / 2);
    for (let x = mid - h; x <= mid + h; x++) {
      let inside = true;
      for (let d = -3; d <= 3 && inside; d++) if (garment[y * W + x + d]! < 255) inside = false;
      if (!inside) continue;
      n++;
      const p = y * W + x;
      const s = down ? W : 1;
      const [a, b, c, e] = [lum(img, p - s), lum(img, p), lum(img, p + s), lum(img, p + 2 * s)];
      if (Math.abs(c - b - (b - a)) > 6 && Math.abs(c - b - (e - c)) > 6 && Math.abs(c - b) > 5) steps++;
    }
  }
  expect(n).toBeGreaterThan(1000);
  return steps / n;
}

/**
 * The share of the garment's lowest rows (its last 0.15 spans) that show two separate runs of cloth (coverage at
 * least half): two leg openings at the hem, not one column.
 */
function hemOpenings(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  const rows = Math.max(3, Math.round(body.span * 0.15));
  let two = 0;
  for (let y = bottom - rows + 1; y <= bottom; y++) {
    let runs = 0;
    let inRun = false;
    for (let x = 0; x < W; x++) {
      const on = garment[y * W + x]! >= 128;
      if (on && !inRun) runs++;
      inRun = on;
    }
    if (runs >= 2) two++;
  }
  return two / rows;
}

describe('trouser legs together down to the feet stay two legs (issue 38 round 9, part N1)', () => {
  // cgi-model-30's legs touch from the crotch to the feet (no gap in the mask on any row). Before (round 8): the
  // wide legs drawn each across the other, one column (seam 0.96, hem rows with two openings 0.00, light steps
  // between the legs 0.030, the right leg's outline); round 8's M7 (not merged) had the seam and openings but drew
  // the seam on the photo's dark inner outline, stepping on each row (light steps 0.175). Now: a seam shaded as a
  // soft fold on its own smooth line (0.52, steps 0.006) and two openings at the hem (0.37)
  it('wide legs on cgi-model-30: a smooth shaded seam between the legs and two openings at the hem', async () => {
    const { r, body } = await render('cgi-model-30', 'photo', 'wideleg-cream');
    const garment = r.layers.garment.data;
    expect(seamDepth(r.image, garment, body)).toBeLessThan(0.8);
    expect(hemOpenings(garment, body)).toBeGreaterThan(0.25);
    // (round 18, part Y2: the legs now meet in a narrow fold, not a broad soft smudge: its sides step across x,
    // 0.009 -> 0.051; the ragged seam stepped 0.175 there. Row to row the fold is smooth: 0.004 -> 0.006)
    expect(stepsBetweenLegs(r.image, garment, body)).toBeLessThan(0.08);
    expect(stepsBetweenLegs(r.image, garment, body, true)).toBeLessThan(0.015);
  }, 30_000);
});

/**
 * On row y, from the left leg's axis less `margin` spans to the right leg's axis plus it: the pixels from the first
 * to the last that `on` takes (0 when none).
 */
function legsExtent(body: Body, y: number, margin: number, on: (p: number) => boolean): number {
  const W = body.width;
  const x0 = Math.max(0, Math.round(axis(body.legL, y) - body.span * margin));
  const x1 = Math.min(W - 1, Math.round(axis(body.legR, y) + body.span * margin));
  let l = -1;
  let r = -1;
  for (let x = x0; x <= x1; x++)
    if (on(y * W + x)) {
      if (l < 0) l = x;
      r = x;
    }
  return r - l + 1;
}

/**
 * The shorts' width half-way down their legs (between the crotch line and their hem) over the width of the thighs
 * in the mask 0.1 spans below their hem: a leg hugging its thigh, not a ballooned block like a skirt.
 */
function shortsOverThighs(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  const mid = Math.round((bottom + body.pelvis.y + body.torsoH * 0.14) / 2);
  const below = Math.round(bottom + body.span * 0.1);
  return (
    legsExtent(body, mid, 0.5, (p) => garment[p]! >= 128) / legsExtent(body, below, 0.5, (p) => body.mask[p]! >= 128)
  );
}

/**
 * Where the shorts' legs part: the highest row of the run of rows up from their hem (from the lowest such row within
 * 0.15 spans of it) that show two runs of cloth
 * (coverage at least half) between the legs' axes (0.3 spans either side), as a share of the way from the hip
 * joints' line down to the knees'. A notch at the hem alone is near the hem (a block, like a skirt); two legs part
 * at a crotch about a third of the way to the knee.
 */
function partingDepth(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  const runs = (y: number) => {
    const x0 = Math.round(axis(body.legL, y) - body.span * 0.3);
    const x1 = Math.round(axis(body.legR, y) + body.span * 0.3);
    let n = 0;
    let inRun = false;
    for (let x = x0; x <= x1; x++) {
      const on = garment[y * W + x]! >= 128;
      if (on && !inRun) n++;
      inRun = on;
    }
    return n;
  };
  // (the hem's own last rows may be one corner's: from the lowest row with two runs within 0.15 spans of it)
  let y = bottom;
  while (y > bottom - body.span * 0.15 && runs(y) < 2) y--;
  while (y > 0 && runs(y - 1) >= 2) y--;
  const hip = (body.legL.root.y + body.legR.root.y) / 2;
  const knee = (body.legL.mid.y + body.legR.mid.y) / 2;
  return (y - hip) / (knee - hip);
}

/**
 * The edges of the opening between the trouser legs over their lowest 0.15 spans (each walked out from the middle
 * between the legs' axes on the rows where it is open): the number of times an edge turns back on itself (steps of 2 px
 * or more one way, then the other). An inverted V between two leg openings runs one way; a torn hem corner (the
 * flat lay's slanted cuff read as the leg's inner edge) notches it.
 */
function hemCornerTurns(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  let turns = 0;
  for (const d of [-1, 1]) {
    let prev: number | null = null;
    let dir = 0;
    for (let y = bottom - Math.round(body.span * 0.15); y <= bottom; y++) {
      let x = Math.round((axis(body.legL, y) + axis(body.legR, y)) / 2);
      if (garment[y * W + x]! >= 128) continue;
      while (x + d >= 0 && x + d < W && garment[y * W + x + d]! < 128) x += d;
      if (prev !== null) {
        const dx = x - prev;
        if (Math.abs(dx) >= 2) {
          if (dir && Math.sign(dx) !== dir) turns++;
          dir = Math.sign(dx);
        }
      }
      prev = x;
    }
  }
  return turns;
}

/**
 * The opening between the shorts' legs (x the span) on the row half-way from the crotch line down to the lowest row
 * where the legs show two runs of cloth: walked out from the middle between the legs' axes (0 where cloth covers it).
 * A slit in one block is narrow there; two legs each round its thigh part in a V open well above the hem.
 */
function openingMidway(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  const runs = (y: number) => {
    let n = 0;
    let inRun = false;
    for (let x = Math.round(axis(body.legL, y) - body.span * 0.3); x <= axis(body.legR, y) + body.span * 0.3; x++) {
      const on = garment[y * W + x]! >= 128;
      if (on && !inRun) n++;
      inRun = on;
    }
    return n;
  };
  let low = bottom;
  while (low > bottom - body.span * 0.3 && runs(low) < 2) low--;
  const y = Math.round((low + body.pelvis.y + body.torsoH * 0.14) / 2);
  const m = Math.round((axis(body.legL, y) + axis(body.legR, y)) / 2);
  if (garment[y * W + m]! >= 128) return 0;
  let l = m;
  let r = m;
  while (l > 0 && garment[y * W + l - 1]! < 128) l--;
  while (r < W - 1 && garment[y * W + r + 1]! < 128) r++;
  return (r - l + 1) / body.span;
}

/**
 * How far (x the span) the shorts' outer sides stand out past where they are on the crotch line, at most over the
 * rows from there to the hem (the outermost cloth either side, within 0.5 spans past the legs' axes): a leg hanging
 * from the hip stays within it; a flat lay's flaring leg bulged the hip out past the body, a box.
 */
function outerPastHip(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if (garment[p]! >= 128) bottom = Math.floor(p / W);
  const ends = (y: number): [number, number] => {
    const x0 = Math.max(0, Math.round(axis(body.legL, y) - body.span * 0.5));
    const x1 = Math.min(W - 1, Math.round(axis(body.legR, y) + body.span * 0.5));
    let l = -1;
    let r = -1;
    for (let x = x0; x <= x1; x++)
      if (garment[y * W + x]! >= 128) {
        if (l < 0) l = x;
        r = x;
      }
    return [l, r];
  };
  const y0 = Math.round(body.pelvis.y + body.torsoH * 0.14);
  const [l0, r0] = ends(y0);
  let past = 0;
  for (let y = y0; y <= bottom; y++) {
    const [l, r] = ends(y);
    if (l >= 0) past = Math.max(past, l0 - l, r - r0);
  }
  return past / body.span;
}

describe('shorts are two legs, each round its thigh (issue 38 round 10, part P5)', () => {
  // cgi-model-30's thighs touch: the mask's run across one thigh was both, and each short leg was drawn 1.1x that
  // (one block 1.42 times the thighs' width, two openings on 0.30 of the hem rows: a notch). Now each leg is at
  // most SHORTS_LEG times its own thigh (1.30) and the legs part at the hem round a crotch (0.63)
  it('shorts on cgi-model-30: legs hugging the thighs, two openings at the hem', async () => {
    const { r, body } = await render('cgi-model-30', 'photo', 'shorts-chino');
    const garment = r.layers.garment.data;
    expect(shortsOverThighs(garment, body)).toBeLessThan(1.36);
    expect(hemOpenings(garment, body)).toBeGreaterThan(0.45);
    // round 11 (R1): the legs part from a crotch SHORTS_CROTCH of the way to the knee (0.30), not at a notch by the
    // hem (0.52: the V's height was measured along its own parted edge, a third of what was meant)
    expect(partingDepth(garment, body)).toBeLessThan(0.4);
    // round 12 (S5): the hem's inner corners without the slanted cuff's edge dragged into a notch (`legEdgeEnds`):
    // the opening's edges run one way (turns 2 before, 0 now)
    expect(hemCornerTurns(garment, body)).toBe(0);
    // round 16 (W1): the V between the legs wide enough to read as two legs (SHORTS_HEM_PART 4 -> 7): its opening
    // half-way down the inseam 0.095 -> 0.179 spans (a slit in one block before)
    expect(openingMidway(garment, body)).toBeGreaterThan(0.13);
    // and from a crotch higher up, SHORTS_CROTCH 0.3 -> 0.2 (parting 0.29 -> 0.19 of hip-to-knee)
    expect(partingDepth(garment, body)).toBeLessThan(0.25);
  }, 30_000);
});

describe('shorts hang from the hips (issue 38 round 16, part W1)', () => {
  // ai-body's shorts followed the flat lay's legs flaring to their cuffs: the right hip bulged out past the body, a
  // box wider than the hips (0.054 spans past the crotch line's width); each outer side now hangs from the hip (0)
  it('shorts on ai-body: the outer sides no wider than the hips', async () => {
    const { r, body } = await render('ai-body', 'photo', 'shorts-chino');
    expect(outerPastHip(r.layers.garment.data, body)).toBeLessThan(0.02);
  }, 30_000);
});

describe('thighs side by side above crossed legs meet on a seam (issue 38 round 13, part T1)', () => {
  // cgi-model-27's knees and shins cross (a catwalk step): no seam was drawn between the legs for any bottom, so
  // the shorts, which end mid-thigh where the thighs stand side by side, were one block with a fold and a torn
  // notch at the hem (hem rows with two openings 0.32, parting at 0.51 of hip-to-knee). The crossing is now looked
  // for down to the garment's hem only: the legs part from their crotch (0.44, 0.31)
  it('shorts on cgi-model-27: two openings at the hem, the legs parting from a crotch', async () => {
    const { r, body } = await render('cgi-model-27', 'photo', 'shorts-chino');
    const garment = r.layers.garment.data;
    expect(hemOpenings(garment, body)).toBeGreaterThan(0.4);
    expect(partingDepth(garment, body)).toBeLessThan(0.4);
    // round 16 (W1): the V's opening half-way down the inseam 0.049 -> 0.097 spans
    expect(openingMidway(garment, body)).toBeGreaterThan(0.07);
    // (parting 0.31 -> 0.20 of hip-to-knee, SHORTS_CROTCH 0.3 -> 0.2)
    expect(partingDepth(garment, body)).toBeLessThan(0.25);
  }, 30_000);
  // her jeans: the thighs were each drawn their own width across the other, one block to the knee with the front
  // leg's shade broken off mid-thigh (seam depth 0.85); now they meet on the seam down to where the legs overlap,
  // the front leg's inner edge easing from it to its own edge above there (`crossSeamEnd`, 0.75)
  it('jeans on cgi-model-27: a shaded seam between the thighs above the crossing', async () => {
    const { r, body } = await render('cgi-model-27', 'photo', 'jeans-indigo');
    expect(seamDepth(r.image, r.layers.garment.data, body)).toBeLessThan(0.8);
  }, 30_000);
  // round 29 (L3): below the seam, where the wide front leg's inner edge lies over the back leg past the legs' axes,
  // the shade along that edge was looked for between the axes only and broke off mid-thigh (one block to the knee):
  // the darkest cloth past the outer axis over the legs' own light 0.70; now shaded down to the knee, 0.56
  it("wide legs on cgi-model-27: the front leg's edge over the back one shaded down to the knee", async () => {
    const { r, body } = await render('cgi-model-27', 'photo', 'wideleg-cream');
    expect(frontEdgeShade(r.image, r.layers.garment.data, body)).toBeLessThan(0.63);
  }, 30_000);
});

/**
 * Legs crossing below the seam: on the rows from half-way between the crotch and the knee down to the (higher) knee,
 * the darkest cloth (3 px smoothed) from the outer one of the legs' axes out to the garment's edge (less 0.03 spans,
 * the leg's own turn there) over the cloth's light along the brighter axis, averaged over the rows. The front
 * leg's edge over the back leg lies there: shaded, well under 1; unshaded, only the legs' turns and folds.
 */
function frontEdgeShade(img: RgbaImage, garment: Uint8Array, body: Body): number {
  const W = body.width;
  const L = (x: number, y: number) => {
    const o = (y * W + x) * 4;
    return 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
  };
  const crotch = body.pelvis.y + body.torsoH * 0.14;
  const knee = Math.min(body.legL.mid.y, body.legR.mid.y);
  const m = Math.round(body.span * 0.03);
  const ref = Math.round(body.span * 0.05);
  let sum = 0;
  let n = 0;
  for (let y = Math.round((crotch + knee) / 2); y <= Math.round(knee); y++) {
    const al = axis(body.legL, y);
    const ar = axis(body.legR, y);
    const x0 = Math.round(Math.max(al, ar));
    let xe = x0;
    while (xe + 1 < W && garment[y * W + xe + 1]! >= 128) xe++;
    if (xe - m - x0 < 3) continue;
    let valley = Infinity;
    for (let x = x0 + 1; x <= xe - m; x++) valley = Math.min(valley, (L(x - 1, y) + L(x, y) + L(x + 1, y)) / 3);
    let light = 0;
    for (const c of [al, ar]) {
      let s = 0;
      let k = 0;
      for (let x = Math.round(c) - ref; x <= Math.round(c) + ref; x++, k++) s += L(x, y);
      light = Math.max(light, s / k);
    }
    sum += valley / light;
    n++;
  }
  expect(n).toBeGreaterThan(20);
  return sum / n;
}

/**
 * Jeans' width across both legs at the knee's row (the higher knee) over the legs' width in the mask there: each
 * trouser leg round its own leg, not both legs' width each.
 */
function jeansOverKnees(garment: Uint8Array, body: Body): number {
  const y = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y));
  return legsExtent(body, y, 0.6, (p) => garment[p]! >= 128) / legsExtent(body, y, 0.6, (p) => body.mask[p]! >= 128);
}

/**
 * How far the trouser legs' outer edges stand out past the legs' own in the mask, from the higher knee down to the
 * higher ankle: each row's garment edge (walked out from the leg's axis) less the mask's, over the span, averaged over
 * rows and both legs. A fitted leg hangs close round its leg (a little ease); a straight tube centred on the leg's axis
 * stands out past it, the two legs one column.
 */
function outerOverhang(garment: Uint8Array, body: Body): number {
  const W = body.width;
  const y0 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y));
  const y1 = Math.round(Math.min(body.legL.end.y, body.legR.end.y) - body.span * 0.1);
  let sum = 0;
  let n = 0;
  for (const side of [0, 1] as const) {
    const leg = side === 0 ? body.legL : body.legR;
    const d = side === 0 ? -1 : 1;
    for (let y = y0; y <= y1; y++) {
      const edge = (on: (p: number) => boolean) => {
        let x = Math.round(axis(leg, y));
        while (x + d >= 0 && x + d < W && on(y * W + x + d)) x += d;
        return x;
      };
      sum += ((edge((p) => (garment[p] ?? 0) >= 128) - edge((p) => (body.mask[p] ?? 0) >= 128)) * d) / body.span;
      n++;
    }
  }
  return sum / Math.max(1, n);
}

describe('long trouser legs round each leg where the legs touch (issue 38 round 10, part P12)', () => {
  // cgi-model-30's thighs and calves touch: the mask's run across one leg (`widthRoot`, `widthEnd`) was both, and
  // each jeans leg was drawn at least 1.1x that (1.47 times the legs' width at the knee, a step out above it). Now
  // at least 1.1x the leg's own width on each row (1.27; the flat lay's own width rules above that); the hem's two
  // openings as before (0.26)
  it('jeans on cgi-model-30: each leg round its own leg at the knee', async () => {
    const { r, body } = await render('cgi-model-30', 'photo', 'jeans-indigo');
    expect(jeansOverKnees(r.layers.garment.data, body)).toBeLessThan(1.36);
    expect(hemOpenings(r.layers.garment.data, body)).toBeGreaterThan(0.2);
    // (round 14, part U1: each leg turns darker over its half towards the seam, two tubes meeting in a valley, not
    // one slab with a thin fold: the band either side of the seam over the legs' axes 0.76 -> 0.50)
    expect(seamBand(r.image, r.layers.garment.data, body)).toBeLessThan(0.65);
    // (round 15, part V1: each fitted leg's outer edge comes in round its own leg below the knee, not a straight
    // tube past it, `hugOuter`: 0.089 -> 0.043 spans past the mask's edge)
    expect(outerOverhang(r.layers.garment.data, body)).toBeLessThan(0.065);
  }, 30_000);
});

/**
 * Rows between the higher knee and 0.15 spans above the garment's lowest row that show two separate runs of cloth
 * between the legs' axes (0.3 spans either side): an opening between the trouser legs at the shins above one hem.
 */
function shinOpenings(garment: Uint8Array, body: Body): number {
  const W = body.width;
  let bottom = -1;
  for (let p = garment.length - 1; p >= 0 && bottom < 0; p--) if ((garment[p] ?? 0) >= 128) bottom = Math.floor(p / W);
  let rows = 0;
  for (let y = Math.round(Math.max(body.legL.mid.y, body.legR.mid.y)); y < bottom - body.span * 0.15; y++) {
    const x0 = Math.round(Math.min(axis(body.legL, y), axis(body.legR, y)) - body.span * 0.3);
    const x1 = Math.round(Math.max(axis(body.legL, y), axis(body.legR, y)) + body.span * 0.3);
    let runs = 0;
    let inRun = false;
    for (let x = x0; x <= x1; x++) {
      const on = (garment[y * W + x] ?? 0) >= 128;
      if (on && !inRun) runs++;
      inRun = on;
    }
    if (runs >= 2) rows++;
  }
  return rows;
}

describe('no hole at the shins above one hem (issue 38 round 15, part V1)', () => {
  // cgi-model-23's shins part a little above her touching ankles: the trouser legs parted round the gap and met again
  // below it, a diamond hole at the shin read as a tear (28 rows with an opening, hem rows with two openings 0.07). The gap
  // is left out (`shinGapClosed`): the legs meet on the seam there and part at the hem (0 rows, 0.79)
  it('jeans on cgi-model-23: no opening between the legs at the shins', async () => {
    const { r, body } = await render('cgi-model-23', 'photo', 'jeans-indigo');
    expect(shinOpenings(r.layers.garment.data, body)).toBe(0);
    expect(hemOpenings(r.layers.garment.data, body)).toBeGreaterThan(0.4);
  }, 30_000);
});
