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

/** The rear leg's calf beside the front shin, on the heel's side (the rear foot's toe reaches out on the other): the
 * front shin's own brightness is the median this far in from the run's edge there, in shin widths... */
const BAND_REF: [number, number] = [0.35, 0.6];
/** ...and the calf behind it the band from that edge in that is darker than this share of it (in the front leg's
 * shade), one pixel's gap allowed... */
const BAND_DARK = 0.92;
/** ...at least this many shin widths wide and at most this many... */
const BAND_MIN = 0.1;
const BAND_MAX = 0.4;
/** ...on at least this share of the shaft's rows (else no calf shows there: the front boot as it was). */
const BAND_ROWS = 0.4;

/**
 * How wide the rear leg shows beside the front shin on the heel's side of a rear foot in profile, from `y0` to
 * `y1` (the front boot's shaft): per row of the mask's run round the front shin (its axis from `ankle` to `knee`),
 * the band in from its edge on that side darker than the front shin's own skin further in (BAND_*); their median,
 * or null where it shows on too few rows.
 */
export function rearShaftBand(
  body: Body,
  person: RgbaImage,
  foot: ProfileFoot,
  ankle: { x: number; y: number },
  knee: { x: number; y: number },
  shinW: number,
  y0: number,
  y1: number,
): { width: number; edge: (y: number) => number } | null {
  const W = body.width;
  if (person.width !== W || !(shinW > 4) || !(y1 > y0)) return null;
  const dy = knee.y - ankle.y;
  const axisX = (y: number): number =>
    Math.abs(dy) > 1 ? ankle.x + ((knee.x - ankle.x) * (y - ankle.y)) / dy : ankle.x;
  const lum = (x: number, y: number): number => {
    const o = (y * W + x) * 4;
    return (person.data[o] ?? 0) + (person.data[o + 1] ?? 0) + (person.data[o + 2] ?? 0);
  };
  const dir = foot.toe;
  const widths: number[] = [];
  let rows = 0;
  let [sy, sx, syy, sxy] = [0, 0, 0, 0];
  for (let y = Math.round(y0); y <= Math.round(y1); y++) {
    const run = maskRunAt(body, y, axisX(y));
    if (!run) continue;
    rows++;
    const edge = dir > 0 ? run[0] : run[1];
    sy += y;
    sx += edge;
    syy += y * y;
    sxy += edge * y;
    if (run[1] - run[0] < shinW * BAND_REF[1]) continue;
    const ref: number[] = [];
    for (let d = Math.round(shinW * BAND_REF[0]); d <= Math.round(shinW * BAND_REF[1]); d++)
      ref.push(lum(edge + dir * d, y));
    ref.sort((p, q) => p - q);
    const dark = (ref[ref.length >> 1] ?? 0) * BAND_DARK;
    let last = 0;
    for (let d = 1; d <= shinW * BAND_MAX + 2; d++) {
      if (lum(edge + dir * d, y) < dark) last = d;
      else if (d - last > 1) break;
    }
    if (last >= shinW * BAND_MIN && last <= shinW * BAND_MAX) widths.push(last + 0.5);
  }
  if (!rows || widths.length < rows * BAND_ROWS) return null;
  widths.sort((p, q) => p - q);
  const den = rows * syy - sy * sy;
  if (!(Math.abs(den) > 0)) return null;
  // (the run's edge on that side: its straight line down the shaft)
  const slope = (rows * sxy - sy * sx) / den;
  const icpt = (sx - slope * sy) / rows;
  return { width: widths[widths.length >> 1] ?? 0, edge: (y: number) => icpt + slope * y };
}

/** The rear boot's shaft beside the front one: this dark (behind the front leg, in its shade)... */
const SHAFT_REAR = 0.8;
/** ...darker still towards the front boot's edge (its shadow) by this much... */
const SHAFT_CONTACT = 0.2;
/** ...round: lit this much more along a soft ridge this share of the way in from its outer edge, which turns away
 * (this much darker)... */
const SHAFT_LIT = 0.12;
const SHAFT_LIT_AT = 0.35;
const SHAFT_TURN = 0.15;
/** ...that edge a dark line this many shin widths wide (at least SEAM_MIN px), this dark... */
const SEAM_W = 0.03;
const SEAM_MIN = 1.5;
const SEAM_DARK = 0.55;
/** ...the front boot's rounded edge beside it lit this much over this many shin widths. */
const RIM_LIT = 0.07;
const RIM_W = 0.08;
/** The rear boot stands higher in the picture by the feet's soles' difference, at most this many shin widths. */
const RISE_MAX = 0.3;
/** The front boot's foot begins where its edge leaves the shaft's straight line by this many pixels (the rear shaft
 * goes on behind it). */
const FLARE = 1.5;

/**
 * The rear boot's shaft beside the front one (a rear foot in profile whose calf shows on the heel's side,
 * `rearShaftBand`), in the front boot's layer: the front shaft's edge on that side a straight line down to its
 * ankle (`yAnkle`); from that line in to the calf's width past the leg's own edge is the rear boot's shaft, the front boot's own pixels `rise` px lower
 * (its sole's higher by that: its top too), darker (SHAFT_*), parted from the front boot by a dark seam (SEAM_*) and
 * the front boot's lit rounded edge (RIM_*), down to where the front boot's foot flares out over it (FLARE): two
 * boots, the rear one behind, not one wide shaft over both legs.
 */
