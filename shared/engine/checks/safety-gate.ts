/**
 * The safety gate: the last step of every render, on the server (the render worker) and in the browser's
 * preview alike (both call `tryOn`, which runs it). A result is refused, never shown, when
 * - the torso is left bare: skin in the torso (between the shoulder and hip keypoints, the arms left out) where
 *   the person's photo showed no skin, over more than `SAFETY_GATE.bareTorsoMax` of it (the old garment filled
 *   with skin, or a cut-out's skin drawn there); skin that was already there (a swimsuit, bare shoulders under a
 *   sleeveless top) does not count, nor a garment's own cloth when the garment itself is skin-coloured; or
 *   either side of the bust is bared over more than `SAFETY_GATE.bustBareMax` of it (measured on its own);
 * - pieces of a garment are off the body: its pixels outside the person's silhouette (closed across narrow gaps
 *   and grown by `offBodyGrow` of the shoulder span), or in pieces detached from the garment's main piece(s).
 * Pure and fast: it samples the photos on a grid of at most `gridSide` px (a few ms a render).
 */
import { isSkin, skinModel, type SkinModel } from '../perception/appearance';
import { bodyFrom, type Body } from '../perception/body';
import { components, dilate } from '../core/image-ops';
import type { EngineSlot } from '../garment/garment';
import type { GrayImage, Keypoint, PersonAnalysis, RgbaImage } from '../core/types';
import { DRAPE_FLARE, drapeCone, type DrapeFlare } from '../place/common';

/** The gate's thresholds: the one place for them. */
export const SAFETY_GATE = {
  /**
   * Share of the torso region that may turn to skin where the photo showed none: broken renders 0.3-0.7, a band
   * between the old top and a new waistband 0.086-0.138 (fixed: the worst proper flat-lay render, of 110 on five
   * people, 0.028).
   */
  bareTorsoMax: 0.06,
  /** The torso region starts this far below the shoulder line (x the torso's height): necklines stay free. */
  torsoTop: 0.22,
  /** ...and its sides are this far inside the shoulder and hip joints (x the shoulder span). */
  torsoInset: 0.06,
  /** The arms left out of it: capsules along shoulder-elbow-wrist-hand, this wide (radius, x the span). */
  armRadius: 0.13,
  /**
   * The bust, measured on its own: a breast bared where a bandeau or a bodice was is a small share of the whole
   * torso region (0-0.01 on the jumpsuit renders that tore their bodice) and lies partly above `torsoTop`. Each
   * side's zone runs from `bustTop` to `bustBottom` (x the torso's height below the shoulder line) and from
   * `bustInner` to `bustOuter` (x the shoulder span) off the body's midline: a neckline (a scoop, a V) bares the
   * breastbone and the top of the zone, not the breast. A side with more than `bustBareMax` of what was clothed
   * in its zone newly bare is refused as a bare torso. Before round 1 of issue 38's fixes (160 flat-lay renders of
   * tops and one-pieces): the torn jumpsuit bodices 0.115-0.40, all judged broken, every other render 0.057 or less.
   * On the whole eval set after it (main a88d640, 396 renders): refused 0.16-0.78 (a torn maxi dress, a jumpsuit on
   * transparency, the blazer's V drawn as skin: since worn over the old top), passed 0.15 at most (a deep scoop over
   * a high-necked old dress 0.10).
   */
  bustTop: 0.14,
  bustBottom: 0.42,
  bustInner: 0.06,
  bustOuter: 0.45,
  bustBareMax: 0.15,
  /**
   * ...its arms left out only where they were clothed in the photo (a sleeve the new garment may bare): an elbow
   * held against the side puts the upper arm's keypoint line over the breast of a body turned a little, and a bared
   * breast beside a bare arm went unmeasured.
   */
  /** An arm is bare in the photo when at least this share of the points along its upper arm and forearm are skin. */
  bareArmShare: 0.6,
  /**
   * The bust's share is of the points the photo showed clothed (a bandeau covers less of the zone than a tee),
   * counted as at least this share of the zone (a zone nearly bare in the photo is not measured on a few points).
   */
  bustClothedFloor: 0.3,
  /** Share of a garment's pixels that may lie off the body. */
  offBodyMax: 0.04,
  /** The body's room for a garment: the silhouette closed across gaps of this (x span) and grown by offBodyGrow. */
  offBodyGap: 0.2,
  offBodyGrow: 0.12,
  /** Share of a garment's pixels that may be in pieces detached from its main piece(s). */
  detachedMax: 0.04,
  /** A piece at least this share of the largest is a main piece (a top split by crossed forearms), not a fragment. */
  mainPiece: 0.2,
  /** The grid the silhouette and the pieces are measured on (long side, px). */
  gridSide: 256,
  /**
   * "Was skin in the photo" is read with the skin model loosened (its chroma spread x this, its luminance range
   * widened by loosenLum): a highlight or a shadow on bare skin the strict model misses, filled with skin by
   * the engine, is not skin newly bared.
   */
  loosenSpread: 1.5,
  loosenLum: 0.3,
  /**
   * A garment picture with at least this share of skin-coloured pixels (any skin tone) is looked at by the models
   * before it is drawn: a person in it is refused, else it is skin-coloured cloth (not bare skin).
   */
  personCheckSkinShare: 0.15,
  /** ...and with at least this share (the garment is itself skin-coloured) and nobody in it, it is cloth. */
  skinClothShare: 0.5,
} as const;

