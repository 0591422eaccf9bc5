/**
 * Coats, dresses and jumpsuits keep their shape (issue 38, part E5), with the real models on ai-body and the
 * evaluation set's drawn garments (flat lay on white): a knee-length coat whose sleeves lie against its body keeps
 * them along the arms and reaches the knee (it was a sleeveless vest to mid-thigh: its cuffs were taken for the
 * armpits); a midi dress ends at mid-calf and flares from the hips, one piece across the gap of a wide stance (it
 * was a tube to the ankles); a jumpsuit's legs follow the legs (it was one tube over both).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type PersonAnalysis, type RgbaImage, type TryOnResult } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { loadPerson } from '../../test/engine/fixtures';
import { LENGTH, measureAll, METRIC_THRESHOLDS } from '../../test/engine/metrics';
import { lengthAt } from '../../test/engine/metrics/shape';
import { spreadLegs } from '../../test/engine/shape-garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

let person: { image: RgbaImage; analysis: PersonAnalysis };
let wide: { image: RgbaImage; analysis: PersonAnalysis };

beforeAll(async () => {
  await warmEngineModels();
  const image = await loadPerson('ai-body');
  const analysis = await cachedAnalysis(image);
  person = { image, analysis };
  // a wider stance than any fixture's: her legs moved apart
  const apart = spreadLegs(image, analysis);
  wide = { image: apart, analysis: await cachedAnalysis(apart) };
}, 60_000);

async function render(id: string, who = person) {
  const g = EVAL_GARMENTS.find((x) => x.id === id)!;
  const { image: product } = await productPhoto(g, 'flat-white');
  const result = await tryOn(nodeModelRuntime, who.image, [{ image: product, slot: g.slot, source: 'laydown' }], {
    analysis: who.analysis,
  });
  return { result, product, body: bodyFrom(result.analysis), slot: g.slot };
}

const covered = (r: TryOnResult, x: number, y: number) =>
  r.layers.garment.data[Math.round(y) * r.image.width + Math.round(x)]! >= 128;

/**
 * Garment pixels on the backdrop beside the torso, from the shoulders to the waist, more than 0.06 spans past the
 * torso's outline in the mask (between a hanging arm and the waist), per row, as a share of the span.
 */
function pastTorso(r: TryOnResult, body: Body): number {
  const { width: W, mask } = body;
  const on = (x: number, y: number) => x >= 0 && x < W && mask[y * W + x]! >= 128;
  let px = 0;
  let rows = 0;
  for (let y = Math.round(body.neck.y); y < Math.round(body.pelvis.y - body.torsoH * 0.2); y++) {
    rows++;
    for (const side of [-1, 1]) {
      let x = Math.round(body.axisX(y));
      let off = 0;
      while (x >= 0 && x < W && off < 3) {
        off = on(x, y) ? 0 : off + 1;
        x += side;
      }
      const from = x - side * 4 + side * Math.round(body.span * 0.06);
      for (let xx = from; xx >= 0 && xx < W && Math.abs(xx - from) < body.span * 0.3 && !on(xx, y); xx += side)
        if (covered(r, xx, y)) px++;
    }
  }
  return px / rows / body.span;
}

/** Share of points along both arms' axes (upper arm and forearm, 15-85% of each) under the garment. */
function armsCovered(r: TryOnResult, body: Body): number {
  let n = 0;
  let c = 0;
  for (const arm of [body.armL, body.armR]) {
    for (const [a, b] of [
      [arm.root, arm.mid],
      [arm.mid, arm.end],
    ] as const) {
      for (let k = 0; k <= 20; k++) {
        const t = 0.15 + (0.7 * k) / 20;
        n++;
        if (covered(r, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)) c++;
      }
    }
  }
  return c / n;
}

/** The garment's width on row y (its first to last pixel within a span and a half of the body's axis). */
function widthAt(r: TryOnResult, body: Body, y: number): number {
  const W = r.image.width;
  const cx = Math.round(body.axisX(y));
  const half = Math.round(body.span * 1.5);
  let a = -1;
  let b = -1;
  for (let x = Math.max(0, cx - half); x <= Math.min(W - 1, cx + half); x++) {
    if (!covered(r, x, y)) continue;
    if (a < 0) a = x;
    b = x;
  }
  return a < 0 ? 0 : b - a + 1;
}

/** Garment pixels of the render that are near-white and grey (a white backdrop worn as cloth). */
function paleUnderGarment(r: TryOnResult): number {
  let n = 0;
  for (let i = 0; i < r.image.width * r.image.height; i++) {
    if (r.layers.garment.data[i]! < 128) continue;
    const [R, G, B] = [r.image.data[i * 4]!, r.image.data[i * 4 + 1]!, r.image.data[i * 4 + 2]!];
    if (Math.min(R, G, B) >= 200 && Math.max(R, G, B) - Math.min(R, G, B) < 30) n++;
  }
  return n;
}

