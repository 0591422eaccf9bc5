/**
 * The photo's background behind the person (issue 38, round 3, part F1): its colour diffused in from the pixels
 * surely off the person (the mask under 0.1), on a small grid, read once per photo (scene.ts). Used to tell the
 * background the person mask reaches over (its overreach beside a tutu's or a dress's skirt) from the old garment,
 * so that it is left as it is rather than filled.
 */
import { pushPullFill } from '../core/image-ops';
import type { RgbaImage } from '../core/types';

export interface BackgroundModel {
  /** The background's estimated colour at (x, y) (full-size coordinates), into `into` (r, g, b). */
  at: (x: number, y: number, into: number[]) => void;
  /** The same, low-passed to about a quarter of a shoulder span (the light across the backdrop, not its grain). */
  low: (x: number, y: number, into: number[]) => void;
}

/** The grid's long side. */
const GRID = 256;
/** A pixel is surely background where the person mask is under this. */
const SURE_OFF = 26;

export function readBackground(image: RgbaImage, mask: Uint8Array): BackgroundModel {
  const { width: W, height: H, data } = image;
  // both grids summed in one pass over the photo
  const grid = (g: number) => {
    const k = Math.min(1, g / Math.max(W, H));
    const w = Math.max(1, Math.round(W * k));
    const h = Math.max(1, Math.round(H * k));
    const col = new Int32Array(W);
    for (let x = 0; x < W; x++) col[x] = Math.min(w - 1, Math.floor(x * k));
    return {
      k,
      w,
      h,
      col,
      rgb: new Float32Array(w * h * 3),
      wt: new Float32Array(w * h),
      cnt: new Float32Array(w * h),
    };
  };
  // the two grids unrolled into locals (the same sums, cell by cell in the same order)
  const a = grid(GRID);
  const b = grid(COARSE_GRID);
  const aCol = a.col;
  const bCol = b.col;
  const aRgb = a.rgb;
  const bRgb = b.rgb;
  const aWt = a.wt;
  const bWt = b.wt;
  const aCnt = a.cnt;
  const bCnt = b.cnt;
  for (let y = 0; y < H; y++) {
    const aRow = Math.min(a.h - 1, Math.floor(y * a.k)) * a.w;
    const bRow = Math.min(b.h - 1, Math.floor(y * b.k)) * b.w;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const qa = aRow + (aCol[x] ?? 0);
      const qb = bRow + (bCol[x] ?? 0);
      aCnt[qa] = (aCnt[qa] ?? 0) + 1;
      bCnt[qb] = (bCnt[qb] ?? 0) + 1;
      if ((mask[p] ?? 0) >= SURE_OFF) continue;
      const r = data[p * 4] ?? 0;
      const g = data[p * 4 + 1] ?? 0;
      const bl = data[p * 4 + 2] ?? 0;
      aWt[qa] = (aWt[qa] ?? 0) + 1;
      aRgb[qa * 3] = (aRgb[qa * 3] ?? 0) + r;
      aRgb[qa * 3 + 1] = (aRgb[qa * 3 + 1] ?? 0) + g;
      aRgb[qa * 3 + 2] = (aRgb[qa * 3 + 2] ?? 0) + bl;
      bWt[qb] = (bWt[qb] ?? 0) + 1;
      bRgb[qb * 3] = (bRgb[qb * 3] ?? 0) + r;
      bRgb[qb * 3 + 1] = (bRgb[qb * 3 + 1] ?? 0) + g;
      bRgb[qb * 3 + 2] = (bRgb[qb * 3 + 2] ?? 0) + bl;
    }
  }
  const [fine, coarse] = [a, b].map((g) => sampler(g.rgb, g.wt, g.cnt, g.w, g.h, g.k));
  return { at: fine!, low: coarse! };
}

/** The coarse grid's long side (its cells about a quarter of a shoulder span): the background's light and folds. */
const COARSE_GRID = 40;

