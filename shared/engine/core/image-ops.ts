/**
 * Small image operations over typed arrays (no Node or browser API): resizing, blurs, morphology, connected
 * components and a push-pull fill. Hot loops use plain indices, no per-pixel closures or allocations.
 */
import type { GrayImage, RgbaImage } from './types';

export function newGray(width: number, height: number): GrayImage {
  return { width, height, data: new Uint8Array(width * height) };
}

export function newRgba(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function copyRgba(img: RgbaImage): RgbaImage {
  return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data) };
}

/** Bilinear resize of a one-channel image. */
export function resizeGray(src: GrayImage, width: number, height: number): GrayImage {
  if (src.width === width && src.height === height) return { width, height, data: new Uint8Array(src.data) };
  const out = newGray(width, height);
  const sx = src.width / width;
  const sy = src.height / height;
  const sw = src.width;
  const s = src.data;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(src.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(src.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = fx - x0;
      const a = (s[y0 * sw + x0] ?? 0) * (1 - wx) + (s[y0 * sw + x1] ?? 0) * wx;
      const b = (s[y1 * sw + x0] ?? 0) * (1 - wx) + (s[y1 * sw + x1] ?? 0) * wx;
      out.data[y * width + x] = Math.round(a * (1 - wy) + b * wy);
    }
  }
  return out;
}

/** Resize an RGBA image: box-average when shrinking by 2x or more, then bilinear. */
export function resizeRgba(src: RgbaImage, width: number, height: number): RgbaImage {
  if (src.width === width && src.height === height) return copyRgba(src);
  let cur = src;
  while (cur.width >= width * 2 && cur.height >= height * 2) cur = halve(cur);
  const out = newRgba(width, height);
  const sx = cur.width / width;
  const sy = cur.height / height;
  const sw = cur.width;
  const s = cur.data;
  const d = out.data;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(cur.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(cur.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = fx - x0;
      const i00 = (y0 * sw + x0) * 4;
      const i01 = (y0 * sw + x1) * 4;
      const i10 = (y1 * sw + x0) * 4;
      const i11 = (y1 * sw + x1) * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        const a = (s[i00 + c] ?? 0) * (1 - wx) + (s[i01 + c] ?? 0) * wx;
        const b = (s[i10 + c] ?? 0) * (1 - wx) + (s[i11 + c] ?? 0) * wx;
        d[o + c] = a * (1 - wy) + b * wy;
      }
    }
  }
  return out;
}

/**
 * Shrink an RGBA image with a filter as wide as the shrink (a tent reaching one step either side of each output
 * pixel's centre, separable), colours weighted by their alpha. A bilinear read at a step of 1.4 source pixels (a 900 px product photo
 * brought to 640) skips parts of some pixels and not of others: a fine print (gingham) came out in bands of
 * sharp and blurred checks, a beat the warp then turned into moire. Enlarging (or the same size) is `resizeRgba`.
 */
