/** A rear foot seen in profile beside the front foot: where it shows, and the box its shoe takes (the side view). */
import type { Body } from '../perception/body';
import type { Box } from '../garment/garment';
import type { GrayImage, RgbaImage } from '../core/types';
import type { Layer } from '../core/raster';
import { maskRunAt } from './common';

/** Both ankles in one run of the mask at most this many times the wider ankle's width: the keypoints are on one foot. */
const ONE_FOOT_RUN = 1.2;
/** A foot in profile reaches at least this many widths of the ankles' run past it on one side (less: shoes.ts' bulge)... */
const PROFILE_MIN = 0.55;
/** ...and at most this many (further: not a foot). */
const PROFILE_MAX = 1.6;
/** ...while the other side reaches at most this many run widths past it (a foot on one side only). */
const OTHER_SIDE = 0.15;
/** The rows that reach this many run widths past the ankles' run on the foot's side are the rear foot's. */
const PAST_RUN = 0.15;
/** The front foot ends this many run widths past the ankles' run on the rear foot's side (its toes spread a little). */
const FRONT_EDGE = 0.2;
/** A pixel whose channels spread more than this share of its brightest is coloured (skin, a shoe), not a grey shadow. */
const COLOURED = 0.18;
/** The rear foot's heel is this many run widths behind the ankles' run's middle (hidden behind the front foot). */
const HEEL_BACK = 0.5;

/** The rear foot's shoe keeps within this many run widths of the foot's coloured outline where it shows (a shoe is
 * a little larger than the foot it is on; more: a block jutting out past the toes and under the sole). */
const OUTLINE_MARGIN = 0.04;
/** ...and this many margins under its lowest coloured row (the shoe's sole under the foot). */
const SOLE_BELOW = 2;
/** The outline's columns are the median of this many run widths of columns (a toenail's highlight, a stray pixel). */
const OUTLINE_SMOOTH = 0.08;

/** A rear pump's opening: by the front foot its side this share of the foot's visible height below the foot's top
 * (the instep shows above it)... */
const THROAT_DEPTH = 0.55;
/** ...rising smoothly to the foot's top (the vamp over the toes) this share of the way out to the toe's tip. */
const THROAT_AT = 0.65;

/** A rear foot in profile: which leg it is, its box, its toe's side, where the front foot ends, the front foot's box. */
export interface ProfileFoot {
  far: 0 | 1;
  /** +1: the toe to the image right. */
  toe: 1 | -1;
  /** The rear foot's box (its hidden heel under the ankles' run to its toe's tip), its sole the foot's lowest row. */
  box: Box;
  /** The rear foot shows only past this column (the front foot hides the rest)... */
  edge: number;
  /** ...row by row: the front foot's side widening from its ankle's at the rear foot's top row to `edge` at its sole
   * (a foot pointing at the camera is wider at its toes than at its ankle); how much of a pixel is past it, 0-1. */
  past: (x: number, y: number) => number;
  /** The rows where the rear foot shows past the ankles' run (its visible height). */
  top: number;
  /** How much of a pixel is on the rear foot's coloured outline where it shows (within OUTLINE_MARGIN), 0-1; with
   * `throat`, below a pump's opening too (THROAT_*). */
  onFoot: (x: number, y: number, throat?: boolean) => number;
  /** The shoe's outline at column x where the foot shows: its top, its sole's bottom (SOLE_BELOW under the foot's
   * lowest coloured row) and how far out to the toe's tip the column is (0 at the front foot's edge, 1 at the tip). */
  span: (x: number) => { top: number; bottom: number; out: number } | null;
}

/**
 * Feet one behind the other whose two ankle keypoints sit on one leg (both in one run of the mask no wider than
 * ONE_FOOT_RUN leg widths, at about one height) while the mask under them reaches out on one side as far as a
 * foot seen from the side (PROFILE_MIN to PROFILE_MAX of the run's width; the other side barely: OTHER_SIDE):
 * the farther (higher) ankle's foot is that one, in profile, its heel hidden behind the front foot, its toe at
 * the reach's tip. Null otherwise (shoes.ts' `separateFeet` and `ownFeet` take the other poses).
 */
