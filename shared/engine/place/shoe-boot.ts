/**
 * A boot seen from the front, drawn as one smooth piece: its shaft follows its own shin's outline in the person
 * mask (the leg's width plus a little, smoothed down the leg: no steps), shaded round, and flows below the ankle
 * into a foot with a rounded toe (towards where the foot points) on a sole band, with no step at the ankle. Its
 * colours are the product's own: each height of the boot takes the mean colour of the side view's row at that
 * height (the shaft's rows for the shaft, the foot's for the foot, the sole's for the sole).
 */
import type { Box } from '../garment/garment';
import type { Layer } from '../core/raster';
import type { Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';

/** A foot's length for the leg's height from the knee to the sole: a boot's height is its side view's for it. */
const FOOT_PER_KNEE = 0.53;
/** The shaft's half width: the shin's half width in the mask times this, plus a pixel (it wraps the leg). */
const SHAFT_EASE = 1.1;
/** The shin's half width read from the mask is kept within these shares of the leg's width at mid-shin. */
const SHIN_HALF_MIN = 0.42;
const SHIN_HALF_MAX = 0.72;
/** The rows a shin's outline is smoothed over (a moving mean, twice): this share of the shin's width. */
const SMOOTH = 0.7;
/** The foot's half width seen from the front: this share of the foot's width. */
const FOOT_HALF = 0.46;
/** A toe pointing sideways reaches this share of the foot's half width further on its side. */
const TOE_REACH = 0.55;
/** The foot seen from the front is at least this many times the ankle's half width (a foot, not a tube). */
const FOOT_MIN = 1.2;
/** The person's own foot (the mask) under the boot's foot is covered up to this many foot half widths out. */
const FOOT_COVER = 2.2;
/** The toe's rounded cap: the lower share of the foot's height it takes. */
const TOE_CAP = 0.55;
/** A shaft is stiff: on every row it is at least this share of its median half width (not pinched to the bare ankle). */
const SHAFT_TAPER = 0.95;
/** A boot's shaft is stiff: each side keeps this share of its bends off its straight line down the shaft. */
const SHAFT_STIFF = 0.35;
/** Side by side, a shaft's outer side is at least this share of its widest above from the line between the legs. */
const PAIR_TAPER = 0.8;
/** Legs whose axes are at least this many shin widths apart each keep their boot on their side of the line between them. */
const APART = 0.6;
/** ...and whose ankles are at most this many shin widths apart in height (side by side, not one behind the other). */
const SIDE_BY_SIDE = 0.3;
/** ...where they meet, a shadow in the fold between them: this dark at the line, falling off over SEAM_W px. */
const SEAM_DARK = 0.55;
const SEAM_W = 2;
/**
 * A foot facing the camera: the boot's toe box is a dome over the sole, its top this share of the foot's height
 * (sole to ankle) above the sole in the middle, TOE_BOX_SIDE at its sides; lit from above (TOE_BOX_LIGHT at its top,
 * falling to TOE_BOX_DARK at the sole) under a soft crease in the shaft's shade (TOE_CREASE darker, over
 * TOE_CREASE_H of the foot's height): a foot coming towards the camera, not the shaft going on down to the floor.
 */
const TOE_BOX = 0.42;
const TOE_BOX_SIDE = 0.12;
const TOE_BOX_LIGHT = 1.16;
const TOE_BOX_DARK = 0.86;
const TOE_CREASE = 0.8;
const TOE_CREASE_H = 0.08;
/** ...the vamp above it up to this much lighter, under a fold at the ankle this dark bowing this share of the foot down. */
const VAMP_LIGHT = 1.12;
const ANKLE_FOLD = 0.82;
const ANKLE_FOLD_BOW = 0.1;
/**
 * A foot facing the camera is a designed toe, not the shaft going on down: from the ankle its sides flare out to
 * FRONT_TOE_FLARE times the ankle's half width (at least), widest FRONT_TOE_AT of the way down to the sole, its
 * bottom corners rounded over FRONT_TOE_ROUND of that half width (a rounded toe); side by side the flare goes
 * outwards, away from the other leg (feet turn out a little), and the inner corner is rounded over TOE_INNER of that
 * (a small V between the toes, the floor there GAP_SHADOW dark at the line).
 */
const FRONT_TOE_FLARE = 1.4;
const FRONT_TOE_AT = 0.7;
const FRONT_TOE_ROUND = 0.55;
const TOE_INNER = 0.4;
const GAP_SHADOW = 0.75;
/**
 * ...above it the shaft eases in to its ankle over its lowest ANKLE_H: to ANKLE_IN of its width, and a shaft as wide
 * as legs that touch (their one run in the mask) on in to ANKLE_HALF of the shin's width (a bare ankle's, eased), not
 * under ANKLE_FLOOR of the shaft's median half width nor past the leg's own outline and ANKLE_PAD (a boot's ankle, no
 * pinch).
 */
const ANKLE_H = 0.25;
const ANKLE_IN = 0.85;
const ANKLE_HALF = 0.62;
const ANKLE_FLOOR = 0.7;
const ANKLE_PAD = 0.1;
/**
 * Its sole: a band SOLE_H of the foot's height (at least SOLE_MIN px) in the side view's sole colour (its darkest of
 * the bottom rows), SOLE_WELT px wider than the upper each side; under it a soft contact shadow on the floor,
 * FLOOR_SHADOW dark at most, FLOOR_SHADOW_H of the foot's height deep, FLOOR_SHADOW_W times the sole's half width.
 */
const SOLE_H = 0.09;
const SOLE_MIN = 2;
const SOLE_WELT = 1;
const FLOOR_SHADOW = 0.45;
const FLOOR_SHADOW_H = 0.12;
const FLOOR_SHADOW_W = 1.15;
/**
 * A shaft's outer side reaches over the leg's own colour run beside it (the calf the mask's run left bare where the
 * legs are one run): from the shaft's edge outwards, on the person's mask, while a pixel keeps the leg's chromaticity
 * (r and g shares of the sum within SKIN_RUN_CHROMA of the leg's round its axis) and its brightness within
 * SKIN_RUN_LUM of it, then over a darker rim (the leg's shaded silhouette) at most SKIN_RUN_RIM shin widths wide;
 * at most SKIN_RUN_MAX shin widths out (not a dress's tail or the floor beside the leg).
 */
const SKIN_RUN_CHROMA = 0.05;
const SKIN_RUN_LUM: [number, number] = [0.55, 1.5];
const SKIN_RUN_MAX = 0.8;
const SKIN_RUN_RIM = 0.15;

/**
 * A nearer foot's sole under its ankle: the lowest FACING_ROWS of its height, the mask's run there centred within
 * FACING_OFF shin widths of the ankle keypoint and at most FACING_RUN shin widths wide (soleUnderAnkle).
 */
const FACING_ROWS = 0.25;
const FACING_OFF = 0.35;
const FACING_RUN = 2.2;

/**
 * A boot on a foot on pointe: below the ankle its foot narrows to POINTE_BOOT_FOOT of the ankle's half width and
 * rounds into its tip on the floor, in the colour of the side view's lowest shaft rows (the vamp seen from the front,
 * not the dark toe and sole), with no toe box nor sole band.
 */
const POINTE_BOOT_FOOT = 0.8;

export interface BootFront {
  /** The sole's middle under the foot, the foot's height (sole to ankle) and width across. */
  sole: Point;
  height: number;
  width: number;
  /** The leg: its ankle and knee keypoints and its width at mid-shin. */
  ankle: Point;
  knee: Point;
  shinW: number;
  /** Where the toe points across the picture (-1 left, 1 right, 0 at the camera). */
  toe: number;
  /** The other leg's ankle: the foot's outline is not followed towards it (that is the other boot's foot). */
  other: Point;
  /** The other leg's knee: where the legs touch, the two shafts meet on the line between their axes. */
  otherKnee?: Point;
  /** The person's photo: the shaft's outer side reaches over the leg's own colour beside it (SKIN_RUN_*). */
  person?: RgbaImage | null;
  /**
   * The side view's height over its length, the pair's mean (a pair's boots are one height: a rotated photo's two
   * boxes, one wider and one narrower, do not end the shafts at two heights); else this boot's own box's.
   */
  aspect?: number;
  /**
   * A foot on pointe (shoe-pointe.ts `pointeFoot`): `sole` is its tip on the floor, `height` the foot from it up to
   * the ankle; the boot's foot goes on down the pointed foot (POINTE_BOOT_*), not a toe box on the floor.
   */
  pointe?: boolean;
  /** A rear foot in profile reaches out beside this one on this side (-1 left, 1 right): it wears its own boot, so
   * this boot's toe cap does not cover it (shoes.ts, shoe-profile.ts). */
  rearToe?: number;
}

const clamp = (v: number, a: number, b: number): number => Math.max(a, Math.min(b, v));
const smoothstep = (s: number): number => {
  const t = clamp(s, 0, 1);
  return t * t * (3 - 2 * t);
};

/** A moving mean over `r` rows either side (invalid rows filled from their neighbours first). */
function smoothRows(v: Float64Array, ok: Uint8Array, r: number): void {
  const n = v.length;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (!ok[i]) continue;
    if (last < 0) for (let j = 0; j < i; j++) v[j] = v[i] ?? 0;
    else
      for (let j = last + 1; j < i; j++)
        v[j] = (v[last] ?? 0) + (((v[i] ?? 0) - (v[last] ?? 0)) * (j - last)) / (i - last);
    last = i;
  }
  if (last >= 0) for (let j = last + 1; j < n; j++) v[j] = v[last] ?? 0;
  const k = Math.max(1, Math.round(r));
  for (let pass = 0; pass < 2; pass++) {
    const src = Float64Array.from(v);
    for (let i = 0; i < n; i++) {
      let s = 0;
      let c = 0;
      for (let j = Math.max(0, i - k); j <= Math.min(n - 1, i + k); j++) {
        s += src[j] ?? 0;
        c++;
      }
      v[i] = s / c;
    }
  }
}

