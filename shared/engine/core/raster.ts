/**
 * Piecewise-affine rendering: triangles of a source mesh drawn onto a layer at their destination, each pixel
 * sampling the garment bilinearly (weighted by its alpha and its part label, so one piece never bleeds into
 * another). Pieces are composited "over" within the layer.
 */
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
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const l1 = ((px - d0.x) * (d2.y - d0.y) - (d2.x - d0.x) * (py - d0.y)) * inv;
      const l2 = ((d1.x - d0.x) * (py - d0.y) - (px - d0.x) * (d1.y - d0.y)) * inv;
      const l0 = 1 - l1 - l2;
      if (l0 < eps || l1 < eps || l2 < eps) continue;
      const p = y * layer.width + x;
      if (layer.stamp[p] === call) continue;
      const sx = l0 * s0.x + l1 * s1.x + l2 * s2.x - 0.5;
      const sy = l0 * s0.y + l1 * s1.y + l2 * s2.y - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < 4; k++) {
        const xx = x0 + (k & 1);
        const yy = y0 + (k >> 1);
        if (xx < 0 || yy < 0 || xx >= sw || yy >= sh) continue;
        const q = yy * sw + xx;
        if (labels[q] !== part) continue;
        const wgt = ((k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy) * alpha[q]!) / 255;
        if (wgt <= 0) continue;
        a += wgt;
        r += sd[q * 4]! * wgt;
        g += sd[q * 4 + 1]! * wgt;
        b += sd[q * 4 + 2]! * wgt;
      }
      if (a <= 0.004) continue;
      layer.stamp[p] = call;
      const o = p * 4;
      const da = ld[o + 3]! / 255;
      const na = a + da * (1 - a);
      const kr = (r / a) * tint[0];
      const kg = (g / a) * tint[1];
      const kb = (b / a) * tint[2];
      ld[o] = (kr * a + ld[o]! * da * (1 - a)) / na;
      ld[o + 1] = (kg * a + ld[o + 1]! * da * (1 - a)) / na;
      ld[o + 2] = (kb * a + ld[o + 2]! * da * (1 - a)) / na;
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
