/**
 * Piecewise-affine rendering: triangles of a source mesh drawn onto a layer at their destination, each pixel
 * sampling the garment bilinearly (weighted by its alpha and its part label, so one piece never bleeds into
 * another). Pieces are composited "over" within the layer.
 */
import { erode } from './image-ops';
import type { Point } from './tps';
import type { RgbaImage } from './types';

export interface Layer {
  width: number;
  height: number;
  /** Straight colour and coverage, 8-bit. */
  data: Uint8ClampedArray;
  /** Which draw call last wrote a pixel (a triangle seam is drawn once per call). */
  stamp: Uint16Array;
  call: number;
  /** Bounding box of everything drawn. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function newLayer(width: number, height: number): Layer {
  return {
    width,
    height,
    data: new Uint8ClampedArray(width * height * 4),
    stamp: new Uint16Array(width * height),
    call: 0,
    x0: width,
    y0: height,
    x1: -1,
    y1: -1,
  };
}

export interface Source {
  image: RgbaImage;
  alpha: Uint8Array;
  labels: Uint8Array;
  part: number;
  /** Multiplies colours (a variant's shift); 1 = none. */
  tint: [number, number, number];
}

/**
 * A triangle that shrinks its source by at least this much (source pixels per destination pixel, along its
 * most shrunk direction) is read at n x n points over a footprint of `FOOTPRINT` pixels (tent-weighted), with
 * n the shrink times the footprint, rounded up, at most `SUPERSAMPLE_MAX`.
 */
export const SUPERSAMPLE_FROM = 1.25;
const SUPERSAMPLE_MAX = 3;
/**
 * The footprint, in destination pixels: a box of one pixel still lets a print just finer than two pixels
 * through as a beat (a sleeve's gingham squeezed 3x across the arm rippled into bands); 1.5 pixels, tent-weighted,
 * softens it to its mean colour there as a camera would.
 */
const FOOTPRINT = 1.5;

/**
 * Add the bilinear read of the source at (sx, sy) (pixel centres at integers) to `acc`: [coverage, r, g, b]
 * weighted by the source's alpha, only from pixels of the piece `part`.
 */
function sampleInto(
  acc: Float64Array,
  sx: number,
  sy: number,
  sd: Uint8ClampedArray | Uint8Array,
  alpha: Uint8Array,
  labels: Uint8Array,
  part: number,
  sw: number,
  sh: number,
): void {
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const fx = sx - x0;
  const fy = sy - y0;
  for (let k = 0; k < 4; k++) {
    const xx = x0 + (k & 1);
    const yy = y0 + (k >> 1);
    if (xx < 0 || yy < 0 || xx >= sw || yy >= sh) continue;
    const q = yy * sw + xx;
    if (labels[q] !== part) continue;
    const wgt = ((k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy) * (alpha[q] ?? 0)) / 255;
    if (wgt <= 0) continue;
    acc[0] = (acc[0] ?? 0) + wgt;
    acc[1] = (acc[1] ?? 0) + (sd[q * 4] ?? 0) * wgt;
    acc[2] = (acc[2] ?? 0) + (sd[q * 4 + 1] ?? 0) * wgt;
    acc[3] = (acc[3] ?? 0) + (sd[q * 4 + 2] ?? 0) * wgt;
  }
}

/** Scratch sums of one pixel's reads (one thread draws one triangle at a time). */
const ACC = new Float64Array(4);
const ONE = new Float64Array(4);
/** The footprint's n sample offsets and tent weights, per n (1..SUPERSAMPLE_MAX), computed once. */
const TAPS: { offs: Float64Array; wts: Float64Array }[] = [];
function footprintTaps(n: number): { offs: Float64Array; wts: Float64Array } {
  const hit = TAPS[n];
  if (hit) return hit;
  const offs = new Float64Array(n);
  const wts = new Float64Array(n);
  let wsum = 0;
  for (let i = 0; i < n; i++) {
    offs[i] = ((i + 0.5) / n - 0.5) * FOOTPRINT;
    wts[i] = 1 - Math.abs(offs[i] ?? 0) / FOOTPRINT;
    wsum += wts[i] ?? 0;
  }
  for (let i = 0; i < n; i++) wts[i] = (wts[i] ?? 0) / wsum;
  return (TAPS[n] = { offs, wts });
}

