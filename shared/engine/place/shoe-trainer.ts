/**
 * A trainer (a closed shoe) seen from the front, painted from the product's own colours: not the side view's
 * columns re-read across the foot (which drew a box of vertical streaks, its stripe in fragments), but the shape a
 * trainer has from the front: a sole band following a rounded toe, a toe box widest at the ball, the upper narrowing
 * to a collar round the ankle, the tongue with its laces in the middle, shading round the curve, and the product's
 * stripe (its most saturated colour) as one curved band on the foot's outer side.
 */
import type { Box } from '../garment/garment';
import { canvasBox } from './common';
import type { Layer } from '../core/raster';
import type { Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';

type Rgb = [number, number, number];

/** The toe box's half width: this share of the width the shoe is given (the foot's, at most its shin's allowance). */
const BALL_HALF = 0.43;
/** The collar round the ankle: at least this share of the ball's half width, at most `collarMax` (its shin). */
const COLLAR_MIN = 0.6;
/** The rounded toe: the lower outline a superellipse of this exponent, up to this share of the height. */
const TOE_ROUND = 3;
/** ...on a foot on its toes: an ellipse (the tip on the floor, no square toe box). */
const TOE_ROUND_POINTE = 2;
const TOE_TOP = 0.42;
/** The sole band: this share of the height (the product's own share where it has a sole of its own colour, within). */
const SOLE_MIN = 0.1;
const SOLE_MAX = 0.2;
/** The tongue: its half width, a share of the ball's; it starts at this share of the height (above the toe box). */
const TONGUE_HALF = 0.34;
const TONGUE_FROM = 0.44;
/** A colour at least this saturated (max - min of its channels) on this share of the shoe's pixels is its stripe. */
const ACCENT_CHROMA = 70;
const ACCENT_SHARE = 0.01;
/** The shoe's lean: this share of the one given (the shin's). */
const SOLE_LEAN = 0.4;
/** The upper's colour: this quantile of its pixels (a mesh's shadows and seams are not its colour). */
const UPPER_AT = 0.7;

/** Where and how large the front is drawn (as `drawFront` in shoes.ts takes it). */
export interface FrontAt {
  sole: Point;
  across: Point;
  up: Point;
  width: number;
  height: number;
  outer: number;
  /** On its toes (shoe-pointe.ts): along the foot (`up` the foot's own axis), its toe round at the tip. */
  pointe?: boolean;
  /** A standing pump on a foot turned aside: its toe's shift that way, a signed share of the front's width (`toeAside`). */
  toe?: number;
}

/** The product's colours: its upper, its sole and its stripe (null: none saturated enough). */
export interface TrainerPalette {
  upper: Rgb;
  sole: Rgb;
  accent: Rgb | null;
}

const lum = (c: Rgb): number => 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
const chroma = (c: Rgb): number => Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]);

function median(list: Rgb[], at = 0.5): Rgb | null {
  if (!list.length) return null;
  const ch = (k: number) => list.map((c) => c[k] ?? 0).sort((a, b) => a - b)[Math.floor((list.length - 1) * at)] ?? 0;
  return [ch(0), ch(1), ch(2)];
}

/**
 * The side view's colours: per column (every few), the sole the lowest rows (SOLE share of its height), the upper
 * its middle rows (not saturated: the stripe is not the upper), the stripe its saturated pixels where they are
 * ACCENT_SHARE of the shoe. A sole too close to the upper in lightness is drawn a step darker (a light upper) or
 * lighter (a dark one), so that it reads as a band.
 */
