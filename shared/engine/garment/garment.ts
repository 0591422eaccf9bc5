/**
 * Garment cut-out and slot classification: the image's own alpha when it has one, else background removal by a
 * flood fill from the border colour (with a tolerance), which keeps near-white parts of the garment that the
 * garment's outline encloses; then the outline decides the slot when the caller does not say.
 */
import { components, dilate, newGray } from '../core/image-ops';
import { EngineRefusal } from '../checks/refusal';
import type { GrayImage, RgbaImage } from '../core/types';
import {
  estimateTilt,
  growIntoShadow,
  removeClipHanger,
  removeHangerEnds,
  removeShoulderNubs,
  removeHook,
  removeInsideBack,
  removeNeckFill,
  SHADOW,
  untilt,
} from './product-photo';

export type EngineSlot = 'top' | 'bottom' | 'one-piece' | 'outerwear' | 'shoes' | 'accessory';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DetectedGarment {
  slot: EngineSlot;
  /** The garment's coverage (0..255) at the image's size. */
  alpha: GrayImage;
  bbox: Box;
  /**
   * The picture `alpha` belongs to when it is not the one given: the photo turned upright (`corrections.tilt`), or
   * with a neck opening's fill painted the background's colour (`corrections.neckFill`), or a clip hanger's clips
   * painted over with the waistband's colour (`corrections.clipRows`).
   */
  image?: RgbaImage;
  /**
   * What was cleaned off the product photo (product-photo.ts): shadow pixels, hook rows, the tilt undone (degrees),
   * the pixels of a neck opening's fill (a ghost mannequin's inside back, a hanger's bar and what it closes off),
   * the rows of a clip hanger cleared above a bottom's waistband, the pixels of a hanger's ends cleared beside
   * a sleeveless garment's straps or a sleeved one's shoulders.
   */
  corrections: {
    shadow: number;
    hookRows: number;
    tilt: number;
    neckFill: number;
    clipRows: number;
    hangerEnds: number;
  };
}

/** Background tolerance: the largest RGB distance from the border colour still counted as background. */
const TOLERANCE = 26;

function hasOwnAlpha(image: RgbaImage): boolean {
  const d = image.data;
  let transparent = 0;
  const n = image.width * image.height;
  for (let i = 3; i < d.length; i += 16) if ((d[i] ?? 0) < 128) transparent++;
  return transparent > n / 4 / 50;
}

/** The border's dominant colour and how much of the border it covers. */
function borderColour(image: RgbaImage): { r: number; g: number; b: number; share: number } {
  const { width: w, height: h, data: d } = image;
  const samples: number[] = [];
  const push = (x: number, y: number) => samples.push((y * w + x) * 4);
  for (let x = 0; x < w; x += 2) {
    push(x, 0);
    push(x, h - 1);
  }
  for (let y = 0; y < h; y += 2) {
    push(0, y);
    push(w - 1, y);
  }
  const med = (c: number) => {
    const v = samples.map((i) => d[i + c] ?? 0).sort((a, b) => a - b);
    return v[v.length >> 1] ?? 0;
  };
  const r = med(0);
  const g = med(1);
  const b = med(2);
  let near = 0;
  for (const i of samples) {
    if (Math.max(Math.abs((d[i] ?? 0) - r), Math.abs((d[i + 1] ?? 0) - g), Math.abs((d[i + 2] ?? 0) - b)) <= TOLERANCE)
      near++;
  }
  return { r, g, b, share: near / samples.length };
}

/** An enclosed slit is at least this share of the garment's height tall... */
const SLIT_MIN_HEIGHT = 0.1;
/** ...at least this many pixels wide on average (a light pinstripe is 1-2)... */
const SLIT_MIN_WIDTH = 3;
/** ...at most this share of its height across (not a hanger's closed-off neck, nor a band across)... */
const SLIT_MAX_WIDTH = 0.25;
/** ...its middle at least this share of the garment's width from the garment's middle (beside the body, where a
 * sleeve lies: not a hood's drawstrings down the front)... */
const SLIT_SIDE = 0.2;
/** ...and its mean distance from the background's colour at most this share of `TOLERANCE` (flat backdrop). */
const SLIT_FLAT = 0.5;

