/**
 * Placing an upper garment (a top, outerwear, a one-piece): the torso by a thin-plate spline from the garment's
 * anchors to the body's, sleeves segment by segment along the arms.
 */
import { maskWidth, type Body, type Limb } from '../perception/body';
import {
  PART_HOOD,
  PART_LEFT,
  PART_RIGHT,
  PART_TORSO,
  upperLayout,
  type Sleeve,
  type UpperLayout,
} from '../garment/garment-anchors';
import { SAFETY_GATE } from '../checks/safety-gate';
import type { EngineSlot } from '../garment/garment';
import { drawGrid, drawMesh, drawStrip, type Layer, type Source } from '../core/raster';
import { fitTpsUnfolded, pointBounds, type Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';
import type { VariantOptions } from '../look/variants';
import {
  legsEdges,
  along,
  coneHalf,
  DRAPE_FLARE,
  drapeCone,
  type DrapeFlare,
  DRESS_FLARE,
  DRESS_LANDMARKS,
  dist,
  drapeRoom,
  hemOnBody,
  type HipLine,
  hipSides,
  lerp,
  limbStrip,
  lowestHem,
  maskTopAbove,
  pathLength,
  sub,
  UPPER_LANDMARKS,
  WORN_LANDMARKS,
  OUTER_LANDMARKS,
  type PlacedGarment,
} from './common';

/**
 * A sleeveless garment's shoulders are this share of its chest's width (its top corners are its straps): its
 * width on the body is read from its chest.
 */
const SLEEVELESS_SHOULDERS = 0.9;
/**
 * A shoulder's top is at most this far (x the shoulders' span) above its joint: the fixtures' bare or clothed
 * shoulders measure 0.08-0.16; hair lying on a shoulder measured 0.34.
 */
const SHOULDER_RISE = 0.17;
/** A sleeveless top's corners this far out (x half its chest) are a strapless top edge, not straps. */
const STRAPLESS = 0.8;

/** Where along each sleeve's seam (shoulder's top 0, armpit 1) the body piece is held to the seam's line. */
const SEAM_ANCHORS = [0.25, 0.5, 0.75];

/** A strapped top's scoop stays this far (x the torso's height) above the safety gate's torso region. */
const SCOOP_MARGIN = 0.03;

/**
 * The bottom of a strapped top's scoop: the first garment row in its middle column below the straps' tops, when
 * it is well below them (a camisole's or a tank's neckline), else null (a strapless top: its top is its edge).
 */
function scoopOf(alpha: GrayImage, g: UpperLayout): number | null {
  const x = Math.round(g.centerX);
  const H = g.hem - g.top;
  for (let y = g.top; y < g.top + H * 0.5; y++) {
    if ((alpha.data[y * alpha.width + x] ?? 0) >= 128) return y > g.top + H * 0.05 ? y : null;
  }
  return null;
}

/**
 * A sleeveless top's or dress's bodice (a jumpsuit's top part too) is read as a top's: its scoop between its straps
 * and its bare shoulders (part H7). A dress's was not: the middle of its straps' tops was pulled to the neck, its
 * bodice stretched up to it between them (a pinafore), the old sleeves left beside it.
 */
function strapped(slot: EngineSlot): boolean {
  return slot === 'top' || slot === 'one-piece';
}

/** The hem's straight line: the lowest row at least this share as wide as the widest of the rows just above. */
const HEM_SOLID = 0.9;
/** Those rows: this far (x the garment's height) up from its lowest row. */
const HEM_ROWS = 0.08;

/**
 * The garment's lowest row of its hem's straight line (source rows from its top): below it the outline only
 * rounds its corners off or is a speck (a zip's end 7 px wide under a 313 px hem). The lowest level's anchors
 * were read on the very last row: that speck was pulled out to the body's whole width (the zip fanned into a
 * spike and the body piece swept out past the hands), a rounded hem's corners stretched outwards.
 */
function solidHemRow(g: UpperLayout): number {
  const last = g.edgeL.length - 1;
  const width = (r: number) => (g.edgeR[r] ?? 0) - (g.edgeL[r] ?? 0);
  let ref = 0;
  for (let r = Math.max(0, last - Math.round(last * HEM_ROWS)); r <= last; r++) ref = Math.max(ref, width(r));
  let r = last;
  while (r > 0 && width(r) < ref * HEM_SOLID) r--;
  return r;
}

/** Above this bend at the elbow (radians between the upper arm's and the forearm's directions) an arm is folded. */
const FOLDED_ELBOW = 1.2;

/**
 * An arm's width for its sleeve at most this share of the shoulders' span at the upper arm and at the forearm (a
 * mask's width there can be an old wide sleeve's, or the hip beside a hanging forearm).
 */
const ARM_ROOT_MAX = 0.3;
const ARM_END_MAX = 0.24;

/**
 * A long sleeve's cuff this far (x the forearm's width) above the wrist's keypoint: it stopped at 0.55 of it, as a
 * short sleeve's reach does, a band of bare forearm under every sweater's cuff (cgi-model-30).
 */
const LONG_CUFF_GAP = 0.15;

/** A flat lay's sleeve's width at its seam across the sleeve's own axis (seam's middle to cuff's middle). */
function acrossSleeve(s: Sleeve): number {
  const a = lerp(s.seamOuter, s.seamInner, 0.5);
  const b = lerp(s.cuffOuter, s.cuffInner, 0.5);
  const L = dist(a, b);
  const seam = sub(s.seamInner, s.seamOuter);
  if (L < 1e-6) return Math.hypot(seam.x, seam.y);
  return Math.abs((seam.x * (b.y - a.y) - seam.y * (b.x - a.x)) / L);
}

/**
 * A raised arm's shoulder: the first `SHOULDER_CAP` of the upper arm, from a sleeve's width behind the point the
 * occlusion cuts from (a tenth down the upper arm), drawn from the sleeve's seam end (its sections up to the same
 * share of the sleeve's length).
 */
const SHOULDER_CAP = 0.4;

/**
 * Where a raised arm's sleeve's source starts: the fraction of its axis (seam's middle to cuff's) past which a
 * section across the axis clears its slanted seam (half the seam's extent along the axis), at most `SEAM_CLEAR_MAX`.
 * Its sections from the seam itself ran along the flat lay's seam (shoulder's top to armpit, along the sleeve) and
 * were drawn across the arm (a raised arm's seam runs across it): the gingham read along the sleeve, sheared 2-5x
 * into diagonal streaks at the shoulder (cgi-model-27, -23, -2); across the axis from the seam's middle they were
 * the seam's short stub, the checks blown up 2-3x. The part skipped lies under the body piece's shoulder.
 */
const SEAM_CLEAR_MAX = 0.25;

function seamClear(s: Sleeve): number {
  const a = lerp(s.seamOuter, s.seamInner, 0.5);
  const b = lerp(s.cuffOuter, s.cuffInner, 0.5);
  const L = dist(a, b);
  if (L < 1e-6) return 0;
  const seam = sub(s.seamInner, s.seamOuter);
  const along = Math.abs(seam.x * (b.x - a.x) + seam.y * (b.y - a.y)) / L;
  return Math.min(SEAM_CLEAR_MAX, along / 2 / L);
}

function shoulderCap(
  s: Sleeve,
  limb: Limb,
  upperLen: number,
  sleeveLen: number,
  width: number,
  corner: Point,
  across: ((t: number) => { o: Point; i: Point } | null) | null,
  printScale: number,
  long = true,
) {
  const d = { x: (limb.mid.x - limb.root.x) / (upperLen || 1), y: (limb.mid.y - limb.root.y) / (upperLen || 1) };
  const back = upperLen * 0.1 - width * 0.6;
  const from = { x: limb.root.x + d.x * back, y: limb.root.y + d.y * back };
  // (a short sleeve: the cap is the whole sleeve, out to its own length; a second strip from the seam's line, the
  // shoulder's top to the armpit below the raised arm, folded over it into a thin creased flap, cgi-model-2)
  const to = lerp(
    limb.root,
    limb.mid,
    long ? SHOULDER_CAP : Math.min(1, Math.max(SHOULDER_CAP, sleeveLen / (upperLen || 1))),
  );
  const f = long ? Math.min(1, (upperLen * SHOULDER_CAP) / Math.max(1, sleeveLen)) : 1;
  const cut: Sleeve = {
    seamOuter: s.seamOuter,
    seamInner: s.seamInner,
    cuffOuter: lerp(s.seamOuter, s.cuffOuter, f),
    cuffInner: lerp(s.seamInner, s.cuffInner, f),
  };
  // its outer side away from the neck's side of the arm (up, for an arm raised sideways)
  const outer = { x: -d.y, y: d.x };
  if (outer.y > 0) {
    outer.x = -outer.x;
    outer.y = -outer.y;
  }
  const st = segmentStrip(cut, 0, from, to, dist(from, to), outer, () => width, 4);
  // its source's sections across the sleeve's own axis (`sleeveAcross`), as the arm's are across the arm, at the
  // body piece's scale (`printScale`) along the arm from the joint (`seamClear` on; mirrored about it behind the
  // joint), padded across (`padAcross`) as the sleeve is: taken along the seam (shoulder's top to armpit, lying
  // along a flat lay's sleeve) the gingham was read along the sleeve and drawn across the arm, sheared 5x into
  // streaks at the raised upper arm (cgi-model-27, -23, -2); a short sleeve's (the cap is all of it) spread evenly
  // from there to its hem, its stripes round the arm, not along it (tee-stripe on cgi-model-2, -23)
  if (across) {
    const t0 = seamClear(s);
    const srcLen = dist(lerp(s.seamOuter, s.seamInner, 0.5), lerp(s.cuffOuter, s.cuffInner, 0.5));
    const n = st.so.length - 1;
    for (let i = 0; i <= n; i++) {
      const a = Math.abs(back + (dist(from, to) * i) / n);
      const x = across(long ? Math.min(1, t0 + a / Math.max(1, printScale * srcLen)) : t0 + ((1 - t0) * i) / n);
      if (!x) continue;
      st.so[i] = x.o;
      st.si[i] = x.i;
    }
  }
  // each section's outer end no farther out than the line along the arm through the body piece's shoulder corner
  // (`corner`, where the sleeve's own outer edge starts)
  const past = (p: Point) => (p.x - corner.x) * outer.x + (p.y - corner.y) * outer.y;
  for (const [i, o] of st.dOut.entries()) {
    const n = st.dIn[i];
    if (!n) throw new RangeError(`A shoulder cap's section ${i} without its inner end`);
    const eo = past(o);
    if (eo <= 0) continue;
    const en = past(n);
    st.dOut[i] = en >= 0 ? n : lerp(n, o, -en / (eo - en));
  }
  return st;
}

/**
 * A raised arm's short sleeve round the arm's underside: each of the cap's sections' inner ends moves on across the
 * arm to where the person's mask ends, at most `CAP_UNDER_REACH` x the sleeve's width there (`width`) past it (its
 * outer end may be cut in to the shoulder's corner line, `shoulderCap`). The arm's
 * keypoint line runs near its top on a raised arm seen from the front (the armpit's mass below it): the sleeve's
 * tube of the arm's width ended above its underside, a band of bare skin between the sleeve and the body piece.
 */
const CAP_UNDER_REACH = 0.6;

function capUnderArm(st: { dOut: Point[]; dIn: Point[] }, body: Body, width: number): void {
  const { mask, width: W, height: H } = body;
  for (const [i, n] of st.dIn.entries()) {
    const o = st.dOut[i];
    if (!o) continue;
    const L = dist(o, n);
    if (L < 1) continue;
    const ux = (n.x - o.x) / L;
    const uy = (n.y - o.y) / L;
    let d = 0;
    for (; d < width * CAP_UNDER_REACH; d++) {
      const x = Math.round(n.x + ux * (d + 1));
      const y = Math.round(n.y + uy * (d + 1));
      if (x < 0 || y < 0 || x >= W || y >= H || (mask[y * W + x] ?? 0) < 128) break;
    }
    if (d > 0) st.dIn[i] = { x: n.x + ux * (d + 1), y: n.y + uy * (d + 1) };
  }
}

/**
 * Draw under what the layer holds (in the box round `pts`): the layer's pixels there over what `draw` puts down.
 */
function drawUnder(layer: Layer, pts: Point[], draw: () => void): void {
  const W = layer.width;
  let { x0, y0, x1, y1 } = pointBounds(pts);
  // (a margin for a strip's edges drawn a little past its outer and inner points)
  const m = 2 + Math.ceil(0.1 * Math.max(x1 - x0, y1 - y0));
  x0 = Math.max(0, Math.floor(x0) - m);
  y0 = Math.max(0, Math.floor(y0) - m);
  x1 = Math.min(W - 1, Math.ceil(x1) + m);
  y1 = Math.min(layer.height - 1, Math.ceil(y1) + m);
  if (x1 < x0 || y1 < y0) return;
  const bw = x1 - x0 + 1;
  const saved = new Uint8ClampedArray(bw * (y1 - y0 + 1) * 4);
  for (let y = y0; y <= y1; y++) {
    const row = layer.data.subarray((y * W + x0) * 4, (y * W + x1 + 1) * 4);
    saved.set(row, (y - y0) * bw * 4);
    row.fill(0);
  }
  draw();
  const d = layer.data;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const o = (y * W + x) * 4;
      const q = ((y - y0) * bw + x - x0) * 4;
      const ta = (saved[q + 3] ?? 0) / 255;
      if (ta <= 0) continue;
      const ba = (d[o + 3] ?? 0) / 255;
      const na = ta + ba * (1 - ta);
      for (let c = 0; c < 3; c++) d[o + c] = ((saved[q + c] ?? 0) * ta + (d[o + c] ?? 0) * ba * (1 - ta)) / na;
      d[o + 3] = na * 255;
    }
  }
}

/** A sleeve's cap: its sections in this first share of its length reach out over the shoulder's outline. */
const CAP_SHARE = 0.4;
/** ... by at most this (x the shoulders' span). */
const CAP_REACH = 0.08;

/**
 * A hanging sleeve's cap out to the shoulder's own outline: above the armpit (`pitY`) each of its first sections'
 * outer points moves out across the sleeve to where the person's mask ends (at most `CAP_REACH` of the span). The
 * cap ran from the body piece's shoulder corner straight down to the arm's width, inside a rounded shoulder: a
 * crescent of its skin showed outside the sleeve (cgi-model-30's right shoulder).
 */
function capOverShoulder(st: { dOut: Point[]; dIn: Point[] }, body: Body, pitY: number): void {
  const { mask, width: W, height: H } = body;
  const reach = body.span * CAP_REACH;
  const last = Math.floor((st.dOut.length - 1) * CAP_SHARE);
  // never above the seam's top (the body piece's shoulder corner): the mask over a shoulder can be hair lying on
  // it, and the seam's own section (shoulder's top to armpit) moved out along itself up into it, a square step
  // standing above the shoulder's line (tee-logo on cgi-model-4)
  const topY = st.dOut[0]?.y ?? -Infinity;
  for (let i = 0; i <= last; i++) {
    const o = st.dOut[i]!;
    const n = st.dIn[i]!;
    if (o.y >= pitY) continue;
    const L = dist(o, n);
    if (L < 1) continue;
    const ux = (o.x - n.x) / L;
    const uy = (o.y - n.y) / L;
    const most = uy < 0 ? Math.max(0, (o.y - topY) / -uy - 1) : reach;
    let d = 0;
    for (; d < Math.min(reach, most); d++) {
      const x = Math.round(o.x + ux * (d + 1));
      const y = Math.round(o.y + uy * (d + 1));
      if (x < 0 || y < 0 || x >= W || y >= H || (mask[y * W + x] ?? 0) < 128) break;
    }
    // (past the mask's last pixel by one: its soft edge is the shoulder's too)
    if (d > 0) st.dOut[i] = { x: o.x + ux * (d + 1), y: o.y + uy * (d + 1) };
  }
}

/** A folded arm's elbow: the round outside of the bend in this many sections (one per this many radians, at least 2). */
const ELBOW_STEP = 0.3;

/**
 * The outside of a folded arm's elbow (the bend's convex side): the upper sleeve ends square across the arm at the
 * elbow and the forearm's starts square there, turned by the bend; between their outer corners a round wedge about
 * the elbow (its sections from the elbow's point out to an arc of the sleeve's half width `half`), read from the
 * sleeve's cloth about the elbow's fraction of it (the forearm strip's first section, `fore`). The upper sleeve ran
 * past the elbow by a share of the forearm's width instead: its square corner hung below the bent arm, and the
 * forearm's began square beside it (sweater-cable, cardigan-v on cgi-model-15). Null for an arm not bent.
 */
function elbowJoin(
  limb: Limb,
  fore: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] },
  half: number,
  /** Its source read along at this scale (a print with a repeat, padded across too), not the forearm's own. */
  printScale?: number,
): SleeveStrip | null {
  const c = limb.mid;
  const u = sub(limb.mid, limb.root);
  const f = sub(limb.end, limb.mid);
  const lu = Math.hypot(u.x, u.y);
  const lf = Math.hypot(f.x, f.y);
  const [o0, i0] = [fore.dOut[0], fore.dIn[0]];
  const [so0, si0, so1, si1] = [fore.so[0], fore.si[0], fore.so[1], fore.si[1]];
  if (lu < 1 || lf < 1 || half < 1 || !o0 || !i0 || !so0 || !si0 || !so1 || !si1) return null;
  const du = { x: u.x / lu, y: u.y / lu };
  const df = { x: f.x / lf, y: f.y / lf };
  const bend = Math.acos(Math.max(-1, Math.min(1, du.x * df.x + du.y * df.y)));
  if (bend < ELBOW_STEP) return null;
  // the convex side's normals: away from where the other piece turns
  const norm = (v: Point): Point => {
    const n = Math.hypot(v.x, v.y) || 1;
    return { x: v.x / n, y: v.y / n };
  };
  const dotUF = du.x * df.x + du.y * df.y;
  const cu = norm({ x: -(df.x - dotUF * du.x), y: -(df.y - dotUF * du.y) });
  const cf = norm({ x: du.x - dotUF * df.x, y: du.y - dotUF * df.y });
  // the forearm's first section's end on the convex side is its source's outer or inner end
  const outerConvex = (o0.x - i0.x) * cf.x + (o0.y - i0.y) * cf.y > 0;
  const a0 = Math.atan2(cu.y, cu.x);
  let a1 = Math.atan2(cf.y, cf.x);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  const n = Math.max(2, Math.ceil(Math.abs(a1 - a0) / ELBOW_STEP));
  // the source: the forearm strip's first sections, over about the arc's length at half its radius (a strip's
  // scale along there), ending on the forearm's own first section
  const srcStep = Math.max(1e-6, dist(lerp(so0, si0, 0.5), lerp(so1, si1, 0.5)));
  const dstStep = Math.max(1e-6, dist(lerp(o0, i0, 0.5), lerp(fore.dOut[1] ?? o0, fore.dIn[1] ?? i0, 0.5)));
  // (`printScale`: read from its convex edge in across the sleeve for `half` at that scale, at most to the far
  // side's edge band, and along at the scale across)
  const sEdge = outerConvex ? so0 : si0;
  const sMid = lerp(so0, si0, 0.5);
  const own = dist(sEdge, sMid);
  const reach = printScale ? Math.min(half / printScale, 2 * own * (1 - PAD_EDGE)) : own;
  const sIn = own > 1e-6 ? lerp(sEdge, sMid, reach / own) : sMid;
  const srcArc = half * 0.5 * Math.abs(a1 - a0) * (printScale ? reach / half : srcStep / dstStep);
  const dir = norm(sub(lerp(so1, si1, 0.5), lerp(so0, si0, 0.5)));
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const a = a0 + (a1 - a0) * t;
    const back = srcArc * (1 - t);
    so.push({ x: sEdge.x - dir.x * back, y: sEdge.y - dir.y * back });
    si.push({ x: sIn.x - dir.x * back, y: sIn.y - dir.y * back });
    dOut.push({ x: c.x + Math.cos(a) * half, y: c.y + Math.sin(a) * half });
    dIn.push(c);
  }
  return { so, si, dOut, dIn };
}

/** A sleeve's first sections (this share of them) by its seam are drawn again from the sleeve's and the body's cloth. */
const SEAM_CLOTH = 0.4;

const bothParts = new WeakMap<Uint8Array, Map<number, Uint8Array>>();

/**
 * A sleeve's strip's first `SEAM_CLOTH` of its sections drawn under what the layer holds (the body piece, drawn
 * before), read from the sleeve's pixels and the body piece's alike (its labels with the torso's as the sleeve's):
 * where the flat lay's seam bows off the straight line the strip starts on, the gap between the body piece's
 * edge and the sleeve's is cloth, not the skin under it.
 */
function seamCloth(layer: Layer, src: Source, st: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }): void {
  const n = Math.max(2, Math.ceil((st.so.length - 1) * SEAM_CLOTH) + 1);
  let byPart = bothParts.get(src.labels);
  if (!byPart) bothParts.set(src.labels, (byPart = new Map<number, Uint8Array>()));
  let labels = byPart.get(src.part);
  if (!labels) {
    labels = src.labels.map((v) => (v === PART_TORSO ? src.part : v));
    byPart.set(src.part, labels);
  }
  const both = { ...src, labels };
  const [so, si, dOut, dIn] = [st.so.slice(0, n), st.si.slice(0, n), st.dOut.slice(0, n), st.dIn.slice(0, n)];
  drawUnder(layer, [...dOut, ...dIn], () => drawStrip(layer, both, so, si, dOut, dIn, 3));
}

/** How far a limb bends at its middle joint: 0 straight, pi folded back on itself. */
function bendAngle(limb: Limb): number {
  const a = sub(limb.mid, limb.root);
  const b = sub(limb.end, limb.mid);
  const n = Math.hypot(a.x, a.y) * Math.hypot(b.x, b.y);
  if (n < 1e-6) return 0;
  return Math.acos(Math.max(-1, Math.min(1, (a.x * b.x + a.y * b.y) / n)));
}

/**
 * A straight limb piece from `from` towards `to` (length `length`), its source sections from fraction `t0` of the
 * sleeve (seam 0, cuff 1) to the cuff; its outer side on the side of `outerSide`.
 */
function segmentStrip(
  s: Sleeve,
  t0: number,
  from: Point,
  to: Point,
  length: number,
  outerSide: Point,
  widthAt: (t: number) => number,
  sections = 8,
) {
  const L = dist(from, to) || 1e-6;
  const d = { x: (to.x - from.x) / L, y: (to.y - from.y) / L };
  let n = { x: -d.y, y: d.x };
  if (n.x * outerSide.x + n.y * outerSide.y < 0) n = { x: -n.x, y: -n.y };
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    const f = t0 + (1 - t0) * t;
    so.push(lerp(s.seamOuter, s.cuffOuter, f));
    si.push(lerp(s.seamInner, s.cuffInner, f));
    const c = { x: from.x + d.x * length * t, y: from.y + d.y * length * t };
    const half = widthAt(t) / 2;
    dOut.push({ x: c.x + n.x * half, y: c.y + n.y * half });
    dIn.push({ x: c.x - n.x * half, y: c.y - n.y * half });
  }
  return { so, si, dOut, dIn };
}