/**
 * Garment pixels standing above the shoulders: in the columns from each shoulder's joint out 0.12 spans, those more
 * than 0.03 spans above the person's outline there, per span.
 */
function aboveShoulders(r: TryOnResult, body: Body): number {
  const { width: W, mask } = body;
  let n = 0;
  for (const [sh, side] of [
    [body.shoulderL, -1],
    [body.shoulderR, 1],
  ] as const) {
    for (let k = 0; k <= Math.round(body.span * 0.12); k++) {
      const x = Math.round(sh.x) + side * k;
      let top = Math.round(sh.y);
      while (top > 0 && (mask[(top - 1) * W + x] ?? 0) >= 128) top--;
      for (let y = Math.round(sh.y - body.span * 0.5); y < top - body.span * 0.03; y++) if (covered(r, x, y)) n++;
    }
  }
  return n / body.span;
}

/** The lowest row the garment covers near the body's axis. */
function hemRow(r: TryOnResult, body: Body): number {
  for (let y = r.image.height - 1; y >= 0; y--) {
    const cx = Math.round(body.axisX(y));
    for (let x = cx - Math.round(body.span * 0.35); x <= cx + Math.round(body.span * 0.35); x++) {
      if (covered(r, x, y)) return y;
    }
  }
  return -1;
}

/**
 * Open pixels inside a garment's sides at the hips (a third of the torso above the pelvis to a third below): on each
 * row and side, the pixels off the garment within a tenth of a span inside the garment's outermost pixel there.
 */
function slitsAtHips(r: TryOnResult, body: Body): number {
  let open = 0;
  for (let y = Math.round(body.pelvis.y - body.torsoH * 0.35); y <= body.pelvis.y + body.torsoH * 0.35; y++) {
    const cx = Math.round(body.axisX(y));
    for (const side of [-1, 1]) {
      let outer = 0;
      for (let k = 1; k <= body.span * 0.9; k++) if (covered(r, cx + side * k, y)) outer = k;
      for (let k = Math.max(1, Math.round(outer - body.span * 0.1)); k < outer; k++)
        if (!covered(r, cx + side * k, y)) open++;
    }
  }
  return open;
}

