/**
 * Skirts and trousers with the real models (shared/engine/place/lower.ts; the light on a garment in
 * compose/composite.ts): an A-line keeps its flare, the sides are smooth (no stair steps cut by the room's blocky
 * edge or by the light field's cells).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type PersonAnalysis, type RgbaImage, type TryOnResult } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadGarment, loadPerson } from '../../test/engine/fixtures';
import { productPhoto, type PhotoCondition } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const people = new Map<string, { image: RgbaImage; analysis: PersonAnalysis }>();
async function render(
  person: string,
  garment: string,
  condition: PhotoCondition = 'flat-white',
): Promise<{ r: TryOnResult; body: Body }> {
  let p = people.get(person);
  if (!p) {
    const image = await loadPerson(person);
    p = { image, analysis: await cachedAnalysis(image) };
    people.set(person, p);
  }
  const drawn = EVAL_GARMENTS.find((g) => g.id === garment);
  const image = drawn ? (await productPhoto(drawn, condition)).image : await loadGarment(garment);
  const r = await tryOn(nodeModelRuntime, p.image, [{ image, slot: 'bottom', source: 'laydown' }], {
    analysis: p.analysis,
  });
  return { r, body: bodyFrom(r.analysis) };
}

const legAxis = (leg: Body['legL'], y: number) => {
  const thigh = y <= leg.mid.y;
  const a = thigh ? leg.root : leg.mid;
  const b = thigh ? leg.mid : leg.end;
  return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
};

/** The mean luminance of the garment's pixels on row y over x in [a, b), or null where any of them is not cloth. */
function bandLum(r: TryOnResult, y: number, a: number, b: number): number | null {
  const W = r.image.width;
  const d = r.image.data;
  const cov = r.layers.garment.data;
  let s = 0;
  let n = 0;
  for (let x = Math.round(a); x < Math.round(b); x++) {
    const p = y * W + x;
    if ((cov[p] ?? 0) < 250) return null;
    s += 0.3 * (d[p * 4] ?? 0) + 0.59 * (d[p * 4 + 1] ?? 0) + 0.11 * (d[p * 4 + 2] ?? 0);
    n++;
  }
  return n ? s / n : null;
}

/**
 * Below the knees, the left leg's cloth beside the middle between the legs' axes (0.15 spans to its left) over its
 * cloth farther out (0.18 to 0.3 spans to its left), the largest over the rows where both bands are cloth: the
 * valley's shade beside the seam (below 1) or none there (about 1).
 */
function seamShadeBelowKnees(r: TryOnResult, body: Body): number {
  let worst = 0;
  for (let y = Math.round(Math.max(body.legL.mid.y, body.legR.mid.y)); y < body.height; y++) {
    const m = (legAxis(body.legL, y) + legAxis(body.legR, y)) / 2;
    const inner = bandLum(r, y, m - body.span * 0.15, m);
    const outer = bandLum(r, y, m - body.span * 0.3, m - body.span * 0.18);
    if (inner !== null && outer !== null) worst = Math.max(worst, inner / outer);
  }
  return worst;
}

/**
 * The fold where the legs meet on the thighs (rows from 0.3 torso heights below the hip joints to the higher knee),
 * each row beside the middle between the legs' axes: `crease`, the darkest cloth within 0.03 spans of it over the
 * left leg's cloth 0.06 to 0.12 spans from it (a narrow fold line: low), and `spread`, that cloth over the left leg's
 * cloth 0.18 to 0.3 spans out (a broad dark smudge over the leg's inner half: low; the leg's own light: about 1);
 * means over the rows.
 */