/**
 * A sleeve's own sections across its axis (its seam's middle to its cuff's): at fraction `t` of that axis, the
 * outer and inner ends of the run of the sleeve's own pixels (its part's label, opaque) on the line through the
 * axis perpendicular to it, outer on its cuff's outer corner's side; null where the axis's point is not on the
 * sleeve (a sleeve curved off its straight axis, or its seam's end in the body piece).
 */
function sleeveAcross(
  s: Sleeve,
  labels: Uint8Array,
  alpha: GrayImage,
  part: number,
): (t: number) => { o: Point; i: Point } | null {
  const a = lerp(s.seamOuter, s.seamInner, 0.5);
  const b = lerp(s.cuffOuter, s.cuffInner, 0.5);
  const L = dist(a, b) || 1e-6;
  let n = { x: -(b.y - a.y) / L, y: (b.x - a.x) / L };
  const co = sub(s.cuffOuter, b);
  if (n.x * co.x + n.y * co.y < 0) n = { x: -n.x, y: -n.y };
  const run = sleeveRun(labels, alpha, part);
  const back = { x: -n.x, y: -n.y };
  const reach = L * 1.5;
  return (t) => {
    const c = lerp(a, b, t);
    const eo = run(c, n, reach);
    const ei = run(c, back, reach);
    if (eo === null || ei === null) return null;
    return { o: { x: c.x + n.x * eo, y: c.y + n.y * eo }, i: { x: c.x - n.x * ei, y: c.y - n.y * ei } };
  };
}

/**
 * A folded arm's upper sleeve (not raised) is read across its own axis from its seam to the elbow, but a flat lay's
 * sleeve hangs from a seam nearly along that axis (shoulder's top to armpit): across it there it is a narrow wedge
 * (coat-camel's 14-19 px below the armpit, 40 at the elbow), each section drawn the upper arm's width, 69 px: its
 * twill and shading magnified 2-5x across into a blurred streaky block (cgi-model-15's left arm; a twill is not
 * padded, `PAD_COHERENCE`). Its sections are read from the first fraction of the axis (sampled in `WIDE_STEPS`)
 * where the sleeve is `WIDE_SHARE` of its width at the elbow, at most to `WIDE_CUFF` short of the cuff (its hem band
 * not at the elbow), for the upper sleeve's length on (the cloth at its own scale, 32-52 px there). The shift eases
 * in over the strip's first `WIDE_RAMP` (its seam's cap still joins the body piece, no step across the sleeve).
 */
const WIDE_SHARE = 0.9;
const WIDE_STEPS = 20;
const WIDE_CUFF = 0.08;
const WIDE_RAMP = 0.5;
const smooth = (x: number) => x * x * (3 - 2 * x);

/** The axis fraction a folded arm's upper sleeve is read from (0: its seam), at most `1 - tx`. */
function wideFrom(across: (t: number) => { o: Point; i: Point } | null, tx: number): number {
  const w = (t: number) => {
    const x = across(t);
    return x ? dist(x.o, x.i) : 0;
  };
  const need = w(tx) * WIDE_SHARE;
  if (need <= 0) return 0;
  const most = Math.max(0, 1 - tx - WIDE_CUFF);
  for (let k = 0; k <= WIDE_STEPS; k++) {
    const t = (k / WIDE_STEPS) * most;
    if (w(t) >= need) return t;
  }
  return most;
}

/**
 * How far the sleeve's own pixels (its part's label, opaque) run from `c` along the unit `dir` (gaps of a few
 * pixels bridged, as `sleeveAcross`), at most `reach`; null where `c` is not on the sleeve.
 */
function sleeveRun(
  labels: Uint8Array,
  alpha: GrayImage,
  part: number,
): (c: Point, dir: Point, reach: number) => number | null {
  const { width: W, height: H } = alpha;
  const on = (x: number, y: number) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= W || py >= H) return false;
    const p = py * W + px;
    return labels[p] === part && (alpha.data[p] ?? 0) >= 128;
  };
  // (a gap of a few pixels inside the sleeve, a speck of its print cut out, does not end the run)
  const GAP = 3;
  return (c, dir, reach) => {
    if (!on(c.x, c.y)) return null;
    let last = 0;
    for (let d = 1; d <= reach && d - last <= GAP; d++) if (on(c.x + dir.x * d, c.y + dir.y * d)) last = d;
    return last + 0.5;
  };
}

/**
 * An armpit may lie this far (x half the upper arm's width) outside the upper arm's inner outline before the sleeve's
 * seam end moves in onto it (an arm down the side overlaps the mask's torso edge by a few pixels on every body).
 */
const PIT_OVER_ARM = 0.5;

/**
 * A raised upper arm's sleeve is drawn about the shoulder-elbow line, but that line can lie off the arm's middle in
 * the mask (the pose's joints sit nearer its top): the arm's far side ran past the sleeve's half-width, a strip of
 * bare skin along the sleeve's underside (cgi-model-27's raised right arm: 44 px below the line, 29 above, the sleeve
 * 40 px each side). Read across the upper arm at this share along it; its farther side is covered (plus the slack)
 * where the two sides add up to an arm's width (`RAISED_FAR_WIDTH` x the limb's measured width, else the mask ran
 * into the head or the torso).
 */
const RAISED_FAR_AT = 0.45;
const RAISED_FAR_WIDTH = 1.3;

/** The farther side of a raised upper arm's mask from its shoulder-elbow line (px), 0 where not readable. */
export function raisedFarSide(body: Body, limb: Limb): number {
  const L = dist(limb.root, limb.mid);
  if (L < 1) return 0;
  const p = lerp(limb.root, limb.mid, RAISED_FAR_AT);
  const r = maskWidth(
    body.mask,
    body.width,
    body.height,
    p,
    (limb.mid.x - limb.root.x) / L,
    (limb.mid.y - limb.root.y) / L,
    limb.widthRoot,
  );
  if (r.a <= 0 || r.b <= 0 || r.a + r.b > limb.widthRoot * RAISED_FAR_WIDTH) return 0;
  return Math.max(r.a, r.b);
}

/**
 * A folded arm's forearm sleeve is drawn about the elbow-wrist line, but that line can run along the arm's edge in
 * the mask rather than its middle (cgi-model-15's raised left forearm: its lower edge, the arm 30 px across 4 px
 * above the line to 28 above): the sleeve hung half its width below the arm (the garment's room cut it there into a
 * ragged edge, a square block at the elbow) and the arm's lit top rim showed above it, a pale fringe. Read across
 * the forearm at these shares along it, the mask's run (pixels of at least `FORE_MID_LEVEL`: a thin forearm's mask
 * is soft, 110-125 where the body's is 250) nearest the line whose both ends lie within `FORE_MID_WIDTH` forearm
 * widths; its middle's offsets give the forearm's turn about the elbow (least squares), where at least
 * `FORE_MID_MIN` rows read and the line lies off the arm's middle by `FORE_MID_EDGE` of its half width on average
 * (0.85 there; cgi-model-27's raised forearm 0.1, the mirrored photo's left one 0.45: a soft mask's halo wider on
 * one side than the other, turned towards it the arm's other edge showed, a strip of skin along the sleeve).
 */
const FORE_MID_AT = [0.35, 0.45, 0.55, 0.65, 0.75, 0.85];
const FORE_MID_LEVEL = 96;
const FORE_MID_WIDTH = 1.3;
const FORE_MID_MIN = 3;
const FORE_MID_EDGE = 0.6;

/** The wrist's end of a folded forearm's line turned about the elbow onto the forearm's middle in the mask. */
export function foreMidEnd(body: Body, limb: Limb): Point {
  const L = dist(limb.mid, limb.end);
  if (L < 1) return limb.end;
  const n = { x: -(limb.end.y - limb.mid.y) / L, y: (limb.end.x - limb.mid.x) / L };
  const reach = Math.ceil(limb.widthEnd * FORE_MID_WIDTH);
  const on = (c: Point, o: number) => {
    const x = Math.round(c.x + n.x * o);
    const y = Math.round(c.y + n.y * o);
    if (x < 0 || y < 0 || x >= body.width || y >= body.height) return false;
    return (body.mask[y * body.width + x] ?? 0) >= FORE_MID_LEVEL;
  };
  let num = 0;
  let den = 0;
  let edge = 0;
  let rows = 0;
  for (const f of FORE_MID_AT) {
    const c = lerp(limb.mid, limb.end, f);
    // the runs across, each [first, last] offset; the one nearest the line
    let best: [number, number] | null = null;
    let start = on(c, -reach) ? -reach - 1 : null;
    for (let o = -reach; o <= reach + 1; o++) {
      const inside = o <= reach && on(c, o);
      if (inside && start === null) start = o;
      if (!inside && start !== null) {
        const run: [number, number] = [start, o - 1];
        const gap = (r: [number, number]) => (r[0] > 0 ? r[0] : r[1] < 0 ? -r[1] : 0);
        if (!best || gap(run) < gap(best)) best = run;
        start = null;
      }
    }
    if (!best || best[0] < -reach || best[1] >= reach) continue;
    const mid = (best[0] + best[1]) / 2;
    num += f * mid;
    den += f * f;
    edge += Math.abs(mid) / Math.max(1, (best[1] - best[0] + 1) / 2);
    rows++;
  }
  if (rows < FORE_MID_MIN || den <= 0 || edge / rows < FORE_MID_EDGE) return limb.end;
  const off = num / den;
  return { x: limb.end.x + n.x * off, y: limb.end.y + n.y * off };
}

/**
 * A hanging sleeve's forearm is drawn `ARM_END_MAX` of the span wide about the elbow-wrist line at most (an old wide
 * sleeve in the mask is not the arm), but below the elbow the forearm's mask can be wider than that and lie off the
 * line: ai-body's image-right forearm 35 px above the line, 27 below, the sleeve 27 each side, a pink sliver of skin
 * along its top edge above the cuff. Each edge of a forearm's section now reaches at least the mask's outline on its
 * side (plus `FORE_SIDE_PAST` px), where both sides add up to at most `FORE_SIDE_WIDTH` x the upper arm's width
 * (else the mask ran into the torso or the hips).
 */
const FORE_SIDE_WIDTH = 1.3;
const FORE_SIDE_PAST = 1;
/**
 * The reach let go of over the forearm from this share of its length to that one (the wrist's and the hand's width in
 * the mask stood the cuff's inner corner off the arm, a tooth).
 */
const FORE_SIDE_FADE: [number, number] = [0.5, 0.8];

/**
 * The forearm's mask either side of its line at a point `p` on it (`n` the unit normal on the outer side): how far
 * past `p` each edge of a sleeve's section must reach (out, in), null off the forearm or where not readable.
 */
function foreSides(
  body: Body,
  limb: Limb,
  armW: number,
): (p: Point, n: Point) => { o: number; i: number; w: number } | null {
  const f = sub(limb.end, limb.mid);
  const lf = Math.hypot(f.x, f.y);
  const [f0, f1] = FORE_SIDE_FADE;
  return (p, n) => {
    const at = lf < 1 ? -1 : ((p.x - limb.mid.x) * f.x + (p.y - limb.mid.y) * f.y) / (lf * lf);
    if (at <= 0 || at >= f1) return null;
    // maskWidth's side a lies along (-dy, dx) for a direction (dx, dy): with (dx, dy) = (n.y, -n.x) that is n
    const r = maskWidth(body.mask, body.width, body.height, p, n.y, -n.x, armW * FORE_SIDE_WIDTH);
    if (r.a <= 0 || r.b <= 0 || r.a + r.b > armW * FORE_SIDE_WIDTH) return null;
    return { o: r.a + FORE_SIDE_PAST, i: r.b + FORE_SIDE_PAST, w: Math.min(1, (f1 - at) / (f1 - f0)) };
  };
}

/**
 * A hanging sleeve whose outer edge's own end lies above the armpit (a deep armhole on the person): its cuff this
 * share of the inner edge's own run (the underarm seam's length, scaled) below the armpit (`hangingStrip`).
 */
const UNDERARM_SHARE = 0.5;

/**
 * A hanging sleeve's seam end at the armpit, on the upper arm: where the upper arm lies along the torso's side (over
 * it, or in front of it: its line inside the mask's torso edge, cgi-model-15's left arm), the armpit, put on that
 * edge, was outside the arm, and the sleeve's inner edge ran from it straight in across the chest to the arm's
 * inner side: a fan folded over the body piece, its cuff across the chest. Past `PIT_OVER_ARM` of the arm's half
 * width outside the arm's inner outline (`armHalf` from its line at `at` along it), the armpit moves in towards
 * that outline (all the way at twice that), so the sleeve wraps the arm from the shoulder's top down.
 */
function pitOnArm(pit: Point, limb: Limb, at: number, armHalf: number, outward: Point): Point {
  const q = along([limb.root, limb.mid], at);
  let n = { x: -q.d.y, y: q.d.x };
  if (n.x * outward.x + n.y * outward.y < 0) n = { x: -n.x, y: -n.y };
  const by = (pit.x - q.p.x) * n.x + (pit.y - q.p.y) * n.y + armHalf;
  const tol = armHalf * PIT_OVER_ARM;
  const move = Math.min(by, Math.max(0, 2 * (by - tol)));
  return move > 0 ? { x: pit.x - n.x * move, y: pit.y - n.y * move } : pit;
}

/**
 * A folded arm's upper sleeve (not raised) is drawn from the shoulder's joint (`limbStrip`), its inner edge from the
 * armpit blended over the first 30% onto the arm's inner side at the joint's height; but the armpit lies well down
 * the upper arm (cgi-model-15's arms: 110 px of 178 below the joint): the inner edge ran from it up and in over the
 * body piece (40 px) and back down, a block's corner over the coat's chest, the sleeve's cloth crumpled into it.
 * The armpit now lies on the arm (`pitOnArm`), and above it each section ends at the armhole (the line from the
 * seam's outer end to the armpit), its source cut at the same share (the cloth at its own scale, not squeezed); a
 * section blended from the seam that ends short of that line has its inner end put on it.
 */
function armholeCut(
  st: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] },
  limb: Limb,
  armHalf: number,
  outward: Point,
): void {
  const [top, first] = [st.dOut[0], st.dIn[0]];
  const L = dist(limb.root, limb.mid);
  if (!top || !first || L < 1) return;
  const d = { x: (limb.mid.x - limb.root.x) / L, y: (limb.mid.y - limb.root.y) / L };
  const at = (p: Point) => (p.x - limb.root.x) * d.x + (p.y - limb.root.y) * d.y;
  const pit = pitOnArm(first, limb, at(first), armHalf, outward);
  st.dIn[0] = pit;
  // the armhole's line and which side of it is the body's (the side away from the sleeve's outer edge)
  const side = (p: Point) => (pit.x - top.x) * (p.y - top.y) - (pit.y - top.y) * (p.x - top.x);
  const a0 = at(pit);
  for (let i = 1; i < st.dIn.length; i++) {
    const [o, q, so, si] = [st.dOut[i], st.dIn[i], st.so[i], st.si[i]];
    if (!o || !q || !so || !si || at(q) >= a0) continue;
    const [so_, sq] = [side(o), side(q)];
    if (so_ * sq < 0) {
      const f = so_ / (so_ - sq);
      st.dIn[i] = lerp(o, q, f);
      st.si[i] = lerp(so, si, f);
    } else if (so_ * sq > 0) {
      // (a section blended from the seam, along the arm, ending short of the armhole: its inner end onto it, or
      // the inner edge zigzagged from the armpit out into the sleeve and back to the armhole, a ragged corner)
      const h = sub(pit, top);
      const u = Math.max(0, Math.min(1, ((q.x - top.x) * h.x + (q.y - top.y) * h.y) / (h.x * h.x + h.y * h.y || 1)));
      st.dIn[i] = lerp(top, pit, u);
    }
  }
}

/**
 * A sleeve on an arm that is not raised: each of its edges runs along the arm from its own end of the seam (the
 * outer edge from the shoulder's top, the inner one from the armpit) to its own end, so no section of the sleeve
 * rises above the armpit. One strip from the shoulder's joint (`limbStrip`) took its inner edge from the armpit up
 * to the joint's height and down again: a flap folded over itself, its cuff lying across the chest ("boxy", folded
 * notched sleeves on every tee and polo on an arm down the side). `outerEnd`/`innerEnd`: how far along the arm
 * (from its shoulder's joint) each edge ends.
 */
function hangingStrip(
  s: Sleeve,
  seamO: Point,
  seamI: Point,
  path: Point[],
  outerEnd: number,
  innerEnd: number,
  widthAt: (t: number) => number,
  outward: Point,
  across: ((t: number) => { o: Point; i: Point } | null) | null = null,
  sections = 14,
  run: ((c: Point, dir: Point, reach: number) => number | null) | null = null,
  sides: ((p: Point, n: Point) => { o: number; i: number; w: number } | null) | null = null,
  scale = 0,
) {
  const d0 = sub(path[1]!, path[0]!);
  const l0 = Math.hypot(d0.x, d0.y) || 1;
  const upperLen = l0;
  const along0 = (p: Point) => ((p.x - path[0]!.x) * d0.x + (p.y - path[0]!.y) * d0.y) / l0;
  const o0 = along0(seamO);
  const i0 = along0(seamI);
  const deep = across !== null && Math.max(o0, outerEnd) < i0;
  const cuff = i0 + (Math.max(i0, innerEnd) - i0) * UNDERARM_SHARE;
  const owned: boolean[] = [];
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    // from the seam itself (where it joins the body piece) onto the arm over the first 30%
    const blend = Math.min(1, t / 0.3);
    const sb = blend * blend * (3 - 2 * blend);
    // the source's sections across the sleeve's own axis, its full width there (`sleeveAcross`), and the arm's
    // across the arm: the sections joining the seam's ends to the cuff's at equal fractions ran mostly along the
    // upper sleeve (its seam, shoulder to armpit, lies along it), its print enlarged ~3x across the arm and
    // sheared (the gingham's moire); both from the seam's line, as before, over the same first 30%
    const x = across ? across(t) : null;
    const lo = lerp(s.seamOuter, s.cuffOuter, t);
    const li = lerp(s.seamInner, s.cuffInner, t);
    // (a long sleeve turned with the arm, `run`: its own sections from the seam on, `ownCap`)
    const sw = run ? 1 : sb;
    so.push(x ? lerp(lo, x.o, sw) : lo);
    si.push(x ? lerp(li, x.i, sw) : li);
    owned.push(run !== null && x !== null);
    const half = widthAt(t) / 2;
    const normal = (d: Point): Point => {
      const n = { x: -d.y, y: d.x };
      return n.x * outward.x + n.y * outward.y < 0 ? { x: -n.x, y: -n.y } : n;
    };
    // (across: each edge from its own end of the seam towards the same point along the arm, the middle of the
    // two, reached at the cuff, as the source's seam's slant gives way to its cuff; both there at once from the
    // first 30% folded a short sleeve's inner edge back up from the armpit, `tops-fit.test.ts`)
    const ao = o0 + (Math.max(o0, outerEnd) - o0) * t;
    const ai0 = i0 + (Math.max(i0, innerEnd) - i0) * t;
    const w = x ? t : 0;
    // (under a deep armpit, the outer edge's own end above the armpit's level, the middle of the two lay at or
    // above the armpit: the inner edge a few pixels long, every section fanned out from one point there, a flap
    // standing off the shoulder and its print sheared into streaks, cgi-model-15's bent arm; there each edge runs
    // evenly from its end of the seam to the cuff, `UNDERARM_SHARE` of the inner edge's own run below the armpit)
    const o = along(path, deep ? o0 + (cuff - o0) * t : ao + ((ao + ai0) / 2 - ao) * w);
    const n = along(path, deep ? i0 + (cuff - i0) * t : ai0 + ((ao + ai0) / 2 - ai0) * w);
    const no = normal(o.d);
    const ni = normal(n.d);
    // (on the forearm each edge at least to the arm's outline on its side, `foreSides`)
    const so_ = sides ? sides(o.p, no) : null;
    const si_ = sides ? sides(n.p, ni) : null;
    const ho = half + (so_ ? Math.max(0, so_.o - half) * so_.w : 0);
    const hi = half + (si_ ? Math.max(0, si_.i - half) * si_.w : 0);
    const outer = { x: o.p.x + no.x * ho, y: o.p.y + no.y * ho };
    const inner = { x: n.p.x - ni.x * hi, y: n.p.y - ni.y * hi };
    // near the armpit the inner edge stays no farther out than the armpit (an arm held a little out, an A-pose, left a
    // wedge of the arm's skin between the sleeve and the body piece), letting go of it down the upper arm
    const hold = Math.max(0, 1 - (ai0 - i0) / Math.max(1, upperLen * 0.5));
    const outBy = (inner.x - seamI.x) * ni.x + (inner.y - seamI.y) * ni.y;
    if (outBy > 0) {
      inner.x -= ni.x * outBy * hold;
      inner.y -= ni.y * outBy * hold;
    }
    dOut.push(lerp(seamO, outer, sb));
    dIn.push(lerp(seamI, inner, sb));
    // (the turn let go of towards the cuff, its own hem: turned, a short sleeve's hem line slanted)
    const out = Math.min(1, (1 - t) / CAP_TURN_OUT);
    if (x && run && out > 0) capSection(s, so, si, dOut, dIn, o.d, outward, run, out * out * (3 - 2 * out));
  }
  // (the seam's own section off the sleeve's cloth: carried back from the next two; a fan below a deep armpit is
  // read through one similarity instead, `fanRead`)
  const own = !deep && owned[1] === true && owned[2] === true;
  if (deep) {
    pitSide(dOut, dIn, outward);
    fanRead(s, so, si, dOut, dIn, path, outward, scale);
  } else if (own && !owned[0]) ownCap(so, si, dOut, dIn);
  return { so, si, dOut, dIn, own };
}

/**
 * A long hanging sleeve's cap read from the sleeve's own sections (`capSection`), not blended from the flat lay's
 * seam line: that seam (corner to armpit) runs nearly along the sleeve (shirt-check: 6 degrees off its axis), so a
 * section near it read 2-4x farther along the sleeve than across it, while the person's seam lies across the arm:
 * the cap's quads sheared 8-20x (larger over smaller singular value), a gingham's checks swirled into moire at both
 * shoulders (ai-body). Its first section, the seam's (where the sleeve's own section is off its cloth), is the next
 * two's line carried back by its drawn distance from the next (a seam is where a print may break).
 */
function ownCap(so: Point[], si: Point[], dOut: Point[], dIn: Point[]): void {
  const [o1, o2, i1, i2] = [so[1], so[2], si[1], si[2]];
  const [a0, a1, a2, b0, b1, b2] = [dOut[0], dOut[1], dOut[2], dIn[0], dIn[1], dIn[2]];
  if (!o1 || !o2 || !i1 || !i2 || !a0 || !a1 || !a2 || !b0 || !b1 || !b2) return;
  const [m0, m1, m2] = [lerp(a0, b0, 0.5), lerp(a1, b1, 0.5), lerp(a2, b2, 0.5)];
  const r = dist(m0, m1) / Math.max(1e-6, dist(m1, m2));
  so[0] = { x: o1.x + (o1.x - o2.x) * r, y: o1.y + (o1.y - o2.y) * r };
  si[0] = { x: i1.x + (i1.x - i2.x) * r, y: i1.y + (i1.y - i2.y) * r };
}

