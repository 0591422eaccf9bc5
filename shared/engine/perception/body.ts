/**
 * The body's geometry from the analysis: joints ordered by image side (image-left / image-right, whatever the
 * model calls them), the torso axis, the shoulder span, the torso's edges at each height read from the mask
 * (arms hanging against the body left out by a cap from the joints), and limb widths.
 */
import type { Point } from '../core/tps';
import type { Keypoint, KeypointName, PersonAnalysis } from '../core/types';
import { at } from '../core/pixels';

export interface Limb {
  root: Point;
  mid: Point;
  end: Point;
  /** Width of the limb in the mask near its root and near its end. */
  widthRoot: number;
  widthEnd: number;
}

export interface Body {
  width: number;
  height: number;
  mask: Uint8Array;
  shoulderL: Point;
  shoulderR: Point;
  hipL: Point;
  hipR: Point;
  /** Mid-shoulders and mid-hips. */
  neck: Point;
  pelvis: Point;
  /** Shoulder span (floored for turned bodies) and shoulder-to-hip height. */
  span: number;
  torsoH: number;
  armL: Limb;
  armR: Limb;
  legL: Limb;
  legR: Limb;
  wristSeen: [boolean, boolean];
  headTop: number;
  face: Point;
  /**
   * The face as an ellipse from the eyes, ears and nose keypoints, from the forehead down to the chin (chinY):
   * no garment is ever drawn there.
   */
  head: { cx: number; cy: number; rx: number; ry: number; chinY: number };
  /** Is the arm raised (its elbow or wrist at or above the shoulder)? [image-left, image-right] */
  armRaised: [boolean, boolean];
  /** Torso half-widths around the axis at row y (mask-based, capped). */
  torsoEdges(y: number): [number, number];
  /** The axis x at row y. */
  axisX(y: number): number;
  /** Outer extent of the mask around the axis at row y (both legs together below the hips), arms left out. */
  silhouetteEdges(y: number, maxHalf: number): [number, number];
  /** Is (x, y) on an arm or hand (capsules around the upper arm below the armpit, the forearm and the hand)? */
  onArm(x: number, y: number, scale?: number): boolean;
  /**
   * How far the photo's pixel at (x, y) is from a vivid backdrop's colour there (compose/scene.ts `backdropAt`, set
   * with the photo; Infinity where its hue differs or the backdrop is not vivid): the person mask can take in
   * backdrop (a pocket between an arm and the waist).
   */
  backdrop?: (x: number, y: number) => number;
}

const P = (k: Keypoint): Point => ({ x: k.x, y: k.y });
const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Width of the mask across direction (dx, dy) through p, each side capped at maxHalf. */
export function maskWidth(mask: Uint8Array, w: number, h: number, p: Point, dx: number, dy: number, maxHalf: number) {
  const nx = -dy;
  const ny = dx;
  const side = (sgn: number) => {
    let d = 0;
    for (; d < maxHalf; d++) {
      const x = Math.round(p.x + nx * d * sgn);
      const y = Math.round(p.y + ny * d * sgn);
      if (x < 0 || y < 0 || x >= w || y >= h || (mask[y * w + x] ?? 0) < 128) break;
    }
    return d;
  };
  return { a: side(1), b: side(-1) };
}

/**
 * A hanging elbow whose pose score is below ELBOW_UNSURE and that lies more than ELBOW_DEPTH arm widths inside the
 * mask's outer edge at its row (the arm is the outermost thing there: an elbow sits about half an arm width in) is
 * moved out to half an arm width inside that edge; not when the edge is further than ELBOW_DEPTH_MAX arm widths
 * (an elbow in front of the chest). cgi-model-15's left elbow (score 0.42; 0.54 in a tight crop) lay 1.25 (1.32) arm
 * widths in, on her torso; the fixtures' other unsure elbows lie at most 0.83 in, confident ones up to 1.05.
 */
export const ELBOW_UNSURE = 0.6;
export const ELBOW_DEPTH = 1.1;
export const ELBOW_DEPTH_MAX = 2;

