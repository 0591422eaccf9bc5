/**
 * Each metric on synthetic images: it fires on the defect it is for and stays quiet on a clean render.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GrayImage, RgbaImage, TryOnResult } from '../../../shared/engine';
import { GARMENTS_DIR, loadImage } from '../fixtures';
import { metricContext } from './context';
import { bareTorso, flatPaint, hardFill, oldShowing, paintSeams, topHoles, torsoCoverage } from './cover';
import { legsKept, shoeOffset } from './legs';
import { legGapFilled, shaftOnLeg, shoeOffLeg, shoeShape, shoesMerged, sleevesDrawn } from './outline';
import { failuresOf, hasShaft, LENGTH, measureAll } from './measure-all';
import { measure, THRESHOLDS as LEGACY } from './legacy';
import { deltaE2000, rgbToLab, segDist2 } from './pixels';
import { colourDelta, productTilt, shadowEdge, slotGuess } from './product';
import { hemTilt, legGapOpen, legWidthRatio, lengthError, shouldersKept } from './shape';
import { BG, BLACK, BLUE, blank, copy, figure, H, paint, RED, SKIN, W, type Figure } from './synthetic';
import { EVAL_THRESHOLDS, METRIC_THRESHOLDS } from './thresholds';

const T = { ...METRIC_THRESHOLDS, ...EVAL_THRESHOLDS };

const ctxOf = (f: Figure, result: RgbaImage, garment: Uint8Array) =>
  metricContext(f.person, result, f.analysis, garment);

/** A clean top: red over the old top (the torso), the arms hanging beside it left as they are. */
function cleanTop(f: Figure) {
  const result = copy(f.person);
  const garment = new Uint8Array(W * H);
  paint(result, (x, y) => f.inTorso(x, y) && !(f.onArm(x, y) && x > 60 && y > 100 && x < 130), RED, garment);
  return { result, garment };
}

describe('bareTorso', () => {
  it('fires when the old top is filled with skin', () => {
    const f = figure();
    const result = copy(f.person);
    paint(result, f.inTorso, SKIN);
    expect(bareTorso(ctxOf(f, result, new Uint8Array(W * H)))).toBeGreaterThan(0.8);
  });
  it('is quiet on a top drawn over the torso, and on skin that was bare in the photo', () => {
    const f = figure();
    const { result, garment } = cleanTop(f);
    expect(bareTorso(ctxOf(f, result, garment))).toBe(0);
    const bare = figure({ bareTorso: true });
    expect(bareTorso(ctxOf(bare, copy(bare.person), new Uint8Array(W * H)))).toBe(0);
  });
  it('does not count a skin-coloured garment as bare when told so', () => {
    const f = figure();
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, f.inTorso, SKIN, garment);
    expect(bareTorso(ctxOf(f, result, garment), true)).toBe(0);
  });
});

describe('oldShowing', () => {
  const f = figure();
  const clothes = { top: [f.torso] };
  it('fires when the old top is left as it was', () => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, (x, y) => f.inTorso(x, y) && y < 120, RED, garment);
    expect(oldShowing(ctxOf(f, result, garment), 'top', clothes)).toBeGreaterThan(0.5);
  });
  it('is quiet when the new top covers it', () => {
    const { result, garment } = cleanTop(f);
    expect(oldShowing(ctxOf(f, result, garment), 'top', clothes)).toBeLessThanOrEqual(T.oldShowingMax);
  });
  it('is null without labels, and a bottom does not answer for the old top', () => {
    const { result, garment } = cleanTop(f);
    expect(oldShowing(ctxOf(f, result, garment), 'top', undefined)).toBeNull();
    expect(oldShowing(ctxOf(f, copy(f.person), garment), 'bottom', clothes)).toBeNull();
  });
});