/** Draw one triangle: destination d0..d2 sample source s0..s2. */
export function drawTriangle(
  layer: Layer,
  src: Source,
  d0: Point,
  d1: Point,
  d2: Point,
  s0: Point,
  s1: Point,
  s2: Point,
) {
  const det = (d1.x - d0.x) * (d2.y - d0.y) - (d2.x - d0.x) * (d1.y - d0.y);
  if (Math.abs(det) < 1e-6) return;
  const minX = Math.max(0, Math.floor(Math.min(d0.x, d1.x, d2.x)));
  const maxX = Math.min(layer.width - 1, Math.ceil(Math.max(d0.x, d1.x, d2.x)));
  const minY = Math.max(0, Math.floor(Math.min(d0.y, d1.y, d2.y)));
  const maxY = Math.min(layer.height - 1, Math.ceil(Math.max(d0.y, d1.y, d2.y)));
  if (minX > maxX || minY > maxY) return;
  const inv = 1 / det;
  const { image, alpha, labels, part, tint } = src;
  const sw = image.width;
  const sh = image.height;
  const sd = image.data;
  const ld = layer.data;
  const call = layer.call;
  const eps = -0.5 / Math.max(1, Math.sqrt(Math.abs(det)));
  // the source step per destination pixel along x and along y (the triangle's affine map, destination to source)
  const e1x = d1.x - d0.x;
  const e1y = d1.y - d0.y;
  const e2x = d2.x - d0.x;
  const e2y = d2.y - d0.y;
  const f1x = s1.x - s0.x;
  const f1y = s1.y - s0.y;
  const f2x = s2.x - s0.x;
  const f2y = s2.y - s0.y;
  const dsxdx = (f1x * e2y - f2x * e1y) * inv;
  const dsydx = (f1y * e2y - f2y * e1y) * inv;
  const dsxdy = (f2x * e1x - f1x * e2x) * inv;
  const dsydy = (f2y * e1x - f1y * e2x) * inv;
  // a print shrunk (or turned) onto fewer pixels than it has is averaged over each pixel's footprint, not read at
  // one point: one bilinear read per pixel of a finer print is aliased (gingham and stripes into moire)
  const stretch = Math.max(Math.hypot(dsxdx, dsydx), Math.hypot(dsxdy, dsydy));
  const n = stretch >= SUPERSAMPLE_FROM ? Math.min(SUPERSAMPLE_MAX, Math.ceil(stretch * FOOTPRINT)) : 1;
  // the n sample offsets across the footprint and their tent weights (summing to 1 over the n x n points)
  const { offs, wts } = footprintTaps(n);
  const acc = ACC;
  const one = ONE;
  const d0x = d0.x;
  const d0y = d0.y;
  const s0x = s0.x;
  const s0y = s0.y;
  const s1x = s1.x;
  const s1y = s1.y;
  const s2x = s2.x;
  const s2y = s2.y;
  const lw = layer.width;
  const stamp = layer.stamp;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const l1 = ((px - d0x) * e2y - e2x * (py - d0y)) * inv;
      const l2 = (e1x * (py - d0y) - (px - d0x) * e1y) * inv;
      const l0 = 1 - l1 - l2;
      if (l0 < eps || l1 < eps || l2 < eps) continue;
      const p = y * lw + x;
      if (stamp[p] === call) continue;
      const cx = l0 * s0x + l1 * s1x + l2 * s2x - 0.5;
      const cy = l0 * s0y + l1 * s1y + l2 * s2y - 0.5;
      acc[0] = acc[1] = acc[2] = acc[3] = 0;
      if (n === 1) sampleInto(acc, cx, cy, sd, alpha, labels, part, sw, sh);
      else {
        for (let j = 0; j < n; j++) {
          const oy = offs[j] ?? 0;
          for (let i = 0; i < n; i++) {
            const ox = offs[i] ?? 0;
            one[0] = one[1] = one[2] = one[3] = 0;
            sampleInto(
              one,
              cx + ox * dsxdx + oy * dsxdy,
              cy + ox * dsydx + oy * dsydy,
              sd,
              alpha,
              labels,
              part,
              sw,
              sh,
            );
            const k = (wts[i] ?? 0) * (wts[j] ?? 0);
            acc[0] = (acc[0] ?? 0) + (one[0] ?? 0) * k;
            acc[1] = (acc[1] ?? 0) + (one[1] ?? 0) * k;
            acc[2] = (acc[2] ?? 0) + (one[2] ?? 0) * k;
            acc[3] = (acc[3] ?? 0) + (one[3] ?? 0) * k;
          }
        }
      }
      const a = acc[0] ?? 0;
      const r = acc[1] ?? 0;
      const g = acc[2] ?? 0;
      const b = acc[3] ?? 0;
      if (a <= 0.004) continue;
      stamp[p] = call;
      const o = p * 4;
      const da = (ld[o + 3] ?? 0) / 255;
      const na = a + da * (1 - a);
      const kr = (r / a) * tint[0];
      const kg = (g / a) * tint[1];
      const kb = (b / a) * tint[2];
      ld[o] = (kr * a + (ld[o] ?? 0) * da * (1 - a)) / na;
      ld[o + 1] = (kg * a + (ld[o + 1] ?? 0) * da * (1 - a)) / na;
      ld[o + 2] = (kb * a + (ld[o + 2] ?? 0) * da * (1 - a)) / na;
      ld[o + 3] = na * 255;
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
}