/**
 * A fan below a deep armpit (`hangingStrip`'s `deep`) kept on the sleeve's side of its seam: the cap's first sections
 * leave the shoulder outwards while their inner ends, pulled along the arm, ran in past the armpit over the body
 * piece, so each crossed the seam's section (cgi-model-15's bent arms: up to 16 and 8 px past it, crossing 50 px above
 * the armpit) and the mesh folded over itself there: the source read backwards between them, midi-dots' dots scratched
 * into white streaks along the seam and fanned at the armpit. Each inner end past the seam's line is set back onto it.
 */
function pitSide(dOut: Point[], dIn: Point[], outward: Point): void {
  const [a, b] = [dOut[0], dIn[0]];
  if (!a || !b) return;
  const n = frame(unit(sub(b, a)), outward).n;
  for (let i = 1; i < dIn.length; i++) {
    const p = dIn[i];
    if (!p) continue;
    const past = (p.x - b.x) * n.x + (p.y - b.y) * n.y;
    if (past < 0) dIn[i] = { x: p.x - n.x * past, y: p.y - n.y * past };
  }
}

/** A vector of length 1 (the x axis for a zero one). */
function unit(v: Point): Point {
  const l = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / l, y: v.y / l };
}

/** A direction `u` with its normal turned to the side `out` points to: a sleeve's frame (along, outward). */
function frame(u: Point, out: Point): { u: Point; n: Point } {
  const n = { x: -u.y, y: u.x };
  return n.x * out.x + n.y * out.y < 0 ? { u, n: { x: -n.x, y: -n.y } } : { u, n };
}

/**
 * `fanRead` only where the drawn hem is at most this x the flat lay's cuff at the garment's scale. A narrow sleeve
 * drawn round a wider arm (midi-dots' 24 px cuff, its hem drawn 2.1-2.6x that on cgi-model-15, -24, -27, -30, ai-body;
 * a tee's 1.0x) read through the hem's similarity had its print enlarged that much both ways and its whole inner
 * edge read from a few pixels by the cuff: white streaks fanned across the sleeve. There the strip keeps its
 * seam-to-cuff sections, folded along and padded across to the body's scale (`foldAlong`, `padAcross`).
 */
export const FAN_READ_WIDEST = 1.5;

/**
 * A sleeve below a deep armpit is drawn as a fan (`hangingStrip`'s `deep`): its inner edge a few pixels at the
 * armpit (0.2 of its outer edge's length on every fixture), its outer edge down the arm from the shoulder's top. Its
 * source sections ran from the flat lay's seam to its cuff at equal steps on both edges, so the whole underarm was
 * squeezed into the armpit's few pixels: a stripe's run bent into a sawtooth along the sleeve's inner side, a tee's
 * armhole shading into a crease, a folded flap (tee-stripe, tee-logo on cgi-model-15's arm behind her bust,
 * cgi-model-30). The sleeve is now read as drawn: each drawn point through one similarity (the drawn hem's middle on
 * the flat lay's cuff's, the arm's line on the sleeve's axis, the hem's width on the cuff's), the inner edge all the
 * way, the outer one from the seam's own reading (the cap's top read there fell past the flat lay's shoulder onto
 * its backdrop, a notch) to the similarity's at the hem (smoothstep along the sleeve: from a share of its way down
 * the change of reading bent the stripes into a chevron there, cgi-model-30).
 */
function fanRead(
  s: Sleeve,
  so: Point[],
  si: Point[],
  dOut: Point[],
  dIn: Point[],
  path: Point[],
  outward: Point,
  scale: number,
) {
  const k = so.length - 1;
  const [ho, hi, p0, p1] = [dOut[k], dIn[k], path[0], path[1]];
  if (!ho || !hi || !p0 || !p1 || k < 1) return;
  if (dist(ho, hi) > dist(s.cuffOuter, s.cuffInner) * scale * FAN_READ_WIDEST) return;
  const cm = lerp(s.cuffOuter, s.cuffInner, 0.5);
  const sf = frame(unit(sub(cm, lerp(s.seamOuter, s.seamInner, 0.5))), sub(s.cuffOuter, s.cuffInner));
  const df = frame(unit(sub(p1, p0)), outward);
  const hm = lerp(ho, hi, 0.5);
  const kk = dist(s.cuffOuter, s.cuffInner) / Math.max(1, dist(ho, hi));
  const read = (p: Point): Point => {
    const v = sub(p, hm);
    const a = (v.x * df.u.x + v.y * df.u.y) * kk;
    const b = (v.x * df.n.x + v.y * df.n.y) * kk;
    return { x: cm.x + a * sf.u.x + b * sf.n.x, y: cm.y + a * sf.u.y + b * sf.n.y };
  };
  for (let i = 0; i <= k; i++) {
    const [a, b, o] = [dOut[i], dIn[i], so[i]];
    if (!a || !b || !o) continue;
    const t = i / k;
    so[i] = lerp(o, read(a), t * t * (3 - 2 * t));
    si[i] = read(b);
  }
}

/**
 * A short sleeve below a deep armpit kept whole: its flat lay's shape turned and scaled (one similarity) so its seam
 * lies on the person's (`seamO` to `pit`), at most `SEAM_FIT_MOST` x the garment's scale. The person's seam runs
 * nearly along an arm hanging down, the flat lay's across its sleeve: a strip from the seam's ends to a cuff square
 * to the arm fanned from the armpit, its outer edge drawn 2.7x its inner's, the print sheared into sawtooth stripes
 * and a grey creased flap (tee-logo, tee-stripe, polo-pique on cgi-model-2's lowered arm). Turned whole, the sleeve
 * stands a little off the arm with its own straight hem, as a tee's short sleeve does.
 */
const SEAM_FIT_MOST = 1.3;

function wholeSleeve(s: Sleeve, seamO: Point, pit: Point, scale: number, sections = 8): SleeveStrip {
  const src = sub(s.seamInner, s.seamOuter);
  const dst = sub(pit, seamO);
  const ls = Math.hypot(src.x, src.y);
  const ld = Math.hypot(dst.x, dst.y);
  const k = ls > 1e-6 ? Math.min(ld / ls, scale * SEAM_FIT_MOST) : scale;
  const turn = Math.atan2(dst.y, dst.x) - Math.atan2(src.y, src.x);
  const [c, sn] = [Math.cos(turn) * k, Math.sin(turn) * k];
  const map = (p: Point): Point => {
    const v = sub(p, s.seamOuter);
    return { x: seamO.x + v.x * c - v.y * sn, y: seamO.y + v.x * sn + v.y * c };
  };
  const so: Point[] = [];
  const si: Point[] = [];
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    so.push(lerp(s.seamOuter, s.cuffOuter, t));
    si.push(lerp(s.seamInner, s.cuffInner, t));
  }
  return { so, si, dOut: so.map(map), dIn: si.map(map) };
}

/**
 * A turned section (`capSection`) reaches along its new line to the sleeve's outline, at most this x its
 * half-width before the turn (a section turned aslant crosses the sleeve on a longer chord; held at its own length,
 * its ends fell short of the outline and the cloth read past them hung out of the drawn edge, a ragged flap).
 */
const CAP_TURN_REACH = 2;
/** ... and is turned in full up to this share of the sleeve's length from its cuff, less and less to none at it. */
const CAP_TURN_OUT = 0.3;

/**
 * A hanging sleeve's section read at the angle it is drawn at: its last source section (`so`/`si`, the seam's
 * line blended onto the sleeve's own cross section) turned about its middle to make the same angle with the
 * sleeve's axis (seam's middle to cuff's, outer side out) as the drawn one (`dOut`/`dIn`) makes with the arm
 * (`armDir`, outer side `outward`), its ends on the sleeve's outline along that line (`run`, at most
 * `CAP_TURN_REACH` x its half-width). A flat lay's sleeve hangs nearly down and its seam, corner to armpit, runs
 * nearly along it (shirt-check: 6 degrees off its axis), the person's seam 53 degrees off the arm: the cap's
 * sections turned 83 degrees in the source over the first 30% of the sleeve and 33 as drawn, and down the arm the
 * drawn ones lean ~18 degrees (their edges from the seam's two ends) where the source's were square: the print
 * fanned and sheared (a gingham's checks swirled into moire at both shoulders, ai-body). A section whose middle is
 * off the sleeve, or whose line crosses less than half its old width of it, is left as it was.
 */
function capSection(
  s: Sleeve,
  so: Point[],
  si: Point[],
  dOut: Point[],
  dIn: Point[],
  armDir: Point,
  outward: Point,
  run: (c: Point, dir: Point, reach: number) => number | null,
  weight: number,
) {
  const k = so.length - 1;
  const [o, i, a, b] = [so[k], si[k], dOut[k], dIn[k]];
  if (!o || !i || !a || !b) return;
  const su = unit(sub(lerp(s.cuffOuter, s.cuffInner, 0.5), lerp(s.seamOuter, s.seamInner, 0.5)));
  const sf = frame(su, sub(s.cuffOuter, s.cuffInner));
  const df = frame(unit(armDir), outward);
  const v = sub(b, a);
  const [p, q] = [v.x * df.u.x + v.y * df.u.y, v.x * df.n.x + v.y * df.n.y];
  const dl = Math.hypot(p, q);
  if (dl < 1e-6) return;
  const half = dist(o, i) / 2;
  const c = lerp(o, i, 0.5);
  const dir = unit(
    lerp(unit(sub(i, o)), { x: (p * sf.u.x + q * sf.n.x) / dl, y: (p * sf.u.y + q * sf.n.y) / dl }, weight),
  );
  // (its ends on the sleeve's own pixels: turned at its old length, a section near the seam reached past the
  // outline onto the photo's backdrop, the cap's top drawn empty, skin, and the outline's dark line across the cap)
  const ro = run(c, { x: -dir.x, y: -dir.y }, half * CAP_TURN_REACH);
  const ri = run(c, dir, half * CAP_TURN_REACH);
  if (ro === null || ri === null || ro + ri < half) return;
  so[k] = { x: c.x - dir.x * ro, y: c.y - dir.y * ro };
  si[k] = { x: c.x + dir.x * ri, y: c.y + dir.y * ri };
}

/**
 * A top's sleeve set in at its shoulder's corner (`shoulderCorner`): its flat lay's seam, corner to armpit, is
 * longer than the person's, shoulder's top to armpit (a shirt's 1.6x), and the sleeve's strip drawn from all of it
 * squeezed its print along the arm and bent its edge into a notch near the shoulder. Its source's seam is read from
 * the corner for the person's length only (at the garment's scale), its armpit's end moved up the seam; the
 * underarm below it lies under the arm.
 */
function seamOfPerson(s: Sleeve, seamO: Point, seamI: Point, scale: number): Sleeve {
  const own = dist(s.seamOuter, s.seamInner) * scale;
  const person = dist(seamO, seamI);
  if (own <= person * 1.001) return s;
  return { ...s, seamInner: lerp(s.seamOuter, s.seamInner, person / own) };
}

/** A sleeve's print is padded across where it is drawn wider than this (x its scale along the arm). */
const PAD_FROM = 1.15;
/** A section's edge band (its outline's line and shading, kept at the outline, not mirrored): this x its width. */
const PAD_EDGE = 0.12;
/**
 * ... in full from this share of its length on (its first section is its seam, on the body piece's edge: not
 * padded; padded only as far as the seam's blend onto its own sections went, `hangingStrip`'s first 30%, the cap's
 * print stayed stretched and its soft edge a fringe over the shoulder).
 */
const PAD_SEAM = 0.15;
/** A section is widened at most this much (x its own width): its cloth inside its edge bands once more each side. */
const PAD_MOST = 3 - 4 * PAD_EDGE;
/**
 * ... and a print with a repeat (`printLattice`) this much, each pad read as a run of chunks of whole repeats, each
 * no wider than the cloth inside the bands (`drawPadded`). Held to `PAD_MOST`, a folded arm's upper sleeve, read
 * across a flat lay's narrow wedge below its seam (22-44 px of its 137 at the body's scale), drew its gingham's
 * checks 1.4-2.4x the body's (shirt-check on cgi-model-2's lowered arm).
 */
const PAD_LATTICE_MOST = 7;

/**
 * Sleeves whose print has a direction (its luminance's gradients this coherent, each sleeve's own, the mean: a
 * Breton's stripes 0.73, a blazer's pinstripes 0.79, a coat's twill 0.66, a puffer's channels 0.61 (0.54 at 200 px),
 * a striped tee 0.51; a gingham 0.15, a pique polo 0.29-0.32, a logo tee 0.03) are not padded nor folded along:
 * folded back across a slanted sleeve, stripes zigzagged into chevrons (the puffer's channels, round 11, once its
 * print was folded along to the body's scale); drawn wider they stay stripes.
 */
export const PAD_COHERENCE = 0.45;

/**
 * How much the sleeves' print runs one way: the coherence of its luminance's structure tensor over each sleeve's
 * own pixels, the sleeves' mean ((l1 - l2) / (l1 + l2) of the summed gradients' outer products; 0 for checks, 1 for stripes).
 */
export function printCoherence(
  image: RgbaImage,
  labels: Uint8Array,
  alpha: GrayImage,
  sleeves: { s: Sleeve; part: number }[],
): number {
  const { width: W, height: H } = image;
  const px = image.data;
  const lum = (q: number) => (px[q * 4] ?? 0) * 0.3 + (px[q * 4 + 1] ?? 0) * 0.59 + (px[q * 4 + 2] ?? 0) * 0.11;
  // each sleeve's own (a flat lay's two sleeves slant opposite ways: their stripes summed read as checks)
  let sum = 0;
  for (const { s, part } of sleeves) {
    let xx = 0;
    let yy = 0;
    let xy = 0;
    const on = (q: number) => labels[q] === part && (alpha.data[q] ?? 0) >= 250;
    const xs = [s.seamOuter.x, s.seamInner.x, s.cuffOuter.x, s.cuffInner.x];
    const ys = [s.seamOuter.y, s.seamInner.y, s.cuffOuter.y, s.cuffInner.y];
    const x0 = Math.max(1, Math.floor(Math.min(...xs)));
    const x1 = Math.min(W - 2, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(1, Math.floor(Math.min(...ys)));
    const y1 = Math.min(H - 2, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y += 2) {
      for (let x = x0; x <= x1; x += 2) {
        const q = y * W + x;
        if (!on(q) || !on(q - 1) || !on(q + 1) || !on(q - W) || !on(q + W)) continue;
        const gx = lum(q + 1) - lum(q - 1);
        const gy = lum(q + W) - lum(q - W);
        xx += gx * gx;
        yy += gy * gy;
        xy += gx * gy;
      }
    }
    const tr = xx + yy;
    sum += tr > 1e-6 ? Math.sqrt((xx - yy) ** 2 + 4 * xy * xy) / tr : 0;
  }
  return sleeves.length ? sum / sleeves.length : 0;
}

/**
 * A sleeve's print with a clear period (a gingham's checks, a grid of dots) is padded across by translation, not
 * mirrored (`drawPadded`): its luminance's autocorrelation (normalized) over a window round the sleeve's middle
 * peaks at least this high at two shifts that are not in line (the print's repeat). A mirror across a line slanted
 * to a gingham's checks drew a chevron band along each fold (shirt-check on ai-body, round 22 part C6).
 */
export const PERIOD_PEAK = 0.5;
/** ... the window's half size and the longest repeat looked for (source px). */
const PERIOD_WINDOW = 28;
const PERIOD_MAX = 22;

/**
 * The print's repeat on a sleeve's cloth (`PERIOD_PEAK`): two shifts (source px, sub-pixel) that map the print onto
 * itself, the shortest peak and the shortest one at least 30 degrees off its line; null without a clear period.
 */
export function printLattice(
  image: RgbaImage,
  labels: Uint8Array,
  alpha: GrayImage,
  s: Sleeve,
  part: number,
): [Point, Point] | null {
  const { width: W, height: H } = image;
  const px = image.data;
  const c = lerp(lerp(s.seamOuter, s.seamInner, 0.5), lerp(s.cuffOuter, s.cuffInner, 0.5), 0.5);
  const x0 = Math.max(0, Math.round(c.x) - PERIOD_WINDOW);
  const x1 = Math.min(W - 1, Math.round(c.x) + PERIOD_WINDOW);
  const y0 = Math.max(0, Math.round(c.y) - PERIOD_WINDOW);
  const y1 = Math.min(H - 1, Math.round(c.y) + PERIOD_WINDOW);
  const R = PERIOD_MAX;
  // the window's cloth (its own part, opaque), luminance less its mean (NaN off the cloth)
  const ww = x1 - x0 + 1;
  const wh = y1 - y0 + 1;
  if (ww < 2 * R || wh < 2 * R) return null;
  const v = new Float32Array(ww * wh).fill(NaN);
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = y * W + x;
      if (labels[q] !== part || (alpha.data[q] ?? 0) < 250) continue;
      const l = (px[q * 4] ?? 0) * 0.3 + (px[q * 4 + 1] ?? 0) * 0.59 + (px[q * 4 + 2] ?? 0) * 0.11;
      v[(y - y0) * ww + (x - x0)] = l;
      sum += l;
      n++;
    }
  }
  if (n < 100) return null;
  const mean = sum / n;
  let varSum = 0;
  for (let i = 0; i < v.length; i++) {
    const a = v[i] ?? NaN;
    if (a === a) {
      v[i] = a - mean;
      varSum += (a - mean) ** 2;
    }
  }
  const variance = varSum / n;
  if (variance < 4) return null;
  // normalized autocorrelation at each shift (dx in -R..R, dy in 0..R; the other half by symmetry), sampled every
  // other pixel
  const side = 2 * R + 1;
  const C = new Float32Array(side * side).fill(-1);
  for (let dy = 0; dy <= R; dy++) {
    for (let dx = -R; dx <= R; dx++) {
      if (dy === 0 && dx < 0) continue;
      let acc = 0;
      let m = 0;
      for (let y = 0; y + dy < wh; y += 2) {
        for (let x = Math.max(0, -dx); x < ww && x + dx < ww; x += 2) {
          const a = v[y * ww + x] ?? NaN;
          const b = v[(y + dy) * ww + x + dx] ?? NaN;
          if (a !== a || b !== b) continue;
          acc += a * b;
          m++;
        }
      }
      const r = m >= 40 ? acc / m / variance : -1;
      C[(dy + R) * side + dx + R] = r;
      C[(R - dy) * side + R - dx] = r;
    }
  }
  const at = (dx: number, dy: number) =>
    Math.abs(dx) > R || Math.abs(dy) > R ? -1 : (C[(dy + R) * side + dx + R] ?? -1);
  // the peaks (local maxima over 8 neighbours, at least 3 px off), refined to a sub-pixel by a parabola each way
  const peaks: Point[] = [];
  for (let dy = 0; dy <= R - 1; dy++) {
    for (let dx = -R + 1; dx <= R - 1; dx++) {
      if ((dy === 0 && dx <= 0) || dx * dx + dy * dy < 9) continue;
      const r = at(dx, dy);
      if (r < PERIOD_PEAK) continue;
      let top = true;
      for (let j = -1; j <= 1 && top; j++)
        for (let i = -1; i <= 1; i++) if ((i || j) && at(dx + i, dy + j) > r) top = false;
      if (!top) continue;
      const sub = (lo: number, hi: number) => {
        const den = lo - 2 * r + hi;
        return den < -1e-6 ? Math.max(-0.5, Math.min(0.5, (lo - hi) / (2 * den))) : 0;
      };
      peaks.push({ x: dx + sub(at(dx - 1, dy), at(dx + 1, dy)), y: dy + sub(at(dx, dy - 1), at(dx, dy + 1)) });
    }
  }
  const len = (p: Point) => Math.hypot(p.x, p.y);
  peaks.sort((a, b) => len(a) - len(b));
  const [a] = peaks;
  if (!a) return null;
  const b = peaks.find((p) => Math.abs(a.x * p.y - a.y * p.x) >= 0.5 * len(a) * len(p));
  return b ? [a, b] : null;
}

/**
 * A sleeve whose print has a repeat (`printLattice`) is padded by copies of its own cloth (`drawPadded`), and a flat
 * lay's sleeve carries its drawing's shading (a crease's shadow along it, a highlight): each copy carried it too, two
 * or three dark bands along a padded forearm, its checks read as darker and larger (shirt-check on cgi-model-2's
 * folded arm). The cloth is read with that shading taken out: each pixel over its luminance's mean across one repeat
 * each way (the print averaged out, the shading left), times the cloth's median of it, within these bounds (the
 * drawing's outline and a deep shadow are not lifted into the cloth's tone).
 */
const FLAT_SHADE_MIN = 0.8;
const FLAT_SHADE_MAX = 1.35;

/**
 * The image with a sleeve's cloth (`part`, its box `box` in source px) evened out as `FLAT_SHADE_*` says: a copy, the
 * other pixels as they were.
 */
export function flattenShading(
  image: RgbaImage,
  labels: Uint8Array,
  alpha: GrayImage,
  part: number,
  lattice: [Point, Point],
  box: { x0: number; y0: number; x1: number; y1: number },
): RgbaImage {
  const { width: W, height: H } = image;
  const px = image.data;
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(W - 1, Math.ceil(box.x1));
  const y1 = Math.min(H - 1, Math.ceil(box.y1));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const out = { width: W, height: H, data: new Uint8ClampedArray(px) };
  if (bw < 2 || bh < 2) return out;
  // luminance (weight 1) on the cloth, nothing (weight 0) off it, summed over 2 x 2 blocks (the shading is smooth:
  // read at half the resolution, a quarter of the work)
  const hw = Math.ceil(bw / 2);
  const hh = Math.ceil(bh / 2);
  const lum = new Float32Array(hw * hh);
  const wt = new Float32Array(hw * hh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = y * W + x;
      if (labels[q] !== part || (alpha.data[q] ?? 0) < 250) continue;
      const i = ((y - y0) >> 1) * hw + ((x - x0) >> 1);
      lum[i] = (lum[i] ?? 0) + (px[q * 4] ?? 0) * 0.3 + (px[q * 4 + 1] ?? 0) * 0.59 + (px[q * 4 + 2] ?? 0) * 0.11;
      wt[i] = (wt[i] ?? 0) + 1;
    }
  }
  // a box over one repeat along each of the lattice's two shifts (separable: along one, then the other), its samples
  // at the nearest block
  const pass = (v: Float32Array, w: Float32Array, step: Point): [Float32Array, Float32Array] => {
    const n = Math.max(1, Math.round(Math.hypot(step.x, step.y) / 2));
    const dx = Array.from({ length: n }, (_, k) => Math.round((step.x * (k - (n - 1) / 2)) / n / 2));
    const dy = Array.from({ length: n }, (_, k) => Math.round((step.y * (k - (n - 1) / 2)) / n / 2));
    const v2 = new Float32Array(hw * hh);
    const w2 = new Float32Array(hw * hh);
    for (let y = 0; y < hh; y++) {
      for (let x = 0; x < hw; x++) {
        let sv = 0;
        let sw = 0;
        for (let k = 0; k < n; k++) {
          const xx = x + (dx[k] ?? 0);
          const yy = y + (dy[k] ?? 0);
          if (xx < 0 || yy < 0 || xx >= hw || yy >= hh) continue;
          const j = yy * hw + xx;
          sv += v[j] ?? 0;
          sw += w[j] ?? 0;
        }
        v2[y * hw + x] = sv;
        w2[y * hw + x] = sw;
      }
    }
    return [v2, w2];
  };
  const [va, wa] = pass(lum, wt, lattice[0]);
  const [mean, mw] = pass(va, wa, lattice[1]);
  // the cloth's level: the median of the means where the window lies mostly on the cloth
  const levels: number[] = [];
  const full = (Math.hypot(lattice[0].x, lattice[0].y) * Math.hypot(lattice[1].x, lattice[1].y)) / 1.2;
  for (let i = 0; i < mean.length; i++) {
    if ((wt[i] ?? 0) >= 4 && (mw[i] ?? 0) >= 0.75 * full) levels.push((mean[i] ?? 0) / (mw[i] ?? 1));
  }
  if (levels.length < 50) return out;
  levels.sort((a, b) => a - b);
  const level = levels[Math.floor(levels.length / 2)] ?? 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = y * W + x;
      if (labels[q] !== part || (alpha.data[q] ?? 0) < 250) continue;
      const i = ((y - y0) >> 1) * hw + ((x - x0) >> 1);
      const w = mw[i] ?? 0;
      if (w <= 0) continue;
      const m = (mean[i] ?? 0) / w;
      const k = m > 1e-3 ? Math.max(FLAT_SHADE_MIN, Math.min(FLAT_SHADE_MAX, level / m)) : 1;
      for (let c = 0; c < 3; c++) out.data[q * 4 + c] = (px[q * 4 + c] ?? 0) * k;
    }
  }
  return out;
}

