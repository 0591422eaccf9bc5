/**
 * A rear foot whose ankle keypoint the pose put on the front shin (a foot on a higher step behind the front leg):
 * the mask's run there is both legs, so the rear leg is told from the front shin by colour, the part of the run
 * beside the front shin's skin.
 */
import type { Body } from '../perception/body';
import type { Box } from '../garment/garment';
import type { Point } from '../core/tps';
import type { RgbaImage } from '../core/types';
import { maskRunAt } from './common';

/** The farther ankle lies within this many of the front shin's widths of its axis: the keypoint is on that shin. */
const ON_SHIN = 0.5;
/** A pixel within this chromaticity distance (r and g shares) of the shin's colour, at 0.45-1.6 of its brightness, is its skin. */
const SKIN_CHROMA = 0.06;
const SKIN_DARK = 0.45;
const SKIN_LIGHT = 1.6;
/** The rear leg: at least this share of the front shin's own width beside it, not skin, on most rows. */
const REAR_MIN = 0.35;
/** ...on at least this share of the rows looked at. */
const REAR_ROWS = 0.6;
/** The rear foot's box is this many times the strip's width tall, up from its sole (its ankle at its top). */
const REAR_FOOT_H = 2.5;
/** ...and its sole this many strip widths below the strip's last row (the rows where it meets the front foot). */
const REAR_SOLE_DROP = 0.3;
/** The rear foot ends where its strip beside the shin grows past this many times its median width (the front foot). */
const REAR_GROW = 1.6;

export interface RearFoot {
  /** Which leg is the farther one (0: legL). */
  far: 0 | 1;
  /** Its ankle, moved to the strip beside the front shin, and its foot's box (the strip's lower part). */
  ankle: Point;
  box: Box;
  /** The strip's width (the rear leg's visible width) and the front shin's own width (its skin). */
  width: number;
  shinW: number;
  /** Per row from `y0`: the front shin's skin edge on the rear leg's side (the rear shoe shows past it only; below
   * its last row, that row's). */
  y0: number;
  edge: Float64Array;
  side: 1 | -1;
}

/**
 * The farther foot's ankle keypoint on the nearer shin (within ON_SHIN of its axis, the ankles FAR_STEP apart up
 * the picture): row by row from above that keypoint down to the nearer ankle, the run of the mask round the front
 * shin is split into the shin's own skin (its colour, `shinColour`) and what lies beside it on one side, not skin
 * (the rear leg behind it, its old shoe). When that strip is there on REAR_ROWS of the rows, at least REAR_MIN of
 * the shin's width: the rear ankle at the strip, its foot the strip's lower part down to where it widens into the
 * front foot (REAR_GROW). Null otherwise.
 */
export function rearBesideShin(
  body: Body,
  person: RgbaImage | null,
  skin: [number, number, number] | null,
  step: number,
): RearFoot | null {
  if (!person || !skin) return null;
  const { width: W, legL, legR } = body;
  const far: 0 | 1 = legL.end.y < legR.end.y ? 0 : 1;
  const farLeg = far ? legR : legL;
  const near = far ? legL : legR;
  if (near.end.y - farLeg.end.y <= near.widthEnd * step) return null;
  const axisX = (y: number): number => {
    const dy = near.end.y - near.mid.y;
    return dy > 1 ? near.end.x + ((near.mid.x - near.end.x) * (near.end.y - y)) / dy : near.end.x;
  };
  if (Math.abs(farLeg.end.x - axisX(farLeg.end.y)) > near.widthEnd * ON_SHIN) return null;
  const ss = skin[0] + skin[1] + skin[2] + 1;
  const isSkin = (x: number, y: number): boolean => {
    const o = (y * W + x) * 4;
    const r = person.data[o] ?? 0;
    const g = person.data[o + 1] ?? 0;
    const b = person.data[o + 2] ?? 0;
    const sum = r + g + b + 1;
    const lum = sum / ss;
    const dc = Math.abs(r / sum - skin[0] / ss) + Math.abs(g / sum - skin[1] / ss);
    return dc < SKIN_CHROMA && lum > SKIN_DARK && lum < SKIN_LIGHT;
  };
  // each row: the run round the shin, the skin's extent in it (from the skin pixel nearest the axis outwards)
  const y0 = Math.round(farLeg.end.y - near.widthEnd * 0.5);
  const y1 = Math.round(near.end.y - near.widthEnd * 0.3);
  const rows: { y: number; a: number; b: number; sa: number; sb: number }[] = [];
  for (let y = y0; y < y1; y++) {
    const cx = Math.round(axisX(y));
    const run = maskRunAt(body, y, cx);
    if (!run) continue;
    let seed = -1;
    for (let d = 0; d < near.widthEnd && seed < 0; d++) {
      if (cx - d >= run[0] && isSkin(cx - d, y)) seed = cx - d;
      else if (cx + d <= run[1] && isSkin(cx + d, y)) seed = cx + d;
    }
    if (seed < 0) continue;
    // (a pixel or two of another colour inside the skin, a crease or a highlight, does not end it)
    const grow = (x: number, dir: number, lim: number): number => {
      let last = x;
      for (let p = x; dir > 0 ? p <= lim : p >= lim; p += dir) {
        if (isSkin(p, y)) last = p;
        else if (Math.abs(p - last) > 2) break;
      }
      return last;
    };
    rows.push({ y, a: run[0], b: run[1], sa: grow(seed, -1, run[0]), sb: grow(seed, 1, run[1]) });
  }
  if (rows.length < near.widthEnd * 0.5) return null;
  const med = (v: number[]): number => v.sort((p, q) => p - q)[v.length >> 1] ?? 0;
  const shinW = med(rows.map((r) => r.sb - r.sa + 1));
  const left = rows.map((r) => r.sa - r.a);
  const right = rows.map((r) => r.b - r.sb);
  const side: 1 | -1 = med([...right]) > med([...left]) ? 1 : -1;
  const strip = side > 0 ? right : left;
  const seen = strip.filter((w) => w >= shinW * REAR_MIN).length;
  if (seen < rows.length * REAR_ROWS) return null;
  const width = med([...strip]);
  // its foot: the lowest rows of the strip, down to where it widens into the front foot
  let sole = -1;
  let top = -1;
  for (let i = 0; i < rows.length; i++) {
    const w = strip[i] ?? 0;
    if (w > width * REAR_GROW) break;
    if (w >= shinW * REAR_MIN) {
      sole = rows[i]?.y ?? sole;
      if (top < 0) top = sole;
    }
  }
  if (sole < 0 || sole - top < width) return null;
  const edge = new Float64Array(rows.length ? (rows[rows.length - 1]?.y ?? y0) - y0 + 1 : 0).fill(NaN);
  for (const r of rows) edge[r.y - y0] = side > 0 ? r.sb + 1 : r.sa - 1;
  const at = (r: (typeof rows)[number]): number => (side > 0 ? (r.sb + r.b) / 2 : (r.sa + r.a) / 2);
  const low = rows.filter((r) => r.y <= sole && r.y > sole - width * 1.5);
  const cx = low.length ? low.reduce((s, r) => s + at(r), 0) / low.length : farLeg.end.x;
  const h = width * REAR_FOOT_H;
  const ankle = { x: cx, y: sole - h };
  // (its sole a little below the last row told apart: where the strip meets the front foot is its shoe's sole too)
  const box: Box = { x: cx - width * 0.75, y: sole - h, w: width * 1.5, h: h + 1 + width * REAR_SOLE_DROP };
  return { far, ankle, box, width, shinW, y0, edge, side };
}
