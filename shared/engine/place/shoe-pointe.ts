import type { Body } from '../perception/body';
import type { Point } from '../core/tps';
import type { Box } from '../garment/garment';

/** The mask's solid pixels (the foot itself, not the soft fringe a floor of the skin's hue leaves round the legs). */
const POINTE_SOLID = 200;
/** A foot on pointe (or on a steep heel) seen from the front: from its ankle down to its tip at least this many of its own widths tall... */
export const POINTE_TALL = 1.8;
/** ...and its last rows (POINTE_TIP_ROWS of its height) at most this share of its width: it ends in a tip on the floor, not a toe box. */
export const POINTE_TIP = 0.5;
const POINTE_TIP_ROWS = 0.08;
/** Its width: the median of its rows between these shares of its height (below the ankle's ribbons, above the tip). */
const POINTE_REF: [number, number] = [0.2, 0.6];
/** Rows the run may go missing on (a seam, a shadow) before the foot is taken to end. */
const POINTE_GAP = 3;
/** Looked for at most this many shin widths below the ankle. */
const POINTE_REACH = 4;

/** A foot standing on its toes, seen from the front: its tip on the floor, the centre of its ankle row, its width. */
export interface PointeFoot {
  tip: Point;
  top: Point;
  width: number;
}

/**
 * A foot seen from the front that goes on down from its ankle, as narrow as it is, and ends in a tip (POINTE_TALL,
 * POINTE_TIP): on pointe, or a steep instep on a high heel. Followed down the mask's solid run from the ankle row
 * (its centre line near `cx`), its tip in the old shoe's box; null for a foot that ends in a toe box on the floor.
 */
export function pointeFoot(body: Body, ankle: Point, cx: number, w0: number, old: Box): PointeFoot | null {
  const { mask, width: W, height: H } = body;
  const rows: [number, number, number][] = [];
  let c = cx;
  let miss = 0;
  const solid = (row: number, x: number) => x >= 0 && x < W && (mask[row + x] ?? 0) >= POINTE_SOLID;
  const end = Math.min(H, Math.round(ankle.y + w0 * POINTE_REACH));
  for (let y = Math.max(0, Math.round(ankle.y)); y < end && miss <= POINTE_GAP; y++) {
    const row = y * W;
    let seed = -1;
    for (let d = 0; d <= w0 * 0.6 && seed < 0; d++) {
      if (solid(row, Math.round(c - d))) seed = Math.round(c - d);
      else if (solid(row, Math.round(c + d))) seed = Math.round(c + d);
    }
    if (seed < 0) {
      miss++;
      continue;
    }
    miss = 0;
    let a = seed;
    let b = seed;
    while (solid(row, a - 1) && c - a < w0 * 1.5) a--;
    while (solid(row, b + 1) && b - c < w0 * 1.5) b++;
    rows.push([y, a, b]);
    c = (a + b) / 2;
  }
  if (rows.length < 8) return null;
  const y0 = rows[0]?.[0] ?? 0;
  const n = (rows[rows.length - 1]?.[0] ?? 0) - y0 + 1;
  const at = (share: number) => rows.filter(([y]) => y - y0 >= n * share);
  const mid = rows
    .filter(([y]) => y - y0 >= n * POINTE_REF[0] && y - y0 < n * POINTE_REF[1])
    .map(([, a, b]) => b - a + 1);
  mid.sort((p, q) => p - q);
  const width = mid[mid.length >> 1] ?? 0;
  if (!(width > 0) || n < width * POINTE_TALL) return null;
  const last = at(1 - POINTE_TIP_ROWS);
  if (!last.length) return null;
  const tipW = last.reduce((s, [, a, b]) => s + b - a + 1, 0) / last.length;
  if (tipW > width * POINTE_TIP) return null;
  const tipX = last.reduce((s, [, a, b]) => s + (a + b) / 2, 0) / last.length;
  // (its tip in the old shoe's box: the old shoe's own toe)
  if (tipX < old.x || tipX > old.x + old.w || y0 + n < old.y + old.h * 0.5) return null;
  const head = rows.filter(([y]) => y - y0 < n * POINTE_REF[0]);
  const topX = head.reduce((s, [, a, b]) => s + (a + b) / 2, 0) / Math.max(1, head.length);
  return { tip: { x: tipX, y: y0 + n }, top: { x: topX, y: y0 }, width };
}
