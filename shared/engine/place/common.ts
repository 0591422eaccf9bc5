/** What placing shares: the placed garment's contract, the caller's hints, and the geometry of limb strips. */
import type { Body } from '../perception/body';
import type { Box } from '../garment/garment';
import type { Layer } from '../core/raster';
import type { Point } from '../core/tps';
import type { RgbaImage } from '../core/types';
import { boxBlur } from '../core/image-ops';

/**
 * The pixel box (clamped to the layer) covering a shoe's canvas: `width` across and `height` up from the sole,
 * along the foot's own axes, grown by `pad` pixels.
 */
export function canvasBox(
  sole: Point,
  across: Point,
  up: Point,
  width: number,
  height: number,
  layer: { width: number; height: number },
  pad = 0,
): { X0: number; X1: number; Y0: number; Y1: number } {
  const corners = [
    [-0.5, 0],
    [0.5, 0],
    [-0.5, 1],
    [0.5, 1],
  ].map(([u, v]) => ({
    x: sole.x + across.x * u! * width + up.x * v! * height,
    y: sole.y + across.y * u! * width + up.y * v! * height,
  }));
  return {
    X0: Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x)) - pad)),
    X1: Math.min(layer.width - 1, Math.ceil(Math.max(...corners.map((c) => c.x)) + pad)),
    Y0: Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y)) - pad)),
    Y1: Math.min(layer.height - 1, Math.ceil(Math.max(...corners.map((c) => c.y)) + pad)),
  };
}

export interface PlaceDebug {
  anchors: { from: Point; to: Point }[];
  grid: Point[][];
  /** Each limb strip drawn (its outer and inner edges on the photo), filled in when the limbs are drawn. */
  strips?: { dOut: Point[]; dIn: Point[] }[];
}

/** What the caller read off the photo that placing uses. */
export interface PlaceHints {
  /** The top of the old bottom's waistband when bare skin shows above it (a crop top's midriff). */
  waistTop?: number | null;
  /** A top's hem goes down at least to here (the old top's hem), within 1.35x its own length. */
  hemAtLeast?: number;
  /** Shoes: the old shoe's box on each foot (left leg, right leg), which the new one is drawn to cover. */
  oldShoes?: (Box | null)[];
  /** Shoes: the person's photo (a pump's open instep is the colour of the person's lower shin). */
  person?: RgbaImage;
}

export interface PlacedGarment {
  /** Draw the torso (or the whole garment when it has no limb pieces). */
  drawBody(layer: Layer): void;
  /** Draw the limb pieces (sleeves, legs) after occlusion of the body piece. */
  drawLimbs(layer: Layer): void;
  /** The torso piece's hem (tops, one-pieces). */
  hemY?: number;
  /**
   * Where this garment may be, given the body's room (the silhouette closed across narrow gaps, grown): a skirt,
   * a dress or a coat adds the gap between the legs below the crotch and its flare (it drapes as one piece), wide
   * trouser legs their own width. Absent: the body's room as it is.
   */
  room?: (base: Uint8Array) => Uint8Array;
  /** A skirt's or a dress's own flare from the hips (the safety gate allows its A-line: `drapeCone`). */
  drape?: DrapeFlare;
  /** A top with no sleeves: the upper arms are left bare (what an old sleeve covered is filled as the arm). */
  sleeveless?: boolean;
  /**
   * A top with short sleeves: the pixels beside the torso where an upper arm bent out runs down its side, left bare
   * below the sleeve (`upperArmOut`) and filled as the arm.
   */
  armsOut?: (visit: (p: number) => void) => void;
  /** A top's hips below the waist where the mask flares past them (a tutu): beside them the old skirt stays. */
  hips?: HipLine;
  debug: PlaceDebug;
}

/**
 * A top's hip line (place/upper.ts `hipLine`, part P14): from the waist's row `y` and sides `l`, `r`, each side
 * widening by `spread` down to row `low`, then straight; `cut`: the sides [image-left, image-right] whose mask
 * flares much faster than a hip below the waist (a tutu, a full skirt), which follow the line instead.
 */
export interface HipLine {
  y: number;
  l: number;
  r: number;
  spread: number;
  low: number;
  cut: [boolean, boolean];
}

/** The hip line's sides at row y (at or below its waist). */
export function hipSides(h: HipLine, y: number): [number, number] {
  const grow = h.spread * Math.max(0, Math.min(1, (y - h.y) / (h.low - h.y)));
  return [h.l - grow, h.r + grow];
}

