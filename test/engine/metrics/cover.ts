/**
 * What the new garment covers and what the engine painted: the torso left bare, old clothes still showing, holes
 * in a top, hard-edged fill regions (the "neck box").
 */
import type { EngineSlot } from '../../../shared/engine';
import type { MetricContext } from './context';
import {
  armCapsules,
  binary,
  channelDiff,
  enclosed,
  inCapsules,
  loosened,
  polygonMask,
  rowExtent,
  skinAt,
  torsoSpan,
  unchanged,
  type Polygon,
} from './pixels';
import { METRIC_THRESHOLDS as T } from './thresholds';

/**
 * The torso left bare where clothes were: share of the torso region (from `torsoTop` below the shoulders' line
 * to the hips' line, inset, arms and hands left out) that is skin in the render and was no skin in the photo.
 * `skinCloth`: the garment is itself skin-coloured cloth (its drawn pixels do not count as skin).
 */
export function bareTorso(ctx: MetricContext, skinCloth = false): number {
  const { body, person, result, skin, garment, width: W, height: H } = ctx;
  const before = loosened(skin);
  const arms = armCapsules(body, 1.1);
  const top = body.neck.y + body.torsoH * T.torsoTop;
  const inset = body.span * T.torsoInset;
  let n = 0;
  let bare = 0;
  for (let y = Math.max(0, Math.ceil(top)); y <= Math.min(H - 1, Math.floor(body.pelvis.y)); y++) {
    const [l, r] = torsoSpan(body, y, inset);
    for (let x = Math.max(0, Math.ceil(l)); x <= Math.min(W - 1, Math.floor(r)); x++) {
      if (inCapsules(arms, x, y)) continue;
      const i = y * W + x;
      n++;
      if (!skinAt(skin, result, i) || skinAt(before, person, i)) continue;
      if (skinCloth && garment[i]! >= 128) continue;
      bare++;
    }
  }
  return n ? bare / n : 0;
}

/** Which old clothes a new garment of `slot` replaces: the same slot, wholly; the others, within its own rows. */
export const REPLACES: Record<EngineSlot, { whole: EngineSlot[]; within: EngineSlot[] }> = {
  top: { whole: ['top'], within: ['one-piece'] },
  outerwear: { whole: ['top', 'outerwear'], within: ['one-piece'] },
  'one-piece': { whole: ['one-piece', 'top'], within: ['bottom'] },
  bottom: { whole: ['bottom'], within: ['one-piece'] },
  shoes: { whole: ['shoes'], within: [] },
  accessory: { whole: [], within: [] },
};

/**
 * Old clothes still visible where the new garment should have covered (or the engine filled) them: share of the
 * labelled old clothes (polygons per slot) that the render shows unchanged, skin in the photo (a hand in front)
 * left out. The same slot counts wholly; another slot it replaces (a dress's old top, a top's old dress) only
 * between the new garment's first and last rows. null when nothing is labelled.
 */
export function oldShowing(
  ctx: MetricContext,
  slot: EngineSlot,
  clothes: Partial<Record<EngineSlot, Polygon[]>> | undefined,
): number | null {
  if (!clothes) return null;
  const { person, result, skin, garment, width: W, height: H } = ctx;
  const rows = rowExtent(binary(garment), W, H, Math.max(2, Math.round(ctx.body.span * 0.05)));
  const rule = REPLACES[slot];
  let n = 0;
  let seen = 0;
  const count = (polys: Polygon[] | undefined, y0: number, y1: number) => {
    if (!polys?.length) return;
    const m = polygonMask(polys, W, H);
    for (let y = Math.max(0, y0); y <= Math.min(H - 1, y1); y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        if (!m[i] || skinAt(skin, person, i)) continue;
        n++;
        if (unchanged(person, result, i)) seen++;
      }
    }
  };
  for (const s of rule.whole) count(clothes[s], 0, H - 1);
  if (rows) for (const s of rule.within) count(clothes[s], rows[0], rows[1]);
  return n ? seen / n : null;
}

/**
 * Holes in an upper garment: pixels enclosed by the drawn garment and the arms (the arms in front, capsules 1.3x
 * the limbs' widths, close a hole that a forearm crossing the torso leaves open at the garment's edge): the old
 * top, the background or the body's own skin seen through the garment, in the torso's rows; share of the torso
 * region the garment covers with its holes. null for a bottom or shoes.
 */