/** The garments that may drape from the hips, across the gap between the legs and past them (`offBody`). */
const DRAPES = new Set<EngineSlot>(['bottom', 'one-piece', 'outerwear']);

export type SafetyRefusalCode = 'bare_torso' | 'garment_off_body';

/** One garment as drawn: its slot and its coverage (0..255) at any size (resampled to the gate's grid). */
export interface DrawnPiece {
  slot: EngineSlot;
  alpha: GrayImage;
  /** The garment's picture is skin-coloured cloth with no person in it: its drawn cloth is not bare skin. */
  skinCloth?: boolean;
  /**
   * A skirt's or a dress's own flare from the hips, as placed (photo coordinates): below the hips it may also
   * be within its A-line (`drapeCone`: the hips' width widening to its flare, capped, at its hem), with the ease.
   */
  drape?: DrapeFlare;
  /**
   * The garment as drawn before the person's hands, forearms and hair were let in front of it (any size, resampled
   * like `alpha`): a piece that only a hand across the chest parts from the main piece is joined to it through
   * here (a camisole's far strap and neckline corner beyond a hand at the chest). A piece torn off by the warp lies
   * apart here too, and stays detached.
   */
  behind?: GrayImage;
}

export interface SafetyMeasures {
  /** Share of the torso region that became skin. */
  bareTorso: number;
  /** The bust's worse side: share of what the photo showed clothed in its zone that became skin. */
  bareBust: number;
  /** Share of all garment pixels off the body. */
  offBody: number;
  /** Largest share of one garment's pixels in detached pieces. */
  detached: number;
  ms: number;
}

export type SafetyVerdict = ({ ok: true } & SafetyMeasures) | ({ ok: false; code: SafetyRefusalCode } & SafetyMeasures);

export interface SafetyInput {
  /** The person's photo and the render, the same size. */
  person: RgbaImage;
  result: RgbaImage;
  /** The person's analysis at the photo's size. */
  analysis: PersonAnalysis;
  pieces: DrawnPiece[];
  /** The person's skin colour model, when the caller has it (else sampled on the face here). */
  skin?: SkinModel;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const segDist2 = (px: number, py: number, a: Keypoint, b: Keypoint) => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / l2));
  const ex = a.x + dx * t - px;
  const ey = a.y + dy * t - py;
  return ex * ex + ey * ey;
};

/**
 * Skin of any tone (a YCbCr box, after Chai and Ngan): broad on purpose, it also takes beige, tan and pink cloth.
 * Used only to decide whether a garment picture needs a look by the models.
 */