export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });

/** The person mask's run of pixels through (x, y) on its row, [first, last] column; null when (x, y) is off it. */
export function maskRunAt(body: Body, y: number, x: number): [number, number] | null {
  const { mask, width: W, height: H } = body;
  const yy = Math.round(y);
  let a = Math.round(x);
  if (yy < 0 || yy >= H || a < 0 || a >= W || (mask[yy * W + a] ?? 0) < 128) return null;
  let b = a;
  while (a > 0 && (mask[yy * W + a - 1] ?? 0) >= 128) a--;
  while (b < W - 1 && (mask[yy * W + b + 1] ?? 0) >= 128) b++;
  return [a, b];
}

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
  while (y > stop && (body.mask[(y - 1) * body.width + x] ?? 0) >= 128) y--;
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
  /**
   * The strip's outer side where the seam alone leaves it in doubt (a sleeve's seam, shoulder to armpit, runs along
   * an arm hanging down): added, as a unit vector, to the seam's own direction (`outerHint`)
   */
  outerHint?: Point,
  /**
   * The source's own sections across its axis at fraction t of it (a sleeve: the run of its own pixels, its full
   * width there, `sleeveAcross`), or null where there is none: in place of the points on its straight edges
   */
  across?: ((t: number) => { o: Point; i: Point } | null) | null,
  /**
   * A raised arm's sleeve (place/upper.ts `seamClear`): its source's sections all across its axis, from this
   * fraction of it (where they first clear the seam) to its end, none along the seam: as drawn its seam runs across
   * the arm, not along it as a hanging arm's does
   */
  srcFrom?: number,
) {
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  const seamMid = lerp(dstSeamOuter, dstSeamInner, 0.5);
  const start = path[0]!;
  let prevN: Point | null = null;
  const seamDir = { x: dstSeamOuter.x - dstSeamInner.x, y: dstSeamOuter.y - dstSeamInner.y };
  if (outerHint) {
    const n = Math.hypot(seamDir.x, seamDir.y) || 1;
    seamDir.x = seamDir.x / n + outerHint.x;
    seamDir.y = seamDir.y / n + outerHint.y;
  }
  // the source's sections across the limb's own axis (seam's middle to end's middle) once past the seam: a flat
  // lay's sleeve has a long slanted seam (shoulder's top to armpit) and a short cuff, so sections joining its edges
  // at equal fractions slant across it and sheared its print (gingham into slanted stripes, dots into slits); the
  // first ones blend from the seam as the destination's do
  const srcMid = lerp(srcSeamOuter, srcSeamInner, 0.5);
  const srcEnd = lerp(srcEndOuter, srcEndInner, 0.5);
  const axisLen = dist(srcMid, srcEnd) || 1e-6;
  const ax = { x: (srcEnd.x - srcMid.x) / axisLen, y: (srcEnd.y - srcMid.y) / axisLen };
  const proj = (q: Point) => (q.x - srcMid.x) * ax.x + (q.y - srcMid.y) * ax.y;
  const onEdge = (a: Point, b: Point, u: number): Point => {
    const pa = proj(a);
    const pb = proj(b);
    const f = Math.abs(pb - pa) < 1e-6 ? 0 : Math.max(0, Math.min(1, (u - pa) / (pb - pa)));
    return lerp(a, b, f);
  };
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    const sBlend = srcFrom === undefined ? Math.min(1, t / 0.3) : 1;
    const ss = sBlend * sBlend * (3 - 2 * sBlend);
    const ts = srcFrom === undefined ? t : srcFrom + (1 - srcFrom) * t;
    const u = ts * axisLen;
    // (a sleeve's own width there, read off its pixels: its straight edges, shoulder's top to cuff and armpit to
    // cuff, cut inside a sleeve wider at its middle, or ran outside it onto the photo's background: its print
    // streaked along a raised arm, a pale sliver at its edge)
    const x = across ? across(ts) : null;
    so.push(lerp(lerp(srcSeamOuter, srcEndOuter, t), x ? x.o : onEdge(srcSeamOuter, srcEndOuter, u), ss));
    si.push(lerp(lerp(srcSeamInner, srcEndInner, t), x ? x.i : onEdge(srcSeamInner, srcEndInner, u), ss));
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

/**
 * The canonical body's landmarks for a garment's length, in the garment's own chest widths from its top (the
 * high point of its shoulder): a tee (65 cm long on a 48 cm chest, 1.35) ends at the top of the thigh, a knee-length
 * coat (100 cm on 52 cm) at the knee, a maxi dress (145 cm on 44 cm) at the ankle. From a size chart's
 * proportions (a 165 cm figure: the hip joints 53 cm, the knees 94 cm, the ankles 132 cm below the shoulders'
 * top); mapped onto the person's own hips, knees and ankles, so a long-legged figure's coat still reaches her knee.
 */
export const UPPER_LANDMARKS = { hip: 1.1, knee: 1.95, ankle: 2.75 };
/**
 * The same for a sleeved top, a jacket or a coat as it is worn and seen (issue 38, round 5): a hip-length garment's
 * hem on the hip joints' line or just below it, whatever the figure's shoulders. The size chart's marks above put
 * a 75 cm blazer (1.45 chest widths) at mid-thigh, hiding shorts so it read as a dress, while a narrow-shouldered
 * figure's tee, scaled by its shoulders, ended above the navel: a pullover (1.2-1.3) ends above the hips, a tee or a
 * polo (1.35-1.4) on them, a blazer or a shirt (1.45-1.5) just below them, a knee coat (1.9-2.05) at
 * the knee.
 */
export const WORN_LANDMARKS = { hip: 1.35, knee: 2.0, ankle: 2.8 };
/**
 * The same for outerwear (issue 38, round 15): a jacket is cut roomier than a tee, so a hip-length one is longer
 * for its chest (the 75 cm blazer 1.46, the puffer 1.4) and ends on the hip joints' line (outerwear's floor,
 * just past it, holds); on `WORN_LANDMARKS` the blazer ended below the crotch (0.17 of the hips to the knees),
 * hiding a bikini's or shorts' bottom, a blazer dress. A knee coat (2.0-2.05) is still at the knee.
 */
export const OUTER_LANDMARKS = { hip: 1.47, knee: 2.0, ankle: 2.8 };
/**
 * The same for a dress or a jumpsuit, cut closer than a top or a coat: a dress's own chest is about 43 cm flat
 * where a tee's is 48 (a midi dress, 114 cm on 42 cm, ends at mid-calf; a maxi, 140 cm on 40 cm, at the ankle).
 */
export const DRESS_LANDMARKS = { hip: 1.23, knee: 2.19, ankle: 3.07 };
/**
 * The same for a bottom, in its own waist widths from the waistband (worn 0.22 torso heights above the hip
 * joints): a mini skirt (40 cm on a 36 cm waist) ends mid-thigh, a midi (72 cm) mid-calf, full-length trousers
 * (105 cm) at the ankle.
 */
export const LOWER_LANDMARKS = { hip: 0.45, knee: 1.5, ankle: 2.55 };
/** How far a skirt's, a dress's or a coat's own flare may reach past the legs, a side, at the hem (x the span). */
export const DRAPE_FLARE = 0.2;
/**
 * A dress's flare past the legs, a side, at the hem (x the span): DRAPE_FLARE and a little of the ease every garment
 * may have (the gallery's silhouette metric allows 0.05 spans of ease on top of DRAPE_FLARE, the safety gate 0.12),
 * so an A-line skirt widens from the hips rather than hanging as a tube.
 */
export const DRESS_FLARE = 0.22;

/**
 * A skirt's own flare past the legs, a side (x the span), reached by mid-thigh and on every row past the legs
 * the mask shows there: an A-line keeps the flare its own outline gives up to this (the old cap, reached only at
 * the knee, made every A-line a tube). More would leave the body's silhouette, which the gallery's
 * `insideSilhouette` holds (>= 0.97), and near what the safety gate allows (DRAPE_FLARE + its offBodyGrow).
 */
export const SKIRT_FLARE = 0.2;

/**
 * The most a skirt's or a dress's own flare may widen it from the hips to its hem: its width at the hem over its
 * width at the hips on the product photo, capped here (a full circle skirt's 2+ is drawn as a wide A-line).
 */
export const DRAPE_FLARE_MAX = 1.6;

/** Half the width of `drapeCone` on row y (0 where there is none). */
export function coneHalf(body: Body, y: number, drape: DrapeFlare): number {
  const hipY = body.pelvis.y;
  const flare = Math.min(DRAPE_FLARE_MAX, drape.flare);
  if (!(flare > 1) || y < hipY) return 0;
  const [tl, tr] = body.torsoEdges(hipY);
  const t = Math.min(1, (y - hipY) / Math.max(1, drape.hemY - hipY));
  return ((tr - tl) / 2) * (1 + (flare - 1) * t);
}

/** A draping garment's own flare as placed: its hem's width over its hips' width (>= 1), and where its hem is. */
export interface DrapeFlare {
  flare: number;
  hemY: number;
}

/**
 * The room of an A-line that hangs from the hips with its own flare, on row y: the hips' width (the body's own,
 * at the hip joints) widening linearly to `flare` (capped at DRAPE_FLARE_MAX) times it at `hemY`, centred on the
 * body's axis and on the legs' (a stride's legs move the hem sideways): [left, right], or null above the hips or
 * for a garment with no flare. Placing a skirt holds its sides within it; the safety gate allows it (plus the ease).
 */
export function drapeCone(body: Body, y: number, drape: DrapeFlare): [number, number] | null {
  const half = coneHalf(body, y, drape);
  if (!half) return null;
  const axis = body.axisX(y);
  const ls = [body.legL, body.legR].map((leg) => {
    const thigh = y <= leg.mid.y;
    const a = thigh ? leg.root : leg.mid;
    const b = thigh ? leg.mid : leg.end;
    const k = Math.max(0, Math.min(1, (y - a.y) / (b.y - a.y || 1)));
    return a.x + (b.x - a.x) * k;
  });
  const legs = ((ls[0] ?? 0) + (ls[1] ?? 0)) / 2;
  return [Math.min(axis, legs) - half, Math.max(axis, legs) + half];
}

const kneeY = (body: Body) => (body.legL.mid.y + body.legR.mid.y) / 2;
const ankleY = (body: Body) => (body.legL.end.y + body.legR.end.y) / 2;

/**
 * Where a garment `r` of its own widths long ends on this body: piecewise between the body's `top` (where the
 * garment's top sits), the hip joints, the knees and the ankles, as the canonical landmarks say.
 */
export function hemOnBody(body: Body, r: number, marks: { hip: number; knee: number; ankle: number }, top: number) {
  const hip = body.pelvis.y;
  const knee = kneeY(body);
  const ankle = ankleY(body);
  if (r <= marks.hip) return top + ((hip - top) * r) / marks.hip;
  if (r <= marks.knee) return hip + ((knee - hip) * (r - marks.hip)) / (marks.knee - marks.hip);
  return knee + ((ankle - knee) * (r - marks.knee)) / (marks.ankle - marks.knee);
}

/** The lowest a hem goes: just below the ankles (a floor-length garment still shows the feet). */
export function lowestHem(body: Body): number {
  return ankleY(body) + (ankleY(body) - kneeY(body)) * 0.06;
}

/**
 * The room of a garment that drapes from the hips (a skirt, a dress, a coat): the body's room, plus, from the
 * crotch down to its hem, the gap between the legs whatever its width (one piece, not culottes) and its flare up
 * to `flare` spans past the legs' outer edges at the knee-to-ankle (growing from the hips); `carry`: never
 * narrower going down than the row above (a dress or a coat hangs from the hips as an A-line), within that flare.
 */
export function drapeRoom(body: Body, base: Uint8Array, hemY: number, flare: number, carry = false): Uint8Array {
  const { width: W, height: H, mask, span, torsoH } = body;
  const out = new Uint8Array(base);
  const y0 = Math.max(0, Math.round(body.pelvis.y));
  const y1 = Math.min(H - 1, Math.round(hemY));
  const legs = [body.legL, body.legR];
  const edges: [number, number][] = [];
  for (let y = y0; y <= y1; y++) {
    // the legs' outer edges in the mask on this row, searched out from the legs' joints
    let l = Infinity;
    let r = -Infinity;
    for (const leg of legs) {
      const thigh = y <= leg.mid.y;
      const a = thigh ? leg.root : leg.mid;
      const b = thigh ? leg.mid : leg.end;
      const t = Math.max(0, Math.min(1, (y - a.y) / (b.y - a.y || 1)));
      const cx = Math.round(a.x + (b.x - a.x) * t);
      const half = (thigh ? leg.widthRoot : leg.widthEnd) * 0.75;
      for (let x = Math.max(0, Math.round(cx - half)); x <= Math.min(W - 1, Math.round(cx + half)); x++) {
        if ((mask[y * W + x] ?? 0) < 128) continue;
        l = Math.min(l, x);
        r = Math.max(r, x);
      }
      l = Math.min(l, cx - half * 0.5);
      r = Math.max(r, cx + half * 0.5);
    }
    const grow = span * flare * Math.min(1, (y - body.pelvis.y) / torsoH);
    const prev = edges[edges.length - 1];
    if (carry && prev) {
      // `carry`: never narrower than the row above (an A-line from the hips), within the flare past the legs
      edges.push([
        Math.max(l - span * flare, Math.min(l - grow, prev[0])),
        Math.min(r + span * flare, Math.max(r + grow, prev[1])),
      ]);
    } else edges.push([l - grow, r + grow]);
  }
  // the widest extent within a tenth of the span up or down (the mask's outline steps from row to row: the room's
  // edge would cut a ragged side into the garment)
  const k = Math.max(1, Math.round(span * 0.1));
  for (let i = 0; i < edges.length; i++) {
    let l = Infinity;
    let r = -Infinity;
    for (let j = Math.max(0, i - k); j <= Math.min(edges.length - 1, i + k); j++) {
      l = Math.min(l, edges[j]![0]);
      r = Math.max(r, edges[j]![1]);
    }
    const y = y0 + i;
    const xa = Math.max(0, Math.floor(l));
    const xb = Math.min(W - 1, Math.ceil(r));
    if (xb >= xa) out.fill(255, y * W + xa, y * W + xb + 1);
  }
  return out;
}

/** Set the pixels inside a polygon (even-odd, by scanlines) in a W x H mask. */
export function fillPolygon(out: Uint8Array, W: number, H: number, pts: Point[]): void {
  if (pts.length < 3) return;
  const ys = pts.map((p) => p.y);
  const y0 = Math.max(0, Math.ceil(Math.min(...ys)));
  const y1 = Math.min(H - 1, Math.floor(Math.max(...ys)));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    xs.length = 0;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % pts.length]!;
      if (a.y <= y === b.y <= y) continue;
      xs.push(a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const xa = Math.max(0, Math.ceil(xs[k] ?? 0));
      const xb = Math.min(W - 1, Math.floor(xs[k + 1] ?? 0));
      if (xb >= xa) out.fill(255, y * W + xa, y * W + xb + 1);
    }
  }
}