/** The side view's mean colour on each of its rows within columns [x0, x1) (null where it has no pixels). */
function rowColours(image: RgbaImage, alpha: GrayImage, b: Box, x0: number, x1: number): (number[] | null)[] {
  const W = image.width;
  const out: (number[] | null)[] = [];
  for (let y = Math.round(b.y); y < Math.round(b.y + b.h); y++) {
    let r = 0;
    let g = 0;
    let bl = 0;
    let n = 0;
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(W, Math.round(x1)); x++) {
      const a = alpha.data[y * W + x] ?? 0;
      if (a < 128) continue;
      const o = (y * W + x) * 4;
      r += image.data[o] ?? 0;
      g += image.data[o + 1] ?? 0;
      bl += image.data[o + 2] ?? 0;
      n++;
    }
    out.push(n ? [r / n, g / n, bl / n] : null);
  }
  // rows without pixels take the nearest row's colour
  for (let i = 0; i < out.length; i++) {
    if (out[i]) continue;
    for (let d = 1; d < out.length; d++) {
      const c = out[i - d] ?? out[i + d];
      if (c) {
        out[i] = c;
        break;
      }
    }
  }
  // a mean over a few rows either side (the side view's folds, not stripes across the front)
  const k = Math.max(1, Math.round(out.length * 0.015));
  return out.map((_, i) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let j = Math.max(0, i - k); j <= Math.min(out.length - 1, i + k); j++) {
      const c = out[j];
      if (!c) continue;
      for (let q = 0; q < 3; q++) sum[q]! += c[q] ?? 0;
      n++;
    }
    return n ? sum.map((v) => v / n) : out[i]!;
  });
}