export function anySkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** The share of a garment picture's opaque pixels (its alpha, else the image's) that could be skin, sampled. */
export function skinShare(image: RgbaImage, alpha: GrayImage | null): number {
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(n / 20000));
  let opaque = 0;
  let skinny = 0;
  for (let i = 0; i < n; i += step) {
    if ((alpha ? (alpha.data[i] ?? 0) : (image.data[i * 4 + 3] ?? 0)) < 128) continue;
    opaque++;
    const o = i * 4;
    if (anySkin(image.data[o] ?? 0, image.data[o + 1] ?? 0, image.data[o + 2] ?? 0)) skinny++;
  }
  return opaque ? skinny / opaque : 0;
}

/** Is there a person in a garment picture (the models' analysis of it): a face, or shoulders and hips, seen? */
export function showsPerson(analysis: PersonAnalysis): boolean {
  const k = analysis.keypoints;
  let masked = 0;
  const m = analysis.mask.data;
  const step = Math.max(1, Math.floor(m.length / 20000));
  let n = 0;
  for (let i = 0; i < m.length; i += step, n++) if ((m[i] ?? 0) >= 128) masked++;
  if (!n || masked / n < 0.03) return false;
  const seen = (p: Keypoint) => p.score >= 0.3;
  const face = seen(k.nose) && (seen(k.leftEye) || seen(k.rightEye));
  const torso = [k.leftShoulder, k.rightShoulder, k.leftHip, k.rightHip].filter(seen).length >= 3;
  return face || torso;
}

/** "Was skin in the photo": the skin model loosened (`loosenSpread`, `loosenLum`). */
const loosened = (skin: SkinModel): SkinModel => ({
  ...skin,
  spread: skin.spread * SAFETY_GATE.loosenSpread,
  lumMin: skin.lumMin * (1 - SAFETY_GATE.loosenLum),
  lumMax: Math.min(255, skin.lumMax * (1 + SAFETY_GATE.loosenLum) + 10),
});

/** Is the arm from `segments` bare in the photo (most points along it skin)? */
function bareInPhoto(person: RgbaImage, skin: SkinModel, segments: [Keypoint, Keypoint][]): boolean {
  const before = loosened(skin);
  let n = 0;
  let bare = 0;
  for (const [a, b] of segments) {
    for (let t = 0.2; t <= 0.9; t += 0.1) {
      const x = Math.round(a.x + (b.x - a.x) * t);
      const y = Math.round(a.y + (b.y - a.y) * t);
      if (x < 0 || y < 0 || x >= person.width || y >= person.height) continue;
      n++;
      const o = (y * person.width + x) * 4;
      if (isSkin(before, person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0)) bare++;
    }
  }
  return n > 0 && bare / n >= SAFETY_GATE.bareArmShare;
}

/** The torso's frame in the photo: shoulder and hip lines (image left and right), the arms to leave out. */
interface TorsoFrame {
  sl: Keypoint;
  sr: Keypoint;
  hl: Keypoint;
  hr: Keypoint;
  topY: number;
  torsoH: number;
  arms: [Keypoint, Keypoint][];
}

function torsoFrame(analysis: PersonAnalysis): TorsoFrame | null {
  const k = analysis.keypoints;
  // image sides: whichever shoulder and hip are further left
  const [sl, sr] =
    k.leftShoulder.x <= k.rightShoulder.x ? [k.leftShoulder, k.rightShoulder] : [k.rightShoulder, k.leftShoulder];
  const [hl, hr] = k.leftHip.x <= k.rightHip.x ? [k.leftHip, k.rightHip] : [k.rightHip, k.leftHip];
  const topY = (sl.y + sr.y) / 2;
  const torsoH = (hl.y + hr.y) / 2 - topY;
  if (torsoH <= 4) return null;
  const hand = (elbow: Keypoint, wrist: Keypoint): Keypoint => ({
    x: wrist.x + (wrist.x - elbow.x) * 0.4,
    y: wrist.y + (wrist.y - elbow.y) * 0.4,
    score: wrist.score,
  });
  const arms: [Keypoint, Keypoint][] = [
    [k.leftShoulder, k.leftElbow],
    [k.leftElbow, k.leftWrist],
    [k.leftWrist, hand(k.leftElbow, k.leftWrist)],
    [k.rightShoulder, k.rightElbow],
    [k.rightElbow, k.rightWrist],
    [k.rightWrist, hand(k.rightElbow, k.rightWrist)],
  ];
  return { sl, sr, hl, hr, topY, torsoH, arms };
}