describe('torsoCoverage', () => {
  const f = figure({ bareTorso: true });
  /** A crew-neck top over the torso from its neckline (a scoop 14 px deep below the shoulders) to row `hem`. */
  const top = (hem: number, below: [number, number, number] | null, narrow = 0) => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    const neckline = (x: number, y: number) => y < 80 + 14 * Math.sqrt(Math.max(0, 1 - ((x - 100) / 22) ** 2));
    paint(
      result,
      (x, y) => f.inTorso(x, y) && !neckline(x, y) && y <= hem && x >= 68 + narrow && x <= 132 - narrow,
      RED,
      garment,
    );
    // below the hem: a skirt's waistband worn above the hip joints, or the bare midriff (the photo's skin)
    if (below) paint(result, (x, y) => f.inTorso(x, y) && y > hem, below);
    return { ctx: ctxOf(f, result, garment), result, garment };
  };
  /** The gallery's coverage (test/engine/metrics/legacy.ts `measure`) of the same render. */
  const legacyCoverage = ({ result, garment }: ReturnType<typeof top>) =>
    measure('synthetic', 'top', f.person, f.analysis, {
      image: result,
      layers: {
        garment: { width: W, height: H, data: garment },
        filled: { width: W, height: H, data: new Uint8Array(W * H) },
      },
      placed: [],
    } as unknown as TryOnResult).coverage!;
  it("is quiet on a crew neck worn down to a skirt's waistband above the hip joints", () => {
    // the torso's quadrilateral from the shoulders' line to the hips' counts the neckline and the skirt as
    // uncovered (under the gallery's 0.9): a person sees the torso covered
    const worn = top(165, BLACK);
    expect(legacyCoverage(worn)).toBeLessThan(LEGACY.topCoverage);
    expect(torsoCoverage(worn.ctx)!).toBeGreaterThanOrEqual(LEGACY.topCoverage);
  });
  it('fires on a top drawn short over a bare midriff, and on one narrower than the torso', () => {
    expect(torsoCoverage(top(140, null).ctx)!).toBeLessThan(LEGACY.topCoverage);
    expect(torsoCoverage(top(186, BLACK, 14).ctx)!).toBeLessThan(LEGACY.topCoverage);
  });
});

describe('topHoles', () => {
  const f = figure({ armCrossed: true });
  it('fires when the old top shows between a forearm in front and the new top', () => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    // the top stops 8 px short of the forearm: a band of the old top shows under it
    const gap = (x: number, y: number) => segDist2(x, y, f.kp.rightElbow, f.kp.rightWrist) <= 18 * 18;
    paint(result, (x, y) => f.inTorso(x, y) && !gap(x, y), RED, garment);
    expect(topHoles(ctxOf(f, result, garment), 'top')).toBeGreaterThan(T.topHolesMax);
  });
  it('is quiet when the top runs under the forearm with no gap', () => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, (x, y) => f.inTorso(x, y) && !f.onArm(x, y), RED, garment);
    expect(topHoles(ctxOf(f, result, garment), 'top')).toBeLessThanOrEqual(T.topHolesMax);
  });
  it('fires on a hole in the middle of a top', () => {
    const figureHanging = figure();
    const { result, garment } = cleanTop(figureHanging);
    paint(result, (x, y) => x >= 90 && x <= 110 && y >= 120 && y <= 140, BLUE);
    for (let y = 120; y <= 140; y++) for (let x = 90; x <= 110; x++) garment[y * W + x] = 0;
    expect(topHoles(ctxOf(figureHanging, result, garment), 'top')).toBeGreaterThan(T.topHolesMax);
    expect(topHoles(ctxOf(figureHanging, result, garment), 'bottom')).toBeNull();
  });
  it('fires on a hole that shows the bare body under the top (a strapless outfit)', () => {
    const bare = figure({ bareTorso: true });
    const { result, garment } = cleanTop(bare);
    paint(result, (x, y) => x >= 112 && x <= 124 && y >= 95 && y <= 115, SKIN);
    for (let y = 95; y <= 115; y++) for (let x = 112; x <= 124; x++) garment[y * W + x] = 0;
    expect(topHoles(ctxOf(bare, result, garment), 'top')).toBeGreaterThan(T.topHolesMax);
  });
});