function thighFold(r: TryOnResult, body: Body): { crease: number; spread: number } {
  const W = r.image.width;
  const d = r.image.data;
  const cov = r.layers.garment.data;
  const lum = (p: number) => 0.3 * (d[p * 4] ?? 0) + 0.59 * (d[p * 4 + 1] ?? 0) + 0.11 * (d[p * 4 + 2] ?? 0);
  let crease = 0;
  let spread = 0;
  let n = 0;
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y));
  for (let y = Math.round(body.pelvis.y + body.torsoH * 0.3); y < y1; y++) {
    const m = (legAxis(body.legL, y) + legAxis(body.legR, y)) / 2;
    const near = bandLum(r, y, m - body.span * 0.12, m - body.span * 0.06);
    const outer = bandLum(r, y, m - body.span * 0.3, m - body.span * 0.18);
    if (near === null || outer === null) continue;
    let low = Infinity;
    for (let x = Math.round(m - body.span * 0.03); x <= Math.round(m + body.span * 0.03); x++) {
      const p = y * W + x;
      if ((cov[p] ?? 0) >= 250) low = Math.min(low, (lum(p - 1) + lum(p) + lum(p + 1)) / 3);
    }
    if (!Number.isFinite(low)) continue;
    crease += low / near;
    spread += near / outer;
    n++;
  }
  return { crease: crease / Math.max(1, n), spread: spread / Math.max(1, n) };
}

/**
 * Streaks across the legs beside the seam: below the crotch, each side's band 0.03 to 0.15 spans from the middle
 * between the legs' axes, the mean of |a row's luminance - its neighbours' mean| (a barcode of pale rows: large).
 */
function seamStreaks(r: TryOnResult, body: Body): number {
  let worst = 0;
  for (const sign of [-1, 1]) {
    const rows: (number | null)[] = [];
    for (let y = Math.round(body.pelvis.y + body.torsoH * 0.3); y < body.height; y++) {
      const m = (legAxis(body.legL, y) + legAxis(body.legR, y)) / 2;
      const [a, b] = [m + sign * body.span * 0.03, m + sign * body.span * 0.15];
      rows.push(bandLum(r, y, Math.min(a, b), Math.max(a, b)));
    }
    let sum = 0;
    let n = 0;
    for (let i = 1; i + 1 < rows.length; i++) {
      const [a, b, c] = [rows[i - 1], rows[i], rows[i + 1]];
      if (a === null || b === null || c === null || a === undefined || b === undefined || c === undefined) continue;
      sum += Math.abs(b - (a + c) / 2);
      n++;
    }
    if (n) worst = Math.max(worst, sum / n);
  }
  return worst;
}

/** The drawn garment's rows: its first and last with at least a tenth of a span of it. */
function rowsOf(cov: Uint8Array, W: number, H: number, span: number): [number, number] {
  const count = (y: number) => {
    let c = 0;
    for (let x = 0; x < W; x++) if (cov[y * W + x]! >= 128) c++;
    return c;
  };
  let first = 0;
  while (first < H - 1 && count(first) < span * 0.1) first++;
  let last = H - 1;
  while (last > 0 && count(last) < span * 0.1) last--;
  return [first, last];
}

function widthAt(cov: Uint8Array, W: number, y: number): number {
  let a = W;
  let b = -1;
  for (let x = 0; x < W; x++) {
    if (cov[Math.round(y) * W + x]! < 128) continue;
    a = Math.min(a, x);
    b = Math.max(b, x);
  }
  return b - a;
}

/** The garment's width just above its hem over its width at the hip joints (an A-line flares: > 1). */
function flare(r: TryOnResult, body: Body): number {
  const { data: cov, width: W, height: H } = r.layers.garment;
  const [first, last] = rowsOf(cov, W, H, body.span);
  return widthAt(cov, W, last - (last - first) * 0.05) / widthAt(cov, W, body.pelvis.y);
}

/**
 * How ragged the garment's sides are: its left and right edges row by row, sub-pixel (the coverage summed from
 * its middle out), and the mean of their second differences (a stair step is a jump; a smooth side, straight or
 * curved, is near 0), over the middle of its height.
 */