/** The shift by a whole number of the print's repeats (`printLattice`) nearest to `t`. */
function nearestRepeat(lattice: [Point, Point], t: Point): Point {
  const [a, b] = lattice;
  const det = a.x * b.y - a.y * b.x;
  const i0 = Math.round((t.x * b.y - t.y * b.x) / det);
  const j0 = Math.round((a.x * t.y - a.y * t.x) / det);
  let best = { x: 0, y: 0 };
  let bestD = Infinity;
  for (let i = i0 - 1; i <= i0 + 1; i++) {
    for (let j = j0 - 1; j <= j0 + 1; j++) {
      const p = { x: i * a.x + j * b.x, y: i * a.y + j * b.y };
      const dd = Math.hypot(p.x - t.x, p.y - t.y);
      if (dd < bestD) [best, bestD] = [p, dd];
    }
  }
  return best;
}

type SleeveStrip = { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[]; rate?: number[] };

/** A long sleeve's print is folded along where it is drawn longer than this (x the body piece's scale). */
const FOLD_FROM = 1.15;
/** ... folded back at most this share of the sleeve's own length (one fold pair: forward, back, forward). */
const FOLD_MAX = 0.9;
/** A strip's print with a repeat is folded back no nearer its seam than this share of it (`limbStrip`'s seam blend). */
const FOLD_BACK_TO = 0.3;
/** A fold's turn this close (px, as drawn) to one of the strip's inner sections replaces it. */
const FOLD_TURN_SNAP = 1;

/**
 * A sleeve's print at the body piece's scale along the arm. A flat lay's long sleeve is short for the arm it is
 * drawn on (shirt-check's on ai-body: 1.5x the body's scale along, 2.4x near the shoulder, where the seam's slant
 * gives way to the sleeve's own sections): padded across to that scale (`padAcross`) its gingham's checks were
 * drawn 1.5-2.4x the body's (blobs at the shoulders). Where the strip's print would be drawn more than `FOLD_FROM`
 * x `printScale` along, its source runs along the sleeve's own axis at `printScale` and is folded back once
 * (mirrored) about the sleeve's middle, forward again to the cuff: seam and cuff where they were, the print at
 * the body's scale, each fold's turn a section of its own. `rate`: the scale along each section (for `padAcross`).
 */
function foldAlong(
  st: SleeveStrip,
  printScale: number,
  fold: boolean,
  padMax = PAD_MOST,
  /** Folded back no nearer the seam than this share of the strip's sections (its seam's blend), as often as needed. */
  backTo?: number,
): SleeveStrip {
  const n = st.so.length;
  if (!fold || n < 3 || printScale <= 0) return st;
  // each section's middle in the source (`s`) and as drawn (`d`), and the least scale along it (`need`): as much as
  // its section can be padded across to (`padAcross`: the sleeve's own cloth folded once each side, `padMax`), so
  // the print keeps its proportions where the cloth runs short
  const sections = st.so.map((so, i) => {
    const si = st.si[i];
    const dOut = st.dOut[i];
    const dIn = st.dIn[i];
    if (!si || !dOut || !dIn) throw new RangeError(`A sleeve strip's section ${i} without all its four points`);
    return {
      s: lerp(so, si, 0.5),
      d: lerp(dOut, dIn, 0.5),
      need: dist(dOut, dIn) / Math.max(1e-6, dist(so, si) * padMax),
    };
  });
  // the length to each section along the source (S), as drawn (D), and at the print's scale (U: the body's, or more)
  const S: number[] = [];
  const D: number[] = [];
  const U: number[] = [];
  let sLen = 0;
  let dLen = 0;
  let uLen = 0;
  let prev: (typeof sections)[number] | undefined;
  for (const c of sections) {
    if (prev) {
      sLen += dist(prev.s, c.s);
      const dd = dist(prev.d, c.d);
      dLen += dd;
      uLen += dd / Math.max(printScale, prev.need, c.need);
    }
    S.push(sLen);
    D.push(dLen);
    U.push(uLen);
    prev = c;
  }
  if (sLen < 1 || dLen < 1 || uLen <= sLen * FOLD_FROM) return st;
  // back b, once: forward to the middle plus b/2, back b, forward to the cuff (a + b + c = the length wanted)
  // (`backTo`: forward to A + b, back and forth b `pairs` times between A and A + b, forward to the cuff, A no
  // nearer the seam than the section `backTo` of the way: folded back about the middle, a folded arm's upper sleeve
  // read the seam's slanted sections, a sheared wedge of checks, shirt-check's on cgi-model-2)
  const A0 = backTo === undefined ? 0 : (S[Math.ceil(backTo * (n - 1))] ?? 0);
  const room = FOLD_MAX * (sLen - A0);
  const pairs = backTo === undefined || room <= 1 ? 1 : Math.ceil((uLen - sLen) / (2 * room));
  const b = Math.min(room, (uLen - sLen) / (2 * pairs));
  const total = sLen + 2 * pairs * b;
  const k = total / uLen;
  const turn1 = A0 + (sLen - A0 + b) / 2;
  const turnsAt = Array.from({ length: 2 * pairs }, (_, j) => turn1 + j * b);
  // the source's position along its axis at u of the unfolded run (0..total)
  const srcAt = (u: number) => {
    if (u <= turn1) return u;
    if (u >= turn1 + 2 * pairs * b) return u - 2 * pairs * b;
    const r = u - turn1;
    const j = Math.floor(r / b);
    const f = r - j * b;
    return j % 2 === 0 ? turn1 - f : turn1 - b + f;
  };
  // piecewise linear: the value of `to` where `from` is v
  const at = <T>(from: number[], to: T[], v: number, mix: (a: T, b: T, f: number) => T): T => {
    let i = 0;
    while (i < n - 2 && (from[i + 1] ?? 0) < v) i++;
    const t0 = to[i];
    const t1 = to[i + 1];
    if (t0 === undefined || t1 === undefined) throw new RangeError(`No section ${i + 1} of ${to.length} to fold`);
    const f0 = from[i] ?? 0;
    const span = (from[i + 1] ?? 0) - f0;
    const f = span > 1e-9 ? Math.max(0, Math.min(1, (v - f0) / span)) : 0;
    return mix(t0, t1, f);
  };
  const num = (x: number, y: number, f: number) => x + (y - x) * f;
  const Uk = U.map((u) => u * k);
  // sections: the strip's own and one at each turn
  // (a turn within `FOLD_TURN_SNAP` px of an inner section takes its place: the sliver between the two read the
  // source's fold across a fraction of a pixel, a quad sheared 4.5x on cgi-model-2's raised sleeve)
  const turns = turnsAt.map((t) => at(Uk, D, t, num));
  const kept = D.filter((d, i) => i === 0 || i === n - 1 || turns.every((t) => Math.abs(t - d) >= FOLD_TURN_SNAP));
  const ds = [...kept, ...turns].sort((x, y) => x - y);
  const rate: number[] = [];
  const out: SleeveStrip = { so: [], si: [], dOut: [], dIn: [], rate };
  for (const d of ds) {
    const u = srcAt(at(D, Uk, d, num));
    out.dOut.push(at(D, st.dOut, d, lerp));
    out.dIn.push(at(D, st.dIn, d, lerp));
    out.so.push(at(S, st.so, u, lerp));
    out.si.push(at(S, st.si, u, lerp));
    // (the scale along there: drawn over source, the pieces either side)
    const [lo, hi] = [Math.max(0, d - dLen * 1e-3), Math.min(dLen, d + dLen * 1e-3)];
    rate.push((hi - lo) / Math.max(1e-9, at(D, Uk, hi, num) - at(D, Uk, lo, num)));
  }
  return out;
}

/**
 * A sleeve's print at the same scale across the arm as along it. A flat lay's sleeve is narrow at its top (a
 * trapezoid) and the arm is widest there: its sections drawn 1.7-2.7x across the arm but 1x along it, a gingham's
 * checks blown into blobs, a coat's soft edge stretched into a fringe (shirt-check, coat-camel on ai-body). Each
 * section's source is widened about its middle to the arm's width at the scale along (`so`/`si` returned: the
 * widened, virtual section); `half`: the sleeve's own half-width there, inside which the widened section is folded
 * back (`drawPadded`). The outline drawn (`dOut`/`dIn`) is unchanged.
 */
function padAcross(st: SleeveStrip, pad: boolean, seam = true, most = PAD_MOST): SleeveStrip & { half: number[] } {
  const n = st.so.length;
  const sm = st.so.map((o, i) => lerp(o, st.si[i]!, 0.5));
  const dm = st.dOut.map((o, i) => lerp(o, st.dIn[i]!, 0.5));
  const so: Point[] = [];
  const si: Point[] = [];
  const half: number[] = [];
  // the scale along section i without `rate`: drawn over source between its neighbours `a` and `b`
  const alongAt = (a: number, b: number) => {
    const [da, db, sa, sb] = [dm[a], dm[b], sm[a], sm[b]];
    if (!da || !db || !sa || !sb) throw new RangeError(`A sleeve strip without its sections ${a}, ${b}`);
    return dist(da, db) / Math.max(1e-6, dist(sa, sb));
  };
  for (let i = 0; i < n; i++) {
    const along = st.rate?.[i] ?? alongAt(Math.max(0, i - 1), Math.min(n - 1, i + 1));
    const h = dist(st.so[i]!, st.si[i]!) / 2;
    const across = dist(st.dOut[i]!, st.dIn[i]!) / Math.max(1e-6, 2 * h);
    const r = along > 0 ? across / along : 1;
    // (at most one fold each side: the pad no wider than the sleeve's cloth inside its edge bands)
    // (`seam` false: its first section is no seam, a raised arm's sleeve read from past it, `seamClear`)
    const w = seam ? Math.min(1, i / Math.max(1, n - 1) / PAD_SEAM) : 1;
    const k = pad && r > PAD_FROM ? 1 + (Math.min(r, most) - 1) * w : 1;
    so.push(lerp(sm[i]!, st.so[i]!, k));
    si.push(lerp(sm[i]!, st.si[i]!, k));
    half.push(h);
  }
  return { so, si, dOut: st.dOut, dIn: st.dIn, half, ...(st.rate ? { rate: st.rate } : {}) };
}

/**
 * A long hanging sleeve's cap read from its own cloth (`ownCap`): the outer edge's reach past the outline (its soft
 * edge) rises at most this share of itself above the seam's top row (the body piece's shoulder corner). All of it
 * stood a square stub above the shoulder's line where hair lies on it (longsleeve-breton on cgi-model-4); none of it
 * left a notch under the body piece's own soft edge at the corner (blazer-navy on ai-body).
 */
const CAP_RIM_ABOVE = 0.5;

/**
 * A padded sleeve (`padAcross`) drawn: across each section, from its outer edge, the source from its outer edge
 * inwards, past its edge band (its outline's line and shading) into its cloth, folded back outwards (mirrored) to
 * the band's inner line and folded again through its middle to the other band's, the same way out to the inner edge:
 * the print at the scale along, continuous (no seam), the outline's band only at the outline. Where a section is not
 * widened its folds meet and it is drawn as `drawStrip` draws it.
 */
function drawPadded(
  layer: Layer,
  src: Source,
  st: SleeveStrip & { half: number[] },
  topY = -Infinity,
  lattice: [Point, Point] | null = null,
) {
  // (a print with a repeat: each pad a run of `chunks` pieces, each no wider than the cloth inside the bands, 2 m;
  // a section needing fewer starts with empty ones)
  const geo = st.so.map((so, i) => {
    const si = st.si[i] ?? so;
    const h = st.half[i] ?? 0;
    const V = Math.max(dist(so, si) / 2, 1e-6);
    const m = h - 2 * PAD_EDGE * h;
    const p = Math.max(0, (V - h) / 2);
    return { h, V, m, p, need: p > 0 && m > 0 ? Math.ceil(p / m - 1e-6) : 1 };
  });
  const chunks = lattice ? Math.max(1, ...geo.map((x) => x.need)) : 1;
  const cols = 4 + 4 * chunks;
  const s: Point[][] = Array.from({ length: cols }, () => []);
  const d: Point[][] = Array.from({ length: cols }, () => []);
  for (let i = 0; i < st.so.length; i++) {
    const { h, V, m, p, need } = geo[i] ?? { h: 0, V: 1e-6, m: 0, p: 0, need: 1 };
    const c = lerp(st.so[i]!, st.si[i]!, 0.5);
    const nx = (st.so[i]!.x - c.x) / V;
    const ny = (st.so[i]!.y - c.y) / V;
    const e = 2 * PAD_EDGE * h;
    const W = 2 * V;
    // (u across the drawn section, outer 0 to inner 1; x across the source from its middle, outer side positive;
    // the first and last reach a little past the outline, as `drawStrip`'s do: the soft edge inside the mesh)
    // (a print with a repeat, `printLattice`: each pad is the cloth inside its edge band read on inwards by a whole
    // number of repeats, `T`, about the pad's width: it meets the band and the middle with no seam, no mirror)
    // ([u, x, and the source's shift off its across line])
    let at: [number, number, number, number][];
    if (lattice && p > 0) {
      // the pad's pieces: `need` of 2p / need each, after `chunks - need` empty ones
      const piece = (2 * p) / need;
      const T = nearestRepeat(lattice, { x: piece * nx, y: piece * ny });
      const ends = Array.from({ length: chunks }, (_, j) => Math.max(0, j + 1 - (chunks - need)) * piece);
      const shift = (j: number) => (j < chunks - need ? { x: 0, y: 0 } : T);
      at = [
        [-0.08, h + 0.16 * V, 0, 0],
        [e / W, m, 0, 0],
      ];
      ends.forEach((u, j) => at.push([(e + u) / W, m, -shift(j).x, -shift(j).y], [(e + u) / W, m, 0, 0]));
      at.push([(V + m) / W, -m, 0, 0]);
      ends.forEach((u, j) => {
        const t = shift(j);
        at.push([(V + m + (j ? (ends[j - 1] ?? 0) : 0)) / W, -m, t.x, t.y], [(V + m + u) / W, -m, 0, 0]);
      });
      at.push([1.08, -h - 0.16 * V, 0, 0]);
    } else {
      type Knot = [number, number, number, number];
      const aEnd: Knot = [(e + 2 * p) / W, m, 0, 0];
      const bStart: Knot = [(V + m) / W, -m, 0, 0];
      const a: Knot[] = [[-0.08, h + 0.16 * V, 0, 0], [(e + p) / W, m - p, 0, 0], aEnd];
      const b: Knot[] = [bStart, [(V + m + p) / W, -(m - p), 0, 0], [1.08, -h - 0.16 * V, 0, 0]];
      // (no repeat: each pad mirrored, the cloth folded back once; `chunks` 1 here, two columns each side doubled)
      at = [
        ...a,
        ...Array.from({ length: 2 * chunks - 1 }, () => aEnd),
        ...Array.from({ length: 2 * chunks - 1 }, () => bStart),
        ...b,
      ];
    }
    const [o, q] = [st.dOut[i], st.dIn[i]];
    if (!o || !q) continue;
    at.forEach(([u, x, ox, oy], k) => {
      const p = lerp(o, q, u);
      // (`topY`: the outer edge's reach past the outline rises at most `CAP_RIM_ABOVE` of itself above that row,
      // `ownCap`)
      const top = topY - (o.y - p.y) * CAP_RIM_ABOVE;
      const f = k > 0 || p.y >= top ? 1 : o.y <= top ? 0 : (o.y - top) / (o.y - p.y);
      d[k]?.push(f < 1 ? lerp(o, p, f) : p);
      s[k]?.push({ x: c.x + nx * x + ox, y: c.y + ny * x + oy });
    });
  }
  drawMesh(layer, src, [{ s, d }]);
}

/**
 * The landmarks a garment's own length (its hem below its top, in its own chest widths) is mapped by onto the
 * body's shoulders, hips, knees and ankles (`hemOnBody`), or null where it is scaled like its shoulders. A sleeved
 * top: as worn (`WORN_LANDMARKS`; a jacket or a coat `OUTER_LANDMARKS`), so a tee ends at the hips on a narrow-shouldered figure too
 * and a blazer at the top of the thigh; a sleeved dress's chest is read at its armpits' corners (`DRESS_LANDMARKS`:
 * cut closer than a top), a sleeveless one's at its widest row under the armhole, wider than its bust, as a top's
 * is (`UPPER_LANDMARKS`). A sleeveless top (a camisole, a tank): its narrow chest under the armholes is no
 * measure of its length (a camisole is 1.8 of them long), so it keeps its straps' scale.
 */
export function lengthMarks(
  slot: EngineSlot,
  sleeveless: boolean,
): { hip: number; knee: number; ankle: number } | null {
  if (slot === 'one-piece') return sleeveless ? UPPER_LANDMARKS : DRESS_LANDMARKS;
  if (slot === 'outerwear') return OUTER_LANDMARKS;
  return sleeveless ? null : WORN_LANDMARKS;
}

/**
 * A top's hem at most this share of the way from the hip joints to the knees (the upper thigh: a long tee's or a
 * shirt's tail); a top drawn longer for its chest (the gallery's tee, 1.68 chest widths) would otherwise hang to
 * mid-thigh as a dress. Outerwear and one-pieces keep their own length.
 */
export const TOP_HEM_MAX = 0.3;

/** The hem read from the garment's own proportions (`hemOnBody`), a top's no lower than `TOP_HEM_MAX`. */
function ownHem(body: Body, slot: EngineSlot, hem: number): number {
  if (slot !== 'top') return hem;
  const knee = (body.legL.mid.y + body.legR.mid.y) / 2;
  return Math.min(hem, body.pelvis.y + (knee - body.pelvis.y) * TOP_HEM_MAX);
}

