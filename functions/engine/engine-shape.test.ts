/**
 * The garment keeps its own shape (issue 38, point 3: garment templates by category), with the real models on
 * fixture people and garments drawn for it (test/engine/shape-garments.ts): a camisole leaves the shoulders and
 * upper arms as they were; a knee-length coat reaches the knee and a maxi dress the ankle, on the person's own
 * keypoints; a skirt on a wide stance is one piece across the gap between the legs; wide-leg trousers stay wide;
 * a hoodie keeps its hood, never over the face. Every render passes the safety gate (tryOn refuses otherwise).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn, type PersonAnalysis, type RgbaImage, type TryOnResult } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { SHAPE_GARMENTS, shapeGarment, spreadLegs, type ShapeGarment } from '../../test/engine/shape-garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const people = new Map<string, { person: RgbaImage; analysis: PersonAnalysis }>();
async function person(name: string, wide = false) {
  const key = `${name}${wide ? ':wide' : ''}`;
  let p = people.get(key);
  if (!p) {
    let image = await loadPerson(name);
    let analysis = await cachedAnalysis(image);
    if (wide) {
      image = spreadLegs(image, analysis);
      analysis = await cachedAnalysis(image);
    }
    p = { person: image, analysis };
    people.set(key, p);
  }
  return p;
}

async function render(name: string, garment: ShapeGarment, wide = false) {
  const { person: image, analysis } = await person(name, wide);
  const result = await tryOn(
    nodeModelRuntime,
    image,
    [{ image: await shapeGarment(garment), slot: SHAPE_GARMENTS[garment].slot, source: 'laydown' }],
    { analysis },
  );
  return { image, result, body: bodyFrom(result.analysis) };
}

const covered = (r: TryOnResult, x: number, y: number) =>
  r.layers.garment.data[Math.round(y) * r.image.width + Math.round(x)]! >= 128;

/** The lowest garment row within a third of the span either side of the body's axis. */
function hemRow(r: TryOnResult, body: Body): number {
  const W = r.image.width;
  for (let y = r.image.height - 1; y >= 0; y--) {
    const cx = Math.round(body.axisX(y));
    const half = Math.round(body.span * 0.35);
    for (let x = Math.max(0, cx - half); x <= Math.min(W - 1, cx + half); x++) if (covered(r, x, y)) return y;
  }
  return -1;
}

const kneeY = (b: Body) => (b.legL.mid.y + b.legR.mid.y) / 2;
const ankleY = (b: Body) => (b.legL.end.y + b.legR.end.y) / 2;

/**
 * Pink or magenta pixels on the person between the shoulders, from just above the neck's point down to the
 * garment's neckline, that the garment leaves open (red well over green, blue over green: a bikini's string, not
 * skin, whose green is over its blue, nor the sea behind, whose red is under its green).
 */
function pinkAboveNeckline(r: TryOnResult, body: Body): number {
  const W = r.image.width;
  const d = r.image.data;
  let n = 0;
  const x0 = Math.round(Math.min(body.shoulderL.x, body.shoulderR.x));
  const x1 = Math.round(Math.max(body.shoulderL.x, body.shoulderR.x));
  for (let y = Math.round(body.neck.y - body.span * 0.1); y < body.neck.y + body.span * 0.4; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (body.mask[p]! < 128 || r.layers.garment.data[p]! >= 128) continue;
      if (d[p * 4]! > d[p * 4 + 1]! + 40 && d[p * 4 + 2]! > d[p * 4 + 1]! + 8) n++;
    }
  }
  return n;
}