export function shrinkRgba(src: RgbaImage, width: number, height: number): RgbaImage {
  if (width > src.width || height > src.height || (width === src.width && height === src.height))
    return resizeRgba(src, width, height);
  const spans = (n: number, m: number) => {
    // for each output index: the source indices it reads and their weights (a tent as wide as the step either
    // side of its centre, summing to 1), flat: output o reads idx[at[o]..at[o + 1])
    const k = n / m;
    const starts = new Int32Array(m + 1);
    const idxs: number[] = [];
    const wtsAll: number[] = [];
    for (let o = 0; o < m; o++) {
      const c = (o + 0.5) * k - 0.5;
      const from = idxs.length;
      let sum = 0;
      for (let i = Math.max(0, Math.ceil(c - k)); i <= Math.min(n - 1, Math.floor(c + k)); i++) {
        const w = 1 - Math.abs(i - c) / k;
        if (w <= 1e-9) continue;
        idxs.push(i);
        wtsAll.push(w);
        sum += w;
      }
      for (let j = from; j < wtsAll.length; j++) wtsAll[j] = (wtsAll[j] ?? 0) / sum;
      starts[o + 1] = idxs.length;
    }
    return { at: starts, idx: Int32Array.from(idxs), wts: Float64Array.from(wtsAll) };
  };
  const sx = spans(src.width, width);
  const sy = spans(src.height, height);
  const sw = src.width;
  const s = src.data;
  // rows first: premultiplied colour and alpha, width x src.height
  const tmp = new Float32Array(width * src.height * 4);
  const xAt = sx.at;
  const xIdx = sx.idx;
  const xWts = sx.wts;
  for (let y = 0; y < src.height; y++) {
    const row = y * sw;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = xAt[x] ?? 0, end = xAt[x + 1] ?? 0; k < end; k++) {
        const q = (row + (xIdx[k] ?? 0)) * 4;
        const wa = (xWts[k] ?? 0) * (s[q + 3] ?? 0);
        r += (s[q] ?? 0) * wa;
        g += (s[q + 1] ?? 0) * wa;
        b += (s[q + 2] ?? 0) * wa;
        a += wa;
      }
      const o = (y * width + x) * 4;
      tmp[o] = r;
      tmp[o + 1] = g;
      tmp[o + 2] = b;
      tmp[o + 3] = a;
    }
  }
  const out = newRgba(width, height);
  const d = out.data;
  const yIdx = sy.idx;
  const yWts = sy.wts;
  for (let y = 0; y < height; y++) {
    const k0 = sy.at[y] ?? 0;
    const k1 = sy.at[y + 1] ?? 0;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = k0; k < k1; k++) {
        const q = ((yIdx[k] ?? 0) * width + x) * 4;
        const w = yWts[k] ?? 0;
        r += (tmp[q] ?? 0) * w;
        g += (tmp[q + 1] ?? 0) * w;
        b += (tmp[q + 2] ?? 0) * w;
        a += (tmp[q + 3] ?? 0) * w;
      }
      const o = (y * width + x) * 4;
      if (a > 1e-6) {
        d[o] = r / a;
        d[o + 1] = g / a;
        d[o + 2] = b / a;
      }
      d[o + 3] = a;
    }
  }
  return out;
}

/**
 * Enlarge an RGBA image with a separable Catmull-Rom cubic (4 taps a side), colours weighted by their alpha. A
 * bilinear enlargement keeps the source's pixel grid in view: a 200 px product photo read 3x up drew dots as
 * squarish blobs, stripes and cable knit as steps, and its cut-out's edge as a sawtooth. Shrinking is
 * `shrinkRgba`.
 */
export function enlargeRgba(src: RgbaImage, width: number, height: number): RgbaImage {
  if (width < src.width || height < src.height) return shrinkRgba(src, width, height);
  const taps = (n: number, m: number) => {
    // for each output index: its 4 source indices (clamped) and Catmull-Rom weights, flat at [4 o .. 4 o + 4)
    const k = n / m;
    const idx = new Int32Array(m * 4);
    const wts = new Float32Array(m * 4);
    for (let o = 0; o < m; o++) {
      const c = (o + 0.5) * k - 0.5;
      const i0 = Math.floor(c);
      const t = c - i0;
      const t2 = t * t;
      const t3 = t2 * t;
      const w = [-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2];
      for (let j = 0; j < 4; j++) {
        idx[o * 4 + j] = Math.min(n - 1, Math.max(0, i0 - 1 + j));
        wts[o * 4 + j] = w[j] ?? 0;
      }
    }
    return { idx, wts };
  };
  const tx = taps(src.width, width);
  const ty = taps(src.height, height);
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  // premultiplied source, then rows first (width x sh), each output read from 4 source pixels
  const pre = new Float32Array(sw * sh * 4);
  for (let q = 0; q < sw * sh * 4; q += 4) {
    const al = s[q + 3] ?? 0;
    const k = al / 255;
    pre[q] = (s[q] ?? 0) * k;
    pre[q + 1] = (s[q + 1] ?? 0) * k;
    pre[q + 2] = (s[q + 2] ?? 0) * k;
    pre[q + 3] = al;
  }
  const tmp = new Float32Array(width * sh * 4);
  const xi = tx.idx;
  const xw = tx.wts;
  for (let y = 0; y < sh; y++) {
    const row = y * sw;
    for (let x = 0; x < width; x++) {
      const j = x * 4;
      const q0 = (row + (xi[j] ?? 0)) * 4;
      const q1 = (row + (xi[j + 1] ?? 0)) * 4;
      const q2 = (row + (xi[j + 2] ?? 0)) * 4;
      const q3 = (row + (xi[j + 3] ?? 0)) * 4;
      const w0 = xw[j] ?? 0;
      const w1 = xw[j + 1] ?? 0;
      const w2 = xw[j + 2] ?? 0;
      const w3 = xw[j + 3] ?? 0;
      const t = (y * width + x) * 4;
      for (let c = 0; c < 4; c++)
        tmp[t + c] =
          (pre[q0 + c] ?? 0) * w0 + (pre[q1 + c] ?? 0) * w1 + (pre[q2 + c] ?? 0) * w2 + (pre[q3 + c] ?? 0) * w3;
    }
  }
  // then columns, row by row: output row y mixes 4 rows of tmp
  const res = new Float32Array(width * height * 4);
  const yi = ty.idx;
  const yw = ty.wts;
  const line = width * 4;
  for (let y = 0; y < height; y++) {
    const j = y * 4;
    const r0 = (yi[j] ?? 0) * line;
    const r1 = (yi[j + 1] ?? 0) * line;
    const r2 = (yi[j + 2] ?? 0) * line;
    const r3 = (yi[j + 3] ?? 0) * line;
    const w0 = yw[j] ?? 0;
    const w1 = yw[j + 1] ?? 0;
    const w2 = yw[j + 2] ?? 0;
    const w3 = yw[j + 3] ?? 0;
    const t = y * line;
    for (let i = 0; i < line; i++)
      res[t + i] =
        (tmp[r0 + i] ?? 0) * w0 + (tmp[r1 + i] ?? 0) * w1 + (tmp[r2 + i] ?? 0) * w2 + (tmp[r3 + i] ?? 0) * w3;
  }
  const out = newRgba(width, height);
  const d = out.data;
  for (let q = 0; q < width * height * 4; q += 4) {
    const al = Math.min(255, Math.max(0, res[q + 3] ?? 0));
    if (al > 1e-3) {
      const k = 255 / al;
      d[q] = (res[q] ?? 0) * k;
      d[q + 1] = (res[q + 1] ?? 0) * k;
      d[q + 2] = (res[q + 2] ?? 0) * k;
    }
    d[q + 3] = al;
  }
  return out;
}