export function placeUpper(
  image: RgbaImage,
  alpha: GrayImage,
  slot: EngineSlot,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  hemAtLeast?: number,
  /** `hemAt`: the hem exactly there (a jumpsuit's top part, down to its trousers' waistband). */
  opts: { hemAt?: number } = {},
): PlacedGarment {
  // a top's open neckline and straps are read as such (outerwear and one-pieces: their own reading, part E5)
  const g = upperLayout(alpha, slot === 'top');
  const { span, torsoH } = body;
  const ease = variant.ease * (slot === 'outerwear' ? 1.06 : 1);
  const slack = span * (slot === 'outerwear' ? 0.05 : 0.025) * variant.ease;
  // shoulders: on top of the mask above the joints, a little outwards; above a raised arm's shoulder the mask is
  // the arm itself, so that shoulder drops as much as the other one (or a tenth of the span); never above the chin
  const [raisedL, raisedR] = body.armRaised;
  const dropL = body.shoulderL.y - maskTopAbove(body, body.shoulderL, span * 0.35);
  const dropR = body.shoulderR.y - maskTopAbove(body, body.shoulderR, span * 0.35);
  const dflt = span * 0.1;
  // the mask above a shoulder can be the hair falling on it: at most `SHOULDER_RISE` of the span above the joint
  // (the hair's top, up to the chin, was taken for the shoulder's: a flap of the garment stood up the neck)
  const rise = span * SHOULDER_RISE;
  const dL = raisedL ? (raisedR ? dflt : Math.min(dropR, dflt * 1.5, rise)) : Math.min(dropL, rise);
  const dR = raisedR ? (raisedL ? dflt : Math.min(dropL, dflt * 1.5, rise)) : Math.min(dropR, rise);
  const chin = body.head.chinY + body.head.ry * 0.08;
  const shTopL = {
    x: body.shoulderL.x - span * 0.06,
    y: Math.max(chin, body.shoulderL.y - dL + span * 0.01),
  };
  const shTopR = {
    x: body.shoulderR.x + span * 0.06,
    y: Math.max(chin, body.shoulderR.y - dR + span * 0.01),
  };
  const srcArmW = Math.max(1, g.armpitR.x - g.armpitL.x);
  // a sleeveless garment's top corners are its straps, not its shoulders: its width is read from its chest
  const srcShoulderW = Math.max(
    1,
    g.pitTopW ?? g.shoulderR.x - g.shoulderL.x,
    g.sleeveless ? srcArmW * SLEEVELESS_SHOULDERS : 0,
  );
  const dstShoulderW = shTopR.x - shTopL.x;
  const scale = dstShoulderW / srcShoulderW;
  // lengths: scaled like the shoulders, but shoulders narrower than a frontal body's (a quarter turn, a raised arm
  // pulling the shoulder in) do not make the garment shorter: at most 0.56 torso heights of shoulder span (the
  // frontal fixtures' smallest) counts as a frontal one
  const scaleY = scale * Math.max(1, (torsoH * 0.6) / span);
  const srcShoulderY = (g.shoulderL.y + g.shoulderR.y) / 2;
  const dstShoulderY = (shTopL.y + shTopR.y) / 2;
  // the neckline at the neck's base, between the shoulders, below the chin
  const neck = { x: body.neck.x, y: Math.max(Math.min(shTopL.y, shTopR.y) - span * 0.05, chin + body.head.ry * 0.03) };
  // armpits: the same drop below the shoulders as in the garment, scaled, on the torso's edges
  const srcArmDrop = (g.armpitL.y + g.armpitR.y) / 2 - (g.pitTopY ?? srcShoulderY);
  let armY = dstShoulderY + Math.min(Math.max(srcArmDrop * scaleY, torsoH * 0.22), torsoH * 0.5);
  // a top with straps: its scoop (the body's top edge in the middle) no lower than the neckline's free band of
  // the safety gate (over an old top that covered the chest, a lower scoop bares it and is refused): the body
  // piece's top edge is raised with it, the straps shortened
  const scoop = strapped(slot) && g.sleeveless ? scoopOf(alpha, g) : null;
  let scoopTo: Point | null = null;
  let strapsShortened = 0;
  if (scoop !== null) {
    const natural = dstShoulderY + (scoop - srcShoulderY) * scaleY;
    const limit = body.neck.y + torsoH * (SAFETY_GATE.torsoTop - SCOOP_MARGIN);
    const lift = Math.max(0, Math.min(natural - limit, armY - (dstShoulderY + torsoH * 0.1)));
    armY -= lift;
    strapsShortened = lift;
    scoopTo = { x: body.neck.x, y: natural - lift };
  }
  // (a sleeveless top's armholes at the inner side of an upper arm beside the chest even with its forearm bent up in
  // front: no sleeve joins there, and out at the torso's edge the armhole ran over the top of the upper arm, a flat
  // cap on cgi-model-2's lowered shoulder)
  const armEdges = chestEdges(body, armY, slot === 'top' && g.sleeveless ? 'handIn' : false);
  const armpitL = { x: armEdges[0] - slack, y: armY };
  const armpitR = { x: armEdges[1] + slack, y: armY };
  const dstArmW = armpitR.x - armpitL.x;
  // (the straps keep their places across the chest's width out to the torso's edges: drawn across the narrowed one,
  // a camisole's thin strap beside the bent arm moved in onto the chest and faded into the fill)
  const strapEdges = slot === 'top' && g.sleeveless ? chestEdges(body, armY) : armEdges;
  const strapArmW = strapEdges[1] - strapEdges[0] + 2 * slack;
  // the chest's own width there, an upper arm beside it left out even with its forearm bent up in front (the
  // armpits stay out at it): the top's straight width below the chest is its share of this, not of the arm's
  // outer side (a box as wide as the chest and the arm down to the hem, cgi-model-2's hand at her chest)
  const bare = chestEdges(body, armY, true);
  const ownArmW = Math.min(dstArmW, bare[1] - bare[0] + 2 * slack);
  // the hem: the garment's length against its own chest, on the body's hips, knees and ankles (`hemOnBody`,
  // `lengthMarks`), times the variant's length; a sleeveless top's scaled like its shoulders; tucked ends at the hips
  const long = slot === 'outerwear' || slot === 'one-piece';
  const marks = lengthMarks(slot, g.sleeveless);
  const ownLength = marks
    ? (ownHem(body, slot, hemOnBody(body, (g.hem - g.lengthTop) / srcArmW, marks, neck.y)) - dstShoulderY) *
      variant.length
    : // shortened straps raise the whole body piece: it keeps its own length below them
      ((g.hem - srcShoulderY) * scaleY - strapsShortened) * variant.length;
  let length = ownLength;
  // outerwear (a jacket, a coat) reaches at least past the hip joints: a flat lay drawn short for its width
  // (cropped look) would otherwise stop at the waist on a narrow-shouldered body
  const toHips = body.pelvis.y - dstShoulderY + torsoH * 0.06;
  const minLen =
    slot === 'one-piece'
      ? torsoH * 1.3
      : slot === 'outerwear' && variant.length >= 1
        ? Math.max(torsoH * 0.75, toHips)
        : torsoH * 0.75;
  // a top is at most 1.8 torso heights long; a coat or a dress at most to just below the ankles
  const maxLen = long ? lowestHem(body) - dstShoulderY : torsoH * 1.8;
  length = Math.max(minLen, Math.min(length, maxLen));
  const tucked = variant.tuck && slot !== 'one-piece';
  if (tucked) length = Math.min(length, body.pelvis.y - dstShoulderY + torsoH * 0.02);
  // down over the old top (up to its hem or the hips), not stretched past 1.35x its own length. A top's cropped
  // or tucked variant too (docs/decisions.md, "Engine: cropped variants over a longer top"): its shorter hem left
  // the old top's lower part to be filled with skin, a bare midriff band the safety gate refuses; over bare skin
  // (no old top below its hem) it stays cropped
  if (hemAtLeast !== undefined && (slot === 'top' || (!tucked && variant.length >= 1))) {
    const own = variant.length < 1 ? ownLength / variant.length : ownLength;
    length = Math.max(length, Math.min(hemAtLeast - dstShoulderY, own * 1.35, maxLen));
  }
  if (opts.hemAt !== undefined) length = opts.hemAt - dstShoulderY;
  let hemY = dstShoulderY + length;
  const lengthHem = hemY;
  // over a flare below the waist (a tutu, a full skirt: `hipLine` cut a side) a top ends where the flare begins,
  // at the skirt's waistband (`flareTop`): its own length on below was a box pasted over the skirt
  const hips = slot === 'top' ? hipLine(body, hangingArmCaps(body), hemY) : null;
  const flare = hips && opts.hemAt === undefined ? flareTop(body, hips) : null;
  if (flare !== null) hemY = Math.min(hemY, Math.max(...flare));
  // (its hem's ends each on its own side's waistband, `flareTop`: a three-quarter turn tilts the skirt's top edge,
  // cgi-model-2's 16 px from her left side to her right; one level hem across it hung below it on the higher side,
  // a box's square bottom)
  const hemEnds: [number, number] = flare ? [Math.min(hemY, flare[0]), Math.min(hemY, flare[1])] : [hemY, hemY];
  // sleeveless: the straps sit where the garment has them, across the chest's width from the middle (a camisole's
  // straps on the shoulders' slope, the shoulders and upper arms left as they are); a strapless top edge at its own
  // height above the armpits
  const strap = (p: Point, sign: -1 | 1): Point => {
    const off = Math.abs(p.x - g.centerX) / (srcArmW / 2);
    const x = neck.x + sign * off * (strapArmW / 2);
    if (off >= STRAPLESS) return { x, y: armY - (Math.min(g.armpitL.y, g.armpitR.y) - p.y) * scaleY };
    const shoulder = sign < 0 ? shTopL : shTopR;
    const neckSide = neck.x + sign * span * 0.17;
    const t = Math.max(0, Math.min(1, (x - neckSide) / (shoulder.x - neckSide || 1)));
    return { x: sign < 0 ? Math.max(x, shoulder.x) : Math.min(x, shoulder.x), y: neck.y + (shoulder.y - neck.y) * t };
  };
  const topL = g.sleeveless ? strap(g.shoulderL, -1) : shTopL;
  const topR = g.sleeveless ? strap(g.shoulderR, 1) : shTopR;
  const from: Point[] = [g.neck, g.shoulderL, g.shoulderR, g.armpitL, g.armpitR];
  const to: Point[] = [neck, topL, topR, armpitL, armpitR];
  if (scoop !== null && scoopTo) {
    from.push({ x: g.centerX, y: scoop });
    to.push(scoopTo);
  }
  // the seams between the body piece and its sleeves (the shoulder's top down to the armpit) held straight on the
  // body, as the sleeves' seam ends are (`hangingStrip`, `limbStrip`): with only their two ends as anchors the
  // spline bowed the body piece's side inwards between them, a crescent of skin or background between sleeve and
  // body at each shoulder (blazers, cardigans, puffers on an A-pose)
  const seams: [Sleeve | null, Point, Point, Point, Point][] = [
    [g.sleeveL, g.shoulderL, g.armpitL, topL, armpitL],
    [g.sleeveR, g.shoulderR, g.armpitR, topR, armpitR],
  ];
  for (const [sleeve, shoulder, armpit, dTop, dArm] of seams) {
    if (!sleeve) continue;
    for (const f of SEAM_ANCHORS) {
      from.push(lerp(shoulder, armpit, f));
      to.push(lerp(dTop, dArm, f));
    }
  }
  const levels = long && hemY > body.pelvis.y + torsoH * 0.5 ? 12 : 7;
  const srcArmY = Math.max(g.armpitL.y, g.armpitR.y);
  let lastBase = 0;
  // a dress's own A-line from the hips: its flare on the photo (its hem's width over its width where the body's
  // hips fall) widens it from the body's hips to its hem (`drapeCone`, capped), whatever the legs under it do
  const drape =
    slot === 'one-piece' && long && hemY > body.pelvis.y
      ? dressFlare(g, srcArmY, armY, hemY, body, dstArmW / srcArmW)
      : undefined;
  // the levels' rows stop at the hem's straight line (the rows below it are its rounded corners or specks)
  const solidHem = Math.max(srcArmY + 1, g.top + solidHemRow(g));
  let lastSy = -1;
  const hemArc: [Point, Point][] = [];
  const levelsAt = from.length;
  const [hipsL, hipsR] = body.torsoEdges(body.pelvis.y);
  const hipsCx = (hipsL + hipsR) / 2;
  // (a top: a level at each elbow out at the side too, `elbowsOut`: between the bust's level and the waist's the
  // side was a straight line out over the elbow)
  // (a top ended at a flare's start, `flareTop`: its levels on the rows they had at its own length, the print drawn
  // on up to the new hem; on rows of their own they read the sides where cgi-model-2's arms hide them, and the side
  // came in over her bust, a notch)
  const onRows = (lengthHem - armY) / Math.max(1, hemY - armY);
  const fracs: number[] = [];
  for (let i = 1; i <= levels; i++) {
    const fi = i === levels ? 1 : (i / levels) * onRows;
    if (i === levels || fi < 1 - 0.5 / levels) fracs.push(fi);
  }
  if (slot === 'top')
    for (const [elbow] of elbowsOut(body)) {
      const fe = (elbow.y - armY) / Math.max(1, hemY - armY);
      if (fe > 0.5 / levels && fe < 1 - 0.5 / levels) fracs.push(fe);
    }
  fracs.sort((a, b) => a - b);
  for (const fi of fracs) {
    const i = fi === 1 ? levels : 0;
    const sy = Math.min(srcArmY + (g.hem - srcArmY) * fi, solidHem);
    if (sy <= lastSy + 0.5) continue;
    lastSy = sy;
    const f = (sy - srcArmY) / Math.max(1, g.hem - srcArmY);
    const row = Math.min(g.edgeL.length - 1, Math.max(0, Math.round(sy - g.top)));
    const sl = g.edgeL[row] ?? 0;
    const sr = g.edgeR[row] ?? 0;
    const dy = armY + (hemY - armY) * f;
    // (the torso's own edges: an arm hanging against the chest can be behind the bust, which the top covers)
    const [bl, br] = body.torsoEdges(dy);
    const [ml, mr] = body.silhouetteEdges(dy, span * 1.2);
    // (a dress from the waist down: the mask's outline past the hips and legs is the old skirt's, not the body's)
    const [xl, xr] = slot === 'one-piece' ? legsClip(body, dy, ml, mr, bl, br) : [ml, mr];
    const bodyW = br - bl;
    const wanted = Math.max(bodyW * ease + 2 * slack, ((sr - sl) / srcArmW) * dstArmW * ease);
    // below the hips a coat's or a dress's own flare (an A-line) is kept, up to DRAPE_FLARE of the span a side
    // (`DRESS_FLARE` for a one-piece: the room its ease gives too), grown from the hips' width, which a coat's
    // or a dress's limit never narrows below going down (the legs under it are narrower than the hips, and their
    // outline in the mask steps)
    const below = long && dy > body.pelvis.y;
    const flareMax = slot === 'one-piece' ? DRESS_FLARE : DRAPE_FLARE;
    const flare = below ? Math.min(1, (dy - body.pelvis.y) / torsoH) * span * flareMax * 2 : 0;
    let base = Math.max(bodyW, xr - xl);
    if (below) base = Math.max(base, lastBase);
    lastBase = base;
    let limit = base + span * (slot === 'outerwear' ? 0.18 : 0.08) + flare;
    if (drape) limit = Math.max(limit, 2 * coneHalf(body, dy, drape) + 2 * slack);
    let half = Math.min(wanted, limit) / 2;
    let cx = (bl + br) / 2;
    // (a dress below the hips: centred on the hips, moved with the legs; the torso's edges there take in a hand
    // resting beside the hip, which pulled the dress's side out beside it and in below it)
    if (slot === 'one-piece' && below) cx = hipsCx + legsMid(body, dy) - legsMid(body, body.pelvis.y);
    if (slot === 'top')
      [cx, half] = followBody(body, dy, armY, ease, half, cx, (sr - sl) / srcArmW, ownArmW, slack, g, hips);
    // over a flare below the waist (a tutu, a full skirt: `hipLine` cut a side) the hem rests on it, round the
    // body: its middle `HEM_ARC` of the half width below its ends, a soft arc, not a level edge across the flare
    // (its ends stay: lifted, they bared the old region's fill beside the hips)
    const sag = hips && (i === levels || sy >= solidHem - 0.5) ? half * HEM_ARC : 0;
    // (the hem's ends on their own sides' rows, `hemEnds`, as offsets from the hem's own row: the last level's row
    // is the hem's as the garment's rows map it, not `hemY` itself; without a flare exactly that row; the levels
    // above on one row)
    const [yl, yr] = i === levels ? [dy + hemEnds[0] - hemY, dy + hemEnds[1] - hemY] : [dy, dy];
    from.push({ x: sl, y: sy }, { x: sr, y: sy }, { x: (sl + sr) / 2, y: sy });
    to.push({ x: cx - half, y: yl }, { x: cx + half, y: yr }, { x: cx, y: (yl + yr) / 2 + sag });
    // (and halfway out three quarters of it: a parabola)
    if (sag > 0)
      for (const u of [0.25, 0.75]) {
        hemArc.push([
          { x: sl + (sr - sl) * u, y: sy },
          { x: cx + half * (2 * u - 1), y: yl + (yr - yl) * u + (sag * 3) / 4 },
        ]);
      }
  }
  // (before the levels' anchors: read from the end, they stay in threes)
  for (const [a, b] of hemArc) {
    from.splice(levelsAt, 0, a);
    to.splice(levelsAt, 0, b);
  }
  const tps = fitTpsUnfolded(from, to, 1e-4);
  const out = new Float64Array(2);
  const map = (x: number, y: number): Point => {
    tps.map(x, y, out);
    return { x: out[0] ?? 0, y: out[1] ?? 0 };
  };
  // a hood's rim below the row where the shoulders join it (and the neck's hole under it) is the hood's, not the
  // body piece's (`hoodRim`)
  const labels = g.hood ? hoodRim(image, alpha, g.labels, g.hood) : g.labels;
  const src = (part: number): Source => ({ image, alpha: alpha.data, labels, part, tint });
  // (a sleeve's cloth with its shading taken out, over its own box and a repeat round it: `flattenShading`)
  const flatSource = (part: number, own: Sleeve, lattice: [Point, Point]): Source => {
    const pts = [own.seamOuter, own.seamInner, own.cuffOuter, own.cuffInner];
    const m = Math.max(Math.hypot(lattice[0].x, lattice[0].y), Math.hypot(lattice[1].x, lattice[1].y));
    const box = {
      x0: Math.min(...pts.map((p) => p.x)) - m,
      y0: Math.min(...pts.map((p) => p.y)) - m,
      x1: Math.max(...pts.map((p) => p.x)) + m,
      y1: Math.max(...pts.map((p) => p.y)) + m,
    };
    return { ...src(part), image: flattenShading(image, labels, alpha, part, lattice, box) };
  };
  let minX = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < g.edgeL.length; i++) {
    minX = Math.min(minX, g.edgeL[i] ?? 0);
    maxX = Math.max(maxX, g.edgeR[i] ?? 0);
  }
  const box = { x: minX - 4, y: g.top - 4, w: maxX - minX + 8, h: g.hem - g.top + 8 };
  const cols = 16;
  const rows = 24;
  const grid: Point[][] = [];
  for (let j = 0; j <= rows; j += 2) {
    const line: Point[] = [];
    for (let i = 0; i <= cols; i++) line.push(map(box.x + (box.w * i) / cols, box.y + (box.h * j) / rows));
    grid.push(line);
  }
  const sleeves: { s: Sleeve; limb: Limb; part: number; raised: boolean }[] = [];
  if (g.sleeveL) sleeves.push({ s: g.sleeveL, limb: body.armL, part: PART_LEFT, raised: raisedL });
  if (g.sleeveR) sleeves.push({ s: g.sleeveR, limb: body.armR, part: PART_RIGHT, raised: raisedR });
  // a hood, worn down (part L7): a smooth rounded band lying behind the neck and the head, showing on each side of
  // the neck above the shoulders, in the hood's own colours read from the photo (the dark inside along the neck)
  const hood = g.hood ? hoodDown(image, alpha, g.labels, g.hood, body, neck, scale, tint) : null;
  const strips: { dOut: Point[]; dIn: Point[] }[] = [];
  // a top's short sleeves (a long one covers the upper arm itself; cut beside it, a shirt's armpit showed skin)
  const isShort = (sl: Sleeve | null) => sl !== null && sleeveLength(sl) <= srcShoulderW * LONG_SLEEVE;
  const shortArms: [boolean, boolean] = [isShort(g.sleeveL), isShort(g.sleeveR)];
  const armsOut =
    slot === 'top' && (shortArms[0] || shortArms[1])
      ? (visit: (p: number) => void) => upperArmOut(body, shortArms, visit)
      : null;
  return {
    drawBody(layer) {
      drawGrid(layer, src(PART_TORSO), box, cols, rows, map);
      // a top's body piece round across the body: darker toward both its sides (`roundAcross`)
      if (slot === 'top') roundAcross(layer, span, armY);
      // the body piece never runs along a raised arm: the arm (from its upper arm out) is the sleeve's or bare
      if (raisedL) clearArm(layer, body.armL, span);
      if (raisedR) clearArm(layer, body.armR, span);
      // nor beside an upper arm bent out down the torso's side below its short sleeve (`upperArmOut`)
      armsOut?.((p) => {
        layer.data[p * 4 + 3] = 0;
      });
      // the hood behind it all, left whole beside a raised arm's root (its sleeve, drawn later, lies over it; taken
      // off with the body piece it left the backdrop between the neck and the sleeve: round 18, part Y4)
      if (hood) drawHood(layer, hood, true);
      // over a flare (a tutu) the hem rests on it: its soft shadow under it, not a hard cut pasted on
      if (hips) hemShadow(layer, span, hemY);
    },
    drawLimbs(layer) {
      // the sleeves' print widened to the arm at its scale along (`padAcross`) unless it runs one way (stripes)
      const padPrint = sleeves.length > 0 && printCoherence(image, g.labels, alpha, sleeves) < PAD_COHERENCE;
      for (const { s: own, limb, part, raised } of sleeves) {
        // (its print's repeat, padded by it: `printLattice`)
        const lattice = padPrint ? printLattice(image, g.labels, alpha, own, part) : null;
        const seamO = map(own.seamOuter.x, own.seamOuter.y);
        const seamI = map(own.seamInner.x, own.seamInner.y);
        const s = slot === 'top' ? seamOfPerson(own, seamO, seamI, scale) : own;
        const path = [limb.root, limb.mid, limb.end];
        const armLen = pathLength(path);
        const srcLen = dist(lerp(s.seamOuter, s.seamInner, 0.5), lerp(s.cuffOuter, s.cuffInner, 0.5));
        // sleeves stop before the wrist so it stays visible; the variant's length shortens or lengthens them
        // long sleeves (longer than half the shoulders in the flat lay) run to the wrist; short ones keep their scale
        const long = srcLen > srcShoulderW * LONG_SLEEVE;
        const wanted = long ? armLen * variant.length : srcLen * scale * Math.min(1.1, variant.length);
        // a short sleeve on an arm down the side: its seam runs from the shoulder's top down to the armpit, along the
        // arm, so its own length from the shoulder's joint stopped its cuff above the armpit (the strip folded over
        // itself into a flap): its cuff where its edges end, each along the arm from its end of the seam
        const d0 = sub(limb.mid, limb.root);
        const l0 = Math.hypot(d0.x, d0.y) || 1;
        const along0 = (p: Point) => ((p.x - limb.root.x) * d0.x + (p.y - limb.root.y) * d0.y) / l0;
        const edges = raised
          ? 0
          : (along0(seamO) +
              dist(s.seamOuter, s.cuffOuter) * scale +
              along0(seamI) +
              dist(s.seamInner, s.cuffInner) * scale) /
            2;
        // its end: a long sleeve's cuff at the wrist (its edge `LONG_CUFF_GAP` of the forearm's width above the wrist's
        // keypoint, the hand bare), a short one's well above it
        const stop =
          armLen - (long ? Math.min(limb.widthEnd, span * ARM_END_MAX) * LONG_CUFF_GAP : limb.widthEnd * 0.55);
        const len = Math.min(Math.max(wanted, edges), stop);
        // its outer side away from the body
        const outward = { x: Math.sign(limb.root.x - body.neck.x) || (part === PART_LEFT ? -1 : 1), y: 0 };
        // the sleeve's own width across its length (not along its seam: a flat lay's seam runs from the shoulder's
        // top to the armpit, slanted to a sleeve drawn down and out, and that whole seam's length as the sleeve's
        // width made a cape beside an arm hanging down); the seam itself still joins the body piece (`limbStrip`)
        const seamW = Math.min(dist(seamO, seamI), acrossSleeve(s) * scale);
        const cuffSrcW = dist(s.cuffOuter, s.cuffInner) * scale;
        const tAt = len / Math.max(1, armLen);
        // the arm's own width: the mask's width at an arm in a wide old sleeve is the old sleeve's (the body's arm
        // capsules' bounds)
        const rootW = Math.min(limb.widthRoot, span * ARM_ROOT_MAX);
        const endW = Math.min(limb.widthEnd, span * ARM_END_MAX);
        const upperLen = dist(limb.root, limb.mid);
        const limbW = (t: number) => (t * armLen < upperLen ? rootW : endW);
        // (a raised upper arm's sleeve wide enough for the arm's farther side from its line, `raisedFarSide`)
        const far = raised ? raisedFarSide(body, limb) : 0;
        const widthAt = (t: number) => {
          const upperArm = t * tAt * armLen < upperLen;
          const arm = Math.max(limbW(t * tAt) * 1.12 * ease + slack, upperArm ? 2 * far + slack : 0);
          const own = seamW + (cuffSrcW - seamW) * t;
          // a raised arm's sleeve follows the arm closely: no flat lay's width hanging off it
          return Math.max(arm, Math.min(own * ease, arm * (raised ? 1.15 : 1.6)));
        };
        // the source's sections across the sleeve's own axis, its full width in the mask (hanging, raised or folded)
        const limbAcross = sleeveAcross(s, g.labels, alpha, part);
        const limbRun = sleeveRun(g.labels, alpha, part);
        if (raised) {
          // a raised arm's sleeve starts at the seam, beside the shoulder's joint, but the arm in front of the
          // body piece (the occlusion's capsule round the upper arm from its first tenth) is cut out of it up to
          // the joint and past: the sleeve's seam end is laid over the joint too, or skin shows through a hole
          // where sleeve and body meet
          // (its outer side no farther out than the sleeve's own outer edge from the body piece's shoulder corner,
          // and drawn under the body piece: its square end stood above the shoulder's line, a stepped notch, and its
          // first sections drew a sawtooth over the shoulder; cgi-model-23, -27)
          // (a short sleeve's sections across its own axis spread evenly from where they clear its seam to its hem:
          // at the body piece's scale along a short one's seam is most of its length, its cloth past it a strip of
          // its hem band, the dots of midi-dots smeared into streaks on cgi-model-23's raised arm)
          const cap = shoulderCap(s, limb, upperLen, len, widthAt(0), seamO, limbAcross, scale, long);
          // (a short sleeve is all cap: round the arm's underside too, `capUnderArm`)
          if (!long) capUnderArm(cap, body, widthAt(0));
          drawUnder(layer, [...cap.dOut, ...cap.dIn], () =>
            long
              ? drawPadded(layer, src(part), padAcross(cap, padPrint, false), -Infinity, lattice)
              : drawStrip(layer, src(part), cap.so, cap.si, cap.dOut, cap.dIn, 3),
          );
          strips.push(cap);
        }
        if (bendAngle(limb) > FOLDED_ELBOW && len > upperLen + limb.widthEnd * 0.5) {
          // a folded arm (a hand raised to the head): one strip bent round the elbow would fold its sections over
          // each other into one wide block; the upper sleeve and the forearm's are drawn apart, each straight
          const te = upperLen / len;
          // (the upper sleeve ends at the elbow: past it by a share of the forearm's width its square end's
          // corner hung below the bent arm; the bend's outer side is `elbowJoin`'s)
          const tx = te;
          // (its sections read where the sleeve is as wide as at the elbow, `wideFrom`, unless padded across: a
          // gingham's checks folded along the eased-in shift into chevrons, shirt-check's)
          const t0 = raised || padPrint ? 0 : wideFrom(limbAcross, tx);
          const upper = limbStrip(
            s.seamOuter,
            s.seamInner,
            lerp(s.seamOuter, s.cuffOuter, tx),
            lerp(s.seamInner, s.cuffInner, tx),
            seamO,
            seamI,
            [limb.root, limb.mid],
            upperLen,
            (t) => widthAt(t * tx),
            10,
            outward,
            limbAcross ? (t) => limbAcross(t * tx + t0 * smooth(Math.min(1, t / WIDE_RAMP))) : null,
            raised && long ? Math.min(SEAM_CLEAR_MAX, seamClear(s) / tx) : undefined,
          );
          // (an arm not raised: its inner edge from the armpit on the arm down, cut at the armhole above it,
          // not up and in over the body piece and back, `armholeCut`; unless padded across: a gingham's checks,
          // re-padded in the shorter sections by the seam, swirled into chevrons at the shoulder, shirt-check's)
          if (!raised && !padPrint) armholeCut(upper, limb, limbW(0) / 2, outward);
          // (an arm not raised: under it and the body piece, its first sections read from the sleeve's and the
          // body piece's cloth alike, `SEAM_CLOTH`: a flat lay's seam bows off the straight line from the shoulder's
          // top to the armpit, and the quads by it read the body piece's pixels as none, a wedge of the shoulder's
          // skin between the two, cgi-model-15)
          if (!raised) seamCloth(layer, src(part), upper);
          // (and its cap out to the shoulder's outline, as a hanging sleeve's: a top's sleeve set in at the corner
          // left the shoulder's outer side bare beside it, cgi-model-15's)
          if (!raised && slot === 'top') capOverShoulder(upper, body, seamI.y);
          // (an arm not raised, its print with a repeat: padded by as many of them as the arm needs,
          // `PAD_LATTICE_MOST`; a raised arm's sleeve, read past its seam, is wide enough that its checks are only
          // enlarged, and padded 5-7x they rippled, cgi-model-27's)
          const repeat = raised ? null : lattice;
          const most = repeat ? PAD_LATTICE_MOST : PAD_MOST;
          const folded = foldAlong(upper, scale, padPrint, most, repeat ? FOLD_BACK_TO : undefined);
          const paddedUp = padAcross(folded, padPrint, !(raised && long), most);
          // (a print with a repeat, padded by copies of its cloth: read with the flat lay's shading taken out,
          // `flattenShading`; its crease's shadow, copied into each pad, drew dark bands along cgi-model-2's forearm)
          const flat = lattice ? flatSource(part, own, lattice) : src(part);
          drawPadded(layer, flat, paddedUp, -Infinity, lattice);
          strips.push(paddedUp);
          const n0 = sub(upper.dOut[upper.dOut.length - 1]!, upper.dIn[upper.dIn.length - 1]!);
          // (about the forearm's middle in the mask, not the elbow-wrist line along its edge: `foreMidEnd`)
          const foreArm = { ...limb, end: foreMidEnd(body, limb) };
          const fore = segmentStrip(s, te, limb.mid, foreArm.end, len - upperLen, n0, (t) =>
            widthAt(te + (1 - te) * t),
          );
          // (its source's sections across the sleeve's own axis too, its cuff its own: on the straight edges, seam's
          // end to cuff's, they ran off a tapering sleeve onto the photo's backdrop, a ragged pale fringe)
          for (let i = 0; i + 1 < fore.so.length; i++) {
            const x = limbAcross(te + ((1 - te) * i) / (fore.so.length - 1));
            if (!x) continue;
            fore.so[i] = x.o;
            fore.si[i] = x.i;
          }
          // (padded across as the upper sleeve is, `padAcross`: drawn as read, a folded forearm's gingham checks were
          // twice the body's, cgi-model-2's forearm across her waist)
          const paddedFore = padAcross(foldAlong(fore, scale, padPrint), padPrint, false);
          drawPadded(layer, flat, paddedFore, -Infinity, lattice);
          strips.push(paddedFore);
          // (a print with a repeat: read nearer the body's scale, across the sleeve; read over its half section, drawn
          // 1.2x wide, cgi-model-2's elbow's checks were 3x the body's; padded, its pads' joins drew rings)
          const join = elbowJoin(foreArm, fore, widthAt(te) / 2, repeat ? scale : undefined);
          if (join) {
            drawStrip(layer, flat, join.so, join.si, join.dOut, join.dIn, 2);
            strips.push(join);
          }
        } else if (!raised) {
          // each edge from its end of the seam: the outer one for its own length (a short sleeve's cuff slants
          // as its own does) or to the sleeve's end, the inner one likewise
          const own = Math.min(1.1, variant.length) * scale;
          const outerEnd = Math.min(stop, long ? len : along0(seamO) + dist(s.seamOuter, s.cuffOuter) * own);
          const innerEnd = Math.min(stop, long ? len : along0(seamI) + dist(s.seamInner, s.cuffInner) * own);
          // its seam laid a little over the body piece's edge: the two edges meeting on one line left a hairline
          // crack of skin between them (each half covering the pixels on it)
          const ov = Math.max(1.5, span * 0.012);
          const over = (p: Point): Point => ({ x: p.x - outward.x * ov, y: p.y - outward.y * ov });
          // and its armpit's end no farther out than the torso's edge: the body piece's side past it (its slack) is
          // over the arm's skin there, which the occlusion cuts from the body piece (the arm in front of it), a
          // wedge of skin left between the body and the sleeve from the armpit up the seam
          const [tl, tr] = body.torsoEdges(seamI.y);
          const outBy = (seamI.x - (outward.x < 0 ? tl : tr)) * outward.x;
          const pit0 = outBy > 0 ? { x: seamI.x - outward.x * outBy, y: seamI.y } : seamI;
          const pit = pitOnArm(pit0, limb, along0(pit0), limbW(0) / 2, outward);
          const hang = (turn: boolean) => {
            const st = hangingStrip(
              s,
              over(seamO),
              over(pit),
              path,
              outerEnd,
              innerEnd,
              widthAt,
              outward,
              limbAcross,
              14,
              turn && long ? limbRun : null,
              long ? foreSides(body, limb, rootW) : null,
              scale,
            );
            capOverShoulder(st, body, pit.y);
            return st;
          };
          // (a short sleeve below a deep armpit, its outer edge's own end above it, on an arm folded with its hand
          // in across the body: the flat lay's sleeve whole, `wholeSleeve`; an arm down the side or a hand held out
          // keeps the strip, which follows the arm closer: turned whole its sleeve stood off it, a wing)
          const across = bendAngle(limb) > FOLDED_ELBOW && (limb.end.x - limb.root.x) * outward.x < 0;
          const deep = !long && across && Math.max(along0(seamO), outerEnd) < along0(pit);
          const st = deep ? wholeSleeve(s, over(seamO), over(pit), scale) : hang(false);
          // (a top's sleeve set in at the corner: its seam is the body piece's edge, and the torso's labels a pixel
          // past it left a dotted crack of skin along it, cgi-model-30's right shoulder)
          if (slot === 'top') seamCloth(layer, src(part), st);
          if (deep) {
            drawStrip(layer, src(part), st.so, st.si, st.dOut, st.dIn, 3);
            strips.push(st);
          } else {
            // (a long sleeve's source sections read at the angle the drawn ones make with the arm, `capSection`; a
            // short one is its cap and hem only, turned its outline stepped at the shoulder and its hem slanted)
            // (its cap its own cloth, `ownCap`: padded from the seam on, as past it)
            const hung = hang(true);
            const padded = padAcross(foldAlong(hung, scale, padPrint), padPrint, !hung.own);
            drawPadded(layer, src(part), padded, hung.own ? (hung.dOut[0]?.y ?? -Infinity) : -Infinity, lattice);
            strips.push(padded);
          }
        } else if (long) {
          const st = limbStrip(
            s.seamOuter,
            s.seamInner,
            s.cuffOuter,
            s.cuffInner,
            seamO,
            seamI,
            path,
            len,
            widthAt,
            14,
            outward,
            // (its last section its cuff, the sleeve's own hem: across the axis there it cut a slanted cuff's corner
            // off, a short sleeve's dark hem band thinned to a pale wedge)
            (t) => (t < 1 ? limbAcross(t) : null),
            seamClear(s),
          );
          drawStrip(layer, src(part), st.so, st.si, st.dOut, st.dIn, 3);
          strips.push(st);
        }
      }
    },
    hemY,
    sleeveless: strapped(slot) && g.sleeveless,
    ...(armsOut ? { armsOut } : {}),
    room: hoodRoom(
      hood,
      long && hemY > body.pelvis.y
        ? (base) => {
            const room = drapeRoom(body, base, hemY, slot === 'one-piece' ? DRESS_FLARE : DRAPE_FLARE, true);
            if (drape) coneInto(room, body, drape, hemY);
            // (a dress's or a coat's: both hang from the hips, `carrySides`)
            carrySides(room, body, hemY);
            return room;
          }
        : undefined,
    ),
    ...(drape ? { drape } : {}),
    ...(hips ? { hips } : {}),
    debug: { anchors: from.map((f, i) => ({ from: f, to: to[i]! })), grid, strips },
  };
}