describe('the garment keeps its own shape (real models)', () => {
  it('a camisole keeps its straps: the shoulders and upper arms stay as they were, its hem near the hips', async () => {
    // cgi-model-30: bare shoulders and arms (a bikini)
    const { image, result, body } = await render('cgi-model-30', 'camisole');
    const W = image.width;
    let n = 0;
    let changed = 0;
    for (const arm of [body.armL, body.armR]) {
      // the shoulder's cap and the outer side of the upper arm down to half-way to the elbow, in the person's mask
      // (its inner side borders the chest, where a camisole's armhole is)
      const a = arm.root;
      const b = { x: arm.root.x + (arm.mid.x - arm.root.x) * 0.5, y: arm.root.y + (arm.mid.y - arm.root.y) * 0.5 };
      const r = arm.widthRoot * 0.45;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      // the normal pointing away from the body's axis
      let nx = -dy / len;
      let ny = dx / len;
      if ((a.x - body.neck.x) * nx < 0) {
        nx = -nx;
        ny = -ny;
      }
      for (let y = Math.floor(Math.min(a.y, b.y) - r); y <= Math.ceil(Math.max(a.y, b.y) + r); y++) {
        for (let x = Math.floor(Math.min(a.x, b.x) - r); x <= Math.ceil(Math.max(a.x, b.x) + r); x++) {
          const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (len * len)));
          if ((a.x + dx * t - x) ** 2 + (a.y + dy * t - y) ** 2 > r * r) continue;
          if ((x - a.x) * nx + (y - a.y) * ny < 0) continue;
          if (result.analysis.mask.data[y * W + x]! < 128) continue;
          n++;
          const o = (y * W + x) * 4;
          let d = 0;
          for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(result.image.data[o + c]! - image.data[o + c]!));
          if (d > 12) changed++;
        }
      }
    }
    expect(n).toBeGreaterThan(500);
    expect(changed / n).toBeLessThan(0.1);
    // the straps are on the body: garment over the shoulders' slope between the neck and each shoulder
    const strapRow = body.neck.y - body.span * 0.02;
    let straps = 0;
    for (let x = Math.round(body.shoulderL.x); x <= Math.round(body.shoulderR.x); x++)
      if (covered(result, x, strapRow + body.span * 0.08)) straps++;
    expect(straps).toBeGreaterThan(0);
    // not a sack to the thighs: the hem within a third of the torso below the hip joints
    expect(hemRow(result, body)).toBeLessThan(body.pelvis.y + body.torsoH * 0.33);
    // round 9, part N8 (before: 172 px; after: 2): the bikini's pink string down the right shoulder above the
    // neckline was in the old region, but its blended edges passed the skin map and stayed, and the fill between
    // them took their pink
    const pink = pinkAboveNeckline(result, body);
    console.log(`pink string pixels above the neckline: ${pink}`);
    expect(pink).toBeLessThan(40);
  }, 30_000);

  it('a knee-length coat reaches the knee (its length against its own chest, on the knee keypoints)', async () => {
    const { result, body } = await render('ai-body', 'knee-coat');
    const thigh = kneeY(body) - body.pelvis.y;
    expect(Math.abs(hemRow(result, body) - kneeY(body))).toBeLessThan(thigh * 0.2);
  }, 30_000);

  it('a maxi dress reaches the ankle and leaves the feet', async () => {
    const { result, body } = await render('ai-body', 'maxi-dress');
    const shin = ankleY(body) - kneeY(body);
    const hem = hemRow(result, body);
    expect(hem).toBeGreaterThan(ankleY(body) - shin * 0.15);
    expect(hem).toBeLessThan(ankleY(body) + shin * 0.12);
  }, 30_000);

  it('an A-line midi skirt on a wide stance is one piece across the gap between the legs, to mid-calf', async () => {
    const { result, body } = await render('ai-body', 'a-line-midi', true);
    const W = result.image.width;
    const mask = result.analysis.mask.data;
    const hem = hemRow(result, body);
    // the gap: rows from a quarter of the thigh below the hips to the hem, the pixels off the mask between the legs
    let gap = 0;
    let filled = 0;
    for (let y = Math.round(body.pelvis.y + (kneeY(body) - body.pelvis.y) * 0.25); y < hem - 4; y += 2) {
      const t = (y - body.pelvis.y) / (kneeY(body) - body.pelvis.y);
      const lx = body.legL.root.x + (body.legL.mid.x - body.legL.root.x) * Math.min(1, t);
      const rx = body.legR.root.x + (body.legR.mid.x - body.legR.root.x) * Math.min(1, t);
      for (let x = Math.round(lx); x <= Math.round(rx); x++) {
        if (mask[y * W + x]! >= 128) continue;
        gap++;
        if (covered(result, x, y)) filled++;
      }
    }
    // the stance is wide: there is a gap, and the skirt spans it
    expect(gap).toBeGreaterThan(1000);
    expect(filled / gap).toBeGreaterThan(0.9);
    expect(hem).toBeGreaterThan(kneeY(body));
    expect(hem).toBeLessThan(ankleY(body));
  }, 30_000);

  it('wide-leg trousers stay wide: each leg well wider than the leg in the mask at mid-shin', async () => {
    const { result, body } = await render('ai-body', 'wide-leg');
    const W = result.image.width;
    const mask = result.analysis.mask.data;
    const ratios: number[] = [];
    for (const leg of [body.legL, body.legR]) {
      const y = Math.round((leg.mid.y + leg.end.y) / 2);
      const cx = Math.round((leg.mid.x + leg.end.x) / 2);
      const run = (on: (x: number) => boolean) => {
        let a = cx;
        let b = cx;
        while (a > 0 && on(a - 1)) a--;
        while (b < W - 1 && on(b + 1)) b++;
        return b - a + 1;
      };
      const legW = run((x) => mask[y * W + x]! >= 128);
      // the trousers' width on this side of the middle between the legs
      const mid = (body.legL.end.x + body.legR.end.x) / 2;
      let a = cx;
      let b = cx;
      while (a > 0 && covered(result, a - 1, y) && (cx > mid ? a - 1 > mid : true)) a--;
      while (b < W - 1 && covered(result, b + 1, y) && (cx < mid ? b + 1 < mid : true)) b++;
      ratios.push((b - a + 1) / legW);
    }
    for (const r of ratios) expect(r).toBeGreaterThan(1.6);
  }, 30_000);

  it('a hoodie keeps its hood behind the head: hood pixels beside the head above the chin, none over the face', async () => {
    const { result, body } = await render('ai-body', 'hoodie');
    const W = result.image.width;
    // beside the head, above the chin (no top's neckline or shoulder goes above the chin: only the hood does)
    let hood = 0;
    for (let y = Math.round(body.head.cy); y < Math.round(body.head.chinY); y++) {
      for (let x = Math.round(body.neck.x - body.span * 0.7); x <= Math.round(body.neck.x + body.span * 0.7); x++) {
        if (covered(result, x, y)) hood++;
      }
    }
    expect(hood).toBeGreaterThan((body.span * 0.08) ** 2);
    // the face (the head's ellipse down to the chin): no garment
    const { cx, cy, rx, ry, chinY } = body.head;
    let inFace = 0;
    for (let y = Math.floor(cy - ry); y <= Math.ceil(chinY); y++) {
      for (let x = Math.floor(cx - rx * 0.8); x <= Math.ceil(cx + rx * 0.8); x++) {
        if (((x - cx) / (rx * 0.8)) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
        if (result.layers.garment.data[y * W + x]! > 0) inFace++;
      }
    }
    expect(inFace).toBe(0);
    // worn down, it shows on each side of the neck (from halfway up the chin to halfway down to the shoulders'
    // line, off the neck's column), its outline anti-aliased: a drawn edge partly covers the pixels it crosses
    // (a flap cut by the silhouette's blocky outline or by a square neck column: whole pixels, a stair-step)
    const { neck, span } = body;
    const y0 = Math.round(chinY - (chinY - cy) * 0.5);
    const y1 = Math.round(chinY + (neck.y - chinY) * 0.5);
    const sides = [0, 0];
    let edges = 0;
    let soft = 0;
    const cov = result.layers.garment.data;
    for (let y = y0; y <= y1; y++) {
      for (const [k, dir] of [
        [0, -1],
        [1, 1],
      ] as const) {
        for (let d = Math.round(span * 0.12); d <= Math.round(span * 0.6); d++) {
          const p = y * W + Math.round(neck.x + dir * d);
          const v = cov[p]!;
          if (v >= 128) sides[k]!++;
          if (v > 12 && v < 243) soft++;
          if (v >= 128 && Math.min(cov[p - 1]!, cov[p + 1]!, cov[p - W]!, cov[p + W]!) < 128) edges++;
        }
      }
    }
    for (const n of sides) expect(n).toBeGreaterThan((span * 0.08) ** 2);
    expect(soft / Math.max(1, edges)).toBeGreaterThan(0.6);
  }, 30_000);
});