/** The grid's cells mostly off the person are sources, the rest diffused from them; read bilinearly. */
function sampler(
  rgb: Float32Array,
  wt: Float32Array,
  cnt: Float32Array,
  w: number,
  h: number,
  k: number,
): (x: number, y: number, into: number[]) => void {
  for (let q = 0; q < w * h; q++) {
    const n = wt[q] ?? 0;
    if (!n) continue;
    rgb[q * 3] = (rgb[q * 3] ?? 0) / n;
    rgb[q * 3 + 1] = (rgb[q * 3 + 1] ?? 0) / n;
    rgb[q * 3 + 2] = (rgb[q * 3 + 2] ?? 0) / n;
    // only cells mostly off the person are sources (a cell half on the person carries its colour)
    wt[q] = n / (cnt[q] ?? 0) >= 0.6 ? 1 : 0;
  }
  pushPullFill(rgb, wt, w, h);
  return (x, y, into) => {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * k - 0.5));
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * k - 0.5));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const wx = fx - x0;
    const wy = fy - y0;
    for (let c = 0; c < 3; c++) {
      into[c] =
        ((rgb[(y0 * w + x0) * 3 + c] ?? 0) * (1 - wx) + (rgb[(y0 * w + x1) * 3 + c] ?? 0) * wx) * (1 - wy) +
        ((rgb[(y1 * w + x0) * 3 + c] ?? 0) * (1 - wx) + (rgb[(y1 * w + x1) * 3 + c] ?? 0) * wx) * wy;
    }
  };
}

/** How far (r, g over r + g + b) a pixel's chromaticity may lie from the background's to be the background. */
export const BG_CHROMA = 0.03;
/** The luminance ratio to the background's within which a pixel may be the background (folds, shade). */
export const BG_LUM: readonly [number, number] = [0.6, 1.5];

/** Is the pixel `p` of `image` the background's colour at (x, y) (its chromaticity, its brightness within BG_LUM)? */
export function looksLikeBackground(image: RgbaImage, bg: BackgroundModel, p: number, v: number[]): boolean {
  const d = image.data;
  const W = image.width;
  bg.at(p % W, (p / W) | 0, v);
  const r = d[p * 4] ?? 0;
  const g = d[p * 4 + 1] ?? 0;
  const b = d[p * 4 + 2] ?? 0;
  const s = r + g + b + 1;
  const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
  if (Math.hypot(r / s - (v[0] ?? 0) / bs, g / s - (v[1] ?? 0) / bs) > BG_CHROMA) return false;
  const ratio = s / bs;
  return ratio >= BG_LUM[0] && ratio <= BG_LUM[1];
}

/**
 * Where the background's own texture for each pixel of `region` is read (issue 38, round 3, part F1): along its
 * row, from the background beyond the region's nearer side (left or right), each side's pixels shifted by one
 * distance (that side's depth and a gap: `SHIFT_K`, `SHIFT_GAP`; a source off the photo reflected at its border,
 * `onPhoto`), so the backdrop's grain, folds and sparkle run on unbroken inside a side and its level lines (a
 * floor's edge, a shadow's, a shelf's) stay level; a pixel whose shifted source is not `clean` (surely the
 * background) tries half as far again, then the other side, then its mirror across the nearer side's edge, else -1
 * (the diffused fill). A fill diffused from the edge had no texture: a smooth blob, lighter
 * or darker than the backdrop. Returns an array over the whole image (-1 outside the region), or null when the
 * region is empty. Pixels further than `reach` from clean background on their row are left to the diffused fill.
 */