/**
 * A top's body piece shaded round across (issue 38, round 35, part d): at `ROUND_DEPTH` darker at its sides than at
 * its middle, as a cylinder lit from the front (1 - sqrt(1 - d^2) of its half width d off the row's middle, d at
 * most `ROUND_EDGE`). The flat lay is drawn flat; the photo's own light carried onto it (`composite`) is only a share
 * of the old clothes' (`SHADING.cloth`), and on a white satin bodice evenly lit it is none: the top read as a flat
 * box. Each row's middle and half width are the body piece's own opaque run (its first to its last pixel), the mean
 * over `ROUND_ROWS` of the span up and down (no steps between rows where a side or the neckline jumps); from the
 * armpits' row down, faded in over `ROUND_FADE` (above it the sleeves meet the body piece's sides).
 */
const ROUND_DEPTH = 0.22;
const ROUND_EDGE = 0.95;
const ROUND_ROWS = 0.03;
/** It fades in over this much of the span below the armpits' row. */
const ROUND_FADE = 0.12;

function roundAcross(layer: Layer, span: number, armY: number): void {
  if (layer.x1 < layer.x0) return;
  const { width: W, data } = layer;
  const y0 = layer.y0;
  const n = layer.y1 - y0 + 1;
  const ls = new Float64Array(n);
  const rs = new Float64Array(n);
  const on = new Uint8Array(n);
  for (let j = 0; j < n; j++) {
    const row = (y0 + j) * W;
    let l = layer.x0;
    while (l <= layer.x1 && (data[(row + l) * 4 + 3] ?? 0) < 128) l++;
    if (l > layer.x1) continue;
    let r = layer.x1;
    while (r > l && (data[(row + r) * 4 + 3] ?? 0) < 128) r--;
    ls[j] = l;
    rs[j] = r;
    on[j] = 1;
  }
  const k = Math.max(1, Math.round(span * ROUND_ROWS));
  const edge2 = ROUND_EDGE * ROUND_EDGE;
  for (let j = 0; j < n; j++) {
    if (!on[j]) continue;
    let sl = 0;
    let sr = 0;
    let m = 0;
    for (let i = Math.max(0, j - k); i <= Math.min(n - 1, j + k); i++) {
      if (!on[i]) continue;
      sl += ls[i] ?? 0;
      sr += rs[i] ?? 0;
      m++;
    }
    const mid = (sl + sr) / (2 * m);
    const half = (sr - sl) / (2 * m);
    // (from the armpits down: above them the body piece meets its sleeves, drawn unshaded, along its sides)
    const w = Math.min(1, Math.max(0, (y0 + j - armY) / Math.max(1, span * ROUND_FADE)));
    if (half < 2 || w <= 0) continue;
    const depth = ROUND_DEPTH * w * w * (3 - 2 * w);
    const row = (y0 + j) * W;
    for (let x = ls[j] ?? 0; x <= (rs[j] ?? 0); x++) {
      const o = (row + x) * 4;
      if ((data[o + 3] ?? 0) === 0) continue;
      const d = (x - mid) / half;
      const f = 1 - depth * (1 - Math.sqrt(1 - Math.min(edge2, d * d * edge2)));
      for (let c = 0; c < 3; c++) data[o + c] = (data[o + c] ?? 0) * f;
    }
  }
}

/** A hem's shadow on a flare under it: this deep (x the span) below the hem, this dark at the hem (its alpha). */
const HEM_SHADOW_DEPTH = 0.08;
const HEM_SHADOW_ALPHA = 0.3;
/** Its search for the hem's lowest garment row in each column: this far (x the span) about the hem's row. */
const HEM_SHADOW_SEARCH = 0.25;

/**
 * A top's hem lying over a flare below the waist (a tutu, a full skirt: `hipLine` cut a side) casts a soft shadow
 * on it: in each column below the body piece's lowest opaque row, black fading (squared) from `HEM_SHADOW_ALPHA` to
 * nothing over `HEM_SHADOW_DEPTH`, under the garment's own anti-aliased edge (cgi-model-2's tops: "a flat box with
 * a flat hard hem pasted over the tutu").
 */
function hemShadow(layer: Layer, span: number, hemY: number): void {
  if (layer.x1 < layer.x0) return;
  const { width: W, height: H, data } = layer;
  const depth = Math.max(2, Math.round(span * HEM_SHADOW_DEPTH));
  const top = Math.max(layer.y0, Math.round(hemY - span * HEM_SHADOW_SEARCH));
  const bottom = Math.min(H - 1 - depth, layer.y1, Math.round(hemY + span * HEM_SHADOW_SEARCH));
  let y1 = layer.y1;
  for (let x = layer.x0; x <= layer.x1; x++) {
    let yb = -1;
    for (let y = bottom; y >= top; y--) {
      if ((data[(y * W + x) * 4 + 3] ?? 0) >= 128) {
        yb = y;
        break;
      }
    }
    if (yb < 0 || yb === bottom) continue;
    for (let d = 1; d <= depth; d++) {
      const o = ((yb + d) * W + x) * 4;
      const s = HEM_SHADOW_ALPHA * (1 - d / (depth + 1)) ** 2;
      const a0 = (data[o + 3] ?? 0) / 255;
      const a = a0 + (1 - a0) * s;
      if (a <= 0) continue;
      // the garment's edge over the shadow
      for (let c = 0; c < 3; c++) data[o + c] = ((data[o + c] ?? 0) * a0) / a;
      data[o + 3] = Math.round(a * 255);
      y1 = Math.max(y1, yb + d);
    }
  }
  layer.y1 = y1;
}

/**
 * A dress's own flare: its widest row near its straight hem over its width on the row that falls on the body's hip
 * joints (the levels' mapping: the armpits to the armpits, the hem to the hem), times how much wider than the
 * body's hips it is there (at most DRESS_HIP_EASE: a skirt gathered under the bust stands off the hips a little),
 * at least 1 (a sheath stays a tube).
 */
function dressFlare(
  g: UpperLayout,
  srcArmY: number,
  armY: number,
  hemY: number,
  body: Body,
  scale: number,
): DrapeFlare {
  const width = (sy: number) => {
    const row = Math.min(g.edgeL.length - 1, Math.max(0, Math.round(sy - g.top)));
    return (g.edgeR[row] ?? 0) - (g.edgeL[row] ?? 0);
  };
  const f = Math.max(0, Math.min(1, (body.pelvis.y - armY) / Math.max(1, hemY - armY)));
  const hip = width(srcArmY + (g.hem - srcArmY) * f);
  let hem = 0;
  const solid = g.top + solidHemRow(g);
  for (let sy = Math.round(solid - (solid - srcArmY) * 0.1); sy <= solid; sy++) hem = Math.max(hem, width(sy));
  const [hl, hr] = body.torsoEdges(body.pelvis.y);
  const off = Math.max(1, Math.min(DRESS_HIP_EASE, (hip * scale) / Math.max(1, hr - hl)));
  return { flare: hip > 0 ? Math.max(1, (hem / hip) * off) : 1, hemY };
}

/** A dress's skirt may stand off the hips by this (x the hips' width) where its photo is wider there. */
const DRESS_HIP_EASE = 1.25;

/** Its A-line (`drapeCone`) added to a room, from the hips to the hem. */
function coneInto(room: Uint8Array, body: Body, drape: DrapeFlare, hemY: number) {
  const { width: W, height: H } = body;
  for (let y = Math.max(0, Math.round(body.pelvis.y)); y <= Math.min(H - 1, Math.round(hemY)); y++) {
    const cone = drapeCone(body, y, drape);
    if (!cone) continue;
    const a = Math.max(0, Math.floor(cone[0]));
    const b = Math.min(W - 1, Math.ceil(cone[1]));
    if (b >= a) room.fill(255, y * W + a, y * W + b + 1);
  }
}

/**
 * A dress's width from the waist down comes from the hips and the legs, not from the person mask's outline there
 * (an old tutu or full skirt, cgi-model-2's, doubles it: the dress was drawn as a balloon as wide as the old skirt
 * and carried down to its hem). From LEGS_CLIP_FROM (x the torso height) above the hip joints, each side of the
 * outline reaches at most LEGS_CLIP_EASE (x the span) past the farther of the torso's hips edge and the leg's own
 * outer side (its joints' line, half its width out); below the knees also as far as the mask's own run out from
 * the leg (`maskRunOut`: an old long skirt there is covered, not filled).
 */
const LEGS_CLIP_FROM = 0.25;
const LEGS_CLIP_EASE = 0.06;

/** The legs' joint lines' midpoint on row y. */
function legsMid(body: Body, y: number): number {
  let sum = 0;
  for (const leg of [body.legL, body.legR]) {
    const thigh = y <= leg.mid.y;
    const a = thigh ? leg.root : leg.mid;
    const b = thigh ? leg.mid : leg.end;
    const k = Math.max(0, Math.min(1, (y - a.y) / (b.y - a.y || 1)));
    sum += a.x + (b.x - a.x) * k;
  }
  return sum / 2;
}

function legsClip(body: Body, y: number, ml: number, mr: number, bl: number, br: number): [number, number] {
  if (y < body.pelvis.y - body.torsoH * LEGS_CLIP_FROM) return [ml, mr];
  const [lo, hi] = legsEdges(body, y);
  const ease = body.span * LEGS_CLIP_EASE;
  let l = Math.min(bl, lo) - ease;
  let r = Math.max(br, hi) + ease;
  // below the knees an old long skirt's outline past the legs stays the dress's (covered: its fill left a dark
  // tail beside the hem, cgi-model-24's slit dress): the mask's run out from each leg, ended by a vivid backdrop's
  // colour in it (a loose mask)
  if (y > (body.legL.mid.y + body.legR.mid.y) / 2) {
    l = Math.min(l, maskRunOut(body, y, lo, -1, ml));
    r = Math.max(r, maskRunOut(body, y, hi, 1, mr));
  }
  return [Math.max(ml, l), Math.min(mr, r)];
}

/** The last pixel of the mask's run on row y going out from x (side -1 / 1) up to `to`, ended by the backdrop. */
function maskRunOut(body: Body, y: number, x: number, side: -1 | 1, to: number): number {
  const { width: W, mask } = body;
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  const bd = body.backdrop;
  const run = Math.max(2, Math.round(body.span * BACKDROP_RUN));
  let last = x;
  let seen = 0;
  for (let xi = Math.round(x); xi >= 0 && xi < W && (xi - to) * side <= 0; xi += side) {
    // (over gaps: a slit skirt's tail stands apart from the leg)
    if ((mask[yy * W + xi] ?? 0) < 128) continue;
    if (bd && bd(xi, yy) <= BACKDROP_NEAR) {
      if (++seen >= run) break;
      continue;
    }
    seen = 0;
    last = xi;
  }
  return last;
}

/**
 * How far (px a row) the carried side of a dress's room may come in going down: not at all (at 0.5, about 27
 * degrees, the room below a hand resting beside the hip narrowed faster than the dress's A-line widened and cut a
 * slanted notch into its side, cgi-model-4; the dress's own drawn side is its outline below the hips).
 */
const CARRY_SLOPE = 0;

/**
 * A dress's room below the hips does not step in going down (as its drawn sides, whose width is carried from the row
 * above: `base`): the mask's widest rows there (an old tutu's flare, a hand resting on the hip) widened the room, and
 * the rows below them cut a bite and a step into the dress's side. Each side's outer edge of the room's run through
 * the axis is carried down from the hips to the hem, coming in at most CARRY_SLOPE a row.
 */
function carrySides(room: Uint8Array, body: Body, hemY: number) {
  const { width: W, height: H } = body;
  let l = Infinity;
  let r = -Infinity;
  for (let y = Math.max(0, Math.round(body.pelvis.y)); y <= Math.min(H - 1, Math.round(hemY)); y++) {
    const row = y * W;
    const ax = Math.max(0, Math.min(W - 1, Math.round(body.axisX(y))));
    if ((room[row + ax] ?? 0) < 128) continue;
    let a = ax;
    while (a > 0 && (room[row + a - 1] ?? 0) >= 128) a--;
    let b = ax;
    while (b < W - 1 && (room[row + b + 1] ?? 0) >= 128) b++;
    // (inside the run the smoothed room's concave corners left faint lines of partial coverage across the skirt)
    if (b - a > 1) room.fill(255, row + a + 1, row + b);
    // (in at most CARRY_SLOPE a row: the room narrows again as a slanted side, not a step)
    l = Math.min(l + CARRY_SLOPE, a);
    r = Math.max(r - CARRY_SLOPE, b);
    const la = Math.max(0, Math.round(l));
    const rb = Math.min(W - 1, Math.round(r));
    // (the run's own end pixel too: partly covered, it drew a faint line down the skirt where the side is carried)
    if (la < a) room.fill(255, row + la, row + a + 1);
    if (rb > b) room.fill(255, row + b, row + rb + 1);
  }
}

