/**
 * The box blur walks both passes row by row (issue 38, round 4, part G1: the render's speed): it must give the
 * very values the column-by-column pass gave (every mask the engine dilates or erodes, every light field it
 * smooths, is built on it), bit for bit, at every radius (one wider than the plane included) and on planes of
 * several shapes, called again on another size (its scratch planes are reused).
 */
import { describe, expect, it } from 'vitest';
import { boxBlur, dilate, erode } from './image-ops';

/** The blur as it was written before: the horizontal pass in place, then each column in turn. */
function columnBoxBlur(data: Float32Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const tmp = new Float32Array(Math.max(width, height));
  const inv = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += data[row + Math.min(width - 1, Math.max(0, k))]!;
    for (let x = 0; x < width; x++) {
      tmp[x] = acc * inv;
      acc += data[row + Math.min(width - 1, x + r + 1)]! - data[row + Math.max(0, x - r)]!;
    }
    for (let x = 0; x < width; x++) data[row + x] = tmp[x]!;
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += data[Math.min(height - 1, Math.max(0, k)) * width + x]!;
    for (let y = 0; y < height; y++) {
      tmp[y] = acc * inv;
      acc += data[Math.min(height - 1, y + r + 1) * width + x]! - data[Math.max(0, y - r) * width + x]!;
    }
    for (let y = 0; y < height; y++) data[y * width + x] = tmp[y]!;
  }
}

/** A deterministic plane: binary speckle or grey noise. */
function plane(w: number, h: number, seed: number, binary: boolean): Float32Array {
  const out = new Float32Array(w * h);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = binary ? (s >>> 29 > 5 ? 1 : 0) : (s >>> 8) / (1 << 24);
  }
  return out;
}

describe('boxBlur', () => {
  it('gives the column-by-column values bit for bit', () => {
    const shapes: [number, number][] = [
      [97, 61],
      [31, 120],
      [200, 7],
      [5, 5],
      [160, 160],
    ];
    let seed = 1;
    for (const [w, h] of shapes) {
      for (const r of [1, 2, 3, 7, 20, 90, 250]) {
        for (const binary of [true, false]) {
          const a = plane(w, h, seed++, binary);
          const b = new Float32Array(a);
          boxBlur(a, w, h, r);
          columnBoxBlur(b, w, h, r);
          expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer)), `${w}x${h} r${r}`).toBe(true);
        }
      }
    }
  });

  it('dilates and erodes a mask as before (the same thresholds on the same sums)', () => {
    const w = 140;
    const h = 90;
    // a dense speckle, a small blob inside, blobs touching the right and the bottom edges, one pixel, none: the
    // exact count works on the mask's box grown by r, clamped as the blur clamps the plane's edges
    const masks: Uint8Array[] = [];
    const speckle = new Uint8Array(w * h);
    const p = plane(w, h, 7, true);
    for (let i = 0; i < speckle.length; i++) speckle[i] = p[i]! > 0 ? 255 : 0;
    masks.push(speckle);
    const blob = (x0: number, y0: number, x1: number, y1: number) => {
      const m = new Uint8Array(w * h);
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) if (speckle[y * w + x] || (x + y) % 3) m[y * w + x] = 200;
      return m;
    };
    masks.push(blob(50, 30, 70, 44), blob(120, 10, 139, 30), blob(10, 75, 30, 89), blob(66, 40, 66, 40));
    masks.push(new Uint8Array(w * h));
    for (const [k, src] of masks.entries()) {
      for (const r of [1, 2, 4, 13, 34, 35, 60]) {
        const f = new Float32Array(w * h);
        for (let i = 0; i < f.length; i++) f[i] = src[i]! >= 128 ? 1 : 0;
        columnBoxBlur(f, w, h, r);
        const wantD = Uint8Array.from(f, (v) => (v > 1e-4 ? 255 : 0));
        const wantE = Uint8Array.from(f, (v) => (v > 1 - 1e-4 ? 255 : 0));
        expect(Buffer.from(dilate(src, w, h, r)).equals(Buffer.from(wantD)), `dilate mask ${k} r${r}`).toBe(true);
        expect(Buffer.from(erode(src, w, h, r)).equals(Buffer.from(wantE)), `erode mask ${k} r${r}`).toBe(true);
      }
    }
  });
});
