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
  const upper = placeUpper(image, rowsOf(alpha, 0, split + 1), 'one-piece', body, variant, tint, undefined, {
    hemAt: wy + body.torsoH * WAIST_OVERLAP,
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
    room: trousers.room,
    // a sleeveless bodice: the old top's sleeves are the arms' skin (as under a tank top)
    ...(upper.sleeveless ? { sleeveless: true } : {}),
    debug: {
      anchors: [...upper.debug.anchors, ...trousers.debug.anchors],
      grid: upper.debug.grid,
    },
  };
}