/**
 * The shin's outline on each row from `y0` to `y1` (image rows): the middle and half width of the mask's run
 * round the leg's axis, kept only where both its edges are found within reach (else filled from the rows
 * around), within SHIN_HALF_MIN..MAX of the shin's width, and smoothed down the leg (no row-to-row steps).
 */
export function shinOutline(
  mask: Uint8Array,
  W: number,
  H: number,
  axisX: (y: number) => number,
  shinW: number,
  y0: number,
  y1: number,
): { mid: Float64Array; half: Float64Array } {
  const n = Math.max(1, y1 - y0 + 1);
  const mid = new Float64Array(n);
  const half = new Float64Array(n);
  const ok = new Uint8Array(n);
  // rows where only one edge of the shin was found: that edge, and which way the shin lies from it
  const side = new Float64Array(n);
  const sideDir = new Int8Array(n);
  const reach = shinW * 0.95;
  for (let i = 0; i < n; i++) {
    const y = y0 + i;
    const ax = axisX(y);
    mid[i] = ax;
    half[i] = shinW / 2;
    if (y < 0 || y >= H) continue;
    const run = maskRunAround(mask, W, y, ax, shinW * 0.3, reach);
    if (!run) continue;
    const [a, b] = run;
    // an edge at the reach is another leg (or the dress) beside this one: not this shin's outline; the shin is
    // against its other edge (its width the one found on the rows around)
    const loOpen = ax - a >= reach;
    const hiOpen = b - ax >= reach;
    if (loOpen && hiOpen) continue;
    if (loOpen || hiOpen) {
      side[i] = loOpen ? b + 1 : a;
      sideDir[i] = loOpen ? -1 : 1;
      continue;
    }
    const h = (b - a + 1) / 2;
    if (h < shinW * SHIN_HALF_MIN * 0.8 || h > shinW * SHIN_HALF_MAX * 1.3) continue;
    mid[i] = (a + b + 1) / 2;
    half[i] = clamp(h, shinW * SHIN_HALF_MIN, shinW * SHIN_HALF_MAX);
    ok[i] = 1;
  }
  // the middle leans to the axis where the mask is far off it (a leg's edge lost in a shadow)
  for (let i = 0; i < n; i++) {
    const ax = axisX(y0 + i);
    mid[i] = clamp(mid[i] ?? 0, ax - shinW * 0.25, ax + shinW * 0.25);
  }
  const r = shinW * SMOOTH * 0.5;
  smoothRows(half, ok, r);
  // a row with one edge found: the middle half a shin in from it
  const okMid = Uint8Array.from(ok);
  for (let i = 0; i < n; i++) {
    if (ok[i] || !sideDir[i]) continue;
    const ax = axisX(y0 + i);
    mid[i] = clamp((side[i] ?? 0) + (sideDir[i] ?? 0) * (half[i] ?? 0), ax - shinW * 0.25, ax + shinW * 0.25);
    okMid[i] = 1;
  }
  smoothRows(mid, okMid, r);
  return { mid, half };
}

/**
 * How far past a shaft's outer edge `edge` (on row `y`, outwards `dir`) the leg's own colour (round its axis at
 * `axis`) runs on the person's mask (SKIN_RUN_*): 0 where the axis is off the mask, or the run stops at once.
 */
function skinRunPast(
  person: RgbaImage,
  mask: Uint8Array,
  y: number,
  edge: number,
  dir: 1 | -1,
  shinW: number,
  axis: number,
): number {
  const W = person.width;
  if (y < 0 || y >= person.height) return 0;
  const row = y * W;
  const at = (x: number): [number, number, number] | null => {
    if (x < 0 || x >= W || (mask[row + x] ?? 0) < 128) return null;
    const o = (row + x) * 4;
    return [person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0];
  };
  // the leg's own colour: the mean round its axis (not the shaft's edge, which may already be past the leg)
  const e = Math.round(edge);
  const ref = [0, 0, 0];
  let n = 0;
  const inside = Math.max(2, Math.round(shinW * 0.2));
  for (let k = 0; k <= inside; k++) {
    const c = at(Math.round(axis - inside / 2 + k));
    if (!c) continue;
    for (let q = 0; q < 3; q++) ref[q] = (ref[q] ?? 0) + (c[q] ?? 0);
    n++;
  }
  if (n < inside / 2) return 0;
  const [r0, g0, b0] = [(ref[0] ?? 0) / n, (ref[1] ?? 0) / n, (ref[2] ?? 0) / n];
  const sum0 = r0 + g0 + b0;
  if (sum0 < 30) return 0;
  let past = 0;
  for (let k = 0; k <= shinW * SKIN_RUN_MAX; k++) {
    const c = at(e + dir * k);
    if (!c) break;
    const sum = c[0] + c[1] + c[2];
    if (sum < sum0 * SKIN_RUN_LUM[0] || sum > sum0 * SKIN_RUN_LUM[1]) break;
    if (Math.abs(c[0] / sum - r0 / sum0) > SKIN_RUN_CHROMA || Math.abs(c[1] / sum - g0 / sum0) > SKIN_RUN_CHROMA) break;
    past = k + 1;
  }
  // (the leg's silhouette darkens at its rim: darker pixels right past the run, up to SKIN_RUN_RIM shin widths, are
  // the leg's too)
  if (past > 0) {
    const end = past + shinW * SKIN_RUN_RIM;
    for (let k = past; k <= end; k++) {
      const c = at(e + dir * k);
      if (!c || c[0] + c[1] + c[2] >= sum0 * SKIN_RUN_LUM[0]) break;
      past = k + 1;
    }
  }
  return past;
}

