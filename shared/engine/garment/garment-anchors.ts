/**
 * Garment anchors read from the outline of its alpha: for upper garments the neck, shoulders, armpits, hem
 * corners, the torso's edges at each height and each sleeve's seam and cuff; for bottoms the waistband, the
 * crotch and the leg hems (or a skirt's hem); for shoes each shoe's box. A part label per pixel says which piece
 * (torso, a sleeve, a leg) each garment pixel belongs to, so each piece is warped on its own.
 */
import { garmentBlobs, rowRuns, type Box } from './garment';
import type { Point } from '../core/tps';
import type { GrayImage } from '../core/types';

export const PART_TORSO = 1;
export const PART_LEFT = 2; // the image-left sleeve or leg
export const PART_RIGHT = 3;
/** A hood: drawn on its own, behind the head and the neck. */
export const PART_HOOD = 4;

/** A hood is at most this share of the shoulders' width (a hoodie's: about 0.6). */
const HOOD_MAX_WIDTH = 0.75;

export interface Sleeve {
  /** Seam at the body: the shoulder point (outer edge) and the armpit (inner edge). */
  seamOuter: Point;
  seamInner: Point;
  cuffOuter: Point;
  cuffInner: Point;
}

export interface UpperLayout {
  kind: 'upper';
  top: number;
  hem: number;
  centerX: number;
  neck: Point;
  shoulderL: Point;
  shoulderR: Point;
  /**
   * A sleeved top's outline's height (mean) and span at the armpits' columns, where its shoulder points were read
   * before they moved in to the corner (`shoulderCorner`): its armpit drop and its width for the scale are read
   * from them (from the corner its armpits dropped 40 px on ai-body and the garment grew 13%).
   */
  pitTopY?: number;
  pitTopW?: number;
  armpitL: Point;
  armpitR: Point;
  /** Torso edges per row from `top` to `hem` (image-left x, image-right x). */
  edgeL: Float32Array;
  edgeR: Float32Array;
  sleeveL: Sleeve | null;
  sleeveR: Sleeve | null;
  /** No sleeves: straps (or a strapless top edge); `shoulderL/R` are then the straps' outer top corners. */
  sleeveless: boolean;
  /** A hood above the neckline (its pixels labelled PART_HOOD), else null. */
  hood: Box | null;
  /** Where the garment's length is measured from: its top (the hood left out). */
  lengthTop: number;
  labels: Uint8Array;
}

export interface LowerLayout {
  kind: 'lower';
  top: number;
  hem: number;
  centerX: number;
  /** null for a skirt. */
  crotch: Point | null;
  edgeL: Float32Array;
  edgeR: Float32Array;
  /** Legs: outer and inner edges per row from the crotch to the hem (trousers only). */
  legs: { outer: Float32Array; inner: Float32Array } | null;
  labels: Uint8Array;
}

export interface ShoesLayout {
  kind: 'shoes';
  shoes: Box[];
}

export type GarmentLayout = UpperLayout | LowerLayout | ShoesLayout;