export function textureSources(
  region: Uint8Array,
  clean: (p: number) => boolean,
  W: number,
  H: number,
  reach: number,
  image?: RgbaImage,
): Int32Array | null {
  // the rows the region spans: the arrays below cover only them
  let ry0 = -1;
  let ry1 = -1;
  for (let y = 0; y < H; y++) {
    if (region.subarray(y * W, y * W + W).indexOf(255) < 0) continue;
    if (ry0 < 0) ry0 = y;
    ry1 = y;
  }
  if (ry0 < 0) return null;
  const base = ry0 * W;
  const n = (ry1 - ry0 + 1) * W;
  const src = new Int32Array(W * H).fill(-1);
  // per pixel: the distance to clean background on its row, to the left and to the right (0: none within reach)
  const dl = new Float32Array(n);
  const dr = new Float32Array(n);
  const ok = new Uint8Array(n);
  let any = false;
  const depths: [number[], number[]] = [[], []];
  const R = Math.ceil(reach);
  for (let y = ry0; y <= ry1; y++) {
    const o = y * W;
    const row = region.subarray(o, o + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    const b = row.lastIndexOf(255);
    any = true;
    const xa = Math.max(0, a - 4 * R);
    const xb = Math.min(W - 1, b + 4 * R);
    const k = o - base;
    for (let x = xa; x <= xb; x++) if (!region[o + x] && clean(o + x)) ok[k + x] = 1;
    let last = -Infinity;
    for (let x = xa; x <= b; x++) {
      if (ok[k + x]) last = x;
      else if (region[o + x]) dl[k + x] = x - last <= R ? x - last : 0;
    }
    last = Infinity;
    for (let x = xb; x >= a; x--) {
      if (ok[k + x]) last = x;
      else if (region[o + x]) dr[k + x] = last - x <= R ? last - x : 0;
    }
    for (let x = a; x <= b; x++) {
      const l = dl[k + x] ?? 0;
      const r = dr[k + x] ?? 0;
      if (!l && !r) continue;
      depths[r && (!l || r < l) ? 1 : 0].push(r && (!l || r < l) ? r : l);
    }
  }
  if (!any) return null;
  const shift = depths.map((v) => {
    if (!v.length) return 0;
    v.sort((a, b) => a - b);
    return Math.max(4, Math.round((v[Math.floor(v.length * 0.9)] ?? 0) * SHIFT_K + reach * SHIFT_GAP));
  });
  const gap = Math.round(reach * SHIFT_GAP);
  const gy0 = Math.max(0, ry0);
  const grain = image ? grainMap(image, gy0, ry1) : null;
  // a row's pixels on one side, walked away from that side's edge: each keeps the last copy distance while its
  // source has the grain beside the region on its row (past the gap), else jumps to the nearest distance (at least
  // its own depth and the gap, at most twice the side's) whose source has it; without one, the one distance below
  if (grain) {
    for (let y = ry0; y <= ry1; y++) {
      const o = y * W;
      const row = region.subarray(o, o + W);
      const a = row.indexOf(255);
      if (a < 0) continue;
      const b = row.lastIndexOf(255);
      const k = o - base;
      for (let side = 0; side < 2; side++) {
        const dir = side ? 1 : -1;
        let cur = shift[side] ?? 0;
        const far = cur * 2;
        let jumps = 0;
        let missUntil = -1;
        for (let i = 0; i <= b - a; i++) {
          const x = side ? b - i : a + i;
          if (!row[x]) continue;
          const l = dl[k + x] ?? 0;
          const r = dr[k + x] ?? 0;
          if (!l && !r) continue;
          if ((r && (!l || r < l) ? 1 : 0) !== side) continue;
          const d = side ? r : l;
          const ex = x + dir * (d + gap);
          const want = ex >= 0 && ex < W && ok[k + ex] ? grain.at(ex, y) * GRAIN_MATCH : 0;
          if (want < GRAIN_MIN * GRAIN_MATCH) continue;
          let sx = onPhoto(x + dir * cur, W);
          if (sx < 0 || !ok[k + sx] || grain.at(sx, y) < want) sx = -1;
          if (sx < 0 && i >= missUntil) {
            // the jump varies between bands of rows and along the row: the copies do not line up in a grid
            const jump =
              GRAIN_JUMP + ((Math.imul(((y / GRAIN_BLOCK) | 0) * 31 + jumps++, 0x9e3779b1) >>> 27) % GRAIN_JUMP);
            for (let t = jump; sx < 0 && t <= far; t += 2) {
              for (let e = 0; e < 2; e++) {
                const sh = e ? cur - t : cur + t;
                if (sh < d + gap || sh > far) continue;
                const c = onPhoto(x + dir * sh, W);
                if (c >= 0 && ok[k + c] && grain.at(c, y) >= want) {
                  sx = c;
                  cur = sh;
                  break;
                }
              }
            }
            // none: the next few pixels are not searched again
            if (sx < 0) missUntil = i + 2 * GRAIN_CELL;
          }
          if (sx >= 0) src[o + x] = o + sx;
        }
      }
    }
  }
  for (let y = ry0; y <= ry1; y++) {
    const o = y * W;
    const k = o - base;
    for (let x = 0; x < W; x++) {
      const p = o + x;
      if (!region[p]) continue;
      const l = dl[k + x] ?? 0;
      const r = dr[k + x] ?? 0;
      if (!l && !r) continue;
      const first = r && (!l || r < l) ? 1 : 0;
      // (its source already taken for the grain: `grainRow`)
      if ((src[p] ?? -1) >= 0) continue;
      let q = -1;
      for (const s of [first, 1 - first]) {
        for (const f of [1, 1.5]) {
          const sx = onPhoto(x + (s ? 1 : -1) * Math.round((shift[s] ?? 0) * f), W);
          if (sx >= 0 && ok[k + sx]) {
            q = o + sx;
            break;
          }
        }
        if (q >= 0) break;
      }
      if (q < 0) {
        const sx = first ? x + 2 * r : x - 2 * l;
        if (sx >= 0 && sx < W && ok[k + sx]) q = o + sx;
      }
      src[p] = q;
    }
  }
  return src;
}

/**
 * A side's copy distance: its depth (the 90th percentile of its pixels' distance to clean background on their row)
 * times SHIFT_K, plus SHIFT_GAP of the reach (issue 38, round 9, part N3). Twice the depth and more (round 3) put
 * the sources up to two shoulder spans from the region where a wide old garment (a tutu) was: a smooth fold's
 * texture, or the photo's other side's, pasted into a sparkling curtain (blurred blobs beside the hips), and off
 * the photo beside a garment near its side; the depth and a gap clear the region and its soft edge.
 */
const SHIFT_K = 1;
const SHIFT_GAP = 0.07;

/** The grain's cell (px) and the radius (cells) it is averaged over (`grainMap`). */
const GRAIN_CELL = 4;
const GRAIN_CELLS = 2;
/** The grain (luma levels) beside the region under which the backdrop is smooth and its copy is left as it was. */
const GRAIN_MIN = 3;
/** The share of the grain beside the region a source must have. */
const GRAIN_MATCH = 0.5;
/** The least change (px) of a row's copy distance to a source with the grain (less stretched the copy). */
const GRAIN_JUMP = 24;
/** The rows (px) that share their jumps (about a sparkle's height). */
const GRAIN_BLOCK = 6;

/**
 * The backdrop's grain over the rows y0..y1 (issue 38, round 20, part A3): the mean step of luma to the next pixel
 * right and down, per GRAIN_CELL cell, averaged over GRAIN_CELLS cells round it (sparkle, a weave, grit: high; a
 * smooth fold: low). Read at (x, y) by `at`.
 */
function grainMap(image: RgbaImage, y0: number, y1: number): { at: (x: number, y: number) => number } {
  const W = image.width;
  const H = image.height;
  const d = image.data;
  const C = GRAIN_CELL;
  const cw = Math.ceil(W / C);
  const ch = Math.ceil((y1 - y0 + 1) / C);
  const sum = new Float32Array(cw * ch);
  const cnt = new Float32Array(cw * ch);
  const lum = (q: number) => (d[q] ?? 0) * 2 + (d[q + 1] ?? 0) * 5 + (d[q + 2] ?? 0);
  // every other pixel of every other row (a sparkle is 2-3 px)
  for (let y = y0; y <= y1 && y < H - 1; y += 2) {
    const row = ((y - y0) / C) | 0;
    for (let x = 0; x < W - 1; x += 2) {
      const q = (y * W + x) * 4;
      const v = lum(q);
      const c = row * cw + ((x / C) | 0);
      sum[c] = (sum[c] ?? 0) + Math.abs(v - lum(q + 4)) + Math.abs(v - lum(q + W * 4));
      cnt[c] = (cnt[c] ?? 0) + 16;
    }
  }
  const g = new Float32Array(cw * ch);
  const R = GRAIN_CELLS;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let s = 0;
      let n = 0;
      for (let j = Math.max(0, cy - R); j <= Math.min(ch - 1, cy + R); j++) {
        for (let i = Math.max(0, cx - R); i <= Math.min(cw - 1, cx + R); i++) {
          s += sum[j * cw + i] ?? 0;
          n += cnt[j * cw + i] ?? 0;
        }
      }
      g[cy * cw + cx] = n ? s / n : 0;
    }
  }
  return { at: (x, y) => g[(((y - y0) / C) | 0) * cw + ((x / C) | 0)] ?? 0 };
}

