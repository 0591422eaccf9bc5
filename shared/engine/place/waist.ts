/**
 * A bottom's waistband row from the body: a little above the hip joints, raised by the old garment (bare skin above
 * an old high-waisted bottom) at most to a little above the body's own waist, its narrowest row above the hips.
 */
import type { Body } from '../perception/body';

/** The default waistband: this share of the torso's height (shoulders to hips) above the hip joints. */
const WAIST_DROP = 0.22;
/** Where the body's own waist is looked for: between these shares of the torso's height below the shoulders. */
const WAIST_FROM = 0.5;
const WAIST_TO = 0.85;
/** The old garment may raise the waistband at most this share of the torso's height above the body's own waist. */
export const WAIST_RAISE = 0.04;
/** A waist is the body's narrowing: its width at most this share of the torso's width at the hip joints. */
const WAIST_NARROW = 0.95;
/** Rows this share wider than the narrowest are still the waist's trough. */
const WAIST_FLAT = 0.03;
/** The waistband drops at most this share of the torso's height below the bare skin above an old garment. */
export const WAIST_FILL = 0.05;

/**
 * The torso's width on row y: the mask's run through the axis, at most 0.7 spans a side (an arm against the side
 * widens it; the arms' capsules are not left out: an elbow's capsule over the ribs made them the narrowest rows).
 */
function runWidth(body: Body, y: number): number {
  const { width: W, height: H, mask, span } = body;
  const yy = Math.max(0, Math.min(H - 1, Math.round(y)));
  const cx = Math.round(body.axisX(yy));
  const cap = Math.round(span * 0.7);
  const side = (sgn: number) => {
    let d = 0;
    for (; d < cap; d++) {
      const x = cx + sgn * d;
      if (x < 0 || x >= W || mask[yy * W + x]! < 128) break;
    }
    return d;
  };
  return side(-1) + side(1);
}

/**
 * The body's own waist: the middle of the narrowest rows of the torso (within WAIST_FLAT of the narrowest width,
 * around it: a waist is a shallow trough, its single narrowest row moved by a crop's resampling) between
 * WAIST_FROM and WAIST_TO of the torso's height, or null when the torso does not narrow there (a straight or
 * turned body, arms held against the sides).
 */
export function bodyWaist(body: Body): number | null {
  const { neck, torsoH } = body;
  const y0 = Math.round(neck.y + torsoH * WAIST_FROM);
  const y1 = Math.round(neck.y + torsoH * WAIST_TO);
  const widths: number[] = [];
  for (let y = y0; y <= y1; y++) widths.push(runWidth(body, y));
  let best = 0;
  for (let i = 1; i < widths.length; i++) if (widths[i]! < widths[best]!) best = i;
  if (!widths.length || widths[best]! > runWidth(body, body.pelvis.y) * WAIST_NARROW) return null;
  const near = widths[best]! * (1 + WAIST_FLAT);
  let a = best;
  while (a > 0 && widths[a - 1]! <= near) a--;
  let b = best;
  while (b < widths.length - 1 && widths[b + 1]! <= near) b++;
  return y0 + (a + b) / 2;
}

/**
 * The waistband's row. `top`: the first row of bare skin above an old bottom reaching above the default waist (a
 * crop top's midriff over a high-waisted skirt), else null. The old garment raises the waistband to it only as far
 * as WAIST_RAISE above the body's own waist (an old waist cincher reaching to the ribs no longer puts the new
 * bottom's waistband there), and the waistband drops at most WAIST_FILL below that skin (the old garment between
 * them is filled as skin, compose/fill.ts `oldRegion`, and the safety gate allows only a sliver of newly bare torso).
 */
export function waistRow(body: Body, top: number | null): number {
  const dflt = body.pelvis.y - body.torsoH * WAIST_DROP;
  if (top === null || top >= dflt) return dflt;
  const own = bodyWaist(body);
  if (own === null) return top;
  const lowest = Math.min(dflt, top + body.torsoH * WAIST_FILL);
  return Math.min(lowest, Math.max(top, own - body.torsoH * WAIST_RAISE));
}