describe('hardFill', () => {
  const f = figure({ highCollar: true });
  it('fires on a flat skin box at the neckline (straight, sharp edges against the old collar)', () => {
    const result = copy(f.person);
    paint(result, (x, y) => x >= 86 && x <= 114 && y >= 60 && y <= 84, SKIN);
    expect(hardFill(ctxOf(f, result, new Uint8Array(W * H)))).toBeGreaterThan(T.hardFillMax);
  });
  it('is quiet on a fill that fades into the photo round a curved outline', () => {
    const result = copy(f.person);
    const r = 14;
    paint(
      result,
      (x, y) => (x - 100) ** 2 + (y - 72) ** 2 <= r * r,
      (x, y) => {
        // skin at the centre, the collar's own blue at the rim
        const t = Math.min(1, Math.hypot(x - 100, y - 72) / r);
        return SKIN.map((s, k) => Math.round(s * (1 - t) + BLUE[k]! * t));
      },
    );
    expect(hardFill(ctxOf(f, result, new Uint8Array(W * H)))).toBeLessThanOrEqual(T.hardFillMax);
  });
});

describe('paintSeams', () => {
  const f = figure({ highCollar: true });
  it('fires on a flat round skin blotch over the collar', () => {
    const result = copy(f.person);
    paint(result, (x, y) => (x - 100) ** 2 + (y - 72) ** 2 <= 14 * 14, SKIN);
    expect(paintSeams(ctxOf(f, result, new Uint8Array(W * H)))).toBeGreaterThan(T.paintSeamsMax);
  });
  it('is quiet on the same fill fading into the photo at its rim', () => {
    const result = copy(f.person);
    const r = 14;
    paint(
      result,
      (x, y) => (x - 100) ** 2 + (y - 72) ** 2 <= r * r,
      (x, y) => {
        const t = Math.min(1, Math.hypot(x - 100, y - 72) / r) ** 2;
        return SKIN.map((s, k) => Math.round(s * (1 - t) + BLUE[k]! * t));
      },
    );
    expect(paintSeams(ctxOf(f, result, new Uint8Array(W * H)))).toBeLessThanOrEqual(T.paintSeamsMax);
  });
  it("does not count the new garment's own edges", () => {
    const { result, garment } = cleanTop(f);
    expect(paintSeams(ctxOf(f, result, garment))).toBe(0);
  });
});

describe('flatPaint', () => {
  // the photo's backdrop with a fine grain (a glittery wall): +-24 in a 5 px pattern
  const grain = (x: number, y: number) => (((x * 3 + y * 7) % 5) - 2) * 12;
  const f0 = figure();
  const person = copy(f0.person);
  paint(
    person,
    (x, y) => BG.every((c, k) => f0.person.data[(y * W + x) * 4 + k] === c),
    (x, y) => BG.map((c) => c + grain(x, y)),
  );
  const f = { ...f0, person };
  const beside = (x: number, y: number) => x >= 20 && x < 60 && y >= 150 && y < 250;
  it('fires on a smooth patch where the wall has grain (a halo where an old skirt was)', () => {
    const result = copy(person);
    paint(result, beside, BG);
    expect(flatPaint(ctxOf(f, result, new Uint8Array(W * H)))).toBeGreaterThan(T.flatPaintMax);
  });
  it('is quiet on the same patch with the grain carried on (shifted a pixel), and on the new garment', () => {
    const result = copy(person);
    paint(result, beside, (x, y) => BG.map((c) => c + grain(x + 1, y + 1)));
    expect(flatPaint(ctxOf(f, result, new Uint8Array(W * H)))).toBe(0);
    const flat = copy(person);
    const garment = new Uint8Array(W * H);
    paint(flat, beside, BG, garment);
    expect(flatPaint(ctxOf(f, flat, garment))).toBe(0);
  });
});