/**
 * A source column `sx` that falls off the photo reflected back at its border (issue 38, round 9, part N3): where
 * the region lies near the photo's side the shift ran off it, and its pixels took the far side's texture (a smooth
 * fold a photo's width away: a blurred blob beside the hips) or none.
 * Reflected, the copy still runs on unbroken along the row (mirrored), from the backdrop on the region's own side.
 * -1 when even the reflection is off the photo.
 */
function onPhoto(sx: number, W: number): number {
  const r = sx < 0 ? -sx : sx >= W ? 2 * (W - 1) - sx : sx;
  return r >= 0 && r < W ? r : -1;
}

/**
 * Small parts enclosed by an old garment's region are the region's (issue 38, round 9, part N3; in place): the
 * photo's pixels inside `region`'s box that no path outside the region joins to the box's border, in parts of at
 * most `maxArea` pixels. Pink backdrop seen through a tutu's translucent frills (left as the backdrop's colour,
 * `leaveBackground`) and its gold trim (passing the skin test) were holes of a few pixels in the region; left as
 * they were among the copied texture they were the tutu's ghost (pale flecks with gold lines in them), and the
 * fill's seam carried their tint into a blur round each. The mask's overreach at the region's edge and the gap
 * between the legs reach the photo round the region and stay.
 */