export function trainerPalette(image: RgbaImage, alpha: GrayImage, b: Box): TrainerPalette {
  const W = alpha.width;
  const x0 = Math.max(0, Math.round(b.x));
  const x1 = Math.min(W, Math.round(b.x + b.w));
  const y0 = Math.max(0, Math.round(b.y));
  const y1 = Math.min(alpha.height, Math.round(b.y + b.h));
  const step = Math.max(1, Math.round((x1 - x0) / 48));
  const soles: Rgb[] = [];
  const uppers: Rgb[] = [];
  const accents: Rgb[] = [];
  let all = 0;
  const px = (x: number, y: number): Rgb => {
    const o = (y * W + x) * 4;
    return [image.data[o] ?? 0, image.data[o + 1] ?? 0, image.data[o + 2] ?? 0];
  };
  for (let x = x0 + Math.round((x1 - x0) * 0.1); x < x1 - (x1 - x0) * 0.1; x += step) {
    let top = -1;
    let bot = -1;
    for (let y = y0; y < y1; y++) {
      if ((alpha.data[y * W + x] ?? 0) < 128) continue;
      if (top < 0) top = y;
      bot = y;
    }
    if (top < 0) continue;
    const h = bot - top + 1;
    for (let y = top; y <= bot; y += Math.max(1, Math.round(h / 24))) {
      if ((alpha.data[y * W + x] ?? 0) < 128) continue;
      const c = px(x, y);
      all++;
      if (chroma(c) >= ACCENT_CHROMA) accents.push(c);
      else if (y > bot - Math.max(1, h * 0.1)) soles.push(c);
      else if (y > top + h * 0.25 && y < bot - h * 0.3) uppers.push(c);
    }
  }
  const upper = median(uppers, UPPER_AT) ?? median(soles) ?? [200, 200, 200];
  let sole = median(soles) ?? upper;
  if (Math.abs(lum(sole) - lum(upper)) < 25) {
    sole = lum(upper) > 128 ? [upper[0] * 0.84, upper[1] * 0.84, upper[2] * 0.84] : mix(upper, [235, 235, 230], 0.6);
  }
  const accent = accents.length >= all * ACCENT_SHARE && accents.length >= 3 ? median(accents) : null;
  return { upper, sole, accent };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
/** `f` sampled at `n` points over [lo, hi], looked up (clamped) at the nearest. */
function table(lo: number, hi: number, n: number, f: (x: number) => number): (x: number) => number {
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = f(lo + ((hi - lo) * i) / (n - 1));
  const k = (n - 1) / (hi - lo || 1);
  return (x) => t[Math.max(0, Math.min(n - 1, Math.round((x - lo) * k)))] ?? 0;
}
const smooth = (e0: number, e1: number, x: number): number => {
  const s = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return s * s * (3 - 2 * s);
};

/**
 * Draw a trainer seen from the front into `layer` (straight colour and coverage), its sole at `at.sole`, `at.width`
 * across and `at.height` up (along `at.across` / `at.up`), the stripe on the `at.outer` side; the collar at most
 * `collarMax` pixels either side of the middle (its own shin).
 */
export function drawTrainerFront(
  layer: Layer,
  palette: TrainerPalette,
  tint: [number, number, number],
  at: FrontAt,
  collarMax: number,
): void {
  const { sole, width: Wd, height: Hd, outer } = at;
  // the sole stands on the floor: the shoe leans SOLE_LEAN of the shin's lean (a trainer below the ankle is short)
  // (on its toes: along the foot)
  const lean = Math.atan2(at.up.x, -at.up.y) * (at.pointe ? 1 : SOLE_LEAN);
  const toeRound = at.pointe ? TOE_ROUND_POINTE : TOE_ROUND;
  const up = { x: Math.sin(lean), y: -Math.cos(lean) };
  const across = { x: -up.y, y: up.x };
  if (Wd < 2 || Hd < 2) return;
  const ball = BALL_HALF * Wd;
  const collar = Math.max(ball * COLLAR_MIN, Math.min(ball * 0.74, collarMax * 0.86));
  const toeTop = TOE_TOP * Hd;
  const soleH = Math.max(1.5, Hd * Math.max(SOLE_MIN, Math.min(SOLE_MAX, 0.14)));
  // the lower outline: a superellipse (a rounded toe seen from above and in front: its tip lowest)
  // (tables: a shoe's few thousand pixels each look its curves up, not pow/exp/cos per pixel)
  const bottomAt = table(
    0,
    ball,
    256,
    (ax) => toeTop - toeTop * Math.pow(Math.max(0, 1 - Math.min(1, ax / ball) ** toeRound), 1 / toeRound),
  );
  // the half width at a height: the ball's low on the toe box, then narrowing to the collar
  const halfAt = table(0, Hd, 256, (y) => ball + (collar - ball) * smooth(toeTop * 0.6, Hd * 0.92, y));
  const round = table(0, 1, 256, (t) => Math.cos((Math.PI / 2) * t ** 1.5));
  const soleRound = table(0, 1, 256, (t) => Math.cos((Math.PI / 2) * t));
  const bell = table(0, 3, 256, (z) => Math.exp(-z * z));
  // the top edge: the tongue in the middle highest, the collar lower at the sides
  const topAt = (ax: number, hw: number): number => Hd * (1 - 0.22 * Math.min(1, ax / hw) ** 2);
  const tongue = TONGUE_HALF * ball;
  const laceCol = mix(palette.upper, [40, 40, 45], 0.2);
  const seam = mix(palette.upper, [30, 30, 35], 0.3);
  const { X0, X1, Y0, Y1 } = canvasBox(sole, across, up, Wd, Hd, layer, 1);
  const laces = 5;
  const laceW = Math.max(0.8, Hd * 0.022);
  const stripeW = Math.max(1.2, Wd * 0.075);
  for (let py = Y0; py <= Y1; py++) {
    for (let px = X0; px <= X1; px++) {
      const dx = px - sole.x;
      const dy = py - sole.y;
      const X = dx * across.x + dy * across.y;
      const Y = dx * up.x + dy * up.y;
      const ax = Math.abs(X);
      const hw = halfAt(Math.max(0, Y));
      const bottom = bottomAt(ax);
      const top = topAt(ax, hw);
      // coverage: inside the sides, above the rounded bottom, below the top (soft by half a pixel)
      const cov = Math.min(
        Math.max(0, Math.min(1, hw - ax + 0.5)),
        Math.max(0, Math.min(1, Y - bottom + 0.5)),
        Math.max(0, Math.min(1, top - Y + 0.5)),
      );
      if (cov <= 0) continue;
      const t = Math.min(1, ax / hw);
      // round across (a cylinder lit from the front), a little darker up towards the collar
      let shade = 0.8 + 0.2 * round(t);
      let col: Rgb;
      const aboveSole = Y - bottom;
      if (aboveSole < soleH) {
        col = palette.sole;
        shade = 0.86 + 0.14 * soleRound(t);
        // the welt: a dark line where the upper meets the sole
        if (soleH - aboveSole < 1) shade *= 0.72;
      } else {
        col = palette.upper;
        // the toe box's highlight, the upper darker up to the collar
        const hl = bell(ax / (ball * 0.45)) * bell(Math.abs(Y - soleH - toeTop * 0.45) / (toeTop * 0.5));
        shade *= 1 + 0.08 * hl - 0.1 * smooth(toeTop, Hd, Y);
        // the toe cap's seam: an arc over the toe box
        const capY = bottom * 0.55 + soleH + toeTop * 0.55;
        if (ax < ball * 0.85 && Math.abs(Y - capY) < 0.6) col = seam;
        // the tongue and its laces, above the toe box
        if (Y > TONGUE_FROM * Hd) {
          if (ax < tongue) {
            shade *= 1.02;
            const k = ((Y - TONGUE_FROM * Hd) / (Hd * (0.93 - TONGUE_FROM))) * laces;
            const f = k - Math.floor(k);
            // each lace a slight V across the tongue
            const yl = (f - 0.5) * ((Hd * (0.93 - TONGUE_FROM)) / laces) + (ax / tongue) * laceW * 0.8;
            if (k < laces && Math.abs(yl) < laceW * 0.5 + 0.3) col = laceCol;
          } else if (ax < tongue + 1) shade *= 0.9;
        }
        // the stripe: one curved band on the outer side, from low on the toe box up towards the laces
        if (palette.accent && X * outer > 0) {
          const s = (Y - soleH - toeTop * 0.25) / (Hd * 0.78 - soleH - toeTop * 0.25);
          if (s >= 0 && s <= 1) {
            const c = hw * (0.84 - 0.5 * s ** 1.5);
            const wS = stripeW * (0.45 + 0.55 * Math.sin(Math.PI * Math.min(1, s * 1.1)));
            const d = Math.abs(ax - c) - wS / 2;
            if (d < 0.5) col = mix(col, palette.accent, Math.min(1, 0.5 - d));
          }
        }
      }
      const o = (py * layer.width + px) * 4;
      for (let c = 0; c < 3; c++) layer.data[o + c] = Math.min(255, (col[c] ?? 0) * shade * (tint[c] ?? 0));
      layer.data[o + 3] = cov * 255;
      if (px < layer.x0) layer.x0 = px;
      if (px > layer.x1) layer.x1 = px;
      if (py < layer.y0) layer.y0 = py;
      if (py > layer.y1) layer.y1 = py;
    }
  }
}