/**
 * Background seen through a closed slit is background: a coat's sleeve lying against its body leaves a tall, thin
 * wedge of backdrop between them, closed below by the belt's tab crossing it. Enclosed, the flood missed it, so it
 * was cloth (white slivers worn at the waist) and hid the slit from the anchors (the skirt's sides stepped where
 * the sleeve's edge was taken for the body's). Pieces of background colour the flood did not reach that are tall,
 * narrow, beside the body and flat (`SLIT_*`) are marked background in `isBg`; a logo's letters, dots, pinstripes,
 * drawstrings and a hanger's closed-off neck are not. Returns the pixels marked.
 */
function enclosedSlits(dist: Uint8Array, isBg: Uint8Array, w: number, h: number): number {
  const n = w * h;
  const bin = new Uint8Array(n);
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  let any = false;
  for (let i = 0; i < n; i++) {
    if (isBg[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if ((dist[i] ?? 0) <= TOLERANCE) {
      bin[i] = 1;
      any = true;
    }
  }
  if (!any) return 0;
  const { labels, sizes } = components(bin, w, h);
  const m = sizes.length;
  const left = new Int32Array(m).fill(w);
  const right = new Int32Array(m).fill(-1);
  const top = new Int32Array(m).fill(h);
  const bottom = new Int32Array(m).fill(-1);
  const distSum = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const l = labels[i] ?? 0;
    if (!l) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < (left[l] ?? 0)) left[l] = x;
    if (x > (right[l] ?? 0)) right[l] = x;
    if (y < (top[l] ?? 0)) top[l] = y;
    if (y > (bottom[l] ?? 0)) bottom[l] = y;
    distSum[l] = (distSum[l] ?? 0) + (dist[i] ?? 0);
  }
  const middle = (x0 + x1) / 2;
  const slit = new Uint8Array(m);
  let found = 0;
  for (let l = 1; l < m; l++) {
    const size = sizes[l] ?? 0;
    const tall = (bottom[l] ?? 0) - (top[l] ?? 0) + 1;
    const across = (right[l] ?? 0) - (left[l] ?? 0) + 1;
    const side = Math.abs(((left[l] ?? 0) + (right[l] ?? 0)) / 2 - middle);
    if (tall < (y1 - y0 + 1) * SLIT_MIN_HEIGHT || size < tall * SLIT_MIN_WIDTH || across > tall * SLIT_MAX_WIDTH)
      continue;
    if (side < (x1 - x0 + 1) * SLIT_SIDE || (distSum[l] ?? 0) > size * TOLERANCE * SLIT_FLAT) continue;
    slit[l] = 1;
    found += size;
  }
  if (found) for (let i = 0; i < n; i++) if (slit[labels[i] ?? 0]) isBg[i] = 1;
  return found;
}