export function topHoles(ctx: MetricContext, slot: EngineSlot): number | null {
  if (slot !== 'top' && slot !== 'outerwear' && slot !== 'one-piece') return null;
  const { body, garment, width: W, height: H } = ctx;
  // the arms (generously: a hand is wider than its wrist) are walls; the rest enclosed shows through a hole
  const arms = armCapsules(body, 1.3, 0.3);
  const wall = new Uint8Array(W * H);
  // the arms are walls only where they overlap the garment's bounding rows (a hand in the hair closes nothing)
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (garment[i]! >= 128) wall[i] = 1;
    }
  }
  const rows = rowExtent(wall, W, H, 1);
  if (!rows) return 0;
  const armX0 = Math.max(0, Math.floor(Math.min(...arms.flatMap(([a, b, r]) => [a.x - r, b.x - r]))));
  const armX1 = Math.min(W - 1, Math.ceil(Math.max(...arms.flatMap(([a, b, r]) => [a.x + r, b.x + r]))));
  for (let y = rows[0]; y <= rows[1]; y++) {
    for (let x = armX0; x <= armX1; x++) if (inCapsules(arms, x, y)) wall[y * W + x] = 1;
  }
  const hole = enclosed(wall, W, H);
  const top = body.neck.y + body.torsoH * 0.12;
  let area = 0;
  let holes = 0;
  for (let y = Math.max(0, Math.ceil(top)); y <= Math.min(H - 1, rows[1]); y++) {
    const [l, r] = torsoSpan(body, Math.min(y, body.pelvis.y), 0);
    for (let x = Math.max(0, Math.ceil(l)); x <= Math.min(W - 1, Math.floor(r)); x++) {
      const i = y * W + x;
      if (garment[i]! >= 128) {
        area++;
        continue;
      }
      if (!hole[i]) continue;
      area++;
      holes++;
    }
  }
  return area ? holes / area : 0;
}

/**
 * Hard-edged fill regions (the "neck box"): the engine's painted pixels (changed, under no garment) meet the
 * photo's own pixels (unchanged, under no garment) along an edge. Edges with a step of at least `hardStep` in a
 * channel, in straight axis-aligned runs of at least `hardRunMin` spans, are summed: the total, in spans. A
 * diffused fill meets the photo softly or along the body's own curved outline; a box meets it in straight lines.
 */
export function hardFill(ctx: MetricContext): number {
  const { person, result, garment, body, width: W, height: H } = ctx;
  const cls = new Uint8Array(W * H); // 0 other, 1 painted, 2 photo's own
  for (let i = 0; i < W * H; i++) {
    if (garment[i]! > 16) continue;
    cls[i] = unchanged(person, result, i) ? 2 : 1;
  }
  const minRun = Math.max(4, Math.round(body.span * T.hardRunMin));
  const hard = (a: number, b: number) =>
    ((cls[a] === 1 && cls[b] === 2) || (cls[a] === 2 && cls[b] === 1)) && stepAt(a, b) >= T.hardStep;
  const stepAt = (a: number, b: number) => {
    const o = a * 4;
    const q = b * 4;
    const d = result.data;
    return Math.max(Math.abs(d[o]! - d[q]!), Math.abs(d[o + 1]! - d[q + 1]!), Math.abs(d[o + 2]! - d[q + 2]!));
  };
  let total = 0;
  // vertical edges (between x and x + 1), runs down the rows
  for (let x = 0; x + 1 < W; x++) {
    let run = 0;
    for (let y = 0; y <= H; y++) {
      const on = y < H && hard(y * W + x, y * W + x + 1);
      if (on) run++;
      else {
        if (run >= minRun) total += run;
        run = 0;
      }
    }
  }
  // horizontal edges (between y and y + 1), runs along the row
  for (let y = 0; y + 1 < H; y++) {
    let run = 0;
    for (let x = 0; x <= W; x++) {
      const on = x < W && hard(y * W + x, (y + 1) * W + x);
      if (on) run++;
      else {
        if (run >= minRun) total += run;
        run = 0;
      }
    }
  }
  return total / body.span;
}

/**
 * Seams of the engine's paint (smears, blotches, ghosts of the old garment): the boundary between painted pixels
 * (differing from the photo by more than `paintDiff` in a channel, under no garment) and the photo's own pixels
 * around them, where the luminance steps by `paintStep` or more, counted in pixel edges, in spans. Unlike
 * `hardFill`, any outline counts, straight or not: a fill that takes on the person's and the backdrop's own shades
 * meets the photo without a visible seam, a blurred patch or a translucent ghost meets it along a line.
 */
export function paintSeams(ctx: MetricContext): number {
  const { person, result, garment, body, width: W, height: H } = ctx;
  const painted = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    if (garment[i]! <= 16 && channelDiff(person, result, i) > T.paintDiff) painted[i] = 1;
  }
  const d = result.data;
  const lumOf = (i: number) => 0.299 * d[i * 4]! + 0.587 * d[i * 4 + 1]! + 0.114 * d[i * 4 + 2]!;
  let seams = 0;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      if (!painted[i]) continue;
      const l = lumOf(i);
      for (const n of [i + 1, i - 1, i + W, i - W]) {
        if (painted[n] || garment[n]! > 16) continue;
        if (Math.abs(l - lumOf(n)) >= T.paintStep) seams++;
      }
    }
  }
  return seams / body.span;
}

/**
 * Flat paint (smears, glitter-less halos, blurred skin boxes): the engine's paint (pixels off the garment that
 * differ from the photo by more than `paintDiff`) that is much smoother than the photo's own pixels around it. On a
 * grid of cells `flatCell` spans wide, a cell mostly painted is flat when its fine texture (the mean absolute
 * Laplacian of the luminance over its painted pixels) is under `flatRatio` of the texture of the photo's own
 * unpainted pixels off the garment within `flatReach` spans, where that texture is at least `flatMinTexture` (a
 * smooth wall or smooth skin beside a smooth fill is no smear). The flat cells' area, in square spans x 100.
 */