function halve(src: RgbaImage): RgbaImage {
  const w = src.width >> 1;
  const h = src.height >> 1;
  const out = newRgba(w, h);
  const s = src.data;
  const sw = src.width;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (2 * y * sw + 2 * x) * 4;
      const j = i + sw * 4;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 4; c++)
        out.data[o + c] = ((s[i + c] ?? 0) + (s[i + 4 + c] ?? 0) + (s[j + c] ?? 0) + (s[j + 4 + c] ?? 0) + 2) >> 2;
    }
  }
  return out;
}

/** Scratch planes reused by boxBlur (one thread runs one render at a time; grown as needed). */
let blurRows = new Float32Array(0);
let blurAcc = new Float64Array(0);

/**
 * Separable box blur of a float plane, radius r (in place), edges clamped. Both passes walk the plane row by row
 * (the columns' running sums kept side by side): the same sums in the same order as a column-by-column pass, so
 * the same values, without striding across memory.
 */
export function boxBlur(data: Float32Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const inv = 1 / (2 * r + 1);
  const n = width * height;
  if (blurRows.length < n) blurRows = new Float32Array(n);
  if (blurAcc.length < width) blurAcc = new Float64Array(width);
  const out = blurRows;
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += data[row + (k < 0 ? 0 : k > last ? last : k)] ?? 0;
    // x + r + 1 past the right edge reads the last pixel; x - r before the left edge reads the first
    for (let x = 0; x < width; x++) {
      out[row + x] = acc * inv;
      const a = x + r + 1;
      const b = x - r;
      acc += (data[row + (a > last ? last : a)] ?? 0) - (data[row + (b < 0 ? 0 : b)] ?? 0);
    }
  }
  const acc = blurAcc;
  const lastRow = height - 1;
  for (let x = 0; x < width; x++) acc[x] = 0;
  for (let k = -r; k <= r; k++) {
    const row = (k < 0 ? 0 : k > lastRow ? lastRow : k) * width;
    for (let x = 0; x < width; x++) acc[x] = (acc[x] ?? 0) + (out[row + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const a = y + r + 1;
    const b = y - r;
    const addRow = (a > lastRow ? lastRow : a) * width;
    const subRow = (b < 0 ? 0 : b) * width;
    for (let x = 0; x < width; x++) {
      data[row + x] = (acc[x] ?? 0) * inv;
      acc[x] = (acc[x] ?? 0) + ((out[addRow + x] ?? 0) - (out[subRow + x] ?? 0));
    }
  }
}

/** Three box blurs: close to a Gaussian of sigma ~ r. */
export function gaussianish(data: Float32Array, width: number, height: number, r: number): void {
  const k = Math.max(1, Math.round(r * 0.6));
  for (let i = 0; i < 3; i++) boxBlur(data, width, height, k);
}

/** The float plane dilate and erode blur, reused (its first n values are all written before they are read). */
let morphScratch = new Float32Array(0);
function morphPlane(n: number): Float32Array {
  if (morphScratch.length < n) morphScratch = new Float32Array(n);
  return morphScratch;
}

/**
 * The largest window ((2r + 1)^2 pixels) dilate and erode count exactly in integers (`morphCounts`): up to it a
 * count of 1 (or of all but one) lies far from the float blur's thresholds (1e-4, 1 - 1e-4), so both ways give the
 * same mask; above it the float blur's own rounding decides, and it is kept.
 */
const MORPH_EXACT_MAX = 5000;
let morphRows = new Int32Array(0);
let morphCols = new Int32Array(0);
let morphBin = new Uint8Array(0);

/**
 * Per pixel of the mask's bounding box grown by r (clipped to the image), the count of pixels >= threshold in the
 * square of radius r round it, edges clamped as boxBlur clamps them (outside that box every pixel is 0, so
 * clamping to the box reads the same zeros); sets `out` to 255 where the count is above 0 (dilation) or the whole
 * square (`erosion`). False when no pixel is set. The
 * masks the engine grows or shrinks cover a small part of the photo: a float blur of the whole plane was ~6% of
 * a render.
 */
function morphCounts(
  src: Uint8Array,
  width: number,
  height: number,
  r: number,
  threshold: number,
  out: Uint8Array,
  erosion: boolean,
): boolean {
  // the set pixels' box: the first and last rows with one, then per row between them only the columns left of
  // the box so far and right of it (a mask is mostly empty around a small shape)
  let by0 = -1;
  for (let i = 0, n = width * height; i < n; i++)
    if ((src[i] ?? 0) >= threshold) {
      by0 = (i / width) | 0;
      break;
    }
  if (by0 < 0) return false;
  let by1 = by0;
  for (let i = width * height - 1; i >= by0 * width; i--)
    if ((src[i] ?? 0) >= threshold) {
      by1 = (i / width) | 0;
      break;
    }
  let bx0 = width;
  let bx1 = -1;
  for (let y = by0; y <= by1; y++) {
    const row = y * width;
    for (let x = 0; x < bx0; x++)
      if ((src[row + x] ?? 0) >= threshold) {
        bx0 = x;
        break;
      }
    for (let x = width - 1; x > bx1; x--)
      if ((src[row + x] ?? 0) >= threshold) {
        bx1 = x;
        break;
      }
  }
  const x0 = Math.max(0, bx0 - r);
  const x1 = Math.min(width - 1, bx1 + r);
  const y0 = Math.max(0, by0 - r);
  const y1 = Math.min(height - 1, by1 + r);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const full = (2 * r + 1) ** 2;
  if (morphRows.length < w * h) morphRows = new Int32Array(w * h);
  if (morphBin.length < w * h) morphBin = new Uint8Array(w * h);
  if (morphCols.length < w) morphCols = new Int32Array(w);
  const rows = morphRows;
  const bin = morphBin;
  for (let y = 0; y < h; y++) {
    const from = (y0 + y) * width + x0;
    for (let x = 0; x < w; x++) bin[y * w + x] = (src[from + x] ?? 0) >= threshold ? 1 : 0;
  }
  const last = w - 1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += bin[row + (k < 0 ? 0 : k > last ? last : k)] ?? 0;
    for (let x = 0; x < w; x++) {
      rows[row + x] = acc;
      const a = x + r + 1;
      const b = x - r;
      acc += (bin[row + (a > last ? last : a)] ?? 0) - (bin[row + (b < 0 ? 0 : b)] ?? 0);
    }
  }
  const acc = morphCols;
  const lastRow = h - 1;
  for (let x = 0; x < w; x++) acc[x] = 0;
  for (let k = -r; k <= r; k++) {
    const row = (k < 0 ? 0 : k > lastRow ? lastRow : k) * w;
    for (let x = 0; x < w; x++) acc[x] = (acc[x] ?? 0) + (rows[row + x] ?? 0);
  }
  for (let y = 0; y < h; y++) {
    const a = y + r + 1;
    const b = y - r;
    const addRow = (a > lastRow ? lastRow : a) * w;
    const subRow = (b < 0 ? 0 : b) * w;
    const p0 = (y0 + y) * width + x0;
    for (let x = 0; x < w; x++) {
      const count = acc[x] ?? 0;
      if (erosion ? count === full : count > 0) out[p0 + x] = 255;
      acc[x] = count + ((rows[addRow + x] ?? 0) - (rows[subRow + x] ?? 0));
    }
  }
  return true;
}