describe('coats, dresses and jumpsuits keep their shape (real models)', () => {
  it('a knee-length coat keeps its sleeves along the arms and reaches the knee', async () => {
    const { result, product, body, slot } = await render('coat-camel');
    // its sleeves lie against its body in the flat lay: the cuffs' step is not the armpit
    expect(armsCovered(result, body)).toBeGreaterThan(0.85);
    const m = measureAll({
      person: person.image,
      analysis: person.analysis,
      tryOn: result,
      product,
      slotGiven: slot,
      truth: { slot, length: LENGTH.knee, skirt: true },
    });
    expect(Math.abs(m.lengthError!)).toBeLessThanOrEqual(METRIC_THRESHOLDS.lengthErrorMax);
    // a coat with sleeves covers the shoulders
    expect(m.shouldersKept!).toBeLessThan(0.2);
    // the backdrop seen through the slit between a sleeve and the body (closed by the belt's tab) is not cloth:
    // no white slivers worn at the waist (434 near-white garment pixels before, 20 now)
    expect(paleUnderGarment(result)).toBeLessThan(100);
    // its shoulders on hers: the seam's top read at the flat lay's corner, not down its sleeve's outer edge (the
    // sleeve's cap was the body piece's, a square corner standing above each shoulder; 1.64 before, 0.13 now)
    expect(aboveShoulders(result, body)).toBeLessThan(0.5);
  }, 30_000);

  it('a blazer is worn over what is there: its open front shows the old dress, not bare skin', async () => {
    // the old top under outerwear was filled as the top's own old region: the blazer's deep V showed a bare chest
    // over ai-body's dress (refused by the gate's bust check, 0.16)
    const { result, body } = await render('blazer-navy');
    expect(result.safety.bareTorso).toBe(0);
    expect(result.safety.bareBust).toBeLessThan(0.02);
    // inside the V (below the neck, above a third of the torso, off the garment) the photo is as it was
    const W = result.image.width;
    let n = 0;
    let diff = 0;
    for (let y = Math.round(body.neck.y + body.torsoH * 0.08); y < body.neck.y + body.torsoH * 0.3; y++) {
      const cx = Math.round(body.axisX(y));
      for (let x = cx - Math.round(body.span * 0.1); x <= cx + Math.round(body.span * 0.1); x++) {
        if (covered(result, x, y)) continue;
        const o = (y * W + x) * 4;
        n++;
        for (let c = 0; c < 3; c++) diff += Math.abs(result.image.data[o + c]! - person.image.data[o + c]!);
      }
    }
    expect(n).toBeGreaterThan(50);
    expect(diff / n / 3).toBeLessThan(6);
  }, 30_000);

  it("a top's length is its own: a hip-length blazer ends at the hips, a tee too on a narrow-shouldered figure", async () => {
    // part H3: the blazer (75 cm on its chest) ended at mid-thigh (0.42 of the hips to the knees), hiding the
    // shorts; a tee scaled by a narrow-shouldered figure's shoulders ended above her navel (-0.24 on cgi-model-23)
    const image = await loadPerson('cgi-model-23');
    const narrow = { image, analysis: await cachedAnalysis(image) };
    const hems: Record<string, number> = {};
    for (const [id, who] of [
      ['blazer-navy', person],
      ['tee-stripe', narrow],
    ] as const) {
      const { result, body } = await render(id, who);
      hems[id] = Math.abs(lengthAt(body, hemRow(result, body)) - LENGTH.hip);
    }
    expect(hems['blazer-navy']).toBeLessThanOrEqual(METRIC_THRESHOLDS.lengthErrorMax);
    // round 15, part V8: and not below the crotch (0.17 of the hips to the knees, a blazer dress over a bikini):
    // near the hip joints' line
    expect(hems['blazer-navy']).toBeLessThan(0.11);
    expect(hems['tee-stripe']).toBeLessThanOrEqual(METRIC_THRESHOLDS.lengthErrorMax);
  }, 60_000);

  it('a midi dress ends at mid-calf and flares from the hips, one piece on a wide stance', async () => {
    for (const who of [person, wide]) {
      const { result, product, body, slot } = await render('midi-dots', who);
      const m = measureAll({
        person: who.image,
        analysis: who.analysis,
        tryOn: result,
        product,
        slotGiven: slot,
        truth: { slot, length: LENGTH.midi, skirt: true },
      });
      // its skirt widens from the hips down (an A-line, not a tube): a tenth above its hem, wider than at the hips
      // (0.92 before: narrowing with the legs)
      const hem = hemRow(result, body);
      const flare = widthAt(result, body, hem - (hem - body.pelvis.y) * 0.1) / widthAt(result, body, body.pelvis.y);
      expect(flare).toBeGreaterThan(1.05);
      expect(Math.abs(m.lengthError!)).toBeLessThanOrEqual(METRIC_THRESHOLDS.lengthErrorMax);
      expect(m.legGapOpen!).toBeLessThanOrEqual(METRIC_THRESHOLDS.legGapOpenMax);
    }
  }, 30_000);

  it("a jumpsuit's legs follow the legs: the gap between the shins stays open, each shin covered", async () => {
    // wide legs (its own): on a closed stance they meet; apart, the gap between them shows
    const { result, body } = await render('jumpsuit-rust', wide);
    let gap = 0;
    let legs = 0;
    let n = 0;
    for (let k = 0; k <= 10; k++) {
      const t = 0.3 + (0.4 * k) / 10;
      const at = (leg: Body['legL']) => ({
        x: leg.mid.x + (leg.end.x - leg.mid.x) * t,
        y: leg.mid.y + (leg.end.y - leg.mid.y) * t,
      });
      const a = at(body.legL);
      const b = at(body.legR);
      n++;
      if (covered(result, (a.x + b.x) / 2, (a.y + b.y) / 2)) gap++;
      if (covered(result, a.x, a.y) && covered(result, b.x, b.y)) legs++;
    }
    expect(gap / n).toBeLessThan(0.2);
    expect(legs / n).toBeGreaterThan(0.8);
    // its sleeveless bodice keeps to the torso where her arms hang apart from it (issue 38, round 13, part T7): the
    // garments' room closes the gap between arm and waist, and the bodice's side drawn there stood out as a flap
    // below the armpit, cut in a notch where the gap opens (before: 0.0093 spans a row, now 0)
    expect(pastTorso(result, body)).toBeLessThan(0.003);
  }, 30_000);

  it("a jumpsuit's sides at the hips are whole: no slit of the old dress's fill along its edge", async () => {
    // issue 38, round 21, part B6: the ease over the old dress beside its side grew only within twice its width of
    // the outline, and left a pale slit of the backdrop's fill between it and the drawn edge on ai-body's right
    // hip (before: 50 open pixels, now 0)
    const { result, body } = await render('jumpsuit-rust');
    expect(slitsAtHips(result, body)).toBeLessThan(10);
  }, 30_000);
});