export function profileFoot(body: Body, w0: number, close: number, person: RgbaImage | null): ProfileFoot | null {
  const { width: W, height: H, legL, legR } = body;
  if (!(w0 > 0) || Math.abs(legL.end.x - legR.end.x) >= w0 * close) return null;
  if (Math.abs(legL.end.y - legR.end.y) >= w0 * close) return null;
  const far: 0 | 1 = legL.end.y < legR.end.y ? 0 : 1;
  const farLeg = far ? legR : legL;
  const nearLeg = far ? legL : legR;
  const runAt = (y: number, x: number) => maskRunAt(body, y, x);
  const run = runAt(farLeg.end.y, farLeg.end.x);
  if (!run || nearLeg.end.x < run[0] || nearLeg.end.x > run[1]) return null;
  const rw = run[1] - run[0] + 1;
  if (rw > w0 * ONE_FOOT_RUN) return null;
  // down the mask from the farther ankle to the front foot's sole: how far past the run each row reaches
  let cx = (run[0] + run[1]) / 2;
  const rows: [number, number, number][] = [];
  for (let y = Math.round(farLeg.end.y); y < Math.min(H, nearLeg.end.y + w0 * 1.9); y++) {
    const r = runAt(y, cx);
    if (!r) break;
    rows.push([y, r[0], r[1]]);
    cx = Math.min(run[1], Math.max(run[0], (r[0] + r[1]) / 2));
  }
  if (rows.length < 3) return null;
  let left = 0;
  let right = 0;
  for (const [, a, b] of rows) {
    left = Math.max(left, run[0] - a);
    right = Math.max(right, b - run[1]);
  }
  const toe: 1 | -1 = right > left ? 1 : -1;
  const reach = Math.max(left, right);
  const otherReach = Math.min(left, right);
  if (reach < rw * PROFILE_MIN || reach > rw * PROFILE_MAX || otherReach > rw * OTHER_SIDE) return null;
  const edge = toe > 0 ? run[1] + rw * FRONT_EDGE : run[0] - rw * FRONT_EDGE;
  // the rear foot's rows: those reaching PAST_RUN past the run on its side; its sole the lowest of them where it
  // shows in colour past the front foot (the mask takes the grey shadow under a foot in profile too)
  if (!person) return null;
  let top = -1;
  let sole = -1;
  let seen = 0;
  for (const [y, a, b] of rows) {
    if ((toe > 0 ? b - run[1] : run[0] - a) < rw * PAST_RUN) continue;
    if (top < 0) top = y;
    let n = 0;
    for (let x = Math.round(edge); toe > 0 ? x <= b : x >= a; x += toe) {
      const o = (y * W + x) * 4;
      const hi = Math.max(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0);
      const lo = Math.min(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0);
      if (hi - lo > hi * COLOURED) n++;
    }
    if (n >= rw * PAST_RUN) {
      sole = y;
      seen++;
    }
  }
  // (a reach that does not show in colour, a grey shadow or a floor the mask took: no foot; the shoes as before)
  if (seen < rw * 0.4 || top < 0 || sole - top < rw * 0.4) return null;
  const tip = toe > 0 ? run[1] + reach : run[0] - reach;
  const heel = (run[0] + run[1]) / 2 - toe * rw * HEEL_BACK;
  const x0 = Math.min(heel, tip);
  const box: Box = { x: x0, y: top, w: Math.abs(tip - heel), h: sole - top + 1 };
  // (the front foot's side: the ankles' run's at the rear foot's top, out to `edge` at its sole; soft over a pixel)
  const side = toe > 0 ? run[1] : run[0];
  const past = (x: number, y: number): number => {
    const s = Math.max(0, Math.min(1, (y - top) / Math.max(1, sole - top)));
    return Math.max(0, Math.min(1, (x - (side + (edge - side) * s)) * toe + 0.5));
  };
  const outline = footOutline(body, person, rows, edge, toe, rw);
  return { far, toe, box, edge, past, top, onFoot: outline.onFoot, span: outline.span };
}

/**
 * The rear foot's coloured outline past the front foot: per column from the front foot's edge out, its highest and
 * lowest coloured pixel of the mask among the foot's rows (the grey shadow under it and the floor left out), each
 * the median, then the mean, over OUTLINE_SMOOTH run widths of columns; the foot ends at the last column with one. A
 * pixel's share within OUTLINE_MARGIN run widths of it (under its sole SOLE_BELOW margins; columns before the
 * edge: the edge's own, where the front foot's side lies nearer, `past`), soft over a pixel.
 */
