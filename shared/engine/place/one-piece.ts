/**
 * A jumpsuit (a one-piece with two legs): its top follows the torso as a top does, its legs follow the person's
 * legs as trousers do, joined at the waist into one piece (not a dress over both legs, not a top stretched to the
 * ankles).
 */
import { lowerLayout } from '../garment/garment-anchors';
import { rowRuns } from '../garment/garment';
import type { Body } from '../perception/body';
import type { GrayImage, RgbaImage } from '../core/types';
import { newGray } from '../core/image-ops';
import type { VariantOptions } from '../look/variants';
import type { PlacedGarment } from './common';
import { placeTrousers, waistY } from './lower';
import { placeUpper } from './upper';

/**
 * A sleeveless bodice's sides reach at most this far (x the span) past the torso's own outline in the person mask
 * (the garments' room closes the gap between a hanging arm and the waist: the bodice's side drawn there stood out
 * as a flap below the armpit, cut in a notch where the gap opens wider).
 */
const BODICE_PAST = 0.04;
/** ...the torso's outline: the first run of at least this many pixels off the mask, going out from the axis. */
const BODICE_GAP_PX = 3;
/** ...its outline averaged over this far (x the span) up and down (the mask's edge steps from row to row)... */
const BODICE_SMOOTH = 0.03;
/**
 * ...held on below the bodice's hem over this far (x the span: the waistband's belt, drawn with the trousers),
 * then eased off at 45 degrees to BODICE_PAST_HEM.
 */
const BODICE_HOLD_HEM = 0.06;
const BODICE_PAST_HEM = 0.16;

/**
 * The room of a sleeveless bodice's rows (from the shoulders to its hem `hemY` and the waistband's belt below it) held
 * to the torso's outline (in place); a little below its hem the hold eases off at 45 degrees (no
 * step into the trousers' hips).
 */
function bodiceRoom(room: Uint8Array, body: Body, hemY: number): void {
  const { width: W, height: H, mask } = body;
  const y0 = Math.max(0, Math.round(body.neck.y));
  const y1 = Math.min(H, Math.round(hemY + body.span * BODICE_PAST_HEM));
  if (y1 <= y0) return;
  const on = (x: number, y: number) => x >= 0 && x < W && (mask[y * W + x] ?? 0) >= 128;
  const smooth = Math.max(1, Math.round(body.span * BODICE_SMOOTH));
  for (const side of [-1, 1]) {
    // the torso's last mask pixel going out from the axis, per row (null: no gap beside it, an arm touches it)
    const edge: (number | null)[] = [];
    for (let y = y0; y < y1; y++) {
      let x = Math.round(body.axisX(y));
      if (!on(x, y)) {
        edge.push(null);
        continue;
      }
      let off = 0;
      while (x >= 0 && x < W && off < BODICE_GAP_PX) {
        off = on(x, y) ? 0 : off + 1;
        x += side;
      }
      edge.push(off < BODICE_GAP_PX ? null : x - side * (BODICE_GAP_PX + 1));
    }
    const n = edge.length;
    // where the arm touches the torso the run goes on through the arm: the outline goes out at most a pixel a row
    // (45 degrees), read from the waist up and from the shoulders down, the innermost of the two
    const inner = (a: number, b: number) => (side < 0 ? Math.max(a, b) : Math.min(a, b));
    const far = side < 0 ? -Infinity : Infinity;
    const up = new Float64Array(n);
    const down = new Float64Array(n);
    for (let i = n - 1; i >= 0; i--) up[i] = inner(edge[i] ?? far, i < n - 1 ? (up[i + 1] ?? far) + side : far);
    for (let i = 0; i < n; i++) down[i] = inner(edge[i] ?? far, i > 0 ? (down[i - 1] ?? far) + side : far);
    const capped = Array.from({ length: n }, (_, i) => inner(up[i] ?? far, down[i] ?? far));
    const line = new Float64Array(n).fill(NaN);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      let k = 0;
      for (let j = Math.max(0, i - smooth); j <= Math.min(n - 1, i + smooth); j++) {
        const c = capped[j] ?? NaN;
        if (!Number.isFinite(c)) continue;
        sum += c;
        k++;
      }
      if (k) line[i] = sum / k;
    }
    for (let i = 0; i < n; i++) {
      const li = line[i] ?? NaN;
      if (Number.isNaN(li)) continue;
      const y = y0 + i;
      // the room past the outline by `past`, with a 2-px ramp
      const past = body.span * BODICE_PAST + Math.max(0, y - hemY - body.span * BODICE_HOLD_HEM);
      const at = li + side * past;
      for (let x = Math.round(at); x >= 0 && x < W; x += side) {
        const d = (x - at) * side;
        if (d <= 0) continue;
        const p = y * W + x;
        room[p] = d >= 2 ? 0 : Math.round((room[p] ?? 0) * (1 - d / 2));
      }
    }
  }
}