/**
 * Newly bare skin over a band of the torso: of the points sampled (about 12k whatever the photo's size) between
 * `t0` and `t1` (x the torso's height below the shoulder line) and between `from` and `to` across (0 the left
 * side line, 1 the right one, moved in by `inset` px), the arms left out, the share that is skin in the render and
 * was not skin in the photo (cloth of a skin-coloured garment excepted).
 */
function newlyBare(
  input: SafetyInput,
  f: TorsoFrame,
  skin: SkinModel,
  span: number,
  band: { t0: number; t1: number; from: number; to: number; inset: number; armRadius: number },
  arms: [Keypoint, Keypoint][] = f.arms,
): { n: number; clothed: number; bare: number } {
  const { person, result, pieces } = input;
  const W = person.width;
  const H = person.height;
  const { sl, sr, hl, hr, topY, torsoH } = f;
  const y0 = Math.max(0, Math.ceil(topY + torsoH * band.t0));
  const y1 = Math.min(H - 1, Math.floor(topY + torsoH * band.t1));
  const armR2 = (span * band.armRadius) ** 2;
  const skinCloth = pieces.filter((p) => p.skinCloth);
  const before = loosened(skin);
  const area = Math.max(1, (y1 - y0 + 1) * Math.max(1, (sr.x - sl.x) * (band.to - band.from)));
  const step = Math.max(1, Math.floor(Math.sqrt(area / 12000)));
  let n = 0;
  let clothed = 0;
  let bare = 0;
  for (let y = y0; y <= y1; y += step) {
    const t = (y - topY) / torsoH;
    const left = sl.x + (hl.x - sl.x) * t + band.inset;
    const right = sr.x + (hr.x - sr.x) * t - band.inset;
    const xa = Math.max(0, Math.ceil(left + (right - left) * band.from));
    const xb = Math.min(W - 1, Math.floor(left + (right - left) * band.to));
    for (let x = xa; x <= xb; x += step) {
      let onArm = false;
      // (index loops: per sampled point, iterators and destructuring allocated while this ran unoptimised)
      for (let i = 0; i < arms.length; i++) {
        const arm = arms[i];
        if (!arm) continue;
        if (segDist2(x, y, arm[0], arm[1]) <= armR2) {
          onArm = true;
          break;
        }
      }
      if (onArm) continue;
      n++;
      const o = (y * W + x) * 4;
      if (isSkin(before, person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0)) continue;
      clothed++;
      if (!isSkin(skin, result.data[o] ?? 0, result.data[o + 1] ?? 0, result.data[o + 2] ?? 0)) continue;
      let cloth = false;
      for (let i = 0; i < skinCloth.length; i++) {
        const p = skinCloth[i];
        if (!p) continue;
        const ax = Math.min(p.alpha.width - 1, Math.floor((x * p.alpha.width) / W));
        const ay = Math.min(p.alpha.height - 1, Math.floor((y * p.alpha.height) / H));
        if ((p.alpha.data[ay * p.alpha.width + ax] ?? 0) >= 128) cloth = true;
      }
      if (!cloth) bare++;
    }
  }
  return { n, clothed, bare };
}

/**
 * The torso left bare: the share of the torso region (shoulders to hips, inset, arms left out) that is skin in
 * the render and was not skin in the photo (cloth of a skin-coloured garment excepted); and the bust's worse side
 * on its own.
 */