/** Background removal: flood from the border through background-coloured pixels. */
function cutOut(image: RgbaImage, enlarged: number): { alpha: GrayImage; shadow: number } {
  const { width: w, height: h, data: d } = image;
  const bg = borderColour(image);
  if (bg.share < 0.6) throw new EngineRefusal('no_garment');
  const n = w * h;
  const dist = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    dist[i] = Math.min(
      255,
      Math.max(Math.abs((d[o] ?? 0) - bg.r), Math.abs((d[o + 1] ?? 0) - bg.g), Math.abs((d[o + 2] ?? 0) - bg.b)),
    );
  }
  const isBg = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  const seed = (i: number) => {
    if (!isBg[i] && (dist[i] ?? 0) <= TOLERANCE) {
      isBg[i] = 1;
      stack[sp++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (sp > 0) {
    const p = stack[--sp] ?? 0;
    const x = p % w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (p >= w) seed(p - w);
    if (p < n - w) seed(p + w);
  }
  enclosedSlits(dist, isBg, w, h);
  // a soft drop shadow is background too (reached from it gradually, with its hue)
  const shadow = growIntoShadow(image, isBg, bg, TOLERANCE, enlarged);
  const alpha = newGray(w, h);
  // (the garment's pixels, 255, for `near` below: built in this loop, not by a callback per pixel)
  const cloth = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    // a soft edge: background pixels next to the garment get a partial alpha from their colour distance (a
    // shadow's pixels are far from the background's colour without being cloth: none)
    alpha.data[i] =
      isBg[i] === SHADOW ? 0 : isBg[i] ? Math.min(255, Math.round(((dist[i] ?? 0) / TOLERANCE) * 96)) : 255;
    if (!isBg[i]) cloth[i] = 255;
  }
  // background pixels far from the garment: exactly 0
  const near = dilate(cloth, w, h, 2);
  for (let i = 0; i < n; i++) if (!near[i]) alpha.data[i] = 0;
  return { alpha, shadow };
}

/** Keep the garment's blobs: the largest and any at least 15% of its size (a pair of shoes). */
function keepMainBlobs(alpha: GrayImage): { alpha: GrayImage; blobs: Box[] } {
  const { width: w, height: h } = alpha;
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = (alpha.data[i] ?? 0) >= 128 ? 1 : 0;
  const { labels, sizes } = components(bin, w, h);
  const largest = Math.max(0, ...sizes.slice(1));
  const keep = sizes.map((s, i) => i > 0 && s >= 0.15 * largest && s > 0);
  // each kept blob's box (labels are numbered in the order their first pixel comes in the scan)
  const n = sizes.length;
  const bx0 = new Int32Array(n).fill(w);
  const by0 = new Int32Array(n).fill(h);
  const bx1 = new Int32Array(n).fill(-1);
  const by1 = new Int32Array(n).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x] ?? 0;
      if (!keep[l]) continue;
      if (x < (bx0[l] ?? 0)) bx0[l] = x;
      if (x > (bx1[l] ?? 0)) bx1[l] = x;
      if (y < (by0[l] ?? 0)) by0[l] = y;
      if (y > (by1[l] ?? 0)) by1[l] = y;
    }
  }
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let l = 1; l < n; l++)
    if (keep[l]) boxes.push({ x0: bx0[l] ?? 0, y0: by0[l] ?? 0, x1: bx1[l] ?? 0, y1: by1[l] ?? 0 });
  // drop soft pixels far from kept blobs
  const keepBin = new Uint8Array(w * h);
  for (let i = 0; i < keepBin.length; i++) keepBin[i] = keep[labels[i] ?? 0] ? 255 : 0;
  const near = dilate(keepBin, w, h, 2);
  const out = newGray(w, h);
  for (let i = 0; i < out.data.length; i++) out.data[i] = near[i] ? (alpha.data[i] ?? 0) : 0;
  const blobs = boxes
    .map((b) => ({ x: b.x0, y: b.y0, w: b.x1 - b.x0 + 1, h: b.y1 - b.y0 + 1 }))
    .sort((a, b) => a.x - b.x);
  return { alpha: out, blobs };
}

/** A strap is at least this many times taller than wide. */
const STRAP_THIN = 3;
/** A strap's lower end is at most this share of the garment's height above the garment's outline. */
const STRAP_GAP = 0.06;

/**
 * Thin straps drawn, or photographed, apart from the garment's body (a camisole's straps whose ends a soft or
 * thin seam leaves short of the neckline) are part of the garment: a separate piece much taller than wide,
 * reaching above the body's top from the body's upper quarter, off its middle (a hanger's hook is in the middle),
 * whose lower end comes within `STRAP_GAP` of the body's height of the body below it. Each is kept and joined to
 * the body by bridging the gap under its lower end. Dropped as specks, a camisole became a boxy strapless top.
 * With `paint` (the copy of the photo to paint in, made on its first call), the bridge is painted in the strap's own colour (the mean of its solid pixels in its last
 * `STRAP_END_ROWS` rows): left as the photo's, it was the background's (white on a flat lay, black where a
 * transparent PNG's hidden colour is), a white or black wedge at each strap's foot above the neckline.
 */