describe('shouldersKept', () => {
  const f = figure();
  it('fires on a boxy top over the shoulders and upper arms', () => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(
      result,
      (x, y) => y >= 70 && y <= 190 && x >= 50 && x <= 150 && f.analysis.mask.data[y * W + x]! > 0,
      RED,
      garment,
    );
    expect(shouldersKept(ctxOf(f, result, garment))).toBeLessThan(T.shouldersKeptMin);
  });
  it('is quiet on a sleeveless top on the torso only', () => {
    const { result, garment } = cleanTop(f);
    expect(shouldersKept(ctxOf(f, result, garment))).toBeGreaterThanOrEqual(T.shouldersKeptMin);
  });
  it("is quiet on a bodice over the torso's side beside the armpit (inside the arm's axis)", () => {
    // the torso's side runs past the line from the shoulder joint to the hip joint (a bust, a body turned
    // three-quarters): a tank's armhole covers it there, the arm's outer side is bare
    const { result, garment } = cleanTop(f);
    const axisX = (p: { x: number; y: number }, q: { x: number; y: number }, y: number) =>
      p.x + ((q.x - p.x) * (y - p.y)) / (q.y - p.y);
    const left = (y: number) => axisX(f.kp.leftShoulder, f.kp.leftElbow, y) - 1;
    const right = (y: number) => axisX(f.kp.rightShoulder, f.kp.rightElbow, y) + 1;
    const side = (x: number, y: number) =>
      y >= 78 && y <= 125 && f.analysis.mask.data[y * W + x]! > 0 && (x < 100 ? x > right(y) : x < left(y));
    paint(result, side, RED, garment);
    expect(shouldersKept(ctxOf(f, result, garment))).toBeGreaterThanOrEqual(T.shouldersKeptMin);
  });
});

describe('lengthError and legGapOpen', () => {
  const f = figure();
  const skirtRows = (y: number) => y >= 78 && y <= 270;
  it('measures the hem against the knees: a knee-length dress is right for knee, short for maxi', () => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, (x, y) => skirtRows(y) && x >= 66 && x <= 134, RED, garment);
    const ctx = ctxOf(f, result, garment);
    expect(Math.abs(lengthError(ctx, LENGTH.knee)!)).toBeLessThanOrEqual(T.lengthErrorMax);
    expect(lengthError(ctx, LENGTH.maxi)!).toBeLessThan(-T.lengthErrorMax);
  });
  it('fires on a skirt clipped to each leg, quiet on one piece across the legs', () => {
    const split = copy(f.person);
    const gSplit = new Uint8Array(W * H);
    paint(split, (x, y) => skirtRows(y) && (f.inTorso(x, y) || (y > 180 && f.onLeg(x, y))), RED, gSplit);
    expect(legGapOpen(ctxOf(f, split, gSplit))!).toBeGreaterThan(T.legGapOpenMax);
    const whole = copy(f.person);
    const gWhole = new Uint8Array(W * H);
    paint(whole, (x, y) => skirtRows(y) && x >= 66 && x <= 134, RED, gWhole);
    expect(legGapOpen(ctxOf(f, whole, gWhole))!).toBeLessThanOrEqual(T.legGapOpenMax);
  });
});

describe('legWidthRatio', () => {
  const f = figure();
  // the product: a waistband 100 px wide, two legs 48 px wide each down to the hem
  const product: GrayImage = { width: 200, height: 200, data: new Uint8Array(200 * 200) };
  for (let y = 20; y < 190; y++) {
    const t = (y - 20) / 170;
    for (let x = 0; x < 200; x++) {
      const inWaist = y < 60 && x >= 50 && x < 150;
      // each leg 48 px wide, flaring outwards
      const inLeg = (x >= 50 - 20 * t && x < 98 - 20 * t) || (x >= 102 + 20 * t && x < 150 + 20 * t);
      if (inWaist || (y >= 60 && inLeg)) product.data[y * 200 + x] = 255;
    }
  }
  const drawn = (legHalf: number) => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(
      result,
      (x, y) =>
        (y >= 175 && y < 200 && x >= 78 && x <= 122) ||
        (y >= 200 && y <= 350 && (Math.abs(x - 85) <= legHalf || Math.abs(x - 115) <= legHalf)),
      BLUE,
      garment,
    );
    return ctxOf(f, result, garment);
  };
  it('fires when wide legs are drawn slim', () => {
    expect(legWidthRatio(drawn(5), product)!).toBeLessThan(T.legWidthRatioMin);
  });
  it('is quiet when the legs keep their width against the waist', () => {
    expect(legWidthRatio(drawn(13), product)!).toBeGreaterThanOrEqual(T.legWidthRatioMin);
  });
});