function alphaBox(alpha: GrayImage): Box {
  const { width: w, height: h, data } = alpha;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((data[y * w + x] ?? 0) < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * The body's run of row y around the garment's centre x: the run containing x; where x falls in a gap open to the
 * top (a neckline's scoop or a V between the fronts, the slit between trouser legs), the runs either side of it
 * joined.
 */
function bodyRun(alpha: GrayImage, y: number, x: number): [number, number] | null {
  const runs = rowRuns(alpha, y, 2);
  for (let k = 0; k + 1 < runs.length; k++) {
    if (runs[k]![1] < x && runs[k + 1]![0] > x) return [runs[k]![0], runs[k + 1]![1]];
  }
  return runAt(alpha, y, x);
}

/**
 * Rows between an armpit and a cuff lying against the body (found by `findArmpit`): where the edge is more than
 * half a `jump` outside the body's side, the sleeve lies on the body. The body's side: the straight line from the
 * slit's lowest open row to the row below the cuff, or without a slit the body's edge below the cuff carried up
 * straight (its slope over the next tenth of the height).
 */
function bodySide(
  edge: Float32Array,
  a: { y: number; cuff: number | null; slit: boolean },
  sign: number,
  jump: number,
): void {
  if (a.cuff === null) return;
  const H = edge.length;
  const below = Math.min(H - 1, a.cuff + 2);
  let line: (i: number) => number;
  if (a.slit) {
    // the slit's lowest row: going down from the armpit, the last row before the edge steps out again
    let open = a.y + 2;
    while (open + 1 < a.cuff && ((edge[open + 1] ?? 0) - (edge[open] ?? 0)) * sign < jump) open++;
    const x0 = edge[Math.min(open, H - 1)] ?? 0;
    const x1 = edge[below] ?? 0;
    line = (i) => (open >= below ? x1 : x0 + ((x1 - x0) * Math.max(0, i - open)) / (below - open));
  } else {
    const far = Math.min(H - 1, below + Math.round(H * 0.1));
    const slope = far > below ? ((edge[far] ?? 0) - (edge[below] ?? 0)) / (far - below) : 0;
    line = (i) => (edge[below] ?? 0) + slope * 0.5 * (i - below);
  }
  for (let i = a.y; i < below; i++) {
    const x = line(i);
    if (((edge[i] ?? 0) - x) * sign > jump * 0.5) edge[i] = x;
  }
}

/** The run of row y containing x (or the nearest run). */
function runAt(alpha: GrayImage, y: number, x: number): [number, number] | null {
  const runs = rowRuns(alpha, y, 2);
  if (!runs.length) return null;
  let best = runs[0]!;
  let bestD = Infinity;
  for (const r of runs) {
    const d = x < r[0] ? r[0] - x : x > r[1] ? x - r[1] : 0;
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best;
}

/** A piece of a sleeve's label under this share of its largest piece is a stray (relabelled torso). */
const SLEEVE_STRAY = 0.05;
/**
 * ...and so is any piece but the largest whose top row lies further below its side's armpit than this many times
 * the seam's height (shoulder to armpit): a sleeve hangs from its seam; a turned photo's hem row broken into pieces
 * by the resampling (a row as wide as the skirt, more than SLEEVE_STRAY of a short sleeve) was read as a sleeve
 * whose cuff lay at the hem (midi-dots turned: drawn sleeveless).
 */
const SLEEVE_STRAY_BELOW = 1;

/**
 * Relabel as torso the pieces (8-connected) of each sleeve's label smaller than `SLEEVE_STRAY` of that sleeve's
 * largest, or (not the largest) starting more than SLEEVE_STRAY_BELOW seams' heights below their armpit (`seams`:
 * per side, the shoulder's and the armpit's rows), and take their opaque pixels out of the sleeve's pixel sums
 * (`sums[0]`: PART_LEFT, `sums[1]`: PART_RIGHT).
 */
function torsoStrays(
  labels: Uint8Array,
  alpha: GrayImage,
  box: Box,
  sums: { n: number; x: number; y: number }[],
  seams: readonly (readonly [number, number])[],
): void {
  const { width: w } = alpha;
  const bw = box.w;
  const bh = box.h;
  const comp = new Int32Array(bw * bh);
  const stack = new Int32Array(bw * bh);
  const sizes: number[] = [0];
  const parts: number[] = [0];
  // each piece's top row (the scan goes down the rows: the row it is found on)
  const tops: number[] = [0];
  for (let j = 0; j < bh; j++) {
    for (let i = 0; i < bw; i++) {
      const q = j * bw + i;
      const part = labels[(box.y + j) * w + box.x + i] ?? 0;
      if (comp[q] || (part !== PART_LEFT && part !== PART_RIGHT)) continue;
      const id = sizes.length;
      tops.push(box.y + j);
      let size = 0;
      let top = 0;
      stack[top++] = q;
      comp[q] = id;
      while (top) {
        const c = stack[--top] ?? 0;
        size++;
        const ci = c % bw;
        const cj = (c - ci) / bw;
        for (let dj = -1; dj <= 1; dj++) {
          const nj = cj + dj;
          if (nj < 0 || nj >= bh) continue;
          for (let di = -1; di <= 1; di++) {
            const ni = ci + di;
            if (ni < 0 || ni >= bw) continue;
            const n = nj * bw + ni;
            if (comp[n] || labels[(box.y + nj) * w + box.x + ni] !== part) continue;
            comp[n] = id;
            stack[top++] = n;
          }
        }
      }
      sizes.push(size);
      parts.push(part);
    }
  }
  const largest = [0, 0];
  const largestId = [0, 0];
  for (let k = 1; k < sizes.length; k++) {
    const side = parts[k] === PART_LEFT ? 0 : 1;
    if ((sizes[k] ?? 0) > (largest[side] ?? 0)) {
      largest[side] = sizes[k] ?? 0;
      largestId[side] = k;
    }
  }
  const below = (k: number, side: 0 | 1) => {
    const [shoulderY, armpitY] = seams[side] ?? [0, 0];
    return k !== largestId[side] && (tops[k] ?? 0) > armpitY + Math.max(1, armpitY - shoulderY) * SLEEVE_STRAY_BELOW;
  };
  // one piece a side: nothing stray
  if (sizes.length - 1 <= (largest[0] ? 1 : 0) + (largest[1] ? 1 : 0)) return;
  for (let q = 0; q < bw * bh; q++) {
    const k = comp[q] ?? 0;
    if (!k) continue;
    const side = parts[k] === PART_LEFT ? 0 : 1;
    if ((sizes[k] ?? 0) >= (largest[side] ?? 0) * SLEEVE_STRAY && !below(k, side)) continue;
    const x = box.x + (q % bw);
    const y = box.y + Math.floor(q / bw);
    const p = y * w + x;
    labels[p] = PART_TORSO;
    if ((alpha.data[p] ?? 0) >= 128) {
      const sum = sums[side]!;
      sum.n--;
      sum.x -= x;
      sum.y -= y;
    }
  }
}

function firstAlphaInColumn(alpha: GrayImage, x: number, from: number, to: number): number {
  const xi = Math.max(0, Math.min(alpha.width - 1, Math.round(x)));
  for (let y = from; y <= to; y++) if ((alpha.data[y * alpha.width + xi] ?? 0) >= 128) return y;
  return from;
}

/**
 * Above an armpit, the top outline rising inwards faster than this (px a px) is a sleeve's outer edge, not the
 * shoulder's line (a flat lay's sleeves hanging down beside the body: a coat's, a shirt's, a blazer's).
 */
export const SLEEVE_EDGE_RISE = 1.5;
/** ... followed inwards for at most this share of the body's width. */
const SLEEVE_EDGE_WALK = 0.15;
/**
 * ... and read over this many columns where one column rises less: an enlarged small photo's edge is a staircase
 * (the Breton top's 200 px photo rose 1 px over a column, then 7 over the next), and the walk stopped 18 px down
 * the sleeve's edge, the sleeve's top cut off the body piece and its stripes drawn across the upper arm in streaks.
 */
const SLEEVE_EDGE_SPAN = 4;

/**
 * A sleeved coat's, jacket's or dress's shoulder point: on the top outline at `sx` (just inside the armpit), or,
 * where that column's top is a hanging sleeve's steep outer edge, in along the outline to the corner where it meets
 * the shoulder's line. At the armpit's column a coat's and a blazer's seam top was read 20-47 px down that edge: the
 * outline above it (the sleeve's cap) was the body piece's, a square corner standing above the sleeve drawn from
 * below it (coat-camel on ai-body), and the sleeve's seam a slant across its cap.
 */
function shoulderCorner(alpha: GrayImage, sx: number, sign: -1 | 1, top: number, hem: number, bodyW: number): Point {
  let x = Math.round(sx);
  let y = firstAlphaInColumn(alpha, x, top, hem);
  const most = Math.round(bodyW * SLEEVE_EDGE_WALK);
  for (let k = 0; k < most; k++) {
    const nx = x - sign;
    const ny = firstAlphaInColumn(alpha, nx, top, hem);
    if (
      y - ny < SLEEVE_EDGE_RISE &&
      y - firstAlphaInColumn(alpha, x - sign * SLEEVE_EDGE_SPAN, top, hem) < SLEEVE_EDGE_RISE * SLEEVE_EDGE_SPAN
    )
      break;
    x = nx;
    y = ny;
  }
  return x === Math.round(sx) ? { x: sx, y } : { x, y };
}

/**
 * `top` (a top, not outerwear or a one-piece): a hood is narrower than the shoulders (a shirt's collar and yoke
 * rising to a high back neck span them).
 */
export function upperLayout(alpha: GrayImage, top = false): UpperLayout {
  const layout = layoutOf(alpha, true, top);
  // corners without sleeves beside them (a ghost mannequin's inside neck, a bodice's seam): sleeveless
  return layout.sleeved && layout.sleevePixels < layout.area * SLEEVE_MIN
    ? layoutOf(alpha, false, top).layout
    : layout.layout;
}

/** A sleeve is at least this share of the garment's pixels (each side), else its corner is no armpit. */
const SLEEVE_MIN = 0.01;

/** A strap's rounded top corners run out over at most this share of the garment's height from its top row. */
export const STRAP_CORNER = 0.06;

/**
 * The first row (from the garment's top) below its straps' own rounded top corners: where the outer extent stops
 * running out faster than 0.25 px a row, at most `STRAP_CORNER` of the height down. The corners' rounding (a
 * photo on transparency, turned or on a ghost mannequin draws them softer and taller: 4-5 rows of a 146-row bodice
 * against 3) was read as the armhole's curve running out, then the strap's straight side as the side seam: the
 * armpit at the straps' tops, the bodice drawn with no straps (a halter) and its scoop at the bust (refused
 * `bare_torso`: jumpsuit-rust on transparency, rotated).
 */
function strapTopEnd(extent: (i: number, sign: number) => number, sign: number, H: number, step: number): number {
  let i = Math.round(H * 0.02);
  while (i < Math.round(H * STRAP_CORNER) && (extent(i + step, sign) - extent(i, sign)) / step > 0.25) i++;
  return i;
}

/**
 * A sleeveless garment's outer extent on its upper rows (0..n), with lobes cut off: going up, a row standing out
 * more than `jump` past the row below it starts a lobe (a hanger's ends left beside the straps' tops by the photo's
 * cleaning, a bow), whose rows are held to that row's extent until the outline comes back inside it. A garment's
 * own side never steps out going up (its armhole runs in, its straps stand inside). The lobe's run out and back was
 * read as the armhole's curve: the armpits at the straps' tops (jumpsuit-rust on a hanger: refused `bare_torso`).
 */
function sideExtent(
  extent: (i: number, sign: number) => number,
  sign: number,
  n: number,
  jump: number,
): (i: number, sign: number) => number {
  const e = new Float64Array(n + 1);
  e[n] = extent(n, sign);
  let cap = Infinity;
  for (let i = n - 1; i >= 0; i--) {
    const v = extent(i, sign);
    if (cap === Infinity && v > (e[i + 1] ?? 0) + jump) cap = e[i + 1] ?? 0;
    else if (v <= cap) cap = Infinity;
    e[i] = Math.min(v, cap);
  }
  return (i: number, s: number) => (s === sign && i >= 0 && i <= n ? (e[i] ?? 0) : extent(i, s));
}

/**
 * `layoutOf`'s labels: torso between the edges (`edgeL`/`edgeR`, per row of the box), sleeves outside on their side
 * of `centerX`, the hood's box; pixels of alpha under 24 unlabelled. Adds each sleeve's opaque pixels (alpha 128 and
 * up) to `sums` (0: left, 1: right). (A top-level function so that the per-pixel loop is optimised from a render's
 * start; inside `layoutOf` it ran interpreted until an on-stack replacement, every render.)
 */
function labelParts(
  labels: Uint8Array,
  alpha: GrayImage,
  box: Box,
  hood: Box | null,
  sleeved: boolean,
  edgeL: Float32Array,
  edgeR: Float32Array,
  centerX: number,
  sums: { n: number; x: number; y: number }[],
): void {
  const { width: w, data } = alpha;
  const x0 = box.x;
  const x1 = box.x + box.w;
  const top = box.y;
  const H = box.h;
  const hx0 = hood ? hood.x : 0;
  const hx1 = hood ? hood.x + hood.w : 0;
  const hy1 = hood ? hood.y + hood.h : 0;
  const sl = sums[0] ?? { n: 0, x: 0, y: 0 };
  const sr = sums[1] ?? { n: 0, x: 0, y: 0 };
  for (let i = 0; i < H; i++) {
    const y = top + i;
    const eL = (edgeL[i] ?? 0) - 1;
    const eR = (edgeR[i] ?? 0) + 1;
    const inHoodRow = hood !== null && y < hy1;
    for (let x = x0; x < x1; x++) {
      const p = y * w + x;
      const a = data[p] ?? 0;
      if (a < 24) continue;
      if (inHoodRow && x >= hx0 && x < hx1) labels[p] = PART_HOOD;
      else if (!sleeved || (x >= eL && x <= eR)) labels[p] = PART_TORSO;
      else {
        const left = x < centerX;
        labels[p] = left ? PART_LEFT : PART_RIGHT;
        if (a >= 128) {
          const s = left ? sl : sr;
          s.n++;
          s.x += x;
          s.y += y;
        }
      }
    }
  }
}

/** The furthest projection (at least 0) on the axis (dx, dy) from (mx, my) of the opaque pixels labelled `part`. */
function sleeveReach(
  labels: Uint8Array,
  alpha: GrayImage,
  box: Box,
  part: number,
  mx: number,
  my: number,
  dx: number,
  dy: number,
): number {
  const { width: w, data } = alpha;
  const x1 = box.x + box.w;
  const y1 = box.y + box.h;
  let maxProj = 0;
  for (let y = box.y; y < y1; y++) {
    for (let x = box.x; x < x1; x++) {
      if (labels[y * w + x] !== part || (data[y * w + x] ?? 0) < 128) continue;
      const pr = (x - mx) * dx + (y - my) * dy;
      if (pr > maxProj) maxProj = pr;
    }
  }
  return maxProj;
}

/**
 * Of the opaque pixels labelled `part` projecting at least `from` on the axis (dx, dy) from (mx, my), the first
 * (in scan order) with the least and with the greatest projection across the axis.
 */
function cuffExtremes(
  labels: Uint8Array,
  alpha: GrayImage,
  box: Box,
  part: number,
  mx: number,
  my: number,
  dx: number,
  dy: number,
  from: number,
): { minFound: boolean; minX: number; minY: number; maxFound: boolean; maxX: number; maxY: number } {
  const { width: w, data } = alpha;
  const x1 = box.x + box.w;
  const y1 = box.y + box.h;
  let minN = Infinity;
  let maxN = -Infinity;
  let minX = -1;
  let minY = -1;
  let maxX = -1;
  let maxY = -1;
  for (let y = box.y; y < y1; y++) {
    for (let x = box.x; x < x1; x++) {
      if (labels[y * w + x] !== part || (data[y * w + x] ?? 0) < 128) continue;
      const pr = (x - mx) * dx + (y - my) * dy;
      if (pr < from) continue;
      const nr = -(x - mx) * dy + (y - my) * dx;
      if (nr < minN) {
        minN = nr;
        minX = x;
        minY = y;
      }
      if (nr > maxN) {
        maxN = nr;
        maxX = x;
        maxY = y;
      }
    }
  }
  return { minFound: minX >= 0, minX, minY, maxFound: maxX >= 0, maxX, maxY };
}

/** Pixels of alpha 128 and up inside `box` (alphaBox's: all of them). */
function opaqueIn(alpha: GrayImage, box: Box): number {
  const { width: w, data } = alpha;
  let area = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    const row = y * w;
    for (let x = box.x; x < box.x + box.w; x++) if ((data[row + x] ?? 0) >= 128) area++;
  }
  return area;
}

function layoutOf(
  alpha: GrayImage,
  allowSleeves: boolean,
  isTop: boolean,
): { layout: UpperLayout; sleeved: boolean; sleevePixels: number; area: number } {
  const box = alphaBox(alpha);
  const top = box.y;
  const hem = box.y + box.h - 1;
  const H = box.h;
  // the centre: the middle of the bottom rows (the hem is symmetric)
  const hemRun = runAt(alpha, hem - Math.round(H * 0.03), box.x + box.w / 2)!;
  const centerX = (hemRun[0] + hemRun[1]) / 2;
  const rowsL = new Float32Array(H);
  const rowsR = new Float32Array(H);
  for (let i = 0; i < H; i++) {
    const r = bodyRun(alpha, top + i, centerX);
    rowsL[i] = r ? r[0] : centerX;
    rowsR[i] = r ? r[1] : centerX;
  }
  const bodyW = hemRun[1] - hemRun[0];
  /** The garment's outer extent on row i (all its runs), outwards positive on the side `sign`. */
  const extent = (i: number, sign: number): number => {
    const runs = rowRuns(alpha, top + Math.min(H - 1, i), 2);
    if (!runs.length) return -Infinity;
    return sign < 0 ? -runs[0]![0] : runs[runs.length - 1]![1];
  };
  // armpits: going up from the hem, the edge of the centre run turning outwards (a sleeve joins: a jump, or a
  // short sleeve's underside running out faster than 0.6 px a row over a fiftieth of the height). Where the
  // sleeves hang beside the body, that first corner is a cuff lying against the body (a coat's): above it either
  // the run leaves the sleeve again (the slit between sleeve and body, an inward step) and joins it at the armpit
  // (the next corner up: the inner corner where the sleeve meets the body), or the sleeve lies on the body up to
  // the armpit (no slit: the corner is further below the top than 0.8 of the body's width, as a cuff is, an armpit
  // half that, both below the shoulders' line). Without a corner (sleeveless), the widest row of the upper half (the bust line under the armhole)
  const jump = Math.max(3, bodyW * 0.04);
  const win = Math.max(2, Math.round(H * 0.02));
  const findArmpit = (
    edge: Float32Array,
    sign: number,
  ): { y: number; sleeve: boolean; cuff: number | null; slit: boolean } => {
    let first = -1;
    let firstBottom = -1;
    let left = false;
    let armpit = -1;
    const corner = Math.max(jump, win * 0.6);
    for (let i = Math.round(H * 0.85); allowSleeves && i > Math.round(H * 0.08); i--) {
      const w = Math.abs((edge[i] ?? 0) - (edge[Math.min(H - 1, i + 2)] ?? 0)) > jump ? 2 : win;
      const d = ((edge[i] ?? 0) - (edge[Math.min(H - 1, i + w)] ?? 0)) * sign;
      if (d > (w === 2 ? jump : corner)) {
        // the corner: up from the window's bottom to where the edge starts running out faster than 0.6 px a row
        let c = Math.min(H - 3, i + w);
        while (w > 2 && c > i + 1 && ((edge[c - 2] ?? 0) - (edge[c] ?? 0)) * sign < 1.2) c--;
        if (first < 0) {
          first = c;
          firstBottom = Math.min(H - 1, i + w);
        } else if (left && c > bodyW * 0.25) armpit = c; // (a slit's top: well below the shoulders, not a collar)
        if (armpit >= 0) break;
        // past the corner's own rows
        i -= w;
      } else if (
        first >= 0 &&
        d < -jump &&
        Math.abs((edge[i] ?? 0) - (edge[Math.min(H - 1, firstBottom + 2)] ?? 0)) < jump * 3
      ) {
        // the run left the sleeve for the body's side (near where it runs below the cuff): a slit, not the
        // neck of a hood or a collar
        left = true;
      }
    }
    /** A sleeve lying on the body up to its armpit: the armpit's drop below the shoulders' line, else null. */
    const lying = (): number | null => {
      const below = Math.min(H - 1, firstBottom + win);
      const wBelow = Math.max(1, (rowsR[below] ?? 0) - (rowsL[below] ?? 0));
      // the shoulders' line: the first row of the body's run at least 0.6 of the body's width (a hood above is
      // narrower)
      let shoulders = 0;
      while (shoulders < first && (rowsR[shoulders] ?? 0) - (rowsL[shoulders] ?? 0) < wBelow * 0.6) shoulders++;
      if (first - shoulders <= wBelow * 0.8) return null;
      return Math.max(Math.round(H * 0.08), shoulders + Math.round(wBelow * 0.45));
    };
    if (armpit >= 0) {
      // a slit opening lower than an armpit's drop (the sleeve lies on the body above it): the armpit is the drop's
      const y = lying();
      return { y: y !== null && y < armpit ? y : armpit, sleeve: true, cuff: firstBottom, slit: true };
    }
    if (first >= 0) {
      const y = lying();
      if (y !== null) return { y, sleeve: true, cuff: firstBottom, slit: false };
      return { y: first, sleeve: true, cuff: null, slit: false };
    }
    // straps, then the armhole's curve running outwards, then the side seam: the armpit is where the garment's
    // outer extent stops running outwards (steep to shallow), else the widest row of the upper third
    const step = Math.max(2, Math.round(H * 0.02));
    let steep = false;
    const side = sideExtent(extent, sign, Math.round(H * 0.5), jump);
    for (let i = strapTopEnd(side, sign, H, step); i + step < Math.round(H * 0.5); i++) {
      const out = (side(i + step, sign) - side(i, sign)) / step;
      if (out > 0.6) steep = true;
      else if (steep && out < 0.25) return { y: i, sleeve: false, cuff: null, slit: false };
    }
    // (a lobe's rows no wider than the side below it)
    const out = (i: number) => Math.min((edge[i] ?? 0) * sign, side(i, sign));
    let best = Math.round(H * 0.3);
    for (let i = Math.round(H * 0.1); i < Math.round(H * 0.33); i++) if (out(i) > out(best)) best = i;
    return { y: best, sleeve: false, cuff: null, slit: false };
  };
  const aL = findArmpit(rowsL, -1);
  const aR = findArmpit(rowsR, 1);
  const sleeved = aL.sleeve && aR.sleeve;
  // a sleeve lying against the body between the slit and its cuff: there the centre run's edge is the sleeve's
  // outer edge; the body's side runs on, straight, from the slit's last rows to the rows below the cuff
  if (sleeved) bodySide(rowsL, aL, -1, jump);
  if (sleeved) bodySide(rowsR, aR, 1, jump);
  // sleeveless: the armpit on the outer extent (the centre's run is a strap above a scoop)
  const armpitL = { x: sleeved ? (rowsL[Math.min(H - 1, aL.y + 2)] ?? 0) : -extent(aL.y + 2, -1), y: top + aL.y };
  const armpitR = { x: sleeved ? (rowsR[Math.min(H - 1, aR.y + 2)] ?? 0) : extent(aR.y + 2, 1), y: top + aR.y };
  // shoulder points: above the armpits, a little inwards, on the top outline (sleeveless: the strap tops)
  let shoulderL: Point;
  let shoulderR: Point;
  let pitTopY: number | undefined;
  let pitTopW: number | undefined;
  if (sleeved) {
    const sxL = armpitL.x + bodyW * 0.03;
    const sxR = armpitR.x - bodyW * 0.03;
    // (a top's too, its sleeve's seam then read for the person's length, `seamOfPerson` in upper.ts, its scale and
    // armpit drop from the armpits' columns, `pitTopY`: at the armpit's column a shirt's shoulder lay 71 px down the
    // sleeve, square corners above the shoulders and skin wedges between body and sleeve on cgi-model-15)
    shoulderL = shoulderCorner(alpha, sxL, -1, top, hem, bodyW);
    shoulderR = shoulderCorner(alpha, sxR, 1, top, hem, bodyW);
    if (isTop) pitTopY = (firstAlphaInColumn(alpha, sxL, top, hem) + firstAlphaInColumn(alpha, sxR, top, hem)) / 2;
    if (isTop) pitTopW = sxR - sxL;
  } else {
    const runs = rowRuns(alpha, top + Math.round(H * 0.02), 2);
    const first = runs[0] ?? [box.x, box.x];
    const last = runs[runs.length - 1] ?? [box.x + box.w, box.x + box.w];
    shoulderL = { x: first[0], y: top };
    shoulderR = { x: last[1], y: top };
  }
  // a hood: the garment's centre column starts well above the shoulders' line (more than a fifth of the chest
  // above it, a collar is lower) and is narrower than the shoulders there
  const chestW = armpitR.x - armpitL.x;
  const shoulderLine = Math.min(shoulderL.y, shoulderR.y);
  let hood: Box | null = null;
  if (sleeved && shoulderLine - top > chestW * 0.2) {
    // down from the top while the centre's run stays the hood's (it widens suddenly where the shoulders join)
    let x0 = Infinity;
    let x1 = -Infinity;
    let widest = 0;
    let narrowing = false;
    let bottom = top;
    for (let y = top; y < shoulderLine; y++) {
      const r = runAt(alpha, y, centerX);
      if (!r) break;
      const w = r[1] - r[0];
      // the hood widens, then narrows towards the neckline; the shoulders then widen past its widest
      if (w < widest * 0.97) narrowing = true;
      if (narrowing && w > widest * 1.08) break;
      if (!narrowing) widest = Math.max(widest, w);
      x0 = Math.min(x0, r[0]);
      x1 = Math.max(x1, r[1]);
      bottom = y;
    }
    // narrower than the shoulders: a shirt's collar and yoke rising to a high back neck span them (read as a hood,
    // the whole yoke was drawn behind the neck in shade: a square block up to the chin)
    const shoulders = shoulderR.x - shoulderL.x;
    if (x1 > x0 && bottom - top > chestW * 0.2 && (!isTop || x1 - x0 < shoulders * HOOD_MAX_WIDTH)) {
      hood = { x: x0, y: top, w: x1 - x0 + 1, h: bottom - top + 1 };
    }
  }
  // the neckline's middle: the top of the garment (a hood's bottom)
  const neck = { x: centerX, y: hood ? hood.y + hood.h : top };
  // torso edges per row: below the armpits the centre run; above, the seam lines shoulder -> armpit
  const edgeL = new Float32Array(H);
  const edgeR = new Float32Array(H);
  for (let i = 0; i < H; i++) {
    const y = top + i;
    const tl = Math.max(0, Math.min(1, (y - shoulderL.y) / Math.max(1, armpitL.y - shoulderL.y)));
    const tr = Math.max(0, Math.min(1, (y - shoulderR.y) / Math.max(1, armpitR.y - shoulderR.y)));
    edgeL[i] = y >= armpitL.y ? (rowsL[i] ?? 0) : shoulderL.x + (armpitL.x - shoulderL.x) * tl;
    edgeR[i] = y >= armpitR.y ? (rowsR[i] ?? 0) : shoulderR.x + (armpitR.x - shoulderR.x) * tr;
    if (!sleeved) {
      edgeL[i] = rowsL[i] ?? 0;
      edgeR[i] = rowsR[i] ?? 0;
    }
  }
  // labels: torso between the edges, sleeves outside on their side
  const { width: w } = alpha;
  const labels = new Uint8Array(w * alpha.height);
  const sums = [
    { n: 0, x: 0, y: 0 },
    { n: 0, x: 0, y: 0 },
  ];
  labelParts(labels, alpha, box, hood, sleeved, edgeL, edgeR, centerX, sums);
  // a sleeve is one piece: specks outside the centre run away from it (a turned photo's hem row, broken into
  // pieces by the resampling) are the torso's, else the far end of a sleeve (its cuff) was read at the hem
  if (sleeved)
    torsoStrays(labels, alpha, box, sums, [
      [shoulderL.y, armpitL.y],
      [shoulderR.y, armpitR.y],
    ]);
  const sleeve = (side: 0 | 1): Sleeve | null => {
    const s = sums[side]!;
    if (!sleeved || s.n < 50) return null;
    const seamOuter = side === 0 ? shoulderL : shoulderR;
    const seamInner = side === 0 ? armpitL : armpitR;
    const mid = { x: (seamOuter.x + seamInner.x) / 2, y: (seamOuter.y + seamInner.y) / 2 };
    let dx = s.x / s.n - mid.x;
    let dy = s.y / s.n - mid.y;
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    const part = side === 0 ? PART_LEFT : PART_RIGHT;
    const maxProj = sleeveReach(labels, alpha, box, part, mid.x, mid.y, dx, dy);
    // the cuff: sleeve pixels near the far end, extremes across the sleeve axis
    const seamW = Math.hypot(seamOuter.x - seamInner.x, seamOuter.y - seamInner.y);
    const cuff = cuffExtremes(labels, alpha, box, part, mid.x, mid.y, dx, dy, maxProj - Math.max(4, seamW * 0.12));
    const minP: Point = cuff.minFound ? { x: cuff.minX, y: cuff.minY } : mid;
    const maxP: Point = cuff.maxFound ? { x: cuff.maxX, y: cuff.maxY } : mid;
    const outerN = -(seamOuter.x - mid.x) * dy + (seamOuter.y - mid.y) * dx;
    return outerN < 0
      ? { seamOuter, seamInner, cuffOuter: minP, cuffInner: maxP }
      : { seamOuter, seamInner, cuffOuter: maxP, cuffInner: minP };
  };
  const layout: UpperLayout = {
    kind: 'upper',
    top,
    hem,
    centerX,
    neck,
    shoulderL,
    shoulderR,
    ...(pitTopY !== undefined ? { pitTopY, pitTopW } : {}),
    armpitL,
    armpitR,
    edgeL,
    edgeR,
    sleeveL: sleeve(0),
    sleeveR: sleeve(1),
    sleeveless: !sleeved,
    hood,
    lengthTop: hood ? neck.y : top,
    labels,
  };
  return { layout, sleeved, sleevePixels: Math.min(sums[0]!.n, sums[1]!.n), area: opaqueIn(alpha, box) };
}

/**
 * A bottom's first row of cloth: below a hanger's hook (rows far narrower than the garment) and its bar (a thin band
 * wider than the waistband it holds, its widest run narrowing by a tenth or more within `HANGER_BAR` of the height
 * below it). The hook and bar taken for the waistband gave a waist a few pixels wide (the shorts drawn
 * ankle-length) and a crotch too low in the outline for legs (drawn as a skirt).
 */
function clothTop(alpha: GrayImage, box: Box): number {
  const widest = (y: number) => rowRuns(alpha, y, 2).reduce((m, r) => Math.max(m, r[1] - r[0]), 0);
  const end = box.y + Math.round(box.h * 0.15);
  let y = box.y;
  while (y < end && widest(y) < box.w * 0.3) y++;
  if (y >= end) return box.y;
  const w0 = widest(y);
  const barEnd = Math.min(end, y + Math.round(box.h * HANGER_BAR));
  for (let j = y + 1; j <= barEnd; j++) if (widest(j) < w0 * 0.9) return j;
  return y;
}

/** The most (x the garment's height) a hanger's bar may take at the top of a bottom's photo. */
const HANGER_BAR = 0.05;
/** Rows (x the height) where the slit between two trouser legs closes in the outline, still counted as legs. */
const LEG_SLIT_BREAK = 0.03;
/** The most a trouser's crotch lies below its top, in widths of its waist (a flat lay's rise). */
const CROTCH_PER_WAIST = 1;

/**
 * A lower garment's layout. `bottom`: a bottom's own photo (not a one-piece's): a hanger's hook and bar above it
 * are not cloth (`clothTop`) and its crotch is within CROTCH_PER_WAIST waist widths of its top.
 */
export function lowerLayout(alpha: GrayImage, bottom = false): LowerLayout {
  const full = alphaBox(alpha);
  const clothY = bottom ? clothTop(alpha, full) : full.y;
  const box: Box = { ...full, y: clothY, h: full.h - (clothY - full.y) };
  const top = box.y;
  const hem = box.y + box.h - 1;
  const H = box.h;
  const topRun = runAt(alpha, top + Math.round(H * 0.02), box.x + box.w / 2)!;
  const centerX = (topRun[0] + topRun[1]) / 2;
  const edgeL = new Float32Array(H);
  const edgeR = new Float32Array(H);
  // legs: from the bottom up, rows with two wide runs
  const minRun = box.w * 0.08;
  let crotchRow = -1;
  const outer = new Float32Array(H * 2);
  const inner = new Float32Array(H * 2);
  // (the slit between two legs laid side by side can be a pixel wide, and close for a few rows where the legs
  // touch: a 1 px slit merged, or one closed row, read wide-leg trousers and small photos' shorts as a skirt)
  const breakRows = Math.max(1, Math.round(H * LEG_SLIT_BREAK));
  for (let i = H - 1; i >= 0; i--) {
    const runs = rowRuns(alpha, top + i, 1).filter((r) => r[1] - r[0] > minRun);
    if (runs.length >= 2 && (crotchRow < 0 || crotchRow - i <= breakRows)) {
      const a = runs[0]!;
      const b = runs[runs.length - 1]!;
      // rows where the slit closed: the legs' edges carried on from the row below
      for (let j = i + 1; crotchRow > 0 && j < crotchRow; j++) {
        outer[j * 2] = outer[crotchRow * 2] ?? 0;
        inner[j * 2] = inner[crotchRow * 2] ?? 0;
        outer[j * 2 + 1] = outer[crotchRow * 2 + 1] ?? 0;
        inner[j * 2 + 1] = inner[crotchRow * 2 + 1] ?? 0;
      }
      outer[i * 2] = a[0];
      inner[i * 2] = a[1];
      outer[i * 2 + 1] = b[1];
      inner[i * 2 + 1] = b[0];
      crotchRow = i;
    }
    const all = rowRuns(alpha, top + i, 2);
    edgeL[i] = all.length ? all[0]![0] : centerX;
    edgeR[i] = all.length ? all[all.length - 1]![1] : centerX;
  }
  const isTrousers = crotchRow > 0 && H - crotchRow > H * 0.25;
  // wide legs laid flat overlap below the crotch, so the slit between them shows only lower down (or lower still
  // where a drop shadow or a small photo closes it): the crotch is at most CROTCH_PER_WAIST waist widths below the
  // top, the legs meeting above the slit on its top's middle (a crotch found low squeezed the seat and the pockets
  // into the rise and cut the legs short)
  const crotchMax = Math.round(((edgeR[0] ?? 0) - (edgeL[0] ?? 0)) * CROTCH_PER_WAIST);
  if (bottom && isTrousers && crotchRow > crotchMax && crotchMax > 0) {
    const meet = ((inner[crotchRow * 2] ?? 0) + (inner[crotchRow * 2 + 1] ?? 0)) / 2;
    for (let i = crotchMax; i < crotchRow; i++) {
      outer[i * 2] = edgeL[i] ?? 0;
      outer[i * 2 + 1] = edgeR[i] ?? 0;
      inner[i * 2] = meet;
      inner[i * 2 + 1] = meet;
    }
    crotchRow = crotchMax;
  }
  const { width: w } = alpha;
  const labels = new Uint8Array(w * alpha.height);
  for (let i = 0; i < H; i++) {
    const y = top + i;
    for (let x = box.x; x < box.x + box.w; x++) {
      const p = y * w + x;
      if ((alpha.data[p] ?? 0) < 24) continue;
      labels[p] = !isTrousers ? PART_TORSO : x < centerX ? PART_LEFT : PART_RIGHT;
    }
  }
  if (!isTrousers) {
    return { kind: 'lower', top, hem, centerX, crotch: null, edgeL, edgeR, legs: null, labels };
  }
  // rows above the crotch: the legs' outer edges are the garment's edges, inner edges meet at the centre
  const legsOuter = new Float32Array(H * 2);
  const legsInner = new Float32Array(H * 2);
  for (let i = 0; i < H; i++) {
    if (i >= crotchRow) {
      legsOuter[i * 2] = outer[i * 2] ?? 0;
      legsOuter[i * 2 + 1] = outer[i * 2 + 1] ?? 0;
      legsInner[i * 2] = inner[i * 2] ?? 0;
      legsInner[i * 2 + 1] = inner[i * 2 + 1] ?? 0;
    } else {
      legsOuter[i * 2] = edgeL[i] ?? 0;
      legsOuter[i * 2 + 1] = edgeR[i] ?? 0;
      legsInner[i * 2] = centerX;
      legsInner[i * 2 + 1] = centerX;
    }
  }
  return {
    kind: 'lower',
    top,
    hem,
    centerX,
    crotch: { x: centerX, y: top + crotchRow },
    edgeL,
    edgeR,
    legs: { outer: legsOuter, inner: legsInner },
    labels,
  };
}

export function shoesLayout(alpha: GrayImage): ShoesLayout {
  return { kind: 'shoes', shoes: garmentBlobs(alpha) };
}