function bareTorso(input: SafetyInput, skin: SkinModel, span: number): { torso: number; bust: number } {
  const f = torsoFrame(input.analysis);
  if (!f) return { torso: 0, bust: 0 };
  const G = SAFETY_GATE;
  const whole = newlyBare(input, f, skin, span, {
    t0: G.torsoTop,
    t1: 1,
    from: 0,
    to: 1,
    inset: span * G.torsoInset,
    armRadius: G.armRadius,
  });
  const torso = whole.n ? whole.bare / whole.n : 0;
  // the zones either side of the midline, as shares of the width between the side lines (= about one span)
  const w = Math.max(1, f.sr.x - f.sl.x);
  const inner = (G.bustInner * span) / w;
  const outer = (G.bustOuter * span) / w;
  // the arms to leave out of the bust: those clothed in the photo (each arm is three capsules in `f.arms`)
  const clothedArms = [f.arms.slice(0, 3), f.arms.slice(3)]
    .filter((arm) => !bareInPhoto(input.person, skin, arm.slice(0, 2)))
    .flat();
  // of what the photo showed clothed at the bust (at least `bustClothedFloor` of the zone), the share bared
  const side = (from: number, to: number) => {
    const z = newlyBare(
      input,
      f,
      skin,
      span,
      {
        t0: G.bustTop,
        t1: G.bustBottom,
        from,
        to,
        inset: 0,
        armRadius: G.armRadius,
      },
      clothedArms,
    );
    return z.n ? z.bare / Math.max(z.clothed, z.n * G.bustClothedFloor) : 0;
  };
  const bust = Math.max(side(0.5 - outer, 0.5 - inner), side(0.5 + inner, 0.5 + outer));
  return { torso, bust };
}