function sideRoughness(r: TryOnResult, body: Body): number {
  const { data: cov, width: W, height: H } = r.layers.garment;
  const [first, last] = rowsOf(cov, W, H, body.span);
  const edges: [number, number][] = [];
  for (let y = Math.round(first + (last - first) * 0.15); y <= Math.round(last - (last - first) * 0.1); y++) {
    let a = W;
    let b = -1;
    for (let x = 0; x < W; x++) {
      if (cov[y * W + x]! < 128) continue;
      a = Math.min(a, x);
      b = Math.max(b, x);
    }
    const cx = Math.round((a + b) / 2);
    const from = Math.max(0, a - 20);
    let l = 0;
    for (let x = from; x <= cx; x++) l += 1 - cov[y * W + x]! / 255;
    let rr = 0;
    for (let x = cx; x <= Math.min(W - 1, b + 20); x++) rr += cov[y * W + x]! / 255;
    edges.push([from + l, cx + rr]);
  }
  let sum = 0;
  let n = 0;
  for (let i = 1; i + 1 < edges.length; i++) {
    for (const k of [0, 1] as const) {
      sum += Math.abs(edges[i + 1]![k] - 2 * edges[i]![k] + edges[i - 1]![k]);
      n++;
    }
  }
  return sum / n;
}

/**
 * Steps of light inside the garment: the share of its inner pixels (3 px from any edge) where the luminance
 * jumps across x (a step: its change differs from both neighbours' by more than 6 and is over 5), not a ramp.
 */
function lightSteps(r: TryOnResult): number {
  const { data: cov, width: W, height: H } = r.layers.garment;
  const img = r.image.data;
  const lum = (i: number) => 0.299 * img[i * 4]! + 0.587 * img[i * 4 + 1]! + 0.114 * img[i * 4 + 2]!;
  const R = 3;
  let n = 0;
  let steps = 0;
  for (let y = R; y < H - R; y++) {
    for (let x = R; x < W - R - 2; x++) {
      let inside = true;
      for (let d = -R; d <= R && inside; d++)
        if (cov[y * W + x + d]! < 255 || cov[(y + d) * W + x]! < 255) inside = false;
      if (!inside) continue;
      n++;
      const p = y * W + x;
      const a = lum(p - 1);
      const b = lum(p);
      const c = lum(p + 1);
      const e = lum(p + 2);
      if (Math.abs(c - b - (b - a)) > 6 && Math.abs(c - b - (e - c)) > 6 && Math.abs(c - b) > 5) steps++;
    }
  }
  return steps / n;
}

/**
 * The old garment filled in a thin strip on the body beside a bottom's side (round 19, part Z6b): filled pixels on the
 * person's matte (at least half) within 0.05 spans along the row of the garment's coverage, per row of the garment.
 */
function filledBesideSides(r: TryOnResult, body: Body): number {
  const { width: W, height: H } = r.image;
  const gar = r.layers.garment.data;
  const fill = r.layers.filled.data;
  const reach = Math.round(body.span * 0.05);
  let n = 0;
  let rows = 0;
  for (let y = 0; y < H; y++) {
    let any = false;
    for (let x = 0; x < W; x++) {
      const q = y * W + x;
      if ((gar[q] ?? 0) >= 128) any = true;
      if (!fill[q] || (body.mask[q] ?? 0) < 128) continue;
      let near = false;
      for (let d = 1; d <= reach && !near; d++)
        near = (x - d >= 0 && (gar[q - d] ?? 0) >= 128) || (x + d < W && (gar[q + d] ?? 0) >= 128);
      if (near) n++;
    }
    if (any) rows++;
  }
  return n / Math.max(1, rows);
}