export function attachStraps(alpha: GrayImage, paint?: () => RgbaImage, hangerStrapsSplit = false): number {
  const { width: w, height: h, data } = alpha;
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = (data[i] ?? 0) >= 128 ? 1 : 0;
  const { labels, sizes } = components(bin, w, h);
  let main = 0;
  for (let i = 1; i < sizes.length; i++) if ((sizes[i] ?? 0) > (sizes[main] ?? 0)) main = i;
  if (!main || sizes.length < 3) return 0;
  const boxes = sizes.map(() => ({ x0: w, y0: h, x1: -1, y1: -1 }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const b = boxes[labels[y * w + x] ?? 0];
      if (!b || !labels[y * w + x]) continue;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
    }
  }
  const m = boxes[main]!;
  const mh = m.y1 - m.y0 + 1;
  const cx = (m.x0 + m.x1) / 2;
  // the body's width where straps join it: its widest row in its upper quarter (a dress's hem, twice its bodice's
  // width, made a sundress's straps "in the middle" like a hanger's hook: dropped, the bodice a pinafore; part H7)
  const mw = upperWidth(labels, w, main, m, Math.round(m.y0 + mh * 0.25));
  // straps hung from a hanger's bar are one piece with the bar and hook (wide, not a strap): the bar and hook are
  // cleared, the straps below them kept, and the pieces looked at again (round 31, part N2)
  if (!hangerStrapsSplit && splitHangerStraps(data, w, h, labels, boxes, main, mw)) {
    return attachStraps(alpha, paint, true);
  }
  let attached = 0;
  for (let c = 1; c < sizes.length; c++) {
    const b = boxes[c]!;
    if (c === main || b.x1 < 0) continue;
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    // thin and tall (its rows' mean run, not its box: a strap on a photo turned 15 degrees has a box 3 times as
    // wide as the strap, and dropped, the dress came out with one strap and was gated as a bare torso), above the
    // body's top, reaching down to its upper quarter, off its middle, within its width
    const runW = Math.max(1, (sizes[c] ?? 0) / bh);
    const slanted = bh < STRAP_THIN * bw;
    if (bh < STRAP_THIN * runW || bh < mh * 0.08 || b.y0 >= m.y0 || b.y1 > m.y0 + mh * 0.25) continue;
    if (Math.abs((b.x0 + b.x1) / 2 - cx) < mw * 0.1 || b.x0 < m.x0 || b.x1 > m.x1) continue;
    // its lower end: the bottom row's pixels, each bridged straight down to the body if the body is near
    const maxGap = Math.max(3, Math.round(mh * STRAP_GAP));
    const ends: { x: number; y: number; to: number }[] = [];
    for (let x = b.x0; x <= b.x1; x++) {
      let y = b.y1;
      while (y >= b.y0 && labels[y * w + x] !== c) y--;
      // (a slanted strap only from its end: the lowest pixel of each of its columns, bridged down, drew a wedge)
      if (y < b.y0 || (slanted && y < b.y1 - STRAP_END_ROWS)) continue;
      let to = y + 1;
      while (to < h && to - y <= maxGap + 1 && labels[to * w + x] !== main) to++;
      if (to < h && labels[to * w + x] === main) ends.push({ x, y, to });
    }
    if (!ends.length) continue;
    for (const e of ends) for (let y = e.y + 1; y < e.to; y++) data[y * w + e.x] = 255;
    if (paint) paintBridge(paint(), alpha, labels, c, ends);
    attached++;
  }
  return attached;
}

/** A strap hung from a hanger's bar is at most this share of the body's width wide (a bar's row is wider). */
const HANGER_STRAP_WIDTH = 0.04;

/**
 * Straps hung from a hanger's bar (a camisole's, a strappy dress's on a hanger): the straps, the bar and the hook
 * are one piece above the body, wider than tall, so not taken for straps (dropped, the camisole came out
 * strapless and the strappy dress a halter). In such a piece above the body (its foot in the
 * body's upper quarter), its straps are followed up from their feet (thin runs, at most `HANGER_STRAP_WIDTH` of
 * the body's width, whose lower end is within `STRAP_GAP` of the body's height above the body) as long as their
 * run stays thin (up to the bar's lower edge); the rest of the piece (the bar, the hook) is cleared from `data`,
 * leaving the straps as pieces of their own. Returns whether any piece was split.
 */