export function fillEnclosed(region: Uint8Array, W: number, H: number, maxArea: number): void {
  let x0 = W;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    const row = region.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, a);
    x1 = Math.max(x1, row.lastIndexOf(255));
  }
  if (y0 < 0 || x1 - x0 < 2 || y1 - y0 < 2) return;
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const N = cw * ch;
  // 0: inside the region; 1: outside it, not yet reached; 2: reached from the box's border (or a part too large)
  const cell = new Uint8Array(N);
  for (let y = 0; y < ch; y++) {
    const o = (y + y0) * W + x0;
    for (let x = 0; x < cw; x++) if (!region[o + x]) cell[y * cw + x] = 1;
  }
  const stack = new Int32Array(N);
  const part = new Int32Array(N);
  // flood from `b` through the cells at 1, setting them to `to`; the cells taken are listed in `part`, their number returned
  const flood = (b: number, to: number): number => {
    let top = 0;
    let n = 0;
    cell[b] = to;
    stack[top++] = b;
    while (top > 0) {
      const c = stack[--top] ?? 0;
      part[n++] = c;
      const x = c % cw;
      if (x > 0 && cell[c - 1] === 1) {
        cell[c - 1] = to;
        stack[top++] = c - 1;
      }
      if (x < cw - 1 && cell[c + 1] === 1) {
        cell[c + 1] = to;
        stack[top++] = c + 1;
      }
      if (c >= cw && cell[c - cw] === 1) {
        cell[c - cw] = to;
        stack[top++] = c - cw;
      }
      if (c + cw < N && cell[c + cw] === 1) {
        cell[c + cw] = to;
        stack[top++] = c + cw;
      }
    }
    return n;
  };
  for (let x = 0; x < cw; x++) {
    if (cell[x] === 1) flood(x, 2);
    if (cell[N - cw + x] === 1) flood(N - cw + x, 2);
  }
  for (let y = 0; y < ch; y++) {
    if (cell[y * cw] === 1) flood(y * cw, 2);
    if (cell[y * cw + cw - 1] === 1) flood(y * cw + cw - 1, 2);
  }
  // what is left at 1 is enclosed: each part filled when it is small
  for (let s = 0; s < N; s++) {
    if (cell[s] !== 1) continue;
    const n = flood(s, 2);
    if (n > maxArea) continue;
    for (let k = 0; k < n; k++) {
      const b = part[k] ?? 0;
      region[(((b / cw) | 0) + y0) * W + (b % cw) + x0] = 255;
    }
  }
}