describe('skirts and trousers (real models)', () => {
  // before: 0.86 (narrower at the hem than at the hips: the curved hem's narrow last row stretched across), side
  // roughness 0.26 (the room's blocky edge and the light field's cells cut stair steps into the sides); the flare
  // of a stride whose shins cross is kept within what the safety gate allows past the legs
  it('draws an A-line skirt with smooth sides, no narrower at the hem than at the hips', async () => {
    const { r, body } = await render('cgi-model-27', 'skirt-alpha.png');
    expect(flare(r, body)).toBeGreaterThan(0.92);
    expect(sideRoughness(r, body)).toBeLessThan(0.18);
  }, 60_000);

  // before: 0.97 and 0.96 (the tartan mini and the maxi straight tubes), now about 1.08 and 1.10 (within
  // SKIRT_FLARE past the legs: the garment stays inside the body's silhouette, insideSilhouette >= 0.97)
  it('keeps the flare of a mini and a maxi skirt', async () => {
    const mini = await render('cgi-model-27', 'mini-tartan');
    expect(flare(mini.r, mini.body)).toBeGreaterThan(1.05);
    const maxi = await render('ai-body', 'maxi-floral');
    expect(flare(maxi.r, maxi.body)).toBeGreaterThan(1.05);
  }, 60_000);

  // before: roughness 0.26, light steps 0.065 (stair steps down both legs). Her waist cincher has a cut-out (bare
  // skin again below the skin above it): its top is no waistband, so the trousers' top is the default waist, not
  // under her bust (0.44 torso heights above the hip joints before, 0.22 now)
  it('draws wide-leg trousers with smooth sides, their waistband at the waist', async () => {
    const { r, body } = await render('cgi-model-15', 'wideleg-cream');
    expect(sideRoughness(r, body)).toBeLessThan(0.2);
    expect(lightSteps(r)).toBeLessThan(0.05);
    const { data: cov, width: W, height: H } = r.layers.garment;
    const [first] = rowsOf(cov, W, H, body.span);
    expect((body.pelvis.y - first) / body.torsoH).toBeLessThan(0.3);
    // issue 38, round 17, part X1: her right trouser leg ends above the left one's hem; the left leg, going on a few
    // pixels past the seam there (its underlap), lost the valley's shade, a pale square patch at the top of the hems'
    // V (1.00); its valley now goes on down to its hem (0.77)
    expect(seamShadeBelowKnees(r, body)).toBeLessThan(0.9);
    // issue 38, round 18, part Y2: where her legs meet on the thighs, each leg's side towards the seam turned dark over
    // its whole half-width under a wide soft bell, a broad smudge down the middle, one column (the leg's cloth 0.06-0.12
    // spans from the seam over its cloth farther out 0.74); a narrower valley into a narrow fold now (0.89), the fold
    // deeper (0.50 -> 0.35)
    const fold = thighFold(r, body);
    expect(fold.spread).toBeGreaterThan(0.82);
    expect(fold.crease).toBeLessThan(0.43);
  }, 60_000);

  // issue 38, round 17, part X1: where her legs' axes meet, on some rows a leg's own pixel nearest its axis was a
  // 1-px sliver of it on the seam: those rows went unshaded, a barcode of pale and dark streaks across the legs
  // down the fold from the 200 px photo (1.76); each leg's longest run is shaded now (0.35)
  it('shades jeans from a 200 px photo on cgi-model-15 without streaks across the legs', async () => {
    const { r, body } = await render('cgi-model-15', 'jeans-indigo', 'small-200');
    expect(seamStreaks(r, body)).toBeLessThan(0.8);
    // issue 38, round 19, part Z6b: her old bodysuit's waist beside the jeans' waistband (on the body, just outside
    // the jeans' sides) was filled as the old garment: skin-coloured blurs with pale streaks at both hips. The jeans'
    // ease covers it there (`easeOverBody`'s `waistOnly`). Filled pixels on the body beside the sides per row: before
    // 0.92, after 0.20
    const strip = filledBesideSides(r, body);
    console.log(`old garment filled beside the jeans' sides: ${strip.toFixed(3)} px per row`);
    expect(strip).toBeLessThan(0.5);
  }, 60_000);
});