describe('legsKept and shoeOffset', () => {
  const f = figure({ stockings: true });
  it('fires when stockings under a new top are repainted as skin', () => {
    const { result, garment } = cleanTop(f);
    paint(result, (x, y) => y > 270 && f.onLeg(x, y), SKIN);
    expect(legsKept(ctxOf(f, result, garment), 'top', { top: [f.torso] })!).toBeLessThan(T.legsKeptMin);
  });
  it('is quiet when the legs are left as they were', () => {
    const { result, garment } = cleanTop(f);
    expect(legsKept(ctxOf(f, result, garment), 'top', { top: [f.torso] })!).toBeGreaterThanOrEqual(T.legsKeptMin);
  });
  const shoes = (dy: number) => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, (x, y) => f.onFoot(x, y - dy), RED, garment);
    return ctxOf(f, result, garment);
  };
  it('shoes on the feet are quiet; floating shoes and a missing shoe fire', () => {
    expect(shoeOffset(shoes(0))).toBeLessThanOrEqual(T.shoeOffsetMax);
    expect(shoeOffset(shoes(-20))).toBeGreaterThan(T.shoeOffsetMax);
    const one = copy(f.person);
    const g = new Uint8Array(W * H);
    paint(one, (x, y) => f.onFoot(x, y) && x < 100, RED, g);
    expect(shoeOffset(ctxOf(f, one, g))).toBe(1);
  });
});