function splitHangerStraps(
  data: Uint8Array,
  w: number,
  h: number,
  labels: Int32Array,
  boxes: { x0: number; y0: number; x1: number; y1: number }[],
  main: number,
  mw: number,
): boolean {
  const m = boxes[main];
  if (!m) return false;
  const mh = m.y1 - m.y0 + 1;
  const legW = Math.max(2, Math.round(mw * HANGER_STRAP_WIDTH));
  const maxGap = Math.max(3, Math.round(mh * STRAP_GAP));
  let split = false;
  for (let c = 1; c < boxes.length; c++) {
    const b = boxes[c];
    if (!b || c === main || b.x1 < 0) continue;
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    // a thin piece is a strap already (attachStraps); this one lies above the body's top (a hanger's bar may
    // reach past the body's sides: the straps left of it are held within them by attachStraps)
    if (bh >= STRAP_THIN * bw || b.y0 >= m.y0 || b.y1 > m.y0 + mh * 0.25) continue;
    const leg = new Uint8Array(bw * bh);
    let legTop = h;
    let legBottom = -1;
    for (let y = b.y1; y >= b.y0; y--) {
      for (let x = b.x0; x <= b.x1; x++) {
        if (labels[y * w + x] !== c) continue;
        let e = x;
        while (e + 1 <= b.x1 && labels[y * w + e + 1] === c) e++;
        if (e - x + 1 <= legW) {
          // a strap's run goes on from the strap below it, or is its foot: the body close below, nothing above
          let on = false;
          for (let k = Math.max(b.x0, x - 1); k <= Math.min(b.x1, e + 1) && !on && y < b.y1; k++)
            on = (leg[(y + 1 - b.y0) * bw + k - b.x0] ?? 0) > 0;
          for (let k = x; k <= e && !on; k++) {
            if (y + 1 < h && labels[(y + 1) * w + k] === c) continue;
            let to = y + 1;
            while (to < h && to - y <= maxGap + 1 && labels[to * w + k] !== main) to++;
            on = to < h && labels[to * w + k] === main;
          }
          if (on) {
            for (let k = x; k <= e; k++) leg[(y - b.y0) * bw + k - b.x0] = 1;
            legTop = Math.min(legTop, y);
            legBottom = Math.max(legBottom, y);
          }
        }
        x = e;
      }
    }
    // the straps tall enough to be straps, and something above them (the bar) to clear
    if (legBottom < 0 || legBottom - legTop + 1 < mh * 0.08 || legTop <= b.y0) continue;
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = b.x0; x <= b.x1; x++)
        if (labels[y * w + x] === c && !leg[(y - b.y0) * bw + x - b.x0]) data[y * w + x] = 0;
    split = true;
  }
  return split;
}

/** A strap's rows above its lower end whose solid pixels give its colour for the bridge under it. */
const STRAP_END_ROWS = 6;

/** Paint strap `c`'s bridges (`ends`, each from below y to `to` in column x) in the strap's own colour. */
function paintBridge(
  img: RgbaImage,
  alpha: GrayImage,
  labels: Int32Array,
  c: number,
  ends: { x: number; y: number; to: number }[],
): void {
  const w = img.width;
  const d = img.data;
  const sum = [0, 0, 0];
  let n = 0;
  for (const e of ends) {
    for (let y = Math.max(0, e.y - STRAP_END_ROWS + 1); y <= e.y; y++) {
      const i = y * w + e.x;
      if (labels[i] !== c || (alpha.data[i] ?? 0) < 250) continue;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (d[i * 4 + k] ?? 0);
      n++;
    }
  }
  if (!n) return;
  for (const e of ends) {
    for (let y = e.y + 1; y < e.to; y++) {
      const i = (y * w + e.x) * 4;
      for (let k = 0; k < 3; k++) d[i + k] = Math.round((sum[k] ?? 0) / n);
      d[i + 3] = 255;
    }
  }
}

/** The widest extent of component `c` (box `m`) on its rows from its top to `to`. */
function upperWidth(
  labels: Int32Array,
  w: number,
  c: number,
  m: { x0: number; y0: number; x1: number },
  to: number,
): number {
  let widest = 1;
  for (let y = m.y0; y <= to; y++) {
    let a = -1;
    let b = -1;
    for (let x = m.x0; x <= m.x1; x++) {
      if (labels[y * w + x] !== c) continue;
      if (a < 0) a = x;
      b = x;
    }
    if (a >= 0) widest = Math.max(widest, b - a + 1);
  }
  return widest;
}