function footOutline(
  body: Body,
  person: RgbaImage,
  rows: [number, number, number][],
  edge: number,
  toe: 1 | -1,
  rw: number,
): Pick<ProfileFoot, 'onFoot' | 'span'> {
  const W = body.width;
  const e = Math.round(edge);
  const n = Math.max(1, Math.round(rw * PROFILE_MAX));
  const hiRow = new Int32Array(n).fill(-1);
  const loRow = new Int32Array(n).fill(-1);
  for (const [y, a, b] of rows) {
    for (let i = 0; i < n; i++) {
      const x = e + toe * i;
      if (x < a || x > b || x < 0 || x >= W) continue;
      const p = y * W + x;
      if ((body.mask[p] ?? 0) < 128) continue;
      const o = p * 4;
      const hi = Math.max(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0);
      const lo = Math.min(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0);
      if (hi - lo <= hi * COLOURED) continue;
      if (hiRow[i] === -1) hiRow[i] = y;
      loRow[i] = y;
    }
  }
  const r = Math.max(1, Math.round((rw * OUTLINE_SMOOTH) / 2));
  const median = (v: Int32Array, i: number): number => {
    const w: number[] = [];
    for (let j = Math.max(0, i - r); j <= Math.min(n - 1, i + r); j++) if ((v[j] ?? -1) >= 0) w.push(v[j] ?? 0);
    w.sort((p, q) => p - q);
    return w.length ? (w[w.length >> 1] ?? -1) : -1;
  };
  let last = -1;
  for (let i = 0; i < n; i++) if ((hiRow[i] ?? -1) >= 0) last = i;
  if (last < 0) return { onFoot: () => 1, span: () => null };
  const med = (v: Int32Array): Int32Array => Int32Array.from(v, (_, i) => median(v, i));
  const [hiMed, loMed] = [med(hiRow), med(loRow)];
  // (then their mean over as many: the toe's rounded end a slope, not steps)
  const mean = (v: Int32Array, i: number): number => {
    let sum = 0;
    let k = 0;
    for (let j = Math.max(0, i - r); j <= Math.min(last, i + r); j++) {
      if ((v[j] ?? -1) < 0) continue;
      sum += v[j] ?? 0;
      k++;
    }
    return k ? sum / k : -1;
  };
  const top = Float64Array.from(hiMed, (_, i) => mean(hiMed, i));
  const bot = Float64Array.from(loMed, (_, i) => mean(loMed, i));
  const m = rw * OUTLINE_MARGIN;
  const span = (x: number): { top: number; bottom: number; out: number } | null => {
    const i = Math.max(0, (x - e) * toe);
    if (i > last + m + 1) return null;
    const k = Math.min(last, Math.round(i));
    const t = top[k] ?? -1;
    const b = bot[k] ?? -1;
    return t < 0 ? null : { top: t - m, bottom: b + m * SOLE_BELOW, out: i / Math.max(1, last) };
  };
  const onFoot = (x: number, y: number, throat?: boolean): number => {
    // (before the edge, where the front foot's side is nearer: the edge's column's outline, the opening at its
    // deepest there)
    const i = Math.max(0, (x - e) * toe);
    if (i > last + m + 1) return 0;
    const k = Math.min(last, Math.round(i));
    const t = top[k] ?? -1;
    const b = bot[k] ?? -1;
    if (t < 0) return 0;
    // (a pump's opening: its side low by the front foot, rising over the toes to the vamp, the foot's own top)
    const q = Math.max(0, Math.min(1, i / Math.max(1, last * THROAT_AT)));
    const upper = t - m + (throat ? (b - t) * THROAT_DEPTH * (1 - q * q * (3 - 2 * q)) : 0);
    // (a pixel's share inside, its edges soft: not a jagged cut across the shoe)
    const cover = (d: number) => Math.max(0, Math.min(1, d + 0.5));
    return Math.min(cover(y - upper), cover(b + m * SOLE_BELOW - y), cover(last + m - i));
  };
  return { onFoot, span };
}