/** A drawn layer's alpha (RGBA, at the photo's size) on the gate's grid: what `DrawnPiece.alpha` keeps. */
export function alphaOnGrid(layer: RgbaImage): GrayImage {
  const k = Math.min(1, SAFETY_GATE.gridSide / Math.max(layer.width, layer.height));
  const w = Math.max(1, Math.round(layer.width * k));
  const h = Math.max(1, Math.round(layer.height * k));
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(layer.height - 1, Math.floor(((y + 0.5) * layer.height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(layer.width - 1, Math.floor(((x + 0.5) * layer.width) / w));
      data[y * w + x] = layer.data[(sy * layer.width + sx) * 4 + 3] ?? 0;
    }
  }
  return { width: w, height: h, data };
}

/** A piece's coverage on the gate's grid (nearest sample), binary. */
function onGrid(alpha: GrayImage, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(alpha.height - 1, Math.floor(((y + 0.5) * alpha.height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(alpha.width - 1, Math.floor(((x + 0.5) * alpha.width) / w));
      if ((alpha.data[sy * alpha.width + sx] ?? 0) >= 128) out[y * w + x] = 1;
    }
  }
  return out;
}

/** Garment pixels off the body (share of all of them), and the largest share of one garment in detached pieces. */
function offBody(input: SafetyInput, body: Body): { offBody: number; detached: number } {
  const span = body.span;
  const { analysis, pieces } = input;
  const mask = analysis.mask;
  const k = Math.min(1, SAFETY_GATE.gridSide / Math.max(mask.width, mask.height));
  const w = Math.max(1, Math.round(mask.width * k));
  const h = Math.max(1, Math.round(mask.height * k));
  const room = onGrid(mask, w, h);
  // closed across narrow gaps (between the legs a skirt spans), grown by the ease a garment may have
  const gap = Math.round(span * k * SAFETY_GATE.offBodyGap);
  for (let y = 0; y < h; y++) {
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!room[y * w + x]) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap) room.fill(1, y * w + last + 1, y * w + x);
      last = x;
    }
  }
  const grown = dilate(room, w, h, Math.max(1, Math.round(span * k * SAFETY_GATE.offBodyGrow)), 1);
  // a garment that drapes from the hips (a skirt, a dress, a coat, wide trouser legs) spans the gap between the
  // legs and flares past them: below the hips its room is the row between the legs' outer edges, grown by its
  // flare (DRAPE_FLARE, the room placing gives it) on top of the ease
  const drape = new Uint8Array(grown);
  const kp = analysis.keypoints;
  const hipY = Math.round(((kp.leftHip.y + kp.rightHip.y) / 2) * k);
  const flare = Math.round(span * k * (SAFETY_GATE.offBodyGrow + DRAPE_FLARE));
  for (let y = Math.max(0, hipY); y < h; y++) {
    let a = -1;
    let b = -1;
    for (let x = 0; x < w; x++) {
      if (!room[y * w + x]) continue;
      if (a < 0) a = x;
      b = x;
    }
    if (a >= 0) drape.fill(1, y * w + Math.max(0, a - flare), y * w + Math.min(w - 1, b + flare) + 1);
  }
  // a skirt's or a dress's own A-line from the hips (its flare measured on its photo, capped), with the ease: the
  // room follows the garment's own outline there, not only the legs' (a maxi's hem is wider than feet together);
  // pieces off the body elsewhere (above the hips, past the cone) are still off it
  const ease = span * k * SAFETY_GATE.offBodyGrow;
  const coneRoom = (d: DrapeFlare): Uint8Array => {
    const out = new Uint8Array(drape);
    for (let y = Math.max(0, hipY); y < h; y++) {
      const cone = drapeCone(body, (y + 0.5) / k, d);
      if (!cone) continue;
      const a = Math.max(0, Math.floor(cone[0] * k - ease));
      const b = Math.min(w - 1, Math.ceil(cone[1] * k + ease));
      if (b >= a) out.fill(1, y * w + a, y * w + b + 1);
    }
    return out;
  };
  let all = 0;
  let off = 0;
  let detached = 0;
  for (const piece of pieces) {
    const g = onGrid(piece.alpha, w, h);
    const allowed = !DRAPES.has(piece.slot) ? grown : piece.drape ? coneRoom(piece.drape) : drape;
    let area = 0;
    for (let i = 0; i < g.length; i++) {
      if (!g[i]) continue;
      area++;
      if (!allowed[i]) off++;
    }
    all += area;
    if (!area) continue;
    // pieces: components of the garment bridged across one cell (a strand of hair, a finger) and across what of
    // the person is in front of it (`behind`)
    const joined = piece.behind ? new Uint8Array(g) : g;
    if (piece.behind) {
      const b = onGrid(piece.behind, w, h);
      for (let i = 0; i < b.length; i++) if (b[i]) joined[i] = 1;
    }
    const bridged = dilate(joined, w, h, 1, 1);
    const { labels, sizes } = components(bridged, w, h);
    const own = new Array<number>(sizes.length).fill(0);
    for (let i = 0; i < g.length; i++) if (g[i]) own[labels[i] ?? 0]!++;
    const order = own
      .map((s, i) => ({ s, i }))
      .filter((c) => c.i > 0 && c.s > 0)
      .sort((a, b) => b.s - a.s);
    const largest = order[0]?.s ?? 0;
    // a pair of shoes is two main pieces; any piece of at least `mainPiece` of the largest is one too
    const mains = piece.slot === 'shoes' ? 2 : 1;
    let loose = 0;
    for (const [rank, c] of order.entries()) {
      if (rank < mains || c.s >= largest * SAFETY_GATE.mainPiece) continue;
      loose += c.s;
    }
    detached = Math.max(detached, loose / area);
  }
  return { offBody: all ? off / all : 0, detached };
}

/** The gate: is this render fit to show? (measures included either way, for logs and the gallery) */
export function checkRenderSafety(input: SafetyInput): SafetyVerdict {
  const t0 = now();
  const body = bodyFrom(input.analysis);
  const skin = input.skin ?? skinModel(input.person, body);
  const bare = bareTorso(input, skin, body.span);
  const { offBody: off, detached } = offBody(input, body);
  const measures: SafetyMeasures = {
    bareTorso: bare.torso,
    bareBust: bare.bust,
    offBody: off,
    detached,
    ms: now() - t0,
  };
  if (bare.torso > SAFETY_GATE.bareTorsoMax || bare.bust > SAFETY_GATE.bustBareMax)
    return { ok: false, code: 'bare_torso', ...measures };
  if (off > SAFETY_GATE.offBodyMax || detached > SAFETY_GATE.detachedMax)
    return { ok: false, code: 'garment_off_body', ...measures };
  return { ok: true, ...measures };
}
