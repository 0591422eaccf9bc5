/**
 * The raster's sampling and the garment picture's shrinking (issue 38, part F4): a print finer than the pixels it
 * is drawn on comes out as its mean colour (no moire), and a cut-out's rim mixed with the photo's white
 * background is drawn without a white fringe.
 */
import { describe, expect, it } from 'vitest';
import { cleanSource, drawGrid, newLayer, type Source } from './raster';
import { resizeRgba, shrinkRgba } from './image-ops';
import type { RgbaImage } from './types';

function image(w: number, h: number, at: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(at(x, y), (y * w + x) * 4);
  return { width: w, height: h, data };
}

function source(img: RgbaImage, alpha?: Uint8Array): Source {
  return {
    image: img,
    alpha: alpha ?? new Uint8Array(img.width * img.height).fill(255),
    labels: new Uint8Array(img.width * img.height).fill(1),
    part: 1,
    tint: [1, 1, 1],
  };
}

/** Standard deviation of the red channel over pixels where `keep` holds. */
function spread(data: ArrayLike<number>, n: number, keep: (i: number) => boolean): number {
  let s = 0;
  let s2 = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!keep(i)) continue;
    const v = data[i * 4]!;
    s += v;
    s2 += v * v;
    k++;
  }
  const m = s / Math.max(1, k);
  return Math.sqrt(Math.max(0, s2 / Math.max(1, k) - m * m));
}

describe('drawGrid: a print shrunk onto fewer pixels', () => {
  it('draws a 1 px checkerboard shrunk 2.7x as its mean grey, not a beat of black and white', () => {
    const src = image(270, 270, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const layer = newLayer(100, 100);
    drawGrid(layer, source(src), { x: 0, y: 0, w: 270, h: 270 }, 8, 8, (x, y) => ({ x: x / 2.7, y: y / 2.7 }));
    // inside, away from the edges; one read per pixel gave a beat from 0 to 255 (spread ~50 and up)
    const s = spread(layer.data, 100 * 100, (i) => i % 100 > 5 && i % 100 < 94 && i > 600 && i < 9400);
    expect(s).toBeLessThan(12);
  });
});

describe('shrinkRgba', () => {
  it('brings 1 px stripes from 900 to 640 px without a beat (bilinear reads skip some pixels: bands)', () => {
    const src = image(900, 1, (x) => (x % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    // the beat: the result's spread once averaged over 8 px (finer than that is the stripes' own texture)
    const beat = (img: RgbaImage) => {
      const v: number[] = [];
      for (let x = 0; x + 8 <= img.width; x++) {
        let s = 0;
        for (let k = 0; k < 8; k++) s += img.data[(x + k) * 4]!;
        v.push(s / 8);
      }
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
    };
    expect(beat(resizeRgba(src, 640, 1))).toBeGreaterThan(10);
    expect(beat(shrinkRgba(src, 640, 1))).toBeLessThan(4);
  });

  it("weighs colours by alpha: a transparent pixel's colour does not darken its neighbour", () => {
    const src = image(4, 1, (x) => (x < 2 ? [200, 100, 50, 255] : [0, 0, 0, 0]));
    const out = shrinkRgba(src, 1, 1);
    expect(Array.from(out.data)).toEqual([200, 100, 50, 128]);
  });
});

describe('cleanSource: a cut-out from a photo on white', () => {
  it("takes the white out of the rim's colour and fades the pixels that are mostly background", () => {
    // a black square on white; its outermost column is 70% black at full alpha, the next 10% at alpha 41 (as a
    // hard cut-out of a JPEG on white gives)
    const W = 40;
    const H = 40;
    const img = image(W, H, (x, y) => {
      if (y < 10 || y >= 30) return [255, 255, 255, 255];
      if (x >= 12 && x < 28) return [28, 28, 30, 255];
      if (x === 11) return [97, 97, 99, 255];
      if (x === 10) return [244, 244, 246, 255];
      return [255, 255, 255, 255];
    });
    const alpha = new Uint8Array(W * H);
    for (let y = 10; y < 30; y++) for (let x = 10; x < 28; x++) alpha[y * W + x] = x === 10 ? 41 : 255;
    const clean = cleanSource(source(img, alpha));
    const p = 20 * W + 11;
    // 97 = 0.7 x 28 + 0.3 x 255: three tenths white, taken out (mostly garment: its coverage kept)
    expect(clean.alpha[p]).toBe(255);
    expect(clean.image.data[p * 4]).toBeLessThan(45);
    // 244: a twentieth garment, its coverage faded to a tenth
    expect(clean.alpha[20 * W + 10]).toBeLessThan(30);
    expect(clean.image.data[(20 * W + 10) * 4]).toBeLessThan(45);
    // drawn: no light pixel where the square is more than half drawn
    const layer = newLayer(W, H);
    drawGrid(layer, source(img, alpha), { x: 0, y: 0, w: W, h: H }, 4, 4, (x, y) => ({ x, y }));
    let light = 0;
    for (let i = 0; i < W * H; i++) if (layer.data[i * 4 + 3]! > 128 && layer.data[i * 4]! > 80) light++;
    expect(light).toBe(0);
  });
});