/**
 * How much of a top's own width beyond the body's (its flat lay's straight sides, scaled from its chest) it keeps
 * where the body narrows: a close top (sleeveless, a rib tank, a camisole) hugs it, a sleeved one (a tee, a
 * sweater) hangs a little off it, a hooded one (a hoodie) more.
 */
const LOOSE_CLOSE = 0.2;
const LOOSE_SLEEVED = 0.35;
const LOOSE_HOODED = 0.5;
/** The body's sides are read on this many rows about a level's (median), this share of the torso's height apart. */
const SIDE_ROWS = [-0.03, -0.015, 0, 0.015, 0.03];

/** A capsule: a segment's two ends and its radius. */
type Capsule = [Point, Point, number];

/**
 * The capsules of the arms hanging down the sides (not raised, not folded up in front of the body): the upper arm's
 * and the forearm's as the body's (`onArm`), the upper arm's from nearer its root: such an arm against the torso
 * widened the mask's row to its outer side.
 */
export function hangingArmCaps(body: Body): Capsule[] {
  const caps: Capsule[] = [];
  const arms: [Limb, boolean][] = [
    [body.armL, body.armRaised[0]],
    [body.armR, body.armRaised[1]],
  ];
  for (const [arm, raised] of arms) {
    if (raised || bendAngle(arm) > HANGING_BEND) continue;
    const hand = { x: arm.end.x + (arm.end.x - arm.mid.x) * 0.4, y: arm.end.y + (arm.end.y - arm.mid.y) * 0.4 };
    caps.push([lerp(arm.root, arm.mid, 0.3), arm.mid, Math.min(arm.widthRoot, body.span * ARM_ROOT_MAX) * 0.6]);
    caps.push([arm.mid, hand, Math.min(arm.widthEnd, body.span * 0.22) * 0.6]);
  }
  return caps;
}

function inCapsule(caps: Capsule[], x: number, y: number): boolean {
  for (const [a, b, r] of caps) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    if ((a.x + dx * t - x) ** 2 + (a.y + dy * t - y) ** 2 <= r * r) return true;
  }
  return false;
}

/**
 * The body's side ends at `BACKDROP_RUN` (x the span) pixels in a row on the mask within `BACKDROP_NEAR` (RGB) of a
 * vivid backdrop's colour (`Body.backdrop`), where the body's middle is at least `BACKDROP_APART` from it.
 */
const BACKDROP_RUN = 0.03;
const BACKDROP_NEAR = 48;
const BACKDROP_APART = 110;
/** A side of the body is at least this far (x the span) from the axis, unless the backdrop ends it (then the body's
 * whole width is at least twice this, and a side at least `SIDE_FLOOR_SEEN`). */
const SIDE_FLOOR = 0.3;
const SIDE_FLOOR_SEEN = 0.12;

/**
 * The body's own sides at row y, arms hanging down the sides left out: from the axis outwards over the person's
 * mask, the side at the last pixel not on such an arm (`hangingArmCaps`: an arm against the torso ends it where
 * the arm begins); never wider than the torso's capped edges (a tutu's or a wide skirt's width is not the body's).
 */
export function bodySides(
  body: Body,
  y: number,
  caps: Capsule[] = hangingArmCaps(body),
  /** Walk this far from the axis instead of to the torso's capped edges (the mask's own width, part P14). */
  most?: number,
  /** Set to whether each side (left, right) was ended by the backdrop. */
  seen?: [boolean, boolean],
): [number, number] {
  const W = body.width;
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  const [tl, tr] = most === undefined ? body.torsoEdges(yy) : [-Infinity, Infinity];
  const cx = body.axisX(yy);
  // the backdrop is told from the body only where the body's middle on this row is plainly not it
  const bd = body.backdrop;
  const apart = bd ? Math.min(bd(cx, yy), bd(cx - body.span * 0.1, yy), bd(cx + body.span * 0.1, yy)) : 0;
  const run = Math.max(2, Math.round(body.span * BACKDROP_RUN));
  const side = (sign: -1 | 1, most: number): [number, boolean] => {
    let last = 0;
    let seen = 0;
    for (let d = 0; d <= most; d++) {
      const x = Math.round(cx + sign * d);
      if (x < 0 || x >= W || (body.mask[yy * W + x] ?? 0) < 128) break;
      // the mask over backdrop (a pocket between the waist and an arm bent across the chest) is not the body
      if (apart >= BACKDROP_APART && bd!(x, yy) <= BACKDROP_NEAR) {
        if (++seen >= run) return [last, true];
        continue;
      }
      seen = 0;
      if (!inCapsule(caps, x, yy)) last = d;
      else if (most !== undefined) break;
    }
    return [last, false];
  };
  const floor = body.span * SIDE_FLOOR;
  const [l0, bdL] = side(-1, most ?? Math.floor(cx - tl));
  const [r0, bdR] = side(1, most ?? Math.floor(tr - cx));
  if (seen) [seen[0], seen[1]] = [bdL, bdR];
  // a side ended by the backdrop is seen: only the body's whole width is floored there (a three-quarter turn puts
  // the axis off the waist's middle, cgi-model-2's 35 px: her right side at the backdrop was floored 20 px out)
  const l = Math.max(bdL ? Math.max(body.span * SIDE_FLOOR_SEEN, 2 * floor - Math.max(floor, r0)) : floor, l0);
  const r = Math.max(bdR ? Math.max(body.span * SIDE_FLOOR_SEEN, 2 * floor - Math.max(floor, l0)) : floor, r0);
  return [cx - l, cx + r];
}

/** The waist is looked for between these shares of the torso's height below the neck (the narrowest body row). */
const WAIST_FROM = 0.45;
const WAIST_TO = 1;
/** The hips' flesh is this many times as wide as the hip joints' distance (as `torsoEdges`' cap: 0.85 a side). */
const HIP_FLESH = 1.7;
/** The hips widen from the waist down to this share of the torso's height below the hip joints, then fall straight. */
const HIP_LOW = 0.1;
/**
 * A side of the mask more than this (x the span) past the hip line below the waist widens much faster than a hip
 * does (a tutu, a full skirt, a peplum, a bag or a hand at the hip): that side follows the hip line instead.
 * Measured on the tees and tanks of the full-body fixtures: the tutu 0.50-0.82; a slim waist over flaring hips
 * (cgi-model-23) 0.27, cgi-model-30 0.25, every other person 0.19 or less. At 0.25 cgi-model-23's tops were cut
 * in at the hip and showed her old cami and skin there (round 10's judgement): 0.4, between the two groups.
 */
const HIP_EXCESS = 0.4;
/**
 * The hip line widens at most this much a side (x the span) below the waist: under a flare the hips are not seen,
 * and the hip joints' distance over a waist read to the backdrop (cgi-model-2's, 118 px) spread the line 15 px a
 * side: a top's side out over the tutu's edge, or a short tank's side no longer cut (a step where the flare begins).
 */
const HIP_SPREAD_MAX = 0.035;
/** A top's hem over such a flare: its middle this much (x its half width) below its ends (`placeUpper`). */
const HEM_ARC = 0.2;

/**
 * The hips below the waist (part P14, `HipLine`): the waist at the narrowest row of the body's sides (`bodySides`)
 * between `WAIST_FROM` and `WAIST_TO`, each side widening from there by half the hips' flesh (`HIP_FLESH` x the hip
 * joints' distance) past the waist's width, down to `HIP_LOW` below the joints. A side whose mask (uncapped, arms
 * hanging down left out) runs more than `HIP_EXCESS` past that line anywhere from the waist down to the hem or that row is cut: a
 * top's side there follows the line, not the mask; null when neither is.
 */
export function hipLine(body: Body, caps: Capsule[], hemY: number): HipLine | null {
  const { torsoH, span } = body;
  const step = torsoH * 0.02;
  const rows: { y: number; l: number; r: number }[] = [];
  for (let t = WAIST_FROM; t <= WAIST_TO + 1e-9; t += 0.02) {
    const y = body.neck.y + t * torsoH;
    const [l, r] = bodySides(body, y, caps);
    rows.push({ y, l, r });
  }
  // the narrowest row, each row's width the median of it and its neighbours' (a stray row of the mask)
  let waist: { y: number; l: number; r: number } | null = null;
  let best = Infinity;
  for (let i = 1; i + 1 < rows.length; i++) {
    const ws = [rows[i - 1]!, rows[i]!, rows[i + 1]!].map((q) => q.r - q.l).sort((a, b) => a - b);
    if ((ws[1] ?? 0) < best) {
      best = ws[1] ?? 0;
      waist = rows[i]!;
    }
  }
  if (!waist) return null;
  const hips = Math.abs(body.hipR.x - body.hipL.x) * HIP_FLESH;
  const spread = Math.min(span * HIP_SPREAD_MAX, Math.max(0, hips - (waist.r - waist.l)) / 2);
  const low = Math.max(waist.y + step, body.pelvis.y + torsoH * HIP_LOW);
  const line: HipLine = { y: waist.y, l: waist.l, r: waist.r, spread, low, cut: [false, false] };
  let overL = 0;
  let overR = 0;
  // (down to the hips' widest row: below it hands hang beside the thighs)
  for (let y = waist.y + step; y <= Math.min(hemY, low); y += step) {
    const [ml, mr] = bodySides(body, y, caps, span * 1.2);
    const [hl, hr] = hipSides(line, y);
    overL = Math.max(overL, hl - ml);
    overR = Math.max(overR, mr - hr);
  }
  line.cut = [overL > span * HIP_EXCESS, overR > span * HIP_EXCESS];
  return line.cut[0] || line.cut[1] ? line : null;
}

/** A flare begins at the first row below the waist where a cut side's mask runs this far (x the span) past the hip line. */
const FLARE_START = 0.06;
/**
 * A top over it ends this far (x the span) below that row: over the skirt's waistband (cgi-model-2's gold piping,
 * which curves down below the flare's start at her side, showed under a hem on the row itself).
 */
const FLARE_LAP = 0.06;

/**
 * Where a flare below the waist begins (the skirt's waistband): on each side `hipLine` cut, the first row below
 * the waist where the mask's side (uncapped, arms hanging down left out) runs `FLARE_START` past the hip line,
 * `FLARE_LAP` down; a side not cut takes the other's row. [image-left, image-right]; null when a cut side does not
 * flare down to the hips' low row.
 */
function flareTop(body: Body, hips: HipLine): [number, number] | null {
  const caps = hangingArmCaps(body);
  const step = body.torsoH * 0.01;
  const found: [number | null, number | null] = [hips.cut[0] ? null : -1, hips.cut[1] ? null : -1];
  for (let y = hips.y + step; y <= hips.low && (found[0] === null || found[1] === null); y += step) {
    const [ml, mr] = bodySides(body, y, caps, body.span * 1.2);
    const [hl, hr] = hipSides(hips, y);
    if (found[0] === null && hl - ml > body.span * FLARE_START) found[0] = y;
    if (found[1] === null && mr - hr > body.span * FLARE_START) found[1] = y;
  }
  if (found[0] === null || found[1] === null) return null;
  const lap = body.span * FLARE_LAP;
  const [l, r] = [found[0] < 0 ? found[1] : found[0], found[1] < 0 ? found[0] : found[1]];
  return [l + lap, r + lap];
}

/**
 * A loose top's side over a side of the body seen past the torso's cap: at most this (x the span) past the ease it
 * would fit with (its loose share up to this).
 */
const SEEN_SIDE_EASE = 0.03;

/**
 * A top's side at one of its levels (part N4): where the body's own sides (`bodySides`, the median of a few rows)
 * come in below the chest, the top's come in with them, keeping the body's width times its ease and a share of its
 * own straight width past that (`LOOSE_*`); a flat lay's straight sides laid on the chest's width down to the hem
 * were a box as wide as the chest over a narrower waist. Never wider than before (but out over a side seen past the
 * torso's cap, `SEEN_SIDE_EASE`); returns [centre, half width].
 */
function followBody(
  body: Body,
  dy: number,
  armY: number,
  ease: number,
  half: number,
  cx: number,
  ownShare: number,
  dstArmW: number,
  slack: number,
  g: UpperLayout,
  hips: HipLine | null,
): [number, number] {
  if (dy <= armY + body.torsoH * 0.05) return [cx, half];
  const ls: number[] = [];
  const rs: number[] = [];
  const caps = [...hangingArmCaps(body), ...elbowsOut(body)];
  for (const f of SIDE_ROWS) {
    const [l, r] = bodySides(body, dy + f * body.torsoH, caps);
    ls.push(l);
    rs.push(r);
  }
  ls.sort((a, b) => a - b);
  rs.sort((a, b) => a - b);
  let l = ls[2] ?? 0;
  let r = rs[2] ?? 0;
  // beside an arm not hanging down the side (raised, or bent up in front of the chest) the side read below it
  [l, r] = sidesBesideArms(body, dy, l, r, caps, g);
  // below the waist a side whose mask flares much faster than a hip (a tutu) follows the hip line (part P14)
  if (hips && dy > hips.y) {
    const [hl, hr] = hipSides(hips, dy);
    if (hips.cut[0]) l = hl;
    if (hips.cut[1]) r = hr;
  }
  const fitted = ((r - l) / 2) * ease + slack;
  const own = (ownShare * dstArmW) / 2;
  const loose = g.hood ? LOOSE_HOODED : g.sleeveless ? LOOSE_CLOSE : LOOSE_SLEEVED;
  const wanted = fitted + Math.max(0, own - fitted) * loose;
  let [a, b] = wanted >= half ? [cx - half, cx + half] : [(l + r) / 2 - wanted, (l + r) / 2 + wanted];
  // a loose top kept at its own width about the torso's middle still covers a side of the body seen past the
  // torso's capped edge (beside a raised arm, `sidesBesideArms`), with its ease past it: on a three-quarter turn the
  // torso's middle is off the body's, and the bust beside a raised arm bulged out of a straight side (cgi-model-2's
  // hoodie, long sleeves). (Within the cap the box's own width stands: a tank's side on cgi-model-27 flared out.)
  if (wanted >= half) {
    const [tl, tr] = body.torsoEdges(dy);
    const margin = Math.min(wanted - (r - l) / 2, fitted - (r - l) / 2 + body.span * SEEN_SIDE_EASE);
    if (l < tl - 1) a = Math.min(a, l - margin);
    if (r > tr + 1) b = Math.max(b, r + margin);
  }
  // a side on the hip line over a flare rests on it with the ease and the slack only: its loose share, centred on
  // a waist narrower on one side (cgi-model-2's, read to the backdrop), put the other side out past the room's clip
  // above the flare, a step where the flare begins
  if (hips && dy > hips.y) {
    const margin = fitted - (r - l) / 2;
    if (hips.cut[0]) a = Math.max(a, l - margin);
    if (hips.cut[1]) b = Math.min(b, r + margin);
  }
  return [(a + b) / 2, (b - a) / 2];
}

/** An elbow out at the side: its forearm's capsule this wide (x the forearm's width, at most `ARM_END_MAX` spans). */
const ELBOW_OUT_WIDTH = 0.5;

/**
 * The forearms of arms bent out to the side, the hand away from the body (not raised, bent past `HANGING_BEND`):
 * below the bust the elbow is the mask's side, and a top's side read there ran out over it, the forearm coming out
 * of the top's side (cgi-model-15's left arm behind her bust: the tee's body carried out over the elbow). The
 * capsule from the elbow to the hand: a side walked from the axis stops at it, the upper arm's own capsule not
 * taken (it lies behind the bust, which the top covers).
 */
function elbowsOut(body: Body): Capsule[] {
  const caps: Capsule[] = [];
  const arms: [Limb, boolean, -1 | 1][] = [
    [body.armL, body.armRaised[0], -1],
    [body.armR, body.armRaised[1], 1],
  ];
  for (const [arm, raised, sign] of arms) {
    if (raised || bendAngle(arm) <= HANGING_BEND || (arm.end.x - arm.root.x) * sign <= 0) continue;
    const w = Math.min(arm.widthEnd, body.span * ARM_END_MAX) * ELBOW_OUT_WIDTH;
    caps.push([arm.mid, arm.end, w]);
  }
  return caps;
}

/** An arm bent more than this at the elbow (radians) is not hanging: its forearm is raised in front of the body. */
const HANGING_BEND = 0.8;

/** A sleeve longer than this share of the flat lay's shoulders is a long one (it runs to the wrist). */
const LONG_SLEEVE = 0.6;

/** A flat lay's sleeve's length, from its seam's middle to its cuff's. */
function sleeveLength(s: Sleeve): number {
  return dist(lerp(s.seamOuter, s.seamInner, 0.5), lerp(s.cuffOuter, s.cuffInner, 0.5));
}

/** Beside a raised arm the body's side is looked for this far (x the span) past the torso's cap, at the backdrop. */
const CAP_PAST = 0.15;

/** A side hidden at a level is read on the rows below it, down this far (x the torso's height, never past the hips). */
const SIDE_BELOW = 0.4;

/**
 * Is the body's side at row y (`bodySides`: l or r, by `sign`) only where the walk stopped at the torso's cap, the
 * mask going on past it? Then the side is not seen there: the mask is the torso and an arm beside it (a hand at the
 * chest, its forearm in front and its upper arm beside it; the old sleeve under a raised arm).
 */
function sideCapped(body: Body, y: number, side: number, sign: -1 | 1): boolean {
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  const [tl, tr] = body.torsoEdges(yy);
  const edge = sign < 0 ? tl : tr;
  if (Math.abs(side - edge) > 1.5) return false;
  const x = Math.round(edge + sign * 2);
  return x >= 0 && x < body.width && (body.mask[yy * body.width + x] ?? 0) >= 128;
}

/**
 * A top's sides at a level below the armpits beside an arm that does not hang down the side (issue 38, round 11,
 * part R18): raised, or bent up with its hand in front of the chest (`HANGING_BEND`), no capsule (`hangingArmCaps`) takes it out
 * of the mask's row. Where the side there is only the torso's cap (`sideCapped`: the mask is the torso, the forearm
 * and the upper arm, cgi-model-2's hand at her chest), it is the body's side on the first row below (`SIDE_BELOW`)
 * where the mask's side is seen: the top's side was out at the cap, 0.35 span past her chest, a box. Not beside
 * a bent arm in a long sleeve: the sleeve's inner edge runs down the arm from the armpit, and the upper arm's skin
 * showed between it and the narrowed side.
 */
function sidesBesideArms(
  body: Body,
  y: number,
  l: number,
  r: number,
  caps: Capsule[],
  g: UpperLayout,
): [number, number] {
  const arms: [Limb, boolean, -1 | 1, Sleeve | null][] = [
    [body.armL, body.armRaised[0], -1, g.sleeveL],
    [body.armR, body.armRaised[1], 1, g.sleeveR],
  ];
  const step = body.torsoH * 0.02;
  const last = Math.min(y + body.torsoH * SIDE_BELOW, body.pelvis.y);
  const srcShoulderW = Math.max(1, g.shoulderR.x - g.shoulderL.x);
  for (const [arm, raised, sign, sleeve] of arms) {
    // (a forearm bent out to the side, the hand away from the body: the upper arm beside the bust, which is wider
    // than the waist below it; cgi-model-15's tops were cut in and her bust showed beside them)
    if (!raised && (bendAngle(arm) <= HANGING_BEND || (arm.end.x - arm.root.x) * sign > 0)) continue;
    if (!raised && sleeve && sleeveLength(sleeve) > srcShoulderW * LONG_SLEEVE) continue;
    if (!sideCapped(body, y, sign < 0 ? l : r, sign)) continue;
    // past the cap the mask may end at the backdrop within `CAP_PAST` (a bust beside a raised arm, cgi-model-2's
    // left): that side is seen there (the waist's side below it made a straight side the bust bulged out of)
    if (raised && body.backdrop) {
      const seen: [boolean, boolean] = [false, false];
      const [tl, tr] = body.torsoEdges(y);
      const reach = (sign < 0 ? body.axisX(y) - tl : tr - body.axisX(y)) + body.span * CAP_PAST;
      const [pl, pr] = bodySides(body, y, caps, Math.floor(reach), seen);
      // (or by the mask's own end a few pixels past the walk's last body pixel: glitter in the backdrop broke the
      // run of its colour, and her bust's side beside the raised arm was taken for the cap's, a straight side)
      if (seen[sign < 0 ? 0 : 1] || maskEndsBy(body, y, sign < 0 ? pl : pr, sign, reach)) {
        if (sign < 0) l = pl;
        else r = pr;
        continue;
      }
    }
    for (let yy = y + step; yy <= last; yy += step) {
      const [bl, br] = bodySides(body, yy, caps);
      const side = sign < 0 ? bl : br;
      if (sideCapped(body, yy, side, sign)) continue;
      if (sign < 0) l = Math.max(l, side);
      else r = Math.min(r, side);
      break;
    }
  }
  return [l, r];
}
/**
 * Does the person mask end on row y within `BACKDROP_RUN` (x the span, plus a pixel) outwards of x, inside `reach`
 * from the axis, with a pixel of the vivid backdrop's colour (`BACKDROP_NEAR`) among the last ones before it? (A side
 * walked out to there ended at the backdrop, its run broken by glitter; over a grey backdrop the mask's end past the
 * cap is an old loose top's side, cgi-model-27's tee: not the body's.)
 */
function maskEndsBy(body: Body, y: number, x: number, sign: -1 | 1, reach: number): boolean {
  const bd = body.backdrop;
  if (!bd) return false;
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  const ax = body.axisX(yy);
  const run = Math.max(2, Math.round(body.span * BACKDROP_RUN));
  let near = false;
  for (let d = -run; d <= run + 1; d++) {
    const xi = Math.round(x) + sign * d;
    if ((xi - ax) * sign > reach) return false;
    if (xi < 0 || xi >= body.width || (body.mask[yy * body.width + xi] ?? 0) < 128) return d >= 1 && near;
    if (bd(xi, yy) <= BACKDROP_NEAR) near = true;
  }
  return false;
}

/** An upper arm hangs beside the chest when its axis is at least this far (x the span) from the body's axis. */
const ARM_BESIDE = 0.3;

/**
 * The chest's edges at row y: the torso's (the mask's width about the axis), narrowed to the inner side of an upper
 * arm hanging against it (not raised, beside the chest). There the mask's width is the arms' outer sides: the
 * garment's armpits and sides were put there, a sack as wide as the arms with a sleeve folded back over the chest.
 */
export function chestEdges(body: Body, y: number, bent: boolean | 'handIn' = false): [number, number] {
  let [l, r] = body.torsoEdges(y);
  const ax = body.axisX(y);
  const arms: [Limb, boolean, -1 | 1][] = [
    [body.armL, body.armRaised[0], -1],
    [body.armR, body.armRaised[1], 1],
  ];
  for (const [arm, raised, sign] of arms) {
    const { root, mid } = arm;
    if (raised || mid.y - root.y < 1 || y < root.y || y > mid.y) continue;
    // a forearm bent up in front of the body (a hand at the chest): the upper arm's skin beside the chest was left
    // bare between the narrowed body piece and the sleeve (cgi-model-2); `bent`: narrowed there too (the chest's
    // own width, which the top's sides below it are measured against)
    if (!bent && bendAngle(arm) > HANGING_BEND) continue;
    // ('handIn': only with its hand towards the body's middle; a hand out to the side leaves the bust beside the
    // upper arm, which a sleeveless top narrowed to the arm's inner side bared, cgi-model-15)
    if (bent === 'handIn' && bendAngle(arm) > HANGING_BEND && (arm.end.x - arm.root.x) * sign > 0) continue;
    const x = root.x + ((mid.x - root.x) * (y - root.y)) / (mid.y - root.y);
    // an upper arm in front of the body (towards its middle) does not narrow it
    if ((x - ax) * sign < body.span * ARM_BESIDE) continue;
    const inner = x - sign * (Math.min(arm.widthRoot, body.span * ARM_ROOT_MAX) / 2);
    const floor = ax + sign * body.span * ARM_BESIDE;
    if (sign < 0) l = Math.max(l, Math.min(inner, floor));
    else r = Math.min(r, Math.max(inner, floor));
  }
  return [l, r];
}