/** Binary (value >= threshold) dilation by a square of radius r; returns 0/255. */
export function dilate(src: Uint8Array, width: number, height: number, r: number, threshold = 128): Uint8Array {
  const n = width * height;
  if (r >= 1 && (2 * r + 1) ** 2 <= MORPH_EXACT_MAX) {
    const out = new Uint8Array(n);
    morphCounts(src, width, height, r, threshold, out, false);
    return out;
  }
  const f = morphPlane(n);
  for (let i = 0; i < n; i++) f[i] = (src[i] ?? 0) >= threshold ? 1 : 0;
  if (r >= 1) boxBlur(f, width, height, r);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (f[i] ?? 0) > 1e-4 ? 255 : 0;
  return out;
}

/** Binary erosion by a square of radius r; returns 0/255. */
export function erode(src: Uint8Array, width: number, height: number, r: number, threshold = 128): Uint8Array {
  const n = width * height;
  const full = (2 * r + 1) ** 2;
  if (r >= 1 && full <= MORPH_EXACT_MAX) {
    const out = new Uint8Array(n);
    morphCounts(src, width, height, r, threshold, out, true);
    return out;
  }
  const f = morphPlane(n);
  for (let i = 0; i < n; i++) f[i] = (src[i] ?? 0) >= threshold ? 1 : 0;
  if (r >= 1) boxBlur(f, width, height, r);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (f[i] ?? 0) > 1 - 1e-4 ? 255 : 0;
  return out;
}