/** The runs of garment pixels (alpha >= 128) in row y: [x0, x1] pairs. */
export function rowRuns(alpha: GrayImage, y: number, minGap = 2): [number, number][] {
  const { width: w, data } = alpha;
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= w; x++) {
    const on = x < w && (data[y * w + x] ?? 0) >= 128;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      const last = runs[runs.length - 1];
      if (last && start - last[1] <= minGap) last[1] = x - 1;
      else runs.push([start, x - 1]);
      start = -1;
    }
  }
  return runs;
}

/** The width of a row's runs from the first run's left edge to the last's right edge (0: an empty row). */
const spanOf = (runs: [number, number][]): number => {
  const first = runs[0];
  const last = runs[runs.length - 1];
  return first && last ? last[1] - first[0] : 0;
};

/**
 * Classify the slot from the outline: a pair of shoes or boots (two pieces of about one size), trousers (two legs
 * a leg's width each, side by side, below one waist), a jumpsuit (legs under a narrower bodice), a top or a dress
 * (sleeves beside the body or wider than the hem; sleeveless: a dress flares or is long, a tank hangs straight),
 * a skirt (narrow at the waist, widening, short).
 */
function classify(alpha: GrayImage, blobs: Box[]): EngineSlot {
  const union = unionBox(blobs);
  const [a, b] = blobs;
  if (blobs.length === 2 && a && b) {
    const sizeRatio = Math.min(a.w * a.h, b.w * b.h) / Math.max(a.w * a.h, b.w * b.h);
    if (sizeRatio > 0.5 && a.w > a.h * 1.2 && b.w > b.h * 1.2) return 'shoes';
    // a pair of tall boots: two separate pieces of about one size (trousers are one piece, joined at the waist)
    if (sizeRatio > 0.6) return 'shoes';
  }
  if (blobs.length >= 2 && union.w > union.h * 1.6) return 'shoes';
  const minGap = Math.max(2, Math.round(union.w * 0.01));
  const runsAt = (f: number) =>
    rowRuns(alpha, Math.round(union.y + union.h * f), minGap).filter((r) => r[1] - r[0] > union.w * 0.04);
  // sleeves hanging beside the body: rows of three runs (sleeve, body, sleeve, the body widest); trousers and
  // skirts have none
  let threeRuns = 0;
  let midRows = 0;
  for (let f = 0.25; f <= 0.95; f += 0.025) {
    midRows++;
    const [l, m, r, ...more] = runsAt(f);
    if (!l || !m || !r || more.length) continue;
    // the middle run is the body: wider than either sleeve
    const body = m[1] - m[0];
    if (body > l[1] - l[0] && body > r[1] - r[0]) threeRuns++;
  }
  const sleevesDown = threeRuns / midRows > 0.2;
  // two legs: the lower third has two runs in most rows, each a leg's width, side by side (two cuffs below a short
  // body are narrow and a body's width apart)
  let twoRuns = 0;
  let rows = 0;
  for (let y = Math.round(union.y + union.h * 0.62); y < union.y + union.h * 0.95; y += 2) {
    rows++;
    // (the slit between two legs laid side by side can be a pixel or two wide: no gap is closed here)
    const [l, r, ...more] = rowRuns(alpha, y, 1).filter((run) => run[1] - run[0] > union.w * 0.08);
    if (!l || !r || more.length) continue;
    const width = (l[1] - l[0] + r[1] - r[0]) / 2;
    if (width >= union.w * 0.12 && r[0] - l[1] <= width * 1.6) twoRuns++;
  }
  if (!sleevesDown && rows && twoRuns / rows > 0.6) {
    // a jumpsuit: legs under a bodice narrower than its hips, the whole much taller than wide
    const hips = Math.max(...[0.3, 0.35, 0.4].map((f) => spanOf(runsAt(f))));
    const chest = Math.max(...[0.04, 0.08].map((f) => spanOf(runsAt(f))));
    return union.h > union.w * 2.3 && chest < hips * 0.8 ? 'one-piece' : 'bottom';
  }
  // sleeves: rows in the upper half much wider than the body near the hem
  const widthAt = (f: number) => spanOf(rowRuns(alpha, Math.round(union.y + union.h * f), 3));
  const hem = widthAt(0.92);
  let upper = 0;
  for (let f = 0.1; f <= 0.45; f += 0.05) upper = Math.max(upper, widthAt(f));
  const top = widthAt(0.03);
  const aspect = union.h / union.w;
  // sleeves beside the body: a dress when much taller than wide; sleeves wider than the hem: a dress when tall
  if (sleevesDown) return aspect > 1.6 ? 'one-piece' : 'top';
  if (upper > hem * 1.25) return aspect > 1.35 ? 'one-piece' : 'top';
  // no sleeves: narrow top widening downwards is a skirt when short, a dress when long (straps at the top)
  if (top < hem * 0.75 && aspect < 1.15) return 'bottom';
  // sleeveless and long: a dress flares to its hem or is long; a tank top hangs straight
  const mid = widthAt(0.5);
  if (aspect >= 1.15 && (aspect >= 1.7 || hem >= mid * 1.15)) return 'one-piece';
  return 'top';
}