/**
 * A flat lay's hood ends (its box, `upperLayout`) at the row where the shoulders widen its run, but its rim goes on
 * below, lying over the shoulders, and the neck's hole under it shows the backdrop: labelled the body piece's, they
 * were warped onto its top edge beside the neck as two darker squared chips (hoodie-print@cgi-model-15's "squared
 * notches at both sides of the neckline"; the hood itself is drawn worn down, `hoodDown`). Below the box, in each of
 * its columns, the pixels nearer the hood's median luminance than the front's (the chest beside the neckline, below
 * the rim), or far lighter than both (the hole), down to `HOOD_RIM_MAX` of the hood's height, are the hood's. A hood
 * in the front's own shade (less than `HOOD_RIM_CONTRAST` apart) is left as it was.
 */
function hoodRim(
  image: RgbaImage,
  alpha: GrayImage,
  labels: Uint8Array,
  box: { x: number; y: number; w: number; h: number },
): Uint8Array {
  const W = image.width;
  const H = image.height;
  const lum = (p: number) =>
    0.299 * (image.data[p * 4] ?? 0) + 0.587 * (image.data[p * 4 + 1] ?? 0) + 0.114 * (image.data[p * 4 + 2] ?? 0);
  const median = (v: number[]) => {
    v.sort((a, b) => a - b);
    return v[v.length >> 1] ?? 0;
  };
  const x0 = Math.max(0, Math.floor(box.x));
  const x1 = Math.min(W - 1, Math.ceil(box.x + box.w) - 1);
  const bottom = Math.round(box.y + box.h);
  const hood: number[] = [];
  for (let y = Math.max(0, Math.round(box.y)); y < Math.min(H, bottom); y += 2)
    for (let x = x0; x <= x1; x += 2) {
      const p = y * W + x;
      if (labels[p] === PART_HOOD && (alpha.data[p] ?? 0) >= 160) hood.push(lum(p));
    }
  // the front: the chest beside the neckline (the outer quarters of the hood's columns, clear of a print and the
  // drawstrings in the middle), below the rim
  const front: number[] = [];
  const fy0 = Math.min(H - 1, bottom + Math.round(box.h * 0.15));
  const fy1 = Math.min(H - 1, bottom + Math.round(box.h * 0.3));
  for (let y = fy0; y <= fy1; y += 2)
    for (let x = x0; x <= x1; x += 2) {
      const p = y * W + x;
      const side = Math.abs(x - (x0 + x1) / 2) > box.w * 0.25;
      if (side && labels[p] === PART_TORSO && (alpha.data[p] ?? 0) >= 160) front.push(lum(p));
    }
  if (hood.length < 16 || front.length < 16) return labels;
  const hoodL = median(hood);
  const frontL = median(front);
  if (Math.abs(hoodL - frontL) < HOOD_RIM_CONTRAST) return labels;
  const out = new Uint8Array(labels);
  const hole = Math.max(hoodL, frontL) + HOOD_RIM_HOLE;
  const last = Math.min(H - 1, bottom + Math.round(box.h * HOOD_RIM_MAX));
  for (let x = x0; x <= x1; x++) {
    for (let y = bottom; y <= last; y++) {
      const p = y * W + x;
      if (labels[p] !== PART_TORSO) break;
      const l = lum(p);
      if (Math.abs(l - hoodL) >= Math.abs(l - frontL) && l < hole) break;
      out[p] = PART_HOOD;
    }
  }
  return out;
}

/** A hood's rim is read below its box down to this share of its height. */
const HOOD_RIM_MAX = 0.15;
/** A hood is told from the front below it only when their median luminances are this far apart. */
const HOOD_RIM_CONTRAST = 10;
/** The neck's hole under a hood's rim: this much lighter than both the hood and the front (the backdrop, its blended edge). */
const HOOD_RIM_HOLE = 25;

/** A hood worn down, seen from the front: the outline, the neck in front of it, and its colours. */
interface HoodDown {
  /** The person's picture's size. */
  width: number;
  height: number;
  /**
   * The outline: on each side of the neck a lobe, the top half of an ellipse centred at (cx -/+ m, cy), out to `a`
   * from cx, `b` tall (the hood rounds over behind the neck on each side of it).
   */
  cx: number;
  cy: number;
  a: number;
  m: number;
  b: number;
  /** The radius of the corners where the outline meets the neck's sides. */
  round: number;
  /** How far the lobes run straight down below their centre before they round off (a shoulder lower there). */
  ext: number;
  /** The neck's column in front of the hood: this half-width around `cx`. */
  neckHalf: number;
  /**
   * The neck's own sides per row from `sidesY0` (`neckSides`): the hood's inside edge follows the neck's outline
   * there (NaN: the column of `neckHalf`).
   */
  sidesY0: number;
  sideL: Float32Array;
  sideR: Float32Array;
  /** How far from the neck the hood's inside shows. */
  inside: number;
  outer: [number, number, number];
  inner: [number, number, number];
}

/**
 * A hood worn down behind the neck: as wide as the flat lay's hood (at least the head's width and a half, at most
 * the shoulders'), from below the neckline up to just above the chin (the head, in front, hides its middle); its
 * colours are the photo's hood's: the outer fabric (its lighter half) and the inside (its darkest fifth).
 */
function hoodDown(
  image: RgbaImage,
  alpha: GrayImage,
  labels: Uint8Array,
  box: { x: number; y: number; w: number; h: number },
  body: Body,
  neck: Point,
  scale: number,
  tint: [number, number, number],
): HoodDown | null {
  const { span, head } = body;
  const W = image.width;
  const hist = new Uint32Array(256);
  const x0 = Math.max(0, Math.floor(box.x));
  const x1 = Math.min(W - 1, Math.ceil(box.x + box.w));
  const y0 = Math.max(0, Math.floor(box.y));
  const y1 = Math.min(image.height - 1, Math.ceil(box.y + box.h));
  const lum = (o: number) =>
    Math.round(0.299 * (image.data[o] ?? 0) + 0.587 * (image.data[o + 1] ?? 0) + 0.114 * (image.data[o + 2] ?? 0));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (labels[p] === PART_HOOD && (alpha.data[p] ?? 0) >= 160) hist[lum(p * 4)]!++;
    }
  }
  let n = 0;
  for (let i = 0; i < 256; i++) n += hist[i] ?? 0;
  if (n < 16) return null;
  const at = (share: number) => {
    let c = 0;
    for (let i = 0; i < 256; i++) if ((c += hist[i] ?? 0) >= n * share) return i;
    return 255;
  };
  const median = at(0.5);
  const dark = at(0.2);
  const outer = [0, 0, 0, 0];
  const inner = [0, 0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (labels[p] !== PART_HOOD || (alpha.data[p] ?? 0) < 160) continue;
      const l = lum(p * 4);
      const into = l >= median ? outer : l <= dark ? inner : null;
      if (!into) continue;
      into[0] = (into[0] ?? 0) + (image.data[p * 4] ?? 0);
      into[1] = (into[1] ?? 0) + (image.data[p * 4 + 1] ?? 0);
      into[2] = (into[2] ?? 0) + (image.data[p * 4 + 2] ?? 0);
      into[3] = (into[3] ?? 0) + 1;
    }
  }
  const mean = (m: number[], k: number): number => ((m[k] ?? 0) / Math.max(1, m[3] ?? 0)) * (tint[k] ?? 0);
  const out: [number, number, number] = [mean(outer, 0), mean(outer, 1), mean(outer, 2)];
  // the inside: the darkest fifth, when it is darker than the fabric (a hood drawn without its opening: the fabric
  // in its own shade)
  let ins: [number, number, number] = [mean(inner, 0), mean(inner, 1), mean(inner, 2)];
  if (ins[0] + ins[1] + ins[2] > (out[0] + out[1] + out[2]) * 0.85) ins = [out[0] * 0.72, out[1] * 0.72, out[2] * 0.72];
  const cy = neck.y + span * 0.06;
  const a = Math.min(Math.max((box.w * scale) / 2, head.rx * 1.5), span * 0.5);
  const top = Math.min(Math.max(head.chinY - (head.chinY - head.cy) * 0.2, head.cy), cy - span * 0.12);
  // the neck in front: as wide as the person's mask halfway from the chin to the neckline (its narrower side: hair
  // may hang on the other), at least 0.12 of the span, at most 0.25 (and 0.6 of the hood)
  const neckHalf = Math.min(
    Math.max(neckHalfIn(body, (head.chinY + neck.y) / 2, neck.x, span * 0.3) - span * 0.03, span * 0.12),
    span * 0.25,
    a * 0.6,
  );
  const b = cy - top;
  const sidesY0 = Math.floor(cy - b - 1);
  const [sideL, sideR] = neckSides(body, neck.x, sidesY0, Math.ceil(cy + span * 0.12 + b) + 1, neckHalf);
  return {
    width: body.width,
    height: body.height,
    cx: neck.x,
    cy,
    a,
    // each lobe from inside the neck (its inner slope meets the neck's side below its top) out to the hood's side
    m: (a + neckHalf * 0.35) / 2,
    b,
    round: span * 0.08,
    ext: span * 0.12,
    neckHalf,
    sidesY0,
    sideL,
    sideR,
    inside: span * 0.07,
    outer: out,
    inner: ins,
  };
}

/** How far (x the span) the neck's side is sought each way from its middle (`neckSides`); past it: the shoulder. */
const NECK_SIDE_MOST = 0.3;

/**
 * How far past the neck's column (`neckHalf`, x the span) its side may lie (`neckSides`): a turned neck's wider
 * side; farther, the mask's run takes in what lies along the neck (an old bikini's strings on cgi-model-30).
 */
const NECK_SIDE_PAST = 0;

/** Over how many rows (x the span) each of the neck's sides is smoothed, a median (`neckSides`). */
const NECK_SIDE_SMOOTH = 0.04;

/**
 * The neck's sides per row from y0 to y1 (issue 38, round 18, part Y4): from `x` out each way along the person's
 * mask until it ends or a run of a vivid backdrop's colour starts (a pocket of backdrop the mask takes in between a
 * raised arm and the neck), at most NECK_SIDE_PAST spans past the neck's column (`least`), each side a median over
 * the rows; a row whose run reaches past NECK_SIDE_MOST spans
 * (the shoulder, an arm against the neck) takes the nearest found row's side. A hood's inside edge followed a
 * straight column as wide as the narrower side at one row: on a turned neck (cgi-model-2) it stood off the neck's
 * wider side (a strip of backdrop, a square step beside the shoulder) and over its narrower one. NaN: none found.
 */
function neckSides(body: Body, x: number, y0: number, y1: number, least: number): [Float32Array, Float32Array] {
  const { width: W, height: H, mask, span } = body;
  const n = Math.max(0, y1 - y0 + 1);
  const most = span * NECK_SIDE_MOST;
  const bd = body.backdrop;
  const run = Math.max(2, Math.round(span * BACKDROP_RUN));
  const cx = Math.round(x);
  const raw = [new Float32Array(n).fill(NaN), new Float32Array(n).fill(NaN)] as const;
  for (let i = 0; i < n; i++) {
    const y = y0 + i;
    if (y < 0 || y >= H || cx < 0 || cx >= W || (mask[y * W + cx] ?? 0) < 128) continue;
    for (const [k, dir] of [
      [0, -1],
      [1, 1],
    ] as const) {
      let last = 0;
      let seen = 0;
      let d = 1;
      for (; d <= most; d++) {
        const xi = cx + dir * d;
        if (xi < 0 || xi >= W || (mask[y * W + xi] ?? 0) < 128) break;
        if (bd && bd(xi, y) <= BACKDROP_NEAR) {
          if (++seen >= run) break;
          continue;
        }
        seen = 0;
        last = d;
      }
      if (d <= most) raw[k][i] = cx + dir * Math.min(Math.max(last + 0.5, least * 0.5), least + span * NECK_SIDE_PAST);
    }
  }
  const half = Math.max(1, Math.round(span * NECK_SIDE_SMOOTH));
  const smooth = (side: Float32Array): Float32Array => {
    const out = new Float32Array(n).fill(NaN);
    for (let i = 0; i < n; i++) {
      const win: number[] = [];
      for (let j = Math.max(0, i - half); j <= Math.min(n - 1, i + half); j++) {
        const v = side[j] ?? NaN;
        if (!Number.isNaN(v)) win.push(v);
      }
      if (win.length > half) out[i] = win.sort((u, v) => u - v)[win.length >> 1] ?? NaN;
    }
    // a row without its side: the nearest row's that has one (above first: the neck runs on down into the shoulder)
    const filled = new Float32Array(out);
    for (let i = 0; i < n; i++) {
      if (!Number.isNaN(out[i] ?? NaN)) continue;
      for (let d = 1; d < n; d++) {
        const up = out[i - d] ?? NaN;
        const down = out[i + d] ?? NaN;
        if (i - d >= 0 && !Number.isNaN(up)) {
          filled[i] = up;
          break;
        }
        if (i + d < n && !Number.isNaN(down)) {
          filled[i] = down;
          break;
        }
      }
    }
    return filled;
  };
  return [smooth(raw[0]), smooth(raw[1])];
}

/** Half the person's mask's run through (x, y), its narrower side, at most `most` (beyond: `most`). */
function neckHalfIn(body: Body, y: number, x: number, most: number): number {
  const W = body.width;
  const row = Math.min(body.height - 1, Math.max(0, Math.round(y))) * W;
  const cx = Math.round(x);
  const run = (dir: number) => {
    let d = 0;
    while (
      d < most &&
      cx + dir * (d + 1) >= 0 &&
      cx + dir * (d + 1) < W &&
      (body.mask[row + cx + dir * (d + 1)] ?? 0) >= 128
    )
      d++;
    return d;
  };
  return Math.min(run(-1), run(1)) + 1;
}

/**
 * A hood's coverage at pixel (x, y), 0..1: inside the outline, outside the neck's column, the corner where they
 * meet rounded (radius `round`), each edge anti-aliased (from the distance to it in pixels).
 */
function hoodCoverage(h: HoodDown, x: number, y: number): number {
  const dx = x + 0.5 - h.cx;
  // below its centre the lobe runs straight down `ext` (onto the shoulders, under the body piece), then rounds
  const dy = Math.max(0, y + 0.5 - h.cy - h.ext) + Math.min(0, y + 0.5 - h.cy);
  // the outline's distance (outside > 0): each side's lobe, an ellipse's value over its gradient
  const lx = Math.abs(dx) - h.m;
  const ax = h.a - h.m;
  const q = (lx * lx) / (ax * ax) + (dy * dy) / (h.b * h.b);
  const grad = 2 * Math.hypot(lx / (ax * ax), dy / (h.b * h.b));
  const d1 = (q - 1) / Math.max(grad, 1e-6);
  // the neck's column (inside it > 0: not the hood): between the neck's own sides on that row (`neckSides`)
  const i = Math.floor(y) - h.sidesY0;
  const l = h.sideL[i] ?? NaN;
  const r0 = h.sideR[i] ?? NaN;
  const d2 = Number.isNaN(l) || Number.isNaN(r0) ? h.neckHalf - Math.abs(dx) : Math.min(x + 0.5 - l, r0 - x - 0.5);
  // their intersection, its corner rounded
  const r = h.round;
  const d = Math.min(-r, Math.max(d1, d2)) + Math.hypot(Math.max(d1 + r, 0), Math.max(d2 + r, 0));
  return Math.min(1, Math.max(0, 0.5 - d));
}

/**
 * The room with a hood's outline added: the hood lies off the body, above the shoulders beside the neck (the
 * silhouette's blocky outline there cut it into a stepped flap). The room given is the scene's: not changed.
 */
function hoodRoom(
  h: HoodDown | null,
  room: ((base: Uint8Array) => Uint8Array) | undefined,
): ((base: Uint8Array) => Uint8Array) | undefined {
  if (!h) return room;
  return (base) => {
    const inner = room ? room(base) : base;
    const out = inner === base ? new Uint8Array(base) : inner;
    const W = h.width;
    const xa = Math.max(0, Math.floor(h.cx - h.a - 1));
    const xb = Math.min(W - 1, Math.ceil(h.cx + h.a + 1));
    const ya = Math.max(0, Math.floor(h.cy - h.b - 1));
    const yb = Math.min(h.height - 1, Math.ceil(h.cy + h.ext + h.b));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) if (hoodCoverage(h, x, y) > 0) out[y * W + x] = 255;
    }
    return out;
  };
}

/**
 * Draw a hood worn down: its outline and the neck's sides anti-aliased (coverage from the distance to each edge),
 * in the head's shade, lighter where it rounds over the top, its inside along the neck; over the layer, or behind
 * what it holds.
 */
function drawHood(layer: Layer, h: HoodDown, behind = false): void {
  const W = layer.width;
  const ld = layer.data;
  const xa = Math.max(0, Math.floor(h.cx - h.a - 1));
  const xb = Math.min(W - 1, Math.ceil(h.cx + h.a + 1));
  const ya = Math.max(0, Math.floor(h.cy - h.b - 1));
  const yb = Math.min(layer.height - 1, Math.ceil(h.cy + h.ext + h.b));
  for (let y = ya; y <= yb; y++) {
    const dy = y + 0.5 - h.cy;
    for (let x = xa; x <= xb; x++) {
      const cov = hoodCoverage(h, x, y);
      if (cov <= 0.004) continue;
      const l = h.sideL[y - h.sidesY0] ?? NaN;
      const r = h.sideR[y - h.sidesY0] ?? NaN;
      const side =
        Number.isNaN(l) || Number.isNaN(r)
          ? Math.abs(x + 0.5 - h.cx) - h.neckHalf
          : x + 0.5 < h.cx
            ? l - x - 0.5
            : x + 0.5 - r;
      // the inside along the neck, the fabric lighter up where it rounds over (in the head's shade: 0.82)
      const t = Math.max(0, 1 - side / h.inside) ** 1.5 * 0.6;
      const shade = 0.76 + 0.12 * Math.min(1, Math.max(0, -dy / h.b));
      const o = (y * W + x) * 4;
      const da = (ld[o + 3] ?? 0) / 255;
      const na = cov + da * (1 - cov);
      for (let k = 0; k < 3; k++) {
        const c = ((h.outer[k] ?? 0) + ((h.inner[k] ?? 0) - (h.outer[k] ?? 0)) * t) * shade;
        // over what is drawn, or (`behind`) under it
        ld[o + k] = behind
          ? ((ld[o + k] ?? 0) * da + c * cov * (1 - da)) / na
          : (c * cov + (ld[o + k] ?? 0) * da * (1 - cov)) / na;
      }
      ld[o + 3] = na * 255;
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
}

/** Take the body piece off a raised arm: capsules around the outer upper arm, the forearm and the hand. */
function clearArm(layer: Layer, arm: Limb, span: number): void {
  const a = lerp(arm.root, arm.mid, 0.3);
  const hand = lerp(arm.mid, arm.end, 1.45);
  const caps: [Point, Point, number][] = [
    [a, arm.mid, Math.min(arm.widthRoot, span * 0.35) * 0.75],
    [arm.mid, hand, Math.min(arm.widthEnd, span * 0.3) * 0.8],
  ];
  const W = layer.width;
  for (const [p, q, r] of caps) {
    const x0 = Math.max(0, Math.floor(Math.min(p.x, q.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(p.x, q.x) + r));
    const y0 = Math.max(0, Math.floor(Math.min(p.y, q.y) - r));
    const y1 = Math.min(layer.height - 1, Math.ceil(Math.max(p.y, q.y) + r));
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const l2 = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const t = Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / l2));
        if ((p.x + dx * t - x) ** 2 + (p.y + dy * t - y) ** 2 <= r * r) layer.data[(y * W + x) * 4 + 3] = 0;
      }
    }
  }
}

/**
 * The upper arm of an arm bent out to the side (not raised, its hand away from the body: `elbowsOut`'s) whose upper
 * arm runs down along the torso's side (its axis within `ARM_ALONG` arm half-widths of the torso's edge over the
 * lower half of the way to the elbow: the elbow at the side, the forearm out), from the shoulder to the elbow: the
 * pixels of each row from the torso's edge out to `ARM_OUT_REACH` arm half-widths past the arm's axis. A top's body
 * piece is not drawn there: cgi-model-15's upper arm runs down beside her bust, whose old strapless top's side bulges
 * past it, and the tee's body carried out to that bulge under a short sleeve read as a rounded flap of cloth with the
 * forearm coming out of the shirt's side (issue 38, round 28, part J4, from round 26's I5). The fill paints it as the
 * arm's skin. An upper arm out in the open beside the torso (her other arm: its axis 0.8-2.6 half-widths out there)
 * already shows between the body piece and the sleeve; cut there, the body piece's ease by the hip stepped in at the
 * elbow's row.
 */
const ARM_OUT_REACH = 1.5;
const ARM_ALONG = 0.75;
export function upperArmOut(body: Body, short: readonly [boolean, boolean], visit: (p: number) => void): void {
  const arms: [Limb, boolean, -1 | 1][] = [
    [body.armL, body.armRaised[0] || !short[0], -1],
    [body.armR, body.armRaised[1] || !short[1], 1],
  ];
  const W = body.width;
  for (const [arm, skip, sign] of arms) {
    if (skip || bendAngle(arm) <= HANGING_BEND || (arm.end.x - arm.root.x) * sign <= 0) continue;
    const { root, mid } = arm;
    if (mid.y - root.y < 1) continue;
    const half = Math.min(arm.widthRoot, body.span * ARM_ROOT_MAX) / 2;
    const axisAt = (y: number) => root.x + ((mid.x - root.x) * (y - root.y)) / (mid.y - root.y);
    let along = true;
    for (let y = Math.ceil((root.y + mid.y) / 2); y <= Math.floor(mid.y) && along; y++) {
      const [tl, tr] = body.torsoEdges(y);
      along = (axisAt(y) - (sign < 0 ? tl : tr)) * sign <= half * ARM_ALONG;
    }
    if (!along) continue;
    for (let y = Math.max(0, Math.ceil(root.y)); y <= Math.min(body.height - 1, Math.floor(mid.y)); y++) {
      const [tl, tr] = body.torsoEdges(y);
      const ax = axisAt(y);
      const from = Math.max(0, Math.round(sign < 0 ? ax - half * ARM_OUT_REACH : tr));
      const to = Math.min(W - 1, Math.round(sign < 0 ? tl : ax + half * ARM_OUT_REACH));
      for (let x = from; x <= to; x++) visit(y * W + x);
    }
  }
}