/** 4-connected components of a binary image; labels start at 1; sizes[label]. */
export function components(bin: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const stack = new Int32Array(width * height);
  let next = 1;
  for (let start = 0; start < bin.length; start++) {
    if (!bin[start] || labels[start]) continue;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = next;
    let n = 0;
    while (sp > 0) {
      const p = stack[--sp] ?? 0;
      n++;
      const x = p % width;
      if (x > 0 && bin[p - 1] && !labels[p - 1]) {
        labels[p - 1] = next;
        stack[sp++] = p - 1;
      }
      if (x < width - 1 && bin[p + 1] && !labels[p + 1]) {
        labels[p + 1] = next;
        stack[sp++] = p + 1;
      }
      if (p >= width && bin[p - width] && !labels[p - width]) {
        labels[p - width] = next;
        stack[sp++] = p - width;
      }
      if (p < bin.length - width && bin[p + width] && !labels[p + width]) {
        labels[p + width] = next;
        stack[sp++] = p + width;
      }
    }
    sizes.push(n);
    next++;
  }
  return { labels, sizes };
}

/** The pixels (indices into `bin`) of each 4-connected component of a binary image, in `components`' label order,
 * each list in ascending index order. Searched over the set pixels' bounding box only (a sparse mask in a large
 * window: `components`' labels and stack are 8 bytes a pixel). */