/**
 * Whether a foot's sole stands under its ankle (a foot facing the camera): over the lowest FACING_ROWS of the foot's
 * height (sole to ankle), the middle of the mask's run under the ankle is within FACING_OFF shin widths of it, and
 * the run at most FACING_RUN shin widths wide (a foot in profile's sole runs on to its toe).
 */
function soleUnderAnkle(
  mask: Uint8Array,
  W: number,
  H: number,
  ankle: Point,
  soleY: number,
  height: number,
  shinW: number,
): boolean {
  let off = 0;
  let n = 0;
  let rows = 0;
  for (let y = Math.round(soleY - height * FACING_ROWS); y < Math.round(soleY); y++) {
    if (y < 0 || y >= H) continue;
    rows++;
    const ax = ankle.x;
    const run = maskRunAround(mask, W, y, ax, shinW * 0.5);
    if (!run) continue;
    const [a, b] = run;
    if (b - a + 1 > shinW * FACING_RUN) return false;
    off += (a + b + 1) / 2 - ax;
    n++;
  }
  return n >= rows * 0.5 && n > 0 && Math.abs(off / n) <= shinW * FACING_OFF;
}

/**
 * Draw a boot seen from the front into `layer`: its shaft from the ankle up the shin (as tall as the side view's
 * proportions give for the leg, FOOT_PER_KNEE, under the knee), on the shin's own outline, flowing into the foot.
 */