export function bodyFrom(analysis: PersonAnalysis): Body {
  const { width: W, height: H } = analysis;
  const mask = analysis.mask.data;
  const k = analysis.keypoints;
  const g = (n: KeypointName) => P(k[n]);
  // image sides: the chain whose shoulder has the smaller x is image-left
  const leftIsImageLeft = k.leftShoulder.x + k.leftHip.x <= k.rightShoulder.x + k.rightHip.x;
  const side = (l: KeypointName, r: KeypointName): [Point, Point] => (leftIsImageLeft ? [g(l), g(r)] : [g(r), g(l)]);
  const [shoulderL, shoulderR] = side('leftShoulder', 'rightShoulder');
  const [rawElbowL, rawElbowR] = side('leftElbow', 'rightElbow');
  const elbowScores = leftIsImageLeft
    ? [k.leftElbow.score, k.rightElbow.score]
    : [k.rightElbow.score, k.leftElbow.score];
  const [wristL, wristR] = side('leftWrist', 'rightWrist');
  const [hipL, hipR] = side('leftHip', 'rightHip');
  const [kneeL, kneeR] = side('leftKnee', 'rightKnee');
  const [ankleL, ankleR] = side('leftAnkle', 'rightAnkle');
  const wristScores = leftIsImageLeft
    ? [k.leftWrist.score, k.rightWrist.score]
    : [k.rightWrist.score, k.leftWrist.score];
  const neck = lerp(shoulderL, shoulderR, 0.5);
  const pelvis = lerp(hipL, hipR, 0.5);
  const torsoH = Math.max(20, pelvis.y - neck.y);
  const span = Math.max(dist(shoulderL, shoulderR), torsoH * 0.5);

  const raisedArm = (root: Point, mid: Point, end: Point) => mid.y < root.y + span * 0.1 || end.y < root.y;
  const raisedL = raisedArm(shoulderL, rawElbowL, wristL);
  const raisedR = raisedArm(shoulderR, rawElbowR, wristR);
  const axisX = (y: number) => {
    const t = (y - neck.y) / torsoH;
    if (t <= 0) return neck.x;
    if (t <= 1) return neck.x + (pelvis.x - neck.x) * t;
    return pelvis.x;
  };
  const inMask = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < W && y < H && (mask[Math.round(y) * W + Math.round(x)] ?? 0) >= 128;
  // each row's edges once (NaN: not yet asked): the mask does not change after this, and the fill asks per pixel
  // (a walk along the row of up to 0.7 spans each side, ~4% of a render asked anew)
  const edgeRows = new Float64Array(H * 2).fill(NaN);
  const torsoEdges = (y: number): [number, number] => {
    const yy = Math.max(0, Math.min(H - 1, Math.round(y)));
    const known = edgeRows[yy * 2] ?? NaN;
    if (!Number.isNaN(known)) return [known, edgeRows[yy * 2 + 1] ?? 0];
    const [l, r] = walkTorsoEdges(yy);
    edgeRows[yy * 2] = l;
    edgeRows[yy * 2 + 1] = r;
    return [l, r];
  };
  const walkTorsoEdges = (yy: number): [number, number] => {
    const cx = axisX(yy);
    const t = Math.max(0, Math.min(1.4, (yy - neck.y) / torsoH));
    // the cap: shoulders at the top, the hips' flesh (1.7x the joint span) at the hips
    const hipHalf = Math.max(dist(hipL, hipR) * 0.85, span * 0.36);
    const cap = t < 1 ? span * 0.56 + (hipHalf - span * 0.56) * t : hipHalf * 1.05;
    // no arm hangs beside the chest on a raised arm's side: the body's own edge there, a little wider
    const capL = raisedL && t < 1 ? Math.max(cap, span * 0.7) : cap;
    const capR = raisedR && t < 1 ? Math.max(cap, span * 0.7) : cap;
    let l = 0;
    while (l < capL && inMask(cx - l, yy)) l++;
    let r = 0;
    while (r < capR && inMask(cx + r, yy)) r++;
    const floor = span * 0.3;
    return [cx - Math.max(l, floor), cx + Math.max(r, floor)];
  };
  const silhouetteEdges = (y: number, maxHalf: number): [number, number] => {
    const yy = Math.max(0, Math.min(H - 1, Math.round(y)));
    const cx = axisX(yy);
    let l = 0;
    let r = 0;
    for (let d = 0; d < maxHalf; d++) {
      if (inMask(cx - d, yy) && !onArm(cx - d, yy)) l = d;
      if (inMask(cx + d, yy) && !onArm(cx + d, yy)) r = d;
    }
    return [cx - l, cx + r];
  };
  const limb = (root: Point, mid: Point, end: Point, defaultW: number): Limb => {
    const m1 = lerp(root, mid, 0.45);
    const m2 = lerp(mid, end, 0.55);
    const widthAt = (p: Point, a: Point, b: Point) => {
      const len = dist(a, b) || 1;
      const r = maskWidth(mask, W, H, p, (b.x - a.x) / len, (b.y - a.y) / len, defaultW * 0.9);
      const wdt = r.a + r.b;
      return wdt < defaultW * 0.4 || wdt > defaultW * 1.7 ? defaultW : wdt;
    };
    return { root, mid, end, widthRoot: widthAt(m1, root, mid), widthEnd: widthAt(m2, mid, end) };
  };
  // a hanging elbow the pose model is unsure of, found deep inside the mask: out to the arm's own outline
  const elbowOut = (shoulder: Point, elbow: Point, wrist: Point, score: number, raised: boolean): Point => {
    if (raised || score >= ELBOW_UNSURE || elbow.y <= shoulder.y) return elbow;
    const armW = limb(shoulder, elbow, wrist, span * 0.26).widthRoot;
    const sgn = elbow.x >= axisX(elbow.y) ? 1 : -1;
    const most = armW * ELBOW_DEPTH_MAX;
    let d = 0;
    while (d <= most && inMask(elbow.x + sgn * d, elbow.y)) d++;
    if (d <= armW * ELBOW_DEPTH || d > most) return elbow;
    return { x: elbow.x + sgn * (d - armW * 0.5), y: elbow.y };
  };
  const elbowL = elbowOut(shoulderL, rawElbowL, wristL, at(elbowScores, 0), raisedL);
  const elbowR = elbowOut(shoulderR, rawElbowR, wristR, at(elbowScores, 1), raisedR);
  const armL = limb(shoulderL, elbowL, wristL, span * 0.26);
  const armR = limb(shoulderR, elbowR, wristR, span * 0.26);
  const armCaps: [Point, Point, number][] = [];
  for (const arm of [armL, armR]) {
    armCaps.push([lerp(arm.root, arm.mid, 0.5), arm.mid, Math.min(arm.widthRoot, span * 0.3) * 0.6]);
    const hand = { x: arm.end.x + (arm.end.x - arm.mid.x) * 0.4, y: arm.end.y + (arm.end.y - arm.mid.y) * 0.4 };
    armCaps.push([arm.mid, hand, Math.min(arm.widthEnd, span * 0.22) * 0.6]);
  }
  function onArm(x: number, y: number, scale = 1): boolean {
    for (const [a, b, r0] of armCaps) {
      const r = r0 * scale;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const l2 = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / l2));
      if ((a.x + dx * t - x) ** 2 + (a.y + dy * t - y) ** 2 <= r * r) return true;
    }
    return false;
  }
  let headTop = H;
  const faceX = Math.round(k.nose.x);
  for (let y = 0; y < H; y++) {
    if (inMask(faceX, y)) {
      headTop = y;
      break;
    }
  }
  const head = headFrom(analysis, span);
  return {
    width: W,
    height: H,
    mask,
    shoulderL,
    shoulderR,
    hipL,
    hipR,
    neck,
    pelvis,
    span,
    torsoH,
    armL,
    armR,
    legL: limb(hipL, kneeL, ankleL, span * 0.38),
    legR: limb(hipR, kneeR, ankleR, span * 0.38),
    wristSeen: [at(wristScores, 0) >= 0.3, at(wristScores, 1) >= 0.3],
    headTop,
    face: g('nose'),
    head,
    armRaised: [raisedL, raisedR],
    torsoEdges,
    axisX,
    silhouetteEdges,
    onArm,
  };
}