/** Draw a grid mesh: `cols` x `rows` cells over the source box, each vertex mapped by `map`. */
export function drawGrid(
  layer: Layer,
  src: Source,
  box: { x: number; y: number; w: number; h: number },
  cols: number,
  rows: number,
  map: (x: number, y: number) => Point,
): void {
  layer.call = (layer.call + 1) & 0xffff || 1;
  src = cleanSource(src);
  const sp: Point[] = [];
  const dp: Point[] = [];
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) {
      const s = { x: box.x + (box.w * i) / cols, y: box.y + (box.h * j) / rows };
      sp.push(s);
      dp.push(map(s.x, s.y));
    }
  }
  const at = (i: number, j: number) => j * (cols + 1) + i;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const a = at(i, j);
      const b = at(i + 1, j);
      const c = at(i, j + 1);
      const d = at(i + 1, j + 1);
      drawTriangle(layer, src, dp[a]!, dp[b]!, dp[c]!, sp[a]!, sp[b]!, sp[c]!);
      drawTriangle(layer, src, dp[b]!, dp[d]!, dp[c]!, sp[b]!, sp[d]!, sp[c]!);
    }
  }
}

/**
 * Draw a strip: cross-sections (outer, inner) in the source and the destination, consecutive sections joined
 * by quads split `across` times.
 */
export function drawStrip(
  layer: Layer,
  src: Source,
  srcOuter: Point[],
  srcInner: Point[],
  dstOuter: Point[],
  dstInner: Point[],
  across = 3,
): void {
  layer.call = (layer.call + 1) & 0xffff || 1;
  src = cleanSource(src);
  const mix = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  // extend the strip slightly across so the piece's own edge (antialiased) is inside the mesh
  for (let i = 0; i + 1 < srcOuter.length; i++) {
    for (let k = 0; k < across; k++) {
      const t0 = -0.08 + (1.16 * k) / across;
      const t1 = -0.08 + (1.16 * (k + 1)) / across;
      const s00 = mix(srcOuter[i]!, srcInner[i]!, t0);
      const s01 = mix(srcOuter[i]!, srcInner[i]!, t1);
      const s10 = mix(srcOuter[i + 1]!, srcInner[i + 1]!, t0);
      const s11 = mix(srcOuter[i + 1]!, srcInner[i + 1]!, t1);
      const d00 = mix(dstOuter[i]!, dstInner[i]!, t0);
      const d01 = mix(dstOuter[i]!, dstInner[i]!, t1);
      const d10 = mix(dstOuter[i + 1]!, dstInner[i + 1]!, t0);
      const d11 = mix(dstOuter[i + 1]!, dstInner[i + 1]!, t1);
      drawTriangle(layer, src, d00, d01, d10, s00, s01, s10);
      drawTriangle(layer, src, d01, d11, d10, s01, s11, s10);
    }
  }
}

/**
 * Draw a mesh of columns: each group's consecutive columns (each a point per section, in the source and the
 * destination) joined section to section by quads, every group in one call (a pixel on two groups' shared line is
 * drawn once). A strip whose columns are not one straight mix of its edges (a sleeve's print padded across,
 * `padAcross` in place/upper.ts).
 */
export function drawMesh(layer: Layer, src: Source, groups: { s: Point[][]; d: Point[][] }[]): void {
  layer.call = (layer.call + 1) & 0xffff || 1;
  src = cleanSource(src);
  for (const { s, d } of groups) {
    for (let k = 0; k + 1 < s.length; k++) {
      const [sa, sb, da, db] = [s[k]!, s[k + 1]!, d[k]!, d[k + 1]!];
      for (let i = 0; i + 1 < sa.length; i++) {
        drawTriangle(layer, src, da[i]!, db[i]!, da[i + 1]!, sa[i]!, sb[i]!, sa[i + 1]!);
        drawTriangle(layer, src, db[i]!, db[i + 1]!, da[i + 1]!, sb[i]!, sb[i + 1]!, sa[i + 1]!);
      }
    }
  }
}