export function drawBootFront(
  layer: Layer,
  image: RgbaImage,
  alpha: GrayImage,
  b: Box,
  tint: [number, number, number],
  mask: Uint8Array,
  toeRight: boolean,
  at: BootFront,
  area: BootArea | null = null,
): void {
  const { sole, height, width, ankle, knee, shinW, other, otherKnee } = at;
  if (width < 2 || height < 2 || shinW < 2) return;
  const W = layer.width;
  const H = layer.height;
  // the boot's rows: from the sole up past the ankle to its top (its side view's height for the leg), under the knee
  const kneeL = Math.hypot(knee.x - sole.x, knee.y - sole.y) || 1;
  const tall = Math.min((at.aspect ?? b.h / b.w) * FOOT_PER_KNEE * kneeL, kneeL * 0.92);
  const ySole = sole.y;
  const yTop = ySole + ((knee.y - ySole) * tall) / kneeL;
  // the ankle: where the shaft ends and the foot begins (at least a third of the foot's height above the sole)
  const yA = Math.min(ankle.y, ySole - height * 0.55);
  if (!(ySole - yTop > 4) || !(yA > yTop)) return;
  const dy = knee.y - ankle.y;
  const axisX = (y: number): number =>
    Math.abs(dy) > 1 ? ankle.x + ((knee.x - ankle.x) * (y - ankle.y)) / dy : ankle.x;
  const r0 = Math.floor(yTop);
  const r1 = Math.ceil(ySole);
  const shin = shinOutline(mask, W, H, axisX, shinW, r0, Math.ceil(yA));
  // the shaft's half width on each row: the shin's, eased, never under SHAFT_TAPER of its median down the shaft
  // (a boot's shaft is stiff: it does not pinch in to the bare ankle, no hourglass)
  const eased = Array.from(shin.half, (h) => h * SHAFT_EASE + 1);
  const typical = [...eased].sort((p, q) => p - q)[Math.floor(eased.length / 2)] ?? 0;
  const shaftHalf = eased.map((h) => Math.max(h, typical * SHAFT_TAPER));
  // the other leg's axis: where the legs are apart but touch, this shaft stops on the line between the two axes
  const oy = otherKnee ? otherKnee.y - other.y : 0;
  const otherX = (y: number): number =>
    otherKnee && Math.abs(oy) > 1 ? other.x + ((otherKnee.x - other.x) * (y - other.y)) / oy : other.x;
  // a row's edges kept on this leg's side of the line between the legs' axes, where they are APART (two boots side
  // by side meet there, not one drawn over the other)
  const sideBySide =
    !!otherKnee && Math.abs(other.x - ankle.x) >= shinW * APART && Math.abs(other.y - ankle.y) <= shinW * SIDE_BY_SIDE;
  const otherSide = Math.sign(other.x - ankle.x);
  // the nearer foot of feet one behind the other (not side by side; its ankle the lower) whose sole stands under its
  // ankle faces the camera: a toe reaching past it higher up is the farther foot's (FACING_*)
  const onPointe = !!at.pointe;
  const toe =
    onPointe ||
    (at.toe !== 0 && !sideBySide && other.y < ankle.y && soleUnderAnkle(mask, W, H, ankle, sole.y, height, shinW))
      ? 0
      : at.toe;
  const apart = (y: number, lo: number, hi: number): [number, number] => {
    if (!sideBySide) return [lo, hi];
    // (half a pixel past it: the two boots' soft edges overlap, no light seam between them)
    const line = (axisX(y) + otherX(y)) / 2 + otherSide * 0.5;
    return otherSide > 0 ? [lo, Math.min(hi, line)] : [Math.max(lo, line), hi];
  };
  // the shaft's edges on each row; side by side, the outer side at least PAIR_TAPER of its widest above from the
  // line (legs that meet at the ankles do not pinch the pair of shafts into an hourglass)
  const shaftEdges = Array.from(shaftHalf, (h, i): [number, number] => {
    const m = shin.mid[i] ?? 0;
    return apart(r0 + i, m - h, m + h);
  });
  if (sideBySide) {
    let widestOut = 0;
    shaftEdges.forEach((e, i) => {
      const line = (axisX(r0 + i) + otherX(r0 + i)) / 2;
      const out = otherSide > 0 ? line - e[0] : e[1] - line;
      widestOut = Math.max(widestOut, out);
      const keep = Math.max(out, widestOut * PAIR_TAPER);
      if (otherSide > 0) e[0] = line - keep;
      else e[1] = line + keep;
    });
  }
  // the outer side (away from the other leg) over the leg's own colour run beside it, eased down the shaft
  const person = at.person;
  if (person && person.width === W && person.height === H) {
    const out: 1 | -1 = other.x < ankle.x ? 1 : -1;
    // (a rear leg, its ankle higher: its inner side too, the calf showing between the two shafts; the front shin's
    // own run is its boot's, and the rear boot is hidden behind that shin)
    const rear = ankle.y < other.y - shinW * SIDE_BY_SIDE;
    const back: 1 | -1 = out === 1 ? -1 : 1;
    for (const dir of rear ? [out, back] : [out]) {
      const extra = new Float64Array(shaftEdges.length);
      const okExtra = new Uint8Array(shaftEdges.length).fill(1);
      shaftEdges.forEach((e, i) => {
        // (not where the legs cross: the other leg's axis on this side at this height, its shin the run beside)
        if (dir === out && Math.sign(axisX(r0 + i) - otherX(r0 + i)) !== dir) return;
        extra[i] = skinRunPast(person, mask, r0 + i, dir > 0 ? e[1] : e[0], dir, shinW, axisX(r0 + i));
      });
      // (a bare strip wider than a few rows: its widest over the rows around, then smoothed: no steps)
      const k = Math.max(1, Math.round(shinW * SMOOTH * 0.5));
      const grown = Float64Array.from(extra, (_, i) => {
        let m = 0;
        for (let j = Math.max(0, i - k); j <= Math.min(extra.length - 1, i + k); j++) m = Math.max(m, extra[j] ?? 0);
        return m;
      });
      smoothRows(grown, okExtra, k);
      shaftEdges.forEach((e, i) => {
        const g = grown[i] ?? 0;
        if (dir > 0) e[1] += g;
        else e[0] -= g;
      });
    }
  }
  // a stiff shaft: each side drawn towards its straight line down the shaft (SHAFT_STIFF of its bends kept) above its
  // ankle, never in past the leg's own outline (no bare calf beside it)
  {
    const n = shaftEdges.length;
    for (const k of [0, 1] as const) {
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let sxy = 0;
      shaftEdges.forEach((e, i) => {
        sx += i;
        sy += e[k];
        sxx += i * i;
        sxy += i * e[k];
      });
      const den = n * sxx - sx * sx;
      if (!(n > 2) || !(Math.abs(den) > 0)) continue;
      const slope = (n * sxy - sx * sy) / den;
      const icpt = (sy - slope * sx) / n;
      shaftEdges.forEach((e, i) => {
        const line = icpt + slope * i;
        const leg = (shin.mid[i] ?? 0) + (k ? 1 : -1) * (shin.half[i] ?? 0);
        // (fading out over its lowest ANKLE_H: the ankle eases in to the foot there)
        const w = smoothstep((n - 1 - i) / Math.max(1, n * ANKLE_H));
        const v = line + (e[k] - line) * (1 - (1 - SHAFT_STIFF) * w);
        e[k] = k ? Math.max(v, leg) : Math.min(v, leg);
      });
    }
    shaftEdges.forEach((e, i) => {
      const [lo, hi] = apart(r0 + i, e[0], e[1]);
      e[0] = lo;
      e[1] = hi;
    });
  }
  // a foot facing the camera: the shaft eases in to its ankle over its lowest ANKLE_H (both sides; side by side the
  // outer one only, the two still meeting on the line), the foot flaring out below it
  if (toe === 0) {
    const n = shaftEdges.length;
    const from = Math.floor(n * (1 - ANKLE_H));
    for (let i = from; i < n; i++) {
      const e = shaftEdges[i];
      if (!e) continue;
      const m = (e[0] + e[1]) / 2;
      const h = (e[1] - e[0]) / 2;
      // (a shaft widened over the calf beside it comes in to the leg's own eased ankle)
      const goal = Math.min(h * ANKLE_IN, Math.max(shinW * ANKLE_HALF, typical * ANKLE_FLOOR));
      const k = 1 - (1 - goal / Math.max(1, h)) * smoothstep((i - from) / Math.max(1, n - 1 - from));
      // (never in past the leg's own outline in the mask and ANKLE_PAD of the shin's width beyond it (its soft edge,
      // an old shoe's dark rim): no bare ankle beside the boot's)
      const y = r0 + i;
      let a = Math.round(m);
      let b = a;
      if (y >= 0 && y < H && a >= 0 && a < W && (mask[y * W + a] ?? 0) >= 128) {
        while (a > 0 && a > e[0] && (mask[y * W + a - 1] ?? 0) >= 128) a--;
        while (b < W - 1 && b < e[1] && (mask[y * W + b + 1] ?? 0) >= 128) b++;
        b++;
      }
      const pad = Math.max(2, shinW * ANKLE_PAD);
      if (!sideBySide || otherSide < 0) e[1] = Math.max(m + h * k, Math.min(e[1], b + pad));
      if (!sideBySide || otherSide > 0) e[0] = Math.min(m - h * k, Math.max(e[0], a - pad));
    }
  }
  const iA = Math.min(Math.ceil(yA) - r0, shaftEdges.length - 1);
  const [loA, hiA] = shaftEdges[iA] ?? [0, 0];
  const midA = (loA + hiA) / 2;
  const halfA = (hiA - loA) / 2;
  // the foot: its middle between the ankle's and the sole's, its toe on the side it points to; a foot facing the
  // camera flares out from the ankle into a rounded toe (FRONT_TOE_*), side by side outwards from the other leg
  // (on pointe: down the pointed foot to its tip, POINTE_BOOT_FOOT)
  const facing = toe === 0 && !onPointe;
  const footHalf = onPointe
    ? halfA * POINTE_BOOT_FOOT
    : Math.max(halfA * (facing ? FRONT_TOE_FLARE : FOOT_MIN), width * FOOT_HALF);
  const footMid = onPointe
    ? sole.x
    : facing && sideBySide
      ? midA - otherSide * (footHalf - halfA)
      : (midA + sole.x) / 2;
  const toeExtra = footHalf * TOE_REACH * Math.abs(toe);
  const rCorner = onPointe
    ? footHalf
    : facing
      ? Math.min(footHalf * FRONT_TOE_ROUND, (ySole - yA) * 0.5)
      : footHalf * 0.35;
  const toeTop = ySole - height * TOE_CAP;
  // the person's own foot below the ankle (its toes reaching past the boot's outline, a rear foot in profile
  // beside it): covered, its outline smoothed, on the sides away from the other leg's ankle
  const fTop = Math.round(yA + (ySole - yA) * 0.35);
  const fN = Math.max(0, Math.ceil(ySole) - fTop + 1);
  const coverL = new Float64Array(fN);
  const coverR = new Float64Array(fN);
  const canL = !onPointe && !(other.x < ankle.x - shinW * 0.3) && at.rearToe !== -1;
  const canR = !onPointe && !(other.x > ankle.x + shinW * 0.3) && at.rearToe !== 1;
  if (fN > 0 && (canL || canR)) {
    const lim = footHalf * FOOT_COVER;
    for (let i = 0; i < fN; i++) {
      const y = fTop + i;
      coverL[i] = footMid;
      coverR[i] = footMid;
      if (y < 0 || y >= H) continue;
      const row = y * W;
      const cx = Math.round(footMid);
      if (cx < 0 || cx >= W || (mask[row + cx] ?? 0) < 128) continue;
      let a = cx;
      let b = cx;
      while (a > 0 && (mask[row + a - 1] ?? 0) >= 128 && footMid - a < lim) a--;
      while (b < W - 1 && (mask[row + b + 1] ?? 0) >= 128 && b - footMid < lim) b++;
      coverL[i] = a;
      coverR[i] = b + 1;
    }
  }
  // how far the foot reaches past the boot's foot on each side: a rounded toe cap out to there (not the toes' lumpy
  // outline)
  let reachL = 0;
  let reachR = 0;
  for (let i = 0; i < fN; i++) {
    if (canL) reachL = Math.max(reachL, footMid - footHalf - (coverL[i] ?? 0));
    if (canR) reachR = Math.max(reachR, (coverR[i] ?? 0) - footMid - footHalf);
  }
  const soleH = Math.max(SOLE_MIN, (ySole - yA) * SOLE_H);
  const rInner = rCorner * TOE_INNER;
  // the left and right edges on a row
  const edges = (y: number): [number, number] => {
    if (y <= yA) return shaftEdges[clamp(Math.round(y) - r0, 0, shaftEdges.length - 1)] ?? [0, 0];
    // below the ankle: widening smoothly into the foot (its front rounds out over the toes)
    const s = (y - yA) / Math.max(1, ySole - yA);
    const f = smoothstep(facing ? s / FRONT_TOE_AT : s * 1.25);
    const m = midA + (footMid - midA) * f;
    const h = halfA + (footHalf - halfA) * f;
    let lo = m - h;
    let hi = m + h;
    if (toeExtra > 0 && y > toeTop) {
      const e = (y - toeTop) / Math.max(1, ySole - toeTop);
      const ext = toeExtra * Math.sqrt(Math.max(0, 1 - (1 - e) * (1 - e)));
      if (toe > 0) hi += ext;
      else lo -= ext;
    }
    if ((reachL > 0 || reachR > 0) && y > fTop) {
      const e = (y - fTop) / Math.max(1, ySole - fTop);
      const cap = Math.sqrt(Math.max(0, 1 - (1 - e) * (1 - e)));
      lo = Math.min(lo, m - h - reachL * cap);
      hi = Math.max(hi, m + h + reachR * cap);
    }
    // the bottom corners rounded (a foot facing the camera: after the line between the legs, a V between the toes)
    if (facing) [lo, hi] = apart(y, lo, hi);
    const cut = (r: number): number => {
      const c = y - (ySole - r);
      return c > 0 ? r - Math.sqrt(Math.max(0, r * r - c * c)) : 0;
    };
    // (side by side, the inner toe rounded less: a small V between the toes, in shadow)
    lo += cut(facing && sideBySide && otherSide < 0 ? rInner : rCorner);
    hi -= cut(facing && sideBySide && otherSide > 0 ? rInner : rCorner);
    // (the sole's welt a little wider than the upper)
    if (facing && y > ySole - soleH) {
      lo -= SOLE_WELT;
      hi += SOLE_WELT;
    }
    return facing ? [lo, hi] : apart(y, lo, hi);
  };
  // the product's colours: each row's mean
  // (one set of rows for the shaft and the foot: no seam across the ankle)
  const all = rowColours(image, alpha, b, b.x, b.x + b.w);
  let srcToeTop = b.y + b.h * 0.6;
  {
    const Wi = alpha.width;
    const tx0 = Math.round(toeRight ? b.x + b.w * 0.7 : b.x);
    const tx1 = Math.round(toeRight ? b.x + b.w : b.x + b.w * 0.3);
    outer: for (let y = Math.round(b.y); y < b.y + b.h; y++) {
      for (let x = tx0; x < tx1; x++) {
        if ((alpha.data[y * Wi + x] ?? 0) >= 128) {
          srcToeTop = y;
          break outer;
        }
      }
    }
  }
  const srcBot = b.y + b.h - 1;
  // the sole's colour: the darkest of the side view's bottom rows
  let soleColour = all[all.length - 1] ?? [60, 40, 30];
  for (let i = Math.max(0, Math.floor(all.length * 0.93)); i < all.length; i++) {
    const c = all[i];
    if (
      c &&
      (c[0] ?? 0) + (c[1] ?? 0) + (c[2] ?? 0) < (soleColour[0] ?? 0) + (soleColour[1] ?? 0) + (soleColour[2] ?? 0)
    )
      soleColour = c;
  }
  // a destination row's source row: the sole to the sole, the ankle to the toe end's top, the top to the top
  const srcRow = (y: number): number => {
    if (y >= yA) return onPointe ? srcToeTop : srcBot - ((ySole - y) / Math.max(1, ySole - yA)) * (srcBot - srcToeTop);
    return srcToeTop - ((yA - y) / Math.max(1, yA - yTop)) * (srcToeTop - b.y);
  };
  const colourAt = (y: number): number[] => {
    const sy = srcRow(y);
    const i = clamp(Math.round(sy - b.y), 0, all.length - 1);
    return all[i] ?? [128, 128, 128];
  };
  // the toe box's dome, where the foot faces the camera (a toe pointing sideways already shows the foot's shape):
  // over the sole's row's middle, as wide as the foot there
  const [soleLo, soleHi] = edges(ySole - 1);
  const boxMid = (soleLo + soleHi) / 2;
  const boxHalf = Math.max(1, (soleHi - soleLo) / 2);
  const footH = ySole - yA;
  const domeY = (x: number): number => {
    const u = clamp((x - boxMid) / boxHalf, -1, 1);
    return ySole - footH * (TOE_BOX_SIDE + (TOE_BOX - TOE_BOX_SIDE) * Math.sqrt(1 - u * u));
  };
  const crease = Math.max(1.5, footH * TOE_CREASE_H);
  // the vamp between the ankle and the toe box faces up: lighter towards the toe (VAMP_LIGHT), under a fold at the
  // ankle bowing down in the middle (ANKLE_FOLD darker)
  const vamp = (x: number, y: number): number => {
    const u = clamp((x - boxMid) / boxHalf, -1, 1);
    const fold = yA + footH * ANKLE_FOLD_BOW * (1 - u * u);
    const dark = 1 - (1 - ANKLE_FOLD) * Math.exp(-(((y - fold) / crease) ** 2));
    return dark * (1 + (VAMP_LIGHT - 1) * smoothstep((y - fold) / Math.max(1, footH * 0.4)));
  };
  const toeLight = (x: number, y: number): number => {
    const d = domeY(x);
    if (y < d - crease * 2) return vamp(x, y);
    // the crease where the shaft's front meets the toe box (a soft shadow), then the dome lit from above
    const shadow = 1 - (1 - TOE_CREASE) * Math.exp(-(((y - d + crease * 0.3) / crease) ** 2));
    if (y <= d) return shadow;
    const v = clamp((y - d) / Math.max(1, ySole - d), 0, 1);
    const lit = TOE_BOX_LIGHT + (TOE_BOX_DARK - TOE_BOX_LIGHT) * smoothstep(v);
    return shadow * (1 + (lit - 1) * smoothstep((y - d) / (crease * 2)));
  };
  // side by side, where the two boots meet: a thin shadow in the fold between them (two boots, not one block)
  const seam = (x: number, y: number): number => {
    if (!sideBySide) return 1;
    const d = Math.abs(x - (axisX(y) + otherX(y)) / 2);
    return 1 - (1 - SEAM_DARK) * Math.exp(-((d / SEAM_W) ** 2));
  };
  const Y0 = Math.max(0, r0);
  const Y1 = Math.min(H - 1, r1);
  for (let y = Y0; y <= Y1; y++) {
    const yc = y + 0.5;
    const [lo, hi] = edges(yc);
    if (!(hi > lo)) continue;
    const vCov = clamp(yc - yTop + 0.5, 0, 1) * clamp(ySole - yc + 0.5, 0, 1);
    if (vCov <= 0) continue;
    const inSole = facing && yc > ySole - soleH;
    const base = inSole ? soleColour : colourAt(yc);
    const mid = (lo + hi) / 2;
    const half = (hi - lo) / 2;
    // the top's rim: the opening's edge, darker
    const rim = yc - yTop < 2 ? 0.7 : 1;
    const X0 = Math.max(0, Math.floor(lo - 1));
    const X1 = Math.min(W - 1, Math.ceil(hi + 1));
    for (let x = X0; x <= X1; x++) {
      const xc = x + 0.5;
      const cov = Math.min(vCov, clamp(xc - lo + 0.5, 0, 1), clamp(hi - xc + 0.5, 0, 1));
      if (cov <= 0) continue;
      // shaded round: darker at both sides, a soft highlight left of the middle
      const u = clamp((xc - mid) / half, -1, 1);
      const shade = inSole
        ? (0.8 + 0.2 * Math.sqrt(1 - u * u)) * seam(xc, yc)
        : clamp((0.6 + 0.4 * Math.sqrt(1 - u * u) + 0.14 * Math.exp(-(((u + 0.3) / 0.25) ** 2))) * rim, 0, 1.2) *
          (facing && yc > yA - crease * 2 ? toeLight(xc, yc) : 1) *
          seam(xc, yc);
      const o = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) layer.data[o + c] = Math.min(255, (base[c] ?? 0) * shade * (tint[c] ?? 0));
      layer.data[o + 3] = cov * 255;
      if (area) markArea(area, x, y);
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
  // a soft contact shadow on the floor round the sole, under the boot (its drawn pixels over it)
  const shW = boxHalf * FLOOR_SHADOW_W;
  // (on pointe only its tip touches the floor: a shadow as deep as it is wide)
  const shH = Math.max(2, onPointe ? shW * 0.5 : footH * FLOOR_SHADOW_H);
  for (let y = Math.max(0, Math.floor(ySole - shH)); y <= Math.min(H - 1, Math.ceil(ySole + shH)); y++) {
    for (let x = Math.max(0, Math.floor(boxMid - shW)); x <= Math.min(W - 1, Math.ceil(boxMid + shW)); x++) {
      const d = ((x + 0.5 - boxMid) / shW) ** 2 + ((y + 0.5 - ySole) / shH) ** 2;
      if (d >= 1) continue;
      let sa = FLOOR_SHADOW * (1 - d) * (1 - d);
      // (the V between two boots' toes, on this boot's side of the line: deep in shadow)
      if (facing && sideBySide && y + 0.5 > ySole - rInner * 1.3) {
        const off = (((axisX(y) + otherX(y)) / 2 - (x + 0.5)) * otherSide) / Math.max(1, rInner + 1);
        if (off >= 0 && off < 1) sa = Math.max(sa, GAP_SHADOW * (1 - off * off));
      }
      const o = (y * W + x) * 4;
      const a0 = (layer.data[o + 3] ?? 0) / 255;
      const a = a0 + sa * (1 - a0);
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) layer.data[o + c] = ((layer.data[o + c] ?? 0) * a0) / a;
      layer.data[o + 3] = a * 255;
      if (area) markArea(area, x, y);
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
}

/** Where boots were drawn (the pixels and their box). */
export interface BootArea {
  width: number;
  data: Uint8Array;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function newBootArea(width: number, height: number): BootArea {
  return { width, data: new Uint8Array(width * height), x0: width, y0: height, x1: -1, y1: -1 };
}

function markArea(area: BootArea, x: number, y: number): void {
  area.data[y * area.width + x] = 255;
  if (x < area.x0) area.x0 = x;
  if (x > area.x1) area.x1 = x;
  if (y < area.y0) area.y0 = y;
  if (y > area.y1) area.y1 = y;
}

/**
 * The shoes' room with the boots' own outline in it: a boot's shaft and foot are drawn on the shin's smoothed
 * outline (a little wider than the leg, the foot wider than a bare foot), not clipped to the mask's grown, blocky
 * edge (notches and steps down its sides).
 */
export function bootRoom(base: Uint8Array, area: BootArea | null): Uint8Array {
  if (!area || area.x1 < area.x0) return base;
  const out = new Uint8Array(base);
  for (let y = area.y0; y <= area.y1; y++) {
    for (let i = y * area.width + area.x0; i <= y * area.width + area.x1; i++) if (area.data[i]) out[i] = 255;
  }
  return out;
}

/**
 * The person mask's run on row `y` around column `ax`: the mask pixel nearest `ax` within `seek` px (left first), then
 * its run out to each side, at most `reach` px from `ax`. Null when no mask pixel is that near.
 */
function maskRunAround(
  mask: Uint8Array,
  W: number,
  y: number,
  ax: number,
  seek: number,
  reach = Infinity,
): [number, number] | null {
  const row = y * W;
  let seed = -1;
  for (let d = 0; d <= seek && seed < 0; d++) {
    const a = Math.round(ax - d);
    const b = Math.round(ax + d);
    if (a >= 0 && a < W && (mask[row + a] ?? 0) >= 128) seed = a;
    else if (b >= 0 && b < W && (mask[row + b] ?? 0) >= 128) seed = b;
  }
  if (seed < 0) return null;
  let a = seed;
  let b = seed;
  while (a > 0 && (mask[row + a - 1] ?? 0) >= 128 && ax - a < reach) a--;
  while (b < W - 1 && (mask[row + b + 1] ?? 0) >= 128 && b - ax < reach) b++;
  return [a, b];
}