/** The top part reaches this far below the trousers' waistband (x torso height), so the two join without a gap. */
const WAIST_OVERLAP = 0.04;

/**
 * A one-piece's legs, when it has them: its layout as a bottom (the crotch and each leg's edges), else null. Two
 * legs reach its hem (two runs each over a tenth of its width just above it) and part at a crotch between 0.3 and
 * 0.75 of its height (not a dress's straps above one skirt).
 */
export function jumpsuitLegs(alpha: GrayImage) {
  const layout = lowerLayout(alpha);
  if (!layout.legs || !layout.crotch) return null;
  const H = layout.hem - layout.top;
  const crotch = (layout.crotch.y - layout.top) / Math.max(1, H);
  if (crotch < 0.3 || crotch > 0.75) return null;
  const runs = rowRuns(alpha, Math.round(layout.hem - H * 0.03), 2);
  const width = Math.max(...layout.edgeR) - Math.min(...layout.edgeL);
  return runs.filter((r) => r[1] - r[0] > width * 0.1).length >= 2 ? layout : null;
}

/**
 * The garment's waist: the narrowest row of its body between a fifth of its height and its crotch (a belt, the
 * bodice's waist seam), where it is parted into a top and trousers.
 */
function waistRow(alpha: GrayImage, top: number, crotchY: number): number {
  let best = -1;
  let bestW = Infinity;
  for (let y = Math.round(top + (crotchY - top) * 0.35); y < crotchY - (crotchY - top) * 0.1; y++) {
    const runs = rowRuns(alpha, y, 2);
    if (!runs.length) continue;
    const w = runs[runs.length - 1]![1] - runs[0]![0];
    if (w < bestW) {
      bestW = w;
      best = y;
    }
  }
  return best < 0 ? Math.round((top + crotchY) / 2) : best;
}

/** The alpha's rows [from, to) kept, the others cleared. */
function rowsOf(alpha: GrayImage, from: number, to: number): GrayImage {
  const out = newGray(alpha.width, alpha.height);
  const W = alpha.width;
  out.data.set(alpha.data.subarray(Math.max(0, from) * W, Math.min(alpha.height, to) * W), Math.max(0, from) * W);
  return out;
}

export function placeJumpsuit(
  image: RgbaImage,
  alpha: GrayImage,
  legs: NonNullable<ReturnType<typeof jumpsuitLegs>>,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
): PlacedGarment {
  const split = waistRow(alpha, legs.top, legs.crotch!.y);
  const wy = waistY(body, null);
  // the top: the garment above its waist, on the torso down to the trousers' waistband (and a little over it)
  const hemAt = wy + body.torsoH * WAIST_OVERLAP;
  const upper = placeUpper(image, rowsOf(alpha, 0, split + 1), 'one-piece', body, variant, tint, undefined, {
    hemAt,
  });
  // the legs: the garment from its waist down, placed as trousers from the waistband
  const lowerAlpha = rowsOf(alpha, split, alpha.height);
  const trousers = placeTrousers(image, lowerAlpha, lowerLayout(lowerAlpha), body, variant, tint, wy);
  return {
    drawBody(layer) {
      trousers.drawBody(layer);
      upper.drawBody(layer);
    },
    drawLimbs(layer) {
      upper.drawLimbs(layer);
      trousers.drawLimbs(layer);
    },
    room(base) {
      const room = trousers.room ? trousers.room(base) : new Uint8Array(base);
      // a sleeveless bodice is no wider than the torso (and its ease) where an arm hangs apart from it
      if (upper.sleeveless) bodiceRoom(room, body, hemAt);
      return room;
    },
    // a sleeveless bodice: the old top's sleeves are the arms' skin (as under a tank top)
    ...(upper.sleeveless ? { sleeveless: true } : {}),
    debug: {
      anchors: [...upper.debug.anchors, ...trousers.debug.anchors],
      grid: upper.debug.grid,
    },
  };
}
