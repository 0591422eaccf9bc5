/** What placing shares: the placed garment's contract, the caller's hints, and the geometry of limb strips. */
import type { Body } from '../perception/body';
import type { Box } from '../garment/garment';
import type { Layer } from '../core/raster';
import type { Point } from '../core/tps';

export interface PlaceDebug {
  anchors: { from: Point; to: Point }[];
  grid: Point[][];
}

/** What the caller read off the photo that placing uses. */
export interface PlaceHints {
  /** The top of the old bottom's waistband when bare skin shows above it (a crop top's midriff). */
  waistTop?: number | null;
  /** A top's hem goes down at least to here (the old top's hem), within 1.35x its own length. */
  hemAtLeast?: number;
  /** Shoes: the old shoe's box on each foot (left leg, right leg), which the new one is drawn to cover. */
  oldShoes?: (Box | null)[];
}

export interface PlacedGarment {
  /** Draw the torso (or the whole garment when it has no limb pieces). */
  drawBody(layer: Layer): void;
  /** Draw the limb pieces (sleeves, legs) after occlusion of the body piece. */
  drawLimbs(layer: Layer): void;
  /** The torso piece's hem (tops, one-pieces). */
  hemY?: number;
  debug: PlaceDebug;
}

export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });

/** The point at arc length s along a polyline (extrapolating past its end), with its unit direction. */
export function along(path: Point[], s: number): { p: Point; d: Point } {
  let rest = s;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const len = dist(a, b) || 1e-6;
    if (rest <= len || i + 2 === path.length) {
      const d = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
      return { p: { x: a.x + d.x * rest, y: a.y + d.y * rest }, d };
    }
    rest -= len;
  }
  return { p: path[0]!, d: { x: 0, y: 1 } };
}

export function pathLength(path: Point[]): number {
  let s = 0;
  for (let i = 0; i + 1 < path.length; i++) s += dist(path[i]!, path[i + 1]!);
  return s;
}

/** Where the mask ends going up from p (the top of a shoulder). */
export function maskTopAbove(body: Body, p: Point, maxUp: number): number {
  const x = Math.round(Math.max(0, Math.min(body.width - 1, p.x)));
  let y = Math.round(p.y);
  const stop = Math.max(0, Math.round(p.y - maxUp));
  while (y > stop && body.mask[(y - 1) * body.width + x]! >= 128) y--;
  return y;
}

/**
 * A limb piece (sleeve or trouser leg): source sections interpolated from the seam to the far end, destination
 * sections following the limb's joints, starting exactly on the mapped seam so the piece joins the body piece.
 */
export function limbStrip(
  srcSeamOuter: Point,
  srcSeamInner: Point,
  srcEndOuter: Point,
  srcEndInner: Point,
  dstSeamOuter: Point,
  dstSeamInner: Point,
  path: Point[],
  length: number,
  widthAt: (t: number) => number,
  sections = 14,
) {
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  const seamMid = lerp(dstSeamOuter, dstSeamInner, 0.5);
  const start = path[0]!;
  let prevN: Point | null = null;
  const seamDir = { x: dstSeamOuter.x - dstSeamInner.x, y: dstSeamOuter.y - dstSeamInner.y };
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    so.push(lerp(srcSeamOuter, srcEndOuter, t));
    si.push(lerp(srcSeamInner, srcEndInner, t));
    const { p, d } = along(path, t * length);
    const k = (1 - t) * (1 - t);
    const c = { x: p.x + (seamMid.x - start.x) * k, y: p.y + (seamMid.y - start.y) * k };
    let n = { x: -d.y, y: d.x };
    const ref = prevN ?? seamDir;
    if (n.x * ref.x + n.y * ref.y < 0) n = { x: -n.x, y: -n.y };
    prevN = n;
    const half = widthAt(t) / 2;
    const outer = { x: c.x + n.x * half, y: c.y + n.y * half };
    const inner = { x: c.x - n.x * half, y: c.y - n.y * half };
    const blend = Math.min(1, t / 0.3);
    const sb = blend * blend * (3 - 2 * blend);
    dOut.push(lerp(dstSeamOuter, outer, sb));
    dIn.push(lerp(dstSeamInner, inner, sb));
  }
  return { so, si, dOut, dIn };
}