function unionBox(blobs: Box[]): Box {
  const x0 = Math.min(...blobs.map((b) => b.x));
  const y0 = Math.min(...blobs.map((b) => b.y));
  const x1 = Math.max(...blobs.map((b) => b.x + b.w));
  const y1 = Math.max(...blobs.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * Find the garment in a product image (laid down or on a plain background). Throws EngineRefusal('no_garment')
 * when there is none (blank, uniform, noise, a photo of a scene) and EngineRefusal('unsupported_garment') for
 * accessories (the engine refuses them: see docs/engine.md). `enlarged`: how many times the picture was enlarged
 * before (a small photo, `GARMENT_ENLARGE_BELOW`): the cleaning's colour steps between neighbours are read at the
 * photo's own scale.
 */
export function detectGarment(photo: RgbaImage, hint: EngineSlot | null = null, enlarged = 1): DetectedGarment {
  let image = photo;
  let cleaned: RgbaImage | undefined;
  if (hint === 'accessory') throw new EngineRefusal('unsupported_garment');
  const { width: w, height: h, data: d } = image;
  let alpha: GrayImage;
  let shadow = 0;
  if (hasOwnAlpha(image)) {
    alpha = newGray(w, h);
    for (let i = 0; i < w * h; i++) alpha.data[i] = d[i * 4 + 3] ?? 0;
  } else {
    ({ alpha, shadow } = cutOut(image, enlarged));
  }
  // a top's (or a dress's) thin straps, apart from its body, are kept with it
  let strapsJoined = 0;
  if (hint !== 'shoes' && hint !== 'bottom') {
    let painted: RgbaImage | undefined;
    strapsJoined = attachStraps(alpha, () => (painted ??= { width: w, height: h, data: new Uint8Array(d) }));
    if (painted) {
      image = painted;
      cleaned = painted;
    }
  }
  let kept = keepMainBlobs(alpha);
  let covered = 0;
  for (let i = 0; i < kept.alpha.data.length; i++) if ((kept.alpha.data[i] ?? 0) >= 128) covered++;
  const area = covered / (w * h);
  if (!kept.blobs.length || area < 0.03 || area > 0.92) throw new EngineRefusal('no_garment');
  let bbox = unionBox(kept.blobs);
  // a garment is one solid shape (or a pair, each piece solid in its own box however far apart or askew the two
  // lie): a speckled foreground (noise) is not
  const fill = area / (kept.blobs.reduce((s, b) => s + b.w * b.h, 0) / (w * h));
  if (fill < 0.3 || kept.blobs.length > 3) throw new EngineRefusal('no_garment');
  // a clip hanger over a bottom's waistband (bar, hook, clips) is not cloth: cleared, the clips painted over
  let clipRows = 0;
  if (hint === 'bottom' && kept.blobs.length === 1) {
    const copy: RgbaImage = { width: w, height: h, data: new Uint8Array(d) };
    clipRows = removeClipHanger(image, copy, kept.alpha, bbox, borderColour(image));
    if (clipRows) {
      image = copy;
      cleaned = copy;
      kept = keepMainBlobs(kept.alpha);
      if (!kept.blobs.length) throw new EngineRefusal('no_garment');
      bbox = unionBox(kept.blobs);
    }
  }
  // a ghost mannequin's inside back, or the background a hanger's bar closes off, in the neck opening is not cloth
  // (what was cleared is painted the background's colour in a copy: warped, its own colour would bleed into the
  // neckline's edge)
  const cleared = new Uint8Array(w * h);
  // (first a ghost mannequin's inside back above a sleeveless body, the straps across it kept and joined again)
  const insideBack =
    kept.blobs.length <= 2 && hint !== 'shoes' && hint !== 'bottom'
      ? removeInsideBack(image, kept.alpha, bbox, cleared)
      : 0;
  if (insideBack) {
    let painted: RgbaImage | undefined;
    const src = image;
    attachStraps(kept.alpha, () => (painted ??= { width: w, height: h, data: new Uint8Array(src.data) }));
    if (painted) {
      image = painted;
      cleaned = painted;
    }
    kept = keepMainBlobs(kept.alpha);
    bbox = unionBox(kept.blobs);
  }
  const neckFill =
    insideBack +
    (kept.blobs.length === 1 && hint !== 'shoes' && hint !== 'bottom'
      ? removeNeckFill(image, kept.alpha, bbox, cleared, enlarged)
      : 0);
  if (neckFill) {
    const bg = borderColour(image);
    const copy: RgbaImage = { width: w, height: h, data: new Uint8Array(image.data) };
    for (let i = 0; i < w * h; i++) {
      if (!cleared[i]) continue;
      copy.data[i * 4] = bg.r;
      copy.data[i * 4 + 1] = bg.g;
      copy.data[i * 4 + 2] = bg.b;
    }
    image = copy;
    cleaned = copy;
    kept = keepMainBlobs(kept.alpha);
    bbox = unionBox(kept.blobs);
  }
  // a hanger's ends beside a sleeveless garment's straps are not cloth
  const hangerEnds =
    kept.blobs.length === 1 && hint !== 'shoes' && hint !== 'bottom' ? removeHangerEnds(image, kept.alpha, bbox) : 0;
  if (hangerEnds) {
    kept = keepMainBlobs(kept.alpha);
    bbox = unionBox(kept.blobs);
  }
  // a hanger's hook above the top is not the garment's neckline
  // (not where straps were just joined to the body: its top rows are those straps, narrow runs near the middle
  // on a small photo of a strappy dress, 25 rows taken off as a hook turned maxi-dress-floral at 200 px into a halter)
  const hookRows = kept.blobs.length === 1 && !strapsJoined ? removeHook(image, kept.alpha, bbox) : 0;
  if (hookRows) {
    kept = keepMainBlobs(kept.alpha);
    bbox = unionBox(kept.blobs);
  }
  // where a hanger was seen, its ends beside a sleeved garment's shoulders are not cloth
  const nubs =
    kept.blobs.length === 1 && (hookRows || neckFill) && hint !== 'shoes' && hint !== 'bottom'
      ? removeShoulderNubs(image, kept.alpha, bbox)
      : 0;
  if (nubs) {
    kept = keepMainBlobs(kept.alpha);
    bbox = unionBox(kept.blobs);
  }
  // a photo taken askew is turned upright (one piece only: a pair of shoes need not be symmetric)
  const tilt = kept.blobs.length === 1 && hint !== 'shoes' ? estimateTilt(kept.alpha) : 0;
  let straight: RgbaImage | undefined = cleaned;
  if (tilt) {
    const turned = untilt(image, kept.alpha, tilt);
    straight = turned.image;
    kept = keepMainBlobs(turned.alpha);
    if (!kept.blobs.length) throw new EngineRefusal('no_garment');
    bbox = unionBox(kept.blobs);
  }
  const slot = hint ?? classify(kept.alpha, kept.blobs);
  return {
    slot,
    alpha: kept.alpha,
    bbox,
    ...(straight ? { image: straight } : {}),
    corrections: { shadow, hookRows, tilt, neckFill, clipRows, hangerEnds: hangerEnds + nubs },
  };
}

/** The blobs of a detected garment (for shoes: one a shoe). */
export function garmentBlobs(alpha: GrayImage): Box[] {
  return keepMainBlobs(alpha).blobs;
}