describe('the outline: shoes merged, their shape, boot shafts, sleeves', () => {
  const f = figure();
  /** A product photo's alpha: boxes (x0, y0, x1, y1) on 0, less the holes. */
  const alphaOf = (boxes: number[][], holes: number[][] = []): GrayImage => {
    const data = new Uint8Array(300 * 150);
    const inside = (b: number[], x: number, y: number) => x >= b[0]! && x < b[2]! && y >= b[1]! && y < b[3]!;
    for (let y = 0; y < 150; y++)
      for (let x = 0; x < 300; x++)
        if (boxes.some((b) => inside(b, x, y)) && !holes.some((b) => inside(b, x, y))) data[y * 300 + x] = 255;
    return { width: 300, height: 150, data };
  };
  const drawn = (on: (x: number, y: number) => boolean) => {
    const result = copy(f.person);
    const garment = new Uint8Array(W * H);
    paint(result, on, RED, garment);
    return ctxOf(f, result, garment);
  };
  const pair = alphaOf([
    [20, 40, 130, 110],
    [170, 40, 280, 110],
  ]);
  it('shoesMerged: a shoe on each foot is quiet; one slab over both feet fires', () => {
    expect(shoesMerged(drawn(f.onFoot), pair)).toBe(0);
    expect(
      shoesMerged(
        drawn((x, y) => f.onFoot(x, y) || (y > 345 && y < 372 && x > 80 && x < 120)),
        pair,
      ),
    ).toBe(1);
  });
  it('shoeShape: a heel hollow under its arch drawn as a solid blob fires; its own shape is quiet', () => {
    // the heel's side view: the sole and the heel, hollow between (about half its box)
    const heels = alphaOf(
      [
        [20, 40, 130, 110],
        [170, 40, 280, 110],
      ],
      [
        [45, 70, 115, 110],
        [185, 70, 255, 110],
      ],
    );
    const blob = drawn((x, y) => y > 350 && y < 372 && ((x > 74 && x < 96) || (x > 104 && x < 126)));
    expect(shoeShape(blob, heels)!).toBeGreaterThan(T.shoeShapeMax);
    expect(shoeShape(blob, pair)!).toBeLessThanOrEqual(T.shoeShapeMax);
  });
  it('shaftOnLeg and shoeOffLeg: shafts on the shins are quiet; shafts beside the legs fire', () => {
    const on = drawn((x, y) => y > 300 && (f.onLeg(x, y) || f.onFoot(x, y)));
    expect(shaftOnLeg(on)!).toBeGreaterThanOrEqual(T.shaftOnLegMin);
    expect(shoeOffLeg(on)!).toBeLessThanOrEqual(T.shoeOffLegMax);
    const beside = drawn((x, y) => y > 300 && y < 360 && (f.onLeg(x - 24, y) || f.onLeg(x + 24, y)) && !f.onLeg(x, y));
    expect(shaftOnLeg(beside)!).toBeLessThan(T.shaftOnLegMin);
    expect(shoeOffLeg(beside)!).toBeGreaterThan(T.shoeOffLegMax);
    // low shoes do not reach above the ankles: no shaft to measure
    expect(shaftOnLeg(drawn((x, y) => y > 362 && f.onFoot(x, y)))).toBeNull();
    // a trainer's collar or a pump reaching just above the ankle keypoint is not a shaft: only boots (or an
    // unknown kind) are measured
    expect([hasShaft('trainers'), hasShaft('heels'), hasShaft('boots'), hasShaft(undefined)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
  it('legGapFilled: trousers on each leg are quiet; one slab across both legs fires', () => {
    const legs = drawn((x, y) => y > 178 && y < 350 && f.onLeg(x, y));
    expect(legGapFilled(legs)!).toBeLessThanOrEqual(T.legGapFilledMax);
    const slab = drawn((x, y) => y > 178 && y < 350 && ((x > 70 && x < 130) || f.onLeg(x, y)));
    expect(legGapFilled(slab)!).toBeGreaterThan(T.legGapFilledMax);
  });
  it('sleevesDrawn: a top drawn without its sleeves fires; one with sleeves is quiet', () => {
    const { result, garment } = cleanTop(f);
    expect(sleevesDrawn(ctxOf(f, result, garment))).toBeLessThan(T.sleevesDrawnMin);
    const sleeved = copy(result);
    paint(sleeved, (x, y) => f.onArm(x, y) && y < 125, RED, garment);
    expect(sleevesDrawn(ctxOf(f, sleeved, garment))).toBeGreaterThanOrEqual(T.sleevesDrawnMin);
  });
});

describe('product metrics', () => {
  const garmentOn = (shadow: boolean) => {
    const img = blank([236, 236, 236], 200, 200);
    const alpha: GrayImage = { width: 200, height: 200, data: new Uint8Array(200 * 200) };
    // a soft drop shadow 10 px right and down of the garment
    if (shadow)
      paint(
        img,
        (x, y) => x >= 70 && x < 160 && y >= 70 && y < 160,
        (x, y) => {
          const d = Math.min(x - 70, y - 70, 159 - x, 159 - y);
          const k = 0.7 + 0.2 * Math.max(0, 1 - d / 8);
          return [236 * k, 236 * k, 236 * k].map(Math.round);
        },
      );
    paint(img, (x, y) => x >= 60 && x < 150 && y >= 60 && y < 150, RED);
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 200; x++) {
        const garment = x >= 60 && x < 150 && y >= 60 && y < 150;
        const shade = shadow && x >= 70 && x < 160 && y >= 70 && y < 160;
        if (garment || shade) alpha.data[y * 200 + x] = 255;
      }
    }
    return { img, alpha };
  };
  it('shadowEdge fires on a cut-out that took the drop shadow, quiet on the garment alone', () => {
    const withShadow = garmentOn(true);
    expect(shadowEdge(withShadow.img, withShadow.alpha)).toBeGreaterThan(T.shadowEdgeMax);
    const clean = garmentOn(false);
    expect(shadowEdge(clean.img, clean.alpha)).toBe(0);
  });
  it('productTilt reads a rotation and is 0 on a straight shot', () => {
    const a: GrayImage = { width: 200, height: 200, data: new Uint8Array(200 * 200) };
    const t = (12 * Math.PI) / 180;
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 200; x++) {
        const u = (x - 100) * Math.cos(t) + (y - 100) * Math.sin(t);
        const v = -(x - 100) * Math.sin(t) + (y - 100) * Math.cos(t);
        if (Math.abs(u) < 40 && Math.abs(v) < 60) a.data[y * 200 + x] = 255;
      }
    }
    expect(productTilt(a)).toBeGreaterThanOrEqual(11);
    expect(productTilt(a)).toBeLessThanOrEqual(13);
    expect(productTilt(garmentOn(false).alpha)).toBe(0);
  });
  it('hemTilt fires on a garment drawn tilted, quiet on a level hem', () => {
    const f = figure();
    const level = copy(f.person);
    const gl = new Uint8Array(W * H);
    paint(level, (x, y) => x >= 70 && x <= 130 && y >= 80 && y <= 185, RED, gl);
    expect(hemTilt(ctxOf(f, level, gl))!).toBeLessThanOrEqual(T.tiltMaxDeg);
    const tilted = copy(f.person);
    const gt = new Uint8Array(W * H);
    paint(tilted, (x, y) => x >= 70 && x <= 130 && y >= 80 && y <= 185 + (x - 100) * 0.25, RED, gt);
    expect(hemTilt(ctxOf(f, tilted, gt))!).toBeGreaterThan(T.tiltMaxDeg);
  });
  it('slotGuess compares the outline-guessed slot with the truth', async () => {
    const jeans = await loadImage(path.join(GARMENTS_DIR, 'jeans-white.jpg'));
    expect(slotGuess(jeans, 'bottom')).toEqual({ guessed: 'bottom', right: true });
    expect(slotGuess(jeans, 'top').right).toBe(false);
  });
  it('colourDelta: small for the product colour under the scene light, large for a wrong colour', () => {
    const f = figure();
    const { img, alpha } = garmentOn(false);
    const drawn = (c: readonly number[]) => {
      const result = copy(f.person);
      const garment = new Uint8Array(W * H);
      paint(result, f.inTorso, c, garment);
      return ctxOf(f, result, garment);
    };
    const same = colourDelta(drawn(RED), { image: img, alpha })!;
    expect(same.deltaE).toBeLessThan(T.deltaEMax);
    expect(colourDelta(drawn(BLUE), { image: img, alpha })!.deltaE).toBeGreaterThan(T.deltaEMax);
    expect(colourDelta(drawn(RED), null)).toBeNull();
  });
  it('deltaE2000 matches the published test pairs (Sharma, Wu and Dalal 2005)', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 3);
    expect(deltaE2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 3);
    const red = rgbToLab(255, 0, 0);
    expect(red[0]).toBeCloseTo(53.24, 1);
  });
});