/** How far (x the span) a room's edge is smoothed: the mask's blocky outline steps by a few pixels a row. */
export const ROOM_SOFT = 0.012;

/**
 * A room with a sub-pixel edge (coverage 0..255, the clip multiplies by it): the binary room (the mask's blocky
 * outline, a polygon's integer spans) cut a garment along it in stair steps. Box-blurred twice across its edge
 * and steepened again, from row `fromY` down (a bottom's room: nothing of it is drawn above its waist).
 */
export function softRoom(room: Uint8Array, body: Body, fromY: number): Uint8Array {
  const { width: W, height: H } = body;
  const r = Math.max(1, Math.round(body.span * ROOM_SOFT));
  const y0 = Math.max(0, Math.round(fromY) - 4 * r);
  const rows = H - y0;
  if (rows <= 0) return room;
  const a = new Float32Array(W * rows);
  for (let i = 0; i < a.length; i++) a[i] = (room[y0 * W + i] ?? 0) >= 128 ? 255 : 0;
  boxBlur(a, W, rows, r);
  boxBlur(a, W, rows, r);
  const out = new Uint8Array(room);
  for (let i = 0; i < a.length; i++) {
    // steepened: the blurred edge's middle (a little outside the binary edge) spread over about r pixels
    const v = ((a[i] ?? 0) - 60) * (255 / 130);
    out[y0 * W + i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return out;
}

/**
 * The outer edges of both legs together at row y, from the joints and the legs' widths in the mask (each leg's width
 * at most `cap`).
 */
export function legsEdges(body: Body, y: number, cap = Infinity): [number, number] {
  let l = Infinity;
  let r = -Infinity;
  for (const leg of [body.legL, body.legR]) {
    const thigh = y <= leg.mid.y;
    const a = thigh ? leg.root : leg.mid;
    const b = thigh ? leg.mid : leg.end;
    const t = Math.max(0, Math.min(1, (y - a.y) / (b.y - a.y || 1)));
    const cx = a.x + (b.x - a.x) * t;
    const half = Math.min(thigh ? leg.widthRoot : leg.widthEnd, cap) / 2;
    l = Math.min(l, cx - half);
    r = Math.max(r, cx + half);
  }
  return [l, r];
}
