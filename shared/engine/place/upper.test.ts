import { describe, expect, it } from 'vitest';
import type { GrayImage, RgbaImage } from '../core/types';
import type { Sleeve } from '../garment/garment-anchors';
import { PAD_COHERENCE, printCoherence } from './upper';

const W = 240;
const H = 120;

/**
 * A flat lay's two sleeves, slanted opposite ways (their axes at +-`deg` from the horizontal), each with `print` drawn
 * in its own frame (u along its axis, v across it): part 1 on the left half, part 2 on the right.
 */
function sleeves(deg: number, print: (u: number, v: number) => number) {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H);
  const alpha: GrayImage = { width: W, height: H, data: new Uint8Array(W * H).fill(255) };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const part = x < W / 2 ? 1 : 2;
      const a = ((part === 1 ? deg : -deg) * Math.PI) / 180;
      const u = x * Math.cos(a) + y * Math.sin(a);
      const v = -x * Math.sin(a) + y * Math.cos(a);
      const l = print(u, v);
      const i = y * W + x;
      data.set([l, l, l, 255], i * 4);
      labels[i] = part;
    }
  }
  const image: RgbaImage = { width: W, height: H, data };
  const box = (x0: number, x1: number): Sleeve => ({
    seamOuter: { x: x0, y: 4 },
    seamInner: { x: x0, y: H - 4 },
    cuffOuter: { x: x1, y: 4 },
    cuffInner: { x: x1, y: H - 4 },
  });
  return {
    image,
    labels,
    alpha,
    list: [
      { s: box(4, W / 2 - 4), part: 1 },
      { s: box(W / 2 + 4, W - 4), part: 2 },
    ],
  };
}

const band = (t: number) => (Math.sin((2 * Math.PI * t) / 10) > 0 ? 200 : 60);

describe('printCoherence (a sleeve print that runs one way is not padded across)', () => {
  it('reads channels across each of two opposite-slanted sleeves as running one way (a puffer)', () => {
    // each sleeve's channels across its own axis; the two sleeves' directions 80 degrees apart: summed over both
    // sleeves their gradients read as checks (0.17) and the channels were padded into chevrons
    const s = sleeves(40, (u) => band(u));
    expect(printCoherence(s.image, s.labels, s.alpha, s.list)).toBeGreaterThan(0.9);
  });
  it('reads a gingham as no direction, padded as before', () => {
    const s = sleeves(40, (u, v) => (band(u) + band(v)) / 2);
    expect(printCoherence(s.image, s.labels, s.alpha, s.list)).toBeLessThan(PAD_COHERENCE);
  });
});