describe('measureAll', () => {
  it('measures a clean render with no failures and a broken one with its failures named', () => {
    const f = figure();
    const product = blank([250, 250, 250], 200, 200);
    // a tee: a body and short sleeves
    paint(
      product,
      (x, y) => (x >= 70 && x < 130 && y >= 40 && y < 170) || (x >= 35 && x < 165 && y >= 40 && y < 80),
      RED,
    );
    const tryOnOf = (result: RgbaImage, garment: Uint8Array): TryOnResult => ({
      image: result,
      analysis: f.analysis,
      placed: [{ slot: 'top', bbox: { x: 0, y: 0, w: W, h: H } }],
      timingsMs: {},
      layers: {
        garment: { width: W, height: H, data: garment },
        filled: { width: W, height: H, data: new Uint8Array(W * H) },
      },
      debug: [],
      safety: { ok: true, bareTorso: 0, bareBust: 0, offBody: 0, detached: 0, ms: 0 },
    });
    const { result, garment } = cleanTop(f);
    const input = { person: f.person, analysis: f.analysis, product, slotGiven: null, clothes: { top: [f.torso] } };
    const truth = { slot: 'top' as const, sleeveless: true };
    const clean = measureAll({ ...input, tryOn: tryOnOf(result, garment), truth });
    expect(failuresOf(clean, truth)).toEqual([]);
    expect(clean.slot).toBe('top');
    expect(clean.legacy).toBeNull();
    const broken = copy(f.person);
    paint(broken, f.inTorso, SKIN);
    const bad = measureAll({ ...input, tryOn: tryOnOf(broken, new Uint8Array(W * H)), truth });
    expect(failuresOf(bad, truth)).toEqual(expect.arrayContaining(['bareTorso']));
  });
});