export function componentPixels(bin: Uint8Array, width: number, height: number): number[][] {
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  for (let p = 0; p < bin.length; p++) {
    if (!bin[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    y1 = y;
  }
  if (x1 < 0) return [];
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const crop = new Uint8Array(w * h);
  for (let y = y0; y <= y1; y++) crop.set(bin.subarray(y * width + x0, y * width + x1 + 1), (y - y0) * w);
  const { labels, sizes } = components(crop, w, h);
  const out: number[][] = sizes.slice(1).map(() => []);
  for (let q = 0; q < labels.length; q++) {
    const l = labels[q] ?? 0;
    if (l) out[l - 1]?.push((y0 + Math.floor(q / w)) * width + x0 + (q % w));
  }
  return out;
}

/**
 * Push-pull fill: the pixels where `unknown` is set get colours diffused from the known pixels around them
 * (`known` weights 0..1; pixels neither known nor unknown are ignored as sources). Works on an RGB float plane
 * (3 values a pixel) in place.
 */
export function pushPullFill(rgb: Float32Array, weight: Float32Array, width: number, height: number): void {
  // pull: a pyramid of weighted averages
  const levels: { w: number; h: number; c: Float32Array; a: Float32Array }[] = [];
  let w = width;
  let h = height;
  let c = new Float32Array(w * h * 3);
  let a = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const k = weight[i] ?? 0;
    a[i] = k;
    c[i * 3] = (rgb[i * 3] ?? 0) * k;
    c[i * 3 + 1] = (rgb[i * 3 + 1] ?? 0) * k;
    c[i * 3 + 2] = (rgb[i * 3 + 2] ?? 0) * k;
  }
  levels.push({ w, h, c, a });
  while (w > 1 || h > 1) {
    const nw = Math.max(1, (w + 1) >> 1);
    const nh = Math.max(1, (h + 1) >> 1);
    const nc = new Float32Array(nw * nh * 3);
    const na = new Float32Array(nw * nh);
    for (let y = 0; y < h; y++) {
      const ny = y >> 1;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const j = ny * nw + (x >> 1);
        na[j] = (na[j] ?? 0) + (a[i] ?? 0);
        nc[j * 3] = (nc[j * 3] ?? 0) + (c[i * 3] ?? 0);
        nc[j * 3 + 1] = (nc[j * 3 + 1] ?? 0) + (c[i * 3 + 1] ?? 0);
        nc[j * 3 + 2] = (nc[j * 3 + 2] ?? 0) + (c[i * 3 + 2] ?? 0);
      }
    }
    // keep weights bounded (premultiplied colours scale with them)
    for (let j = 0; j < nw * nh; j++) {
      const s = (na[j] ?? 0) > 1 ? 1 / (na[j] ?? 0) : 1;
      na[j] = (na[j] ?? 0) * s;
      nc[j * 3] = (nc[j * 3] ?? 0) * s;
      nc[j * 3 + 1] = (nc[j * 3 + 1] ?? 0) * s;
      nc[j * 3 + 2] = (nc[j * 3 + 2] ?? 0) * s;
    }
    w = nw;
    h = nh;
    c = nc;
    a = na;
    levels.push({ w, h, c, a });
  }
  // push: fill each level's missing weight from the coarser level (bilinear)
  for (let l = levels.length - 2; l >= 0; l--) {
    const fine = levels[l]!;
    const coarse = levels[l + 1]!;
    for (let y = 0; y < fine.h; y++) {
      const cy = Math.min(coarse.h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(cy);
      const y1 = Math.min(coarse.h - 1, y0 + 1);
      const wy = cy - y0;
      for (let x = 0; x < fine.w; x++) {
        const i = y * fine.w + x;
        const missing = 1 - (fine.a[i] ?? 0);
        if (missing <= 0) continue;
        const cx = Math.min(coarse.w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
        const x0 = Math.floor(cx);
        const x1 = Math.min(coarse.w - 1, x0 + 1);
        const wx = cx - x0;
        const q00 = y0 * coarse.w + x0;
        const q01 = y0 * coarse.w + x1;
        const q10 = y1 * coarse.w + x0;
        const q11 = y1 * coarse.w + x1;
        const w00 = (1 - wx) * (1 - wy);
        const w01 = wx * (1 - wy);
        const w10 = (1 - wx) * wy;
        const w11 = wx * wy;
        const ca =
          (coarse.a[q00] ?? 0) * w00 +
          (coarse.a[q01] ?? 0) * w01 +
          (coarse.a[q10] ?? 0) * w10 +
          (coarse.a[q11] ?? 0) * w11;
        if (ca <= 1e-6) continue;
        const k = missing / ca;
        for (let ch = 0; ch < 3; ch++) {
          const v =
            (coarse.c[q00 * 3 + ch] ?? 0) * w00 +
            (coarse.c[q01 * 3 + ch] ?? 0) * w01 +
            (coarse.c[q10 * 3 + ch] ?? 0) * w10 +
            (coarse.c[q11 * 3 + ch] ?? 0) * w11;
          fine.c[i * 3 + ch] = (fine.c[i * 3 + ch] ?? 0) + v * k;
        }
        fine.a[i] = (fine.a[i] ?? 0) + ca * k;
      }
    }
  }
  const top = levels[0]!;
  for (let i = 0; i < width * height; i++) {
    if ((weight[i] ?? 0) >= 1) continue;
    const k = (top.a[i] ?? 0) > 1e-6 ? 1 / (top.a[i] ?? 0) : 0;
    rgb[i * 3] = (top.c[i * 3] ?? 0) * k;
    rgb[i * 3 + 1] = (top.c[i * 3 + 1] ?? 0) * k;
    rgb[i * 3 + 2] = (top.c[i * 3 + 2] ?? 0) * k;
  }
}

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