/** A rear boot's toe box in profile: its crown lit this much brighter (about a quarter of the way down)... */
const TOE_LIT = 0.1;
/** ...its lower side, turning under towards the sole, this much darker at the sole's top... */
const TOE_UNDER = 0.22;
/** ...its sole the lowest this share of the shoe's height at that column (at least SOLE_MIN px), this dark... */
const SOLE_SHARE = 0.14;
/** (a pump's thin sole: this share) */
const PUMP_SOLE_SHARE = 0.08;
const SOLE_MIN = 2;
const SOLE_DARK = 0.5;
/** ...and the toe's round end (the last this share of the way out) falling off the light by this much. */
const TIP_FROM = 0.75;
const TIP_DARK = 0.15;
/** Where it comes out from behind the front boot (the first this share of the way out) it is in that boot's shadow,
 * this much darker at the front boot's edge: the two boots apart, the rear one behind (not a flap of the front one). */
const CONTACT_TO = 0.3;
const CONTACT_DARK = 0.35;

const smooth = (a: number, b: number, v: number): number => {
  const q = Math.max(0, Math.min(1, (v - a) / (b - a)));
  return q * q * (3 - 2 * q);
};

/**
 * A rear boot's foot or pump in profile (the side view's toe end, one flat colour) shaded as a toe box, per column
 * of the foot's outline (`span`; a pump's top its opening's edge): its crown lit, its lower side darker as it turns
 * under, a dark sole along its bottom (a pump's thinner), its round tip falling off the light, and darker where it
 * comes out from behind the front shoe (TOE_*, SOLE_*, TIP_*, CONTACT_*): without them a flat tab or wedge of the
 * shoe's colour stuck on the front shoe's side.
 */
export function shadeRearToe(layer: Layer, foot: ProfileFoot, pump: boolean): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const soleShare = pump ? PUMP_SOLE_SHARE : SOLE_SHARE;
  for (let x = layer.x0; x <= layer.x1; x++) {
    const s = foot.span(x);
    // (only where it shows: past the front foot (`past` is widest at the foot's top) and on the foot's outline)
    if (!s || foot.past(x, s.top) <= 0) continue;
    // (a pump's top: its opening's edge, low by the front foot, `onFoot`'s throat)
    let top = s.top;
    if (pump) while (top < s.bottom && foot.onFoot(x, top, true) < 0.5) top++;
    const h = Math.max(1, s.bottom - top);
    const sole = Math.max(SOLE_MIN, h * soleShare);
    const tip = (1 - TIP_DARK * smooth(TIP_FROM, 1, s.out)) * (1 - CONTACT_DARK * (1 - smooth(0, CONTACT_TO, s.out)));
    for (let y = Math.max(layer.y0, Math.floor(top)); y <= Math.min(layer.y1, Math.ceil(s.bottom)); y++) {
      const o = (y * W + x) * 4;
      if ((layer.data[o + 3] ?? 0) === 0) continue;
      const t = (y - top) / h;
      // (the crown's light a soft bell, the underside darkening towards the sole, the sole's top soft over a pixel)
      const lit = 1 + TOE_LIT * Math.exp(-(((t - 0.25) / 0.2) ** 2));
      const under = 1 - TOE_UNDER * smooth(0.4, 1 - soleShare, t);
      const inSole = Math.max(0, Math.min(1, y - (s.bottom - sole) + 0.5));
      const k = lit * under * tip * (1 - (1 - SOLE_DARK) * inSole);
      for (let c = 0; c < 3; c++) layer.data[o + c] = (layer.data[o + c] ?? 0) * k;
    }
  }
}

/**
 * How tall the rear foot's side view must be drawn so that it covers the foot where it shows: at the front foot's
 * edge the foot is as tall as its box (from its top to its sole), and the side view there (that share of its
 * length from the toe) is this share of its own height (its highest opaque row in that column).
 */
export function profileHeight(alpha: GrayImage, b: Box, toeRight: boolean, foot: ProfileFoot): number {
  const { box, edge, toe } = foot;
  const tipX = toe > 0 ? box.x + box.w : box.x;
  const q = Math.max(0, Math.min(1, Math.abs(tipX - edge) / Math.max(1, box.w)));
  const x = Math.min(
    alpha.width - 1,
    Math.max(0, Math.round(toeRight ? b.x + (b.w - 1) * (1 - q) : b.x + (b.w - 1) * q)),
  );
  const bottom = Math.round(b.y + b.h);
  let top = bottom;
  for (let y = Math.max(0, Math.round(b.y)); y < bottom; y++) {
    if ((alpha.data[y * alpha.width + x] ?? 0) >= 128) {
      top = y;
      break;
    }
  }
  const share = Math.max(0.3, (bottom - top) / Math.max(1, b.h));
  return box.h / share;
}