export function shadeRearShaft(
  layer: Layer,
  foot: ProfileFoot,
  calf: { width: number; edge: (y: number) => number },
  shinW: number,
  yAnkle: number,
  rise: number,
): void {
  if (layer.x1 < layer.x0 || !(calf.width > 1)) return;
  const { width: W, height: H } = layer;
  const dir = foot.toe;
  const edgeAt = (y: number): number => {
    for (let x = dir > 0 ? layer.x0 : layer.x1; dir > 0 ? x <= layer.x1 : x >= layer.x0; x += dir)
      if ((layer.data[(y * W + x) * 4 + 3] ?? 0) >= 128) return x;
    return -1;
  };
  // the front shaft's edge: its straight line over its rows (a little below its top to its ankle)
  const top = layer.y0;
  const yA = Math.min(layer.y1, Math.round(yAnkle));
  let [n, sy, sx, syy, sxy] = [0, 0, 0, 0, 0];
  for (let y = top + 2; y <= yA; y++) {
    const x = edgeAt(y);
    if (x < 0) continue;
    n++;
    sy += y;
    sx += x;
    syy += y * y;
    sxy += x * y;
  }
  const den = n * syy - sy * sy;
  if (n < 4 || !(Math.abs(den) > 0)) return;
  const slope = (n * sxy - sy * sx) / den;
  const icpt = (sx - slope * sy) / n;
  const line = (y: number): number => icpt + slope * y;
  // the seam: the calf's width in from the leg's own edge (the front boot is eased out past it)
  const bandAt = (y: number): number => Math.max(1, (calf.edge(y) - line(y)) * dir + calf.width);
  // the rear shaft ends where the front boot's foot flares out past that line (it goes on behind that foot)
  let end = Math.min(layer.y1, H - 1);
  for (let y = Math.round((top + yA) / 2); y <= layer.y1; y++) {
    const x = edgeAt(y);
    if (x >= 0 && (line(y) - x) * dir > FLARE) {
      end = y - 1;
      break;
    }
  }
  const up = Math.max(0, Math.min(Math.round(rise), Math.round(shinW * RISE_MAX)));
  const seam = Math.max(SEAM_MIN, shinW * SEAM_W);
  const rim = shinW * RIM_W;
  const reach = Math.ceil(bandAt(top) + seam + rim + 1);
  // (the rows it reads, copied: the front boot as drawn)
  const base = Math.max(0, top - up) * W * 4;
  const src = layer.data.slice(base, (Math.min(H - 1, end + reach) + 1) * W * 4);
  const at = (i: number): number => src[i - base] ?? 0;
  // the front boot's top beside the seam
  let topFront = top;
  for (; topFront < end; topFront++) {
    const x = Math.round(line(topFront) + dir * reach);
    if (x >= 0 && x < W && at((topFront * W + x) * 4 + 3) >= 128) break;
  }
  for (let y = Math.max(0, top - up); y <= end; y++) {
    const ys = Math.min(end, y + up);
    const x0 = line(y);
    const band = bandAt(y);
    const shift = line(ys) - x0;
    for (let d = -1; d <= Math.ceil(band + seam + rim + 1); d++) {
      const x = Math.round(x0) + dir * d;
      if (x < 0 || x >= W) continue;
      const o = (y * W + x) * 4;
      const dd = (x - x0) * dir;
      // (soft over a pixel at each boundary)
      let inRear = Math.max(0, Math.min(1, band - dd + 0.5));
      // the rear shaft: the front boot's pixel `up` rows lower, at the same offset from the line
      const xs = Math.round(x + shift);
      // (its top square: where the front boot's top corner is rounded off, the colour below it, the top the front
      // boot's beside the seam)
      let os = (ys * W + Math.max(0, Math.min(W - 1, xs))) * 4;
      if (inRear > 0) for (let yy = ys; yy <= Math.min(end, ys + band) && at(os + 3) < 128; yy++) os += W * 4;
      const rearA =
        inRear > 0 && xs >= 0 && xs < W && at(os + 3) >= 128 ? 255 * Math.max(0, Math.min(1, ys - topFront + 0.5)) : 0;
      if (rearA === 0) inRear = 0;
      const frontA = at(o + 3);
      if (!inRear && !frontA) continue;
      // (round: a soft lit ridge a third of the way in, its outer edge turning away, darker)
      const t = dd / band;
      const kr =
        SHAFT_REAR *
        (1 - SHAFT_CONTACT * smooth(0.5, 1, t)) *
        (1 + SHAFT_LIT * Math.exp(-(((t - SHAFT_LIT_AT) / 0.2) ** 2))) *
        (1 - SHAFT_TURN * (1 - smooth(0, 0.2, t)));
      // the front boot: a dark seam at its edge, its rounded edge lit beside it
      const inSeam = Math.min(
        1 - inRear,
        Math.max(0, Math.min(1, dd - band + 0.5)) * Math.max(0, Math.min(1, band + seam - dd + 0.5)),
      );
      const inRim = Math.max(0, 1 - Math.abs(dd - (band + seam + rim / 2)) / Math.max(1, rim / 2));
      const rest = Math.max(0, 1 - inRear - inSeam);
      const kf = frontA ? 1 : 0;
      for (let c = 0; c < 3; c++) {
        const f = at(o + c) * kf;
        const r = at(os + c) * kr;
        layer.data[o + c] = frontA ? inRear * r + inSeam * f * SEAM_DARK + rest * f * (1 + RIM_LIT * inRim) : r;
      }
      layer.data[o + 3] = Math.max(frontA, rearA * inRear);
      layer.x0 = Math.min(layer.x0, x);
      layer.x1 = Math.max(layer.x1, x);
      layer.y0 = Math.min(layer.y0, y);
    }
  }
}