/** A rim pixel's colour is unmixed only where the garment's colour and the background's differ by this much. */
const RIM_CONTRAST = 40;
/** The rim: garment pixels within this many pixels of the outside (alpha < 128). */
const RIM = 2;
/** Colours of the inside and of the background are read this far around a rim pixel. */
const RIM_READ = 3;

const cleaned = new WeakMap<
  Uint8Array,
  { image: RgbaImage; alpha: Uint8Array; out: Source['image']; outAlpha: Uint8Array }
>();

/**
 * The garment's outline without the product photo's background mixed into it. A cut-out from a photo on white
 * has a hard alpha, and its outermost pixels are part garment, part background (a black puffer's edge pixel 97 at
 * full alpha, the next one 244 at alpha 41): drawn on a person they made a white fringe along every edge and seam.
 * Each rim pixel's share of garment is read from its colour between the inside's (nearby pixels of the same
 * piece well inside) and the background's (nearby opaque photo pixels outside the cut-out): its colour is the
 * garment's with the background taken out, and a pixel less than half garment fades out (one at least half
 * garment keeps its coverage: the outline stays where the cut-out put it, as the fill and the safety gate read it). Pixels with no background beside
 * them (a cut-out on transparency) or a garment of the background's colour are left as they are. Cached per
 * cut-out (the same garment drawn again costs nothing).
 */
export function cleanSource(src: Source): Source {
  const hit = cleaned.get(src.alpha);
  if (hit && hit.image === src.image && hit.alpha === src.alpha) return { ...src, image: hit.out, alpha: hit.outAlpha };
  const { image, alpha, labels } = src;
  const W = image.width;
  const H = image.height;
  const d = image.data;
  const inner = erode(alpha, W, H, RIM);
  const out = new Uint8ClampedArray(d);
  const outAlpha = new Uint8Array(alpha);
  const ci = [0, 0, 0];
  const cb = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    const ya = Math.max(0, y - RIM_READ);
    const yb = Math.min(H - 1, y + RIM_READ);
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (!alpha[p] || inner[p]) continue;
      const lab = labels[p];
      let ni = 0;
      let nb = 0;
      let ir = 0;
      let ig = 0;
      let ib = 0;
      let br = 0;
      let bg = 0;
      let bb = 0;
      const xa = Math.max(0, x - RIM_READ);
      const xb = Math.min(W - 1, x + RIM_READ);
      for (let yy = ya; yy <= yb; yy++) {
        for (let xx = xa; xx <= xb; xx++) {
          const q = yy * W + xx;
          if (inner[q] && labels[q] === lab) {
            ir += d[q * 4] ?? 0;
            ig += d[q * 4 + 1] ?? 0;
            ib += d[q * 4 + 2] ?? 0;
            ni++;
          } else if ((alpha[q] ?? 0) < 16 && (d[q * 4 + 3] ?? 0) >= 250) {
            br += d[q * 4] ?? 0;
            bg += d[q * 4 + 1] ?? 0;
            bb += d[q * 4 + 2] ?? 0;
            nb++;
          }
        }
      }
      ci[0] = ir;
      ci[1] = ig;
      ci[2] = ib;
      cb[0] = br;
      cb[1] = bg;
      cb[2] = bb;
      if (!ni || !nb) continue;
      let dd = 0;
      let dot = 0;
      for (let c = 0; c < 3; c++) {
        ci[c] = (ci[c] ?? 0) / ni;
        cb[c] = (cb[c] ?? 0) / nb;
        const e = (ci[c] ?? 0) - (cb[c] ?? 0);
        dd += e * e;
        dot += ((d[p * 4 + c] ?? 0) - (cb[c] ?? 0)) * e;
      }
      if (dd < RIM_CONTRAST * RIM_CONTRAST) continue;
      const share = Math.max(0, Math.min(1, dot / dd));
      // coverage: kept where the pixel is mostly garment (its colour alone was the fringe; the outline stays where
      // the cut-out put it, as the safety gate and the fill expect), fading out below half
      outAlpha[p] = Math.min(alpha[p] ?? 0, Math.round(Math.min(1, share * 2) * 255));
      for (let c = 0; c < 3; c++) {
        // unmixed where enough of the pixel is garment (a seam's dark line at the edge is kept), else the inside's
        const v = share >= 0.5 ? ((d[p * 4 + c] ?? 0) - (1 - share) * (cb[c] ?? 0)) / share : (ci[c] ?? 0);
        out[p * 4 + c] = v;
      }
    }
  }
  const outImage = { width: W, height: H, data: out };
  cleaned.set(src.alpha, { image, alpha, out: outImage, outAlpha });
  return { ...src, image: outImage, alpha: outAlpha };
}