/** The face ellipse: centred between the eyes and the nose, as wide as the ears, from the forehead to the chin. */
function headFrom(analysis: PersonAnalysis, span: number): Body['head'] {
  const k = analysis.keypoints;
  const ok = (n: KeypointName) => k[n].score >= 0.2;
  const nose = k.nose;
  const eyes = (['leftEye', 'rightEye'] as const).filter(ok).map((n) => k[n]);
  const ears = (['leftEar', 'rightEar'] as const).filter(ok).map((n) => k[n]);
  const eyeY = eyes.length ? eyes.reduce((s, e) => s + e.y, 0) / eyes.length : nose.y - span * 0.13;
  const xs = [nose.x, ...eyes.map((e) => e.x), ...ears.map((e) => e.x)];
  const earSpan = ears.length === 2 ? Math.abs(ears[0]!.x - ears[1]!.x) : 0;
  const eyeSpan = eyes.length === 2 ? Math.abs(eyes[0]!.x - eyes[1]!.x) : 0;
  const faceW = Math.max(earSpan, eyeSpan * 2.2, (Math.max(...xs) - Math.min(...xs)) * 1.1, span * 0.42);
  const d = Math.max(nose.y - eyeY, faceW * 0.2);
  const chinY = nose.y + d * 2.1;
  const top = eyeY - d * 2.4;
  const cx = eyes.length === 2 ? (eyes[0]!.x + eyes[1]!.x + nose.x * 2) / 4 : nose.x;
  return { cx, cy: (top + chinY) / 2, rx: faceW * 0.62, ry: (chinY - top) / 2, chinY };
}
