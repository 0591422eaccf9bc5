/**
 * Placing a garment on the body: the torso (or a skirt's body) by a thin-plate spline from the garment's anchors
 * to the body's, sleeves and trouser legs segment by segment along the limbs, shoes at the feet. Each renderer
 * draws into a layer at the photo's resolution.
 */
import type { Body, Limb } from '../perception/body';
import {
  lowerLayout,
  PART_LEFT,
  PART_RIGHT,
  PART_TORSO,
  shoesLayout,
  upperLayout,
  type Sleeve,
} from '../garment/garment-anchors';
import type { Box, EngineSlot } from '../garment/garment';
import { drawGrid, drawStrip, type Layer, type Source } from '../core/raster';
import { fitTps, type Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';
import type { VariantOptions } from '../look/variants';

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

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The point at arc length s along a polyline (extrapolating past its end), with its unit direction. */
function along(path: Point[], s: number): { p: Point; d: Point } {
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

function pathLength(path: Point[]): number {
  let s = 0;
  for (let i = 0; i + 1 < path.length; i++) s += dist(path[i]!, path[i + 1]!);
  return s;
}

/** Where the mask ends going up from p (the top of a shoulder). */
function maskTopAbove(body: Body, p: Point, maxUp: number): number {
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
function limbStrip(
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

/** Above this bend at the elbow (radians between the upper arm's and the forearm's directions) an arm is folded. */
const FOLDED_ELBOW = 1.2;

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });

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

export function placeGarment(
  image: RgbaImage,
  alpha: GrayImage,
  slot: EngineSlot,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  hints: PlaceHints = {},
): PlacedGarment {
  if (slot === 'shoes') return placeShoes(image, alpha, body, tint, hints.oldShoes ?? []);
  if (slot === 'bottom') {
    const layout = lowerLayout(alpha);
    const wy = waistY(body, hints.waistTop ?? null);
    return layout.legs
      ? placeTrousers(image, alpha, layout, body, variant, tint, wy)
      : placeSkirt(image, alpha, layout, body, variant, tint, wy);
  }
  return placeUpper(image, alpha, slot, body, variant, tint, hints.hemAtLeast);
}

function placeUpper(
  image: RgbaImage,
  alpha: GrayImage,
  slot: EngineSlot,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  hemAtLeast?: number,
): PlacedGarment {
  const g = upperLayout(alpha);
  const { span, torsoH } = body;
  const ease = variant.ease * (slot === 'outerwear' ? 1.06 : 1);
  const slack = span * (slot === 'outerwear' ? 0.05 : 0.025) * variant.ease;
  // shoulders: on top of the mask above the joints, a little outwards; above a raised arm's shoulder the mask is
  // the arm itself, so that shoulder drops as much as the other one (or a tenth of the span); never above the chin
  const [raisedL, raisedR] = body.armRaised;
  const dropL = body.shoulderL.y - maskTopAbove(body, body.shoulderL, span * 0.35);
  const dropR = body.shoulderR.y - maskTopAbove(body, body.shoulderR, span * 0.35);
  const dflt = span * 0.1;
  const dL = raisedL ? (raisedR ? dflt : Math.min(dropR, dflt * 1.5)) : dropL;
  const dR = raisedR ? (raisedL ? dflt : Math.min(dropL, dflt * 1.5)) : dropR;
  const chin = body.head.chinY + body.head.ry * 0.08;
  const shTopL = {
    x: body.shoulderL.x - span * 0.06,
    y: Math.max(chin, body.shoulderL.y - dL + span * 0.01),
  };
  const shTopR = {
    x: body.shoulderR.x + span * 0.06,
    y: Math.max(chin, body.shoulderR.y - dR + span * 0.01),
  };
  const srcShoulderW = Math.max(1, g.shoulderR.x - g.shoulderL.x);
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
  const srcArmDrop = (g.armpitL.y + g.armpitR.y) / 2 - srcShoulderY;
  const armY = dstShoulderY + Math.min(Math.max(srcArmDrop * scaleY, torsoH * 0.22), torsoH * 0.5);
  const armEdges = body.torsoEdges(armY);
  const armpitL = { x: armEdges[0] - slack, y: armY };
  const armpitR = { x: armEdges[1] + slack, y: armY };
  // the hem: the garment's length scaled like its shoulders, times the variant's length; tucked ends at the hips
  let length = (g.hem - srcShoulderY) * scaleY * variant.length;
  // outerwear (a jacket, a coat) reaches at least past the hip joints: a flat lay drawn short for its width
  // (cropped look) would otherwise stop at the waist on a narrow-shouldered body
  const toHips = body.pelvis.y - dstShoulderY + torsoH * 0.06;
  const minLen =
    slot === 'one-piece'
      ? torsoH * 1.3
      : slot === 'outerwear' && variant.length >= 1
        ? Math.max(torsoH * 0.75, toHips)
        : torsoH * 0.75;
  length = Math.max(minLen, Math.min(length, torsoH * (slot === 'one-piece' ? 3.2 : 1.8)));
  if (variant.tuck && slot !== 'one-piece') length = Math.min(length, body.pelvis.y - dstShoulderY + torsoH * 0.02);
  else if (hemAtLeast !== undefined && variant.length >= 1) {
    // down over the old top (up to its hem or the hips), not stretched past 1.35x its own length
    const own = (g.hem - srcShoulderY) * scaleY * variant.length;
    length = Math.max(length, Math.min(hemAtLeast - dstShoulderY, own * 1.35, torsoH * 1.8));
  }
  const hemY = dstShoulderY + length;
  const srcArmW = Math.max(1, g.armpitR.x - g.armpitL.x);
  const dstArmW = armpitR.x - armpitL.x;
  const from: Point[] = [g.neck, g.shoulderL, g.shoulderR, g.armpitL, g.armpitR];
  const to: Point[] = [neck, shTopL, shTopR, armpitL, armpitR];
  const levels = 7;
  const srcArmY = Math.max(g.armpitL.y, g.armpitR.y);
  for (let i = 1; i <= levels; i++) {
    const f = i / levels;
    const sy = srcArmY + (g.hem - srcArmY) * f;
    const row = Math.min(g.edgeL.length - 1, Math.max(0, Math.round(sy - g.top)));
    const sl = g.edgeL[row]!;
    const sr = g.edgeR[row]!;
    const dy = armY + (hemY - armY) * f;
    const [bl, br] = body.torsoEdges(dy);
    const [xl, xr] = body.silhouetteEdges(dy, span * 1.2);
    const bodyW = br - bl;
    const wanted = Math.max(bodyW * ease + 2 * slack, ((sr - sl) / srcArmW) * dstArmW * ease);
    const limit = Math.max(bodyW, xr - xl) + span * (slot === 'outerwear' ? 0.18 : 0.08);
    const half = Math.min(wanted, limit) / 2;
    const cx = (bl + br) / 2;
    from.push({ x: sl, y: sy }, { x: sr, y: sy }, { x: (sl + sr) / 2, y: sy });
    to.push({ x: cx - half, y: dy }, { x: cx + half, y: dy }, { x: cx, y: dy });
  }
  const tps = fitTps(from, to, 1e-4);
  const out = new Float64Array(2);
  const map = (x: number, y: number): Point => {
    tps.map(x, y, out);
    return { x: out[0]!, y: out[1]! };
  };
  const src = (part: number): Source => ({ image, alpha: alpha.data, labels: g.labels, part, tint });
  let minX = Infinity;
  let maxX = -Infinity;
  for (let i = 0; i < g.edgeL.length; i++) {
    minX = Math.min(minX, g.edgeL[i]!);
    maxX = Math.max(maxX, g.edgeR[i]!);
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
  return {
    drawBody(layer) {
      drawGrid(layer, src(PART_TORSO), box, cols, rows, map);
      // the body piece never runs along a raised arm: the arm (from its upper arm out) is the sleeve's or bare
      if (raisedL) clearArm(layer, body.armL, span);
      if (raisedR) clearArm(layer, body.armR, span);
    },
    drawLimbs(layer) {
      for (const { s, limb, part, raised } of sleeves) {
        const seamO = map(s.seamOuter.x, s.seamOuter.y);
        const seamI = map(s.seamInner.x, s.seamInner.y);
        const path = [limb.root, limb.mid, limb.end];
        const armLen = pathLength(path);
        const srcLen = dist(lerp(s.seamOuter, s.seamInner, 0.5), lerp(s.cuffOuter, s.cuffInner, 0.5));
        // sleeves stop before the wrist so it stays visible; the variant's length shortens or lengthens them
        // long sleeves (longer than half the shoulders in the flat lay) run to the wrist; short ones keep their scale
        const long = srcLen > srcShoulderW * 0.6;
        const wanted = long ? armLen * variant.length : srcLen * scale * Math.min(1.1, variant.length);
        const len = Math.min(wanted, armLen - limb.widthEnd * 0.55);
        const seamW = dist(seamO, seamI);
        const cuffSrcW = dist(s.cuffOuter, s.cuffInner) * scale;
        const tAt = len / Math.max(1, armLen);
        const limbW = (t: number) => (t * armLen < dist(limb.root, limb.mid) ? limb.widthRoot : limb.widthEnd);
        const widthAt = (t: number) => {
          const arm = limbW(t * tAt) * 1.12 * ease + slack;
          const own = seamW + (cuffSrcW - seamW) * t;
          // a raised arm's sleeve follows the arm closely: no flat lay's width hanging off it
          return Math.max(arm, Math.min(own * ease, arm * (raised ? 1.15 : 1.6)));
        };
        const upperLen = dist(limb.root, limb.mid);
        if (bendAngle(limb) > FOLDED_ELBOW && len > upperLen + limb.widthEnd * 0.5) {
          // a folded arm (a hand raised to the head): one strip bent round the elbow would fold its sections over
          // each other into one wide block; the upper sleeve and the forearm's are drawn apart, each straight
          const te = upperLen / len;
          const ext = limb.widthEnd * 0.3;
          const tx = Math.min(1, (upperLen + ext) / len);
          const upper = limbStrip(
            s.seamOuter,
            s.seamInner,
            lerp(s.seamOuter, s.cuffOuter, tx),
            lerp(s.seamInner, s.cuffInner, tx),
            seamO,
            seamI,
            [limb.root, limb.mid],
            upperLen + ext,
            (t) => widthAt(t * tx),
            10,
          );
          drawStrip(layer, src(part), upper.so, upper.si, upper.dOut, upper.dIn, 3);
          const n0 = sub(upper.dOut[upper.dOut.length - 1]!, upper.dIn[upper.dIn.length - 1]!);
          const fore = segmentStrip(s, te, limb.mid, limb.end, len - upperLen, n0, (t) => widthAt(te + (1 - te) * t));
          drawStrip(layer, src(part), fore.so, fore.si, fore.dOut, fore.dIn, 3);
        } else {
          const st = limbStrip(s.seamOuter, s.seamInner, s.cuffOuter, s.cuffInner, seamO, seamI, path, len, widthAt);
          drawStrip(layer, src(part), st.so, st.si, st.dOut, st.dIn, 3);
        }
      }
    },
    hemY,
    debug: { anchors: from.map((f, i) => ({ from: f, to: to[i]! })), grid },
  };
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

/** The waist line of a bottom: a little above the hip joints, or up to bare skin when the midriff shows. */
function waistY(body: Body, top: number | null): number {
  const dflt = body.pelvis.y - body.torsoH * 0.22;
  return top === null ? dflt : Math.min(dflt, top);
}

function placeTrousers(
  image: RgbaImage,
  alpha: GrayImage,
  g: ReturnType<typeof lowerLayout>,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  wy: number,
): PlacedGarment {
  const legs = g.legs!;
  const crotch = g.crotch!;
  const { span, torsoH } = body;
  const ease = variant.ease;
  const slack = span * 0.02 * ease;
  const [wl, wr] = body.torsoEdges(wy);
  const srcWaistW = Math.max(1, g.edgeR[0]! - g.edgeL[0]!);
  const dstWaistW = wr - wl + 2 * slack;
  const scale = dstWaistW / srcWaistW;
  const crotchY = body.pelvis.y + torsoH * 0.14;
  const [hl, hr] = body.torsoEdges(body.pelvis.y);
  const crotchRow = crotch.y - g.top;
  const H = g.hem - g.top;
  const srcLegLen = g.hem - crotch.y;
  const anchors: { from: Point; to: Point }[] = [];
  const draw = (layer: Layer, side: 0 | 1) => {
    const leg = side === 0 ? body.legL : body.legR;
    const part = side === 0 ? PART_LEFT : PART_RIGHT;
    const sign = side === 0 ? -1 : 1;
    const so: Point[] = [];
    const si: Point[] = [];
    const dOut: Point[] = [];
    const dIn: Point[] = [];
    // above the crotch: waist line to crotch line, straight
    const upper = 5;
    const outerWaist = { x: side === 0 ? wl - slack : wr + slack, y: wy };
    const innerWaist = { x: body.axisX(wy), y: wy };
    const outerHip = { x: (side === 0 ? hl : hr) + sign * slack * 2, y: crotchY };
    const innerCrotch = { x: body.axisX(crotchY), y: crotchY };
    for (let i = 0; i < upper; i++) {
      const t = i / upper;
      const row = Math.round(t * crotchRow);
      so.push({ x: legs.outer[row * 2 + side]!, y: g.top + row });
      si.push({ x: legs.inner[row * 2 + side]!, y: g.top + row });
      dOut.push(lerp(outerWaist, outerHip, t));
      dIn.push(lerp(innerWaist, innerCrotch, t));
    }
    // below: along the leg (hip -> knee -> ankle), from the crotch-level section
    const path = [lerp(outerHip, innerCrotch, 0.5), leg.mid, leg.end];
    const legLen = pathLength(path);
    // full-length trousers end at the ankle; shorter ones (shorts, cropped) keep their share of the leg
    const srcWaistW2 = Math.max(1, g.edgeR[0]! - g.edgeL[0]!);
    const share = Math.min(1, srcLegLen / srcWaistW2 / 1.45);
    const len = Math.min(legLen * share * variant.length, legLen + leg.widthEnd * 0.25);
    const srcAt = (t: number) => {
      const row = Math.min(H, Math.round(crotchRow + t * (H - crotchRow)));
      return {
        o: { x: legs.outer[row * 2 + side]!, y: g.top + row },
        i: { x: legs.inner[row * 2 + side]!, y: g.top + row },
      };
    };
    const a = srcAt(0);
    const b = srcAt(1);
    const thighLen = dist(path[0]!, leg.mid);
    const widthAt = (t: number) => {
      const s = srcAt(t);
      const own = dist(s.o, s.i) * scale * ease;
      const limb = t * len < thighLen ? leg.widthRoot : leg.widthEnd;
      return Math.max(limb * 1.1 * ease + slack, Math.min(own, limb * 1.3));
    };
    const st = limbStrip(a.o, a.i, b.o, b.i, outerHip, innerCrotch, path, len, widthAt, 16);
    // the source sections follow the garment's own leg edges, not a straight line
    for (let i = 0; i < st.so.length; i++) {
      const s = srcAt(i / (st.so.length - 1));
      st.so[i] = s.o;
      st.si[i] = s.i;
    }
    drawStrip(
      layer,
      { image, alpha: alpha.data, labels: g.labels, part, tint },
      [...so, ...st.so],
      [...si, ...st.si],
      [...dOut, ...st.dOut],
      [...dIn, ...st.dIn],
      3,
    );
    if (layer.call >= 0)
      anchors.push(
        { from: a.o, to: outerHip },
        { from: a.i, to: innerCrotch },
        { from: b.o, to: st.dOut[st.dOut.length - 1]! },
      );
  };
  return {
    drawBody(layer) {
      draw(layer, 0);
      draw(layer, 1);
    },
    drawLimbs() {},
    debug: { anchors, grid: [] },
  };
}

function placeSkirt(
  image: RgbaImage,
  alpha: GrayImage,
  g: ReturnType<typeof lowerLayout>,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  wy: number,
): PlacedGarment {
  const { span } = body;
  const ease = variant.ease;
  const slack = span * 0.02 * ease;
  const [wl, wr] = body.torsoEdges(wy);
  const srcWaistW = Math.max(1, g.edgeR[2]! - g.edgeL[2]!);
  const scale = (wr - wl + 2 * slack) / srcWaistW;
  const H = g.hem - g.top;
  const length = H * scale * variant.length;
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  const sections = 16;
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    const row = Math.round(t * H);
    const sl = g.edgeL[row]!;
    const sr = g.edgeR[row]!;
    const y = wy + t * length;
    // the legs' own extent (not the old garment's flare, nor the arms hanging beside them)
    const [bl, br] = legsEdges(body, y);
    const [tl, tr] = body.torsoEdges(Math.min(y, body.pelvis.y));
    const bw = Math.max(br - bl, t < 0.45 ? tr - tl : 0);
    const own = (sr - sl) * scale * ease;
    const w = Math.min(Math.max(own, bw + 2 * slack), bw + span * 0.1);
    const cx = t < 0.5 ? body.axisX(y) : (bl + br) / 2;
    so.push({ x: sl, y: g.top + row });
    si.push({ x: sr, y: g.top + row });
    dOut.push({ x: cx - w / 2, y });
    dIn.push({ x: cx + w / 2, y });
  }
  return {
    drawBody(layer) {
      drawStrip(layer, { image, alpha: alpha.data, labels: g.labels, part: PART_TORSO, tint }, so, si, dOut, dIn, 6);
    },
    drawLimbs() {},
    debug: { anchors: so.map((s, i) => ({ from: s, to: dOut[i]! })), grid: [dOut, dIn] },
  };
}

/** The outer edges of both legs together at row y (from the joints and the legs' widths in the mask). */
function legsEdges(body: Body, y: number): [number, number] {
  let l = Infinity;
  let r = -Infinity;
  for (const leg of [body.legL, body.legR]) {
    const thigh = y <= leg.mid.y;
    const a = thigh ? leg.root : leg.mid;
    const b = thigh ? leg.mid : leg.end;
    const t = Math.max(0, Math.min(1, (y - a.y) / (b.y - a.y || 1)));
    const cx = a.x + (b.x - a.x) * t;
    const half = Math.min(thigh ? leg.widthRoot : leg.widthEnd, body.span * 0.45) / 2;
    l = Math.min(l, cx - half);
    r = Math.max(r, cx + half);
  }
  return [l, r];
}

/** Which way a side-view shoe's toe points in its box: the collar (the highest part) is over the heel. */
function toeDirection(alpha: GrayImage, b: Box): 1 | -1 {
  const W = alpha.width;
  let sum = 0;
  let n = 0;
  // the top fifth of the shoe's rows: where its collar is
  for (let y = b.y; y < b.y + Math.max(1, Math.round(b.h * 0.2)); y++) {
    for (let x = b.x; x < b.x + b.w; x++) {
      if (alpha.data[y * W + x]! >= 128) {
        sum += x;
        n++;
      }
    }
  }
  const collar = n ? sum / n : b.x + b.w / 2;
  return collar > b.x + b.w / 2 ? -1 : 1;
}

/**
 * Shoes: each shoe of the pair on its own foot, its toe pointing outwards (mirrored when the product shot has it
 * the other way), its sole across the shin's direction (from the knee to the ankle), as wide as the foot's
 * extent in the mask below the ankle and as tall as its own proportions allow (up to the ankle). What of the old
 * shoe it leaves is filled as old clothing.
 */
function placeShoes(
  image: RgbaImage,
  alpha: GrayImage,
  body: Body,
  tint: [number, number, number],
  oldShoes: (Box | null)[],
): PlacedGarment {
  const layout = shoesLayout(alpha);
  const shoes = layout.shoes.slice(0, 2);
  const labels = new Uint8Array(alpha.width * alpha.height);
  shoes.forEach((b, k) => {
    for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) labels[y * alpha.width + x] = k + 1;
  });
  const anchors: { from: Point; to: Point }[] = [];
  const grid: Point[][] = [];
  const legs = [body.legL, body.legR];
  return {
    drawBody(layer) {
      legs.forEach((leg, side) => {
        const k = shoes.length === 1 ? 0 : side;
        const b = shoes[k]!;
        const foot = footBox(body, leg.end, leg.widthEnd);
        // the shin's direction: the shoe's "up" leans with it (half the shin's tilt, at most 11 degrees)
        let angle = Math.atan2(leg.mid.x - leg.end.x, leg.end.y - leg.mid.y);
        angle = Math.max(-0.2, Math.min(0.2, angle * 0.5));
        const up = { x: Math.sin(angle), y: -Math.cos(angle) };
        const across = { x: -up.y, y: up.x };
        // toes outwards: the image-left foot's toe to the image left (legs may cross: by the feet, not the hips)
        const other = legs[1 - side]!.end;
        const want = leg.end.x < other.x ? -1 : 1;
        const flip = toeDirection(alpha, b) !== want;
        // over the old shoe where one was found (its sole, its width), else on the foot
        const old = oldShoes[side] ?? null;
        const width = Math.max(foot.w * 1.04, (old?.w ?? 0) * 1.04);
        const own = (width * b.h) / b.w;
        const height = Math.max(own, Math.min(Math.max(foot.h * 0.8, (old?.h ?? 0) * 1.02), own * 1.5));
        const sole = old
          ? { x: old.x + old.w / 2, y: Math.max(foot.y + foot.h, old.y + old.h) }
          : { x: foot.x + foot.w / 2, y: foot.y + foot.h };
        const map = (x: number, y: number): Point => {
          let u = (x - b.x) / b.w - 0.5;
          if (flip) u = -u;
          const v = 1 - (y - b.y) / b.h;
          return {
            x: sole.x + across.x * u * width + up.x * v * height,
            y: sole.y + across.y * u * width + up.y * v * height,
          };
        };
        anchors.push({ from: { x: b.x + b.w / 2, y: b.y + b.h }, to: sole });
        grid.push([map(b.x, b.y), map(b.x + b.w, b.y), map(b.x + b.w, b.y + b.h), map(b.x, b.y + b.h)]);
        drawGrid(layer, { image, alpha: alpha.data, labels, part: k + 1, tint }, b, 6, 3, map);
      });
    },
    drawLimbs() {},
    debug: { anchors, grid },
  };
}

/**
 * The box a shoe takes: the foot below the ankle, followed down through the mask from the ankle (the run of mask
 * pixels under it, row by row, so the other foot or a shadow beside it is not taken), to the sole; as wide as
 * the foot's widest row.
 */
export function footBox(body: Body, ankle: Point, shinW: number): Box {
  const { mask, width: W, height: H } = body;
  const w0 = Math.min(shinW, body.span * 0.4);
  let cx = ankle.x;
  let sole = Math.round(ankle.y);
  let minX = Infinity;
  let maxX = -Infinity;
  const yEnd = Math.min(H, Math.round(ankle.y + w0 * 1.9));
  // this foot only: not past the middle between the ankles
  const other = Math.abs(ankle.x - body.legL.end.x) < 1e-6 ? body.legR.end : body.legL.end;
  const split = Math.round((ankle.x + other.x) / 2);
  const lo = other.x < ankle.x ? Math.max(0, split) : 0;
  const hi = other.x < ankle.x ? W - 1 : Math.min(W - 1, split);
  for (let y = Math.max(0, Math.round(ankle.y)); y < yEnd; y++) {
    const row = y * W;
    // the mask pixel nearest the foot's centre line on this row
    let seed = -1;
    for (let d = 0; d <= w0 * 0.6 && seed < 0; d++) {
      const a = Math.round(cx - d);
      const b = Math.round(cx + d);
      if (a >= 0 && a < W && mask[row + a]! >= 128) seed = a;
      else if (b >= 0 && b < W && mask[row + b]! >= 128) seed = b;
    }
    if (seed < 0) break;
    let a = seed;
    let b = seed;
    const lim = w0 * 1.1;
    while (a > lo && mask[row + a - 1]! >= 128 && cx - a < lim) a--;
    while (b < hi && mask[row + b + 1]! >= 128 && b - cx < lim) b++;
    sole = y;
    if (y > ankle.y + w0 * 0.25) {
      minX = Math.min(minX, a);
      maxX = Math.max(maxX, b);
    }
    cx = cx * 0.8 + ((a + b) / 2) * 0.2;
  }
  if (!(maxX > minX)) {
    minX = ankle.x - w0 * 0.7;
    maxX = ankle.x + w0 * 0.7;
  }
  const h = Math.max(w0 * 0.8, sole - ankle.y + w0 * 0.15);
  const w = Math.min(Math.max(maxX - minX, w0 * 0.9), w0 * 1.5) * 1.06;
  const mid = (minX + maxX) / 2;
  return { x: mid - w / 2, y: sole + w0 * 0.04 - h, w, h };
}