export function flatPaint(ctx: MetricContext): number {
  const { person, result, garment, body, width: W, height: H } = ctx;
  const d = result.data;
  const lum = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++)
    lum[i] = 0.299 * (d[i * 4] ?? 0) + 0.587 * (d[i * 4 + 1] ?? 0) + 0.114 * (d[i * 4 + 2] ?? 0);
  const cell = Math.max(6, Math.round(body.span * T.flatCell));
  const gw = Math.ceil(W / cell);
  const gh = Math.ceil(H / cell);
  const paintT = new Float64Array(gw * gh);
  const paintN = new Float64Array(gw * gh);
  const ownT = new Float64Array(gw * gh);
  const ownN = new Float64Array(gw * gh);
  const allN = new Float64Array(gw * gh);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const g = Math.floor(y / cell) * gw + Math.floor(x / cell);
      allN[g] = (allN[g] ?? 0) + 1;
      if ((garment[i] ?? 0) > 16) continue;
      const L = (k: number) => lum[k] ?? 0;
      const t = Math.abs(4 * L(i) - L(i - 1) - L(i + 1) - L(i - W) - L(i + W));
      if (channelDiff(person, result, i) > T.paintDiff) {
        paintT[g] = (paintT[g] ?? 0) + t;
        paintN[g] = (paintN[g] ?? 0) + 1;
      } else {
        ownT[g] = (ownT[g] ?? 0) + t;
        ownN[g] = (ownN[g] ?? 0) + 1;
      }
    }
  }
  const reach = Math.max(1, Math.round((body.span * T.flatReach) / cell));
  let flat = 0;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      const pn = paintN[g] ?? 0;
      if (pn < (allN[g] ?? 0) * 0.6 || pn < 16) continue;
      let s = 0;
      let n = 0;
      for (let vy = Math.max(0, gy - reach); vy <= Math.min(gh - 1, gy + reach); vy++) {
        for (let vx = Math.max(0, gx - reach); vx <= Math.min(gw - 1, gx + reach); vx++) {
          s += ownT[vy * gw + vx] ?? 0;
          n += ownN[vy * gw + vx] ?? 0;
        }
      }
      if (n < cell * cell) continue;
      const around = s / n;
      if (around < T.flatMinTexture) continue;
      if ((paintT[g] ?? 0) / pn < around * T.flatRatio) flat += pn;
    }
  }
  return (flat / (body.span * body.span)) * 100;
}

/**
 * The torso covered by an upper garment (the evaluation's `coverage`): share of the torso's quadrilateral
 * (shoulder to hip joints, arms and hands left out) under the garment, from `torsoTop` below the shoulders' line
 * (the neckline: a crew neck's, a hood's, a V's opening is the neck's skin, not a gap) down to the hips. Below the
 * garment's own hem (the lowest row it covers at least half of) a pixel counts as a miss only where the render
 * shows skin there (a top drawn short of the waistband bares the midriff): a skirt's or a tutu's waistband worn
 * above the hip joints is not the top's to cover. Its sides, gaps and holes above the hem count wholly.
 */
export function torsoCoverage(ctx: MetricContext): number | null {
  const { body, result, skin, garment, width: W, height: H } = ctx;
  const arms = armCapsules(body, 1.1);
  const quad = polygonMask(
    [
      [
        [body.shoulderL.x, body.shoulderL.y],
        [body.shoulderR.x, body.shoulderR.y],
        [body.hipR.x, body.hipR.y],
        [body.hipL.x, body.hipL.y],
      ],
    ],
    W,
    H,
  );
  const top = Math.max(0, Math.ceil(body.neck.y + body.torsoH * T.torsoTop));
  const bottom = Math.min(H - 1, Math.floor(Math.max(body.hipL.y, body.hipR.y)));
  const rows: { n: number; on: number; skinOff: number }[] = [];
  for (let y = top; y <= bottom; y++) {
    const row = { n: 0, on: 0, skinOff: 0 };
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!quad[i] || inCapsules(arms, x, y)) continue;
      row.n++;
      if (garment[i]! >= 128) row.on++;
      else if (skinAt(skin, result, i)) row.skinOff++;
    }
    rows.push(row);
  }
  let hem = -1;
  for (let k = rows.length - 1; k >= 0; k--) {
    if (rows[k]!.n && rows[k]!.on * 2 >= rows[k]!.n) {
      hem = k;
      break;
    }
  }
  let n = 0;
  let on = 0;
  rows.forEach((r, k) => {
    if (k <= hem) {
      n += r.n;
      on += r.on;
    } else {
      // below the hem: what shows skin is the torso left bare; the rest is another garment's
      n += r.on + r.skinOff;
      on += r.on;
    }
  });
  return n ? on / n : null;
}
