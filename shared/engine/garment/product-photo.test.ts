/**
 * Product photo cleaning on drawn pictures whose truth is known: a shaded tee (and a camisole) on a plain
 * background, with a soft drop shadow, on a hanger's hook, or turned askew.
 */
import { describe, expect, it } from 'vitest';
import { newRgba } from '../core/image-ops';
import type { RgbaImage } from '../core/types';
import { detectGarment } from './garment';
import { estimateTilt, PRODUCT_PHOTO } from './product-photo';

type Pt = [number, number];
const W = 400;
const H = 440;

function inside(pts: Pt[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** A tee's outline (sleeves out), centred, top at y 80, hem at y 360. */
const TEE: Pt[] = [
  [160, 80],
  [240, 80],
  [300, 110],
  [345, 170],
  [305, 195],
  [280, 170],
  [280, 360],
  [120, 360],
  [120, 170],
  [95, 195],
  [55, 170],
  [100, 110],
];
/** A camisole: two thin straps (off centre) and a body from y 150. */
const CAMI: Pt[] = [
  [140, 80],
  [148, 80],
  [150, 150],
  [250, 150],
  [252, 80],
  [260, 80],
  [262, 150],
  [280, 160],
  [285, 360],
  [115, 360],
  [120, 160],
  [138, 150],
];

function turn(pts: Pt[], deg: number): Pt[] {
  const a = (deg * Math.PI) / 180;
  const cx = 200;
  const cy = 220;
  return pts.map(([x, y]) => [
    cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a),
    cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a),
  ]);
}

interface Scene {
  bg?: [number, number, number];
  shadow?: boolean;
  hook?: boolean;
  /** A hanger (a brown bar across y 60-73, its hook above) with a camisole's straps hung from it (x 142-147 and
   * 253-258, from the bar down to y 146, 4 px short of the body's top). */
  hanger?: boolean;
}

/** Draw a garment (navy, shaded left to right with fold lines) on a plain background. */
function draw(pts: Pt[], scene: Scene = {}): RgbaImage {
  const img = newRgba(W, H);
  const [br, bgc, bb] = scene.bg ?? [226, 226, 226];
  // the shadow: the outline moved down-right, darkened by up to 30%, fading over ~14 px (distance by box blur)
  const shadow = new Float32Array(W * H);
  if (scene.shadow) {
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside(pts, x - 10, y - 14)) shadow[y * W + x] = 1;
    for (let pass = 0; pass < 3; pass++) {
      const next = new Float32Array(W * H);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          let s = 0;
          let n = 0;
          for (let dy = -5; dy <= 5; dy++) {
            const yy = y + dy;
            if (yy < 0 || yy >= H) continue;
            for (let dx = -5; dx <= 5; dx++) {
              const xx = x + dx;
              if (xx < 0 || xx >= W) continue;
              s += shadow[yy * W + xx]!;
              n++;
            }
          }
          next[y * W + x] = s / n;
        }
      }
      shadow.set(next);
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      const dark = 1 - 0.3 * shadow[y * W + x]!;
      let r = br * dark;
      let g = bgc * dark;
      let b = bb * dark;
      if (inside(pts, x, y)) {
        const shade = 0.85 + 0.25 * Math.sin(x / 23) + (Math.abs(((x + y) % 47) - 23) < 1 ? -0.15 : 0);
        r = 40 * shade;
        g = 55 * shade;
        b = 110 * shade;
      }
      if (scene.hook) {
        // a hook: a 4 px wire from y 30 to the neckline at the centre, curled at the top
        const wire =
          (Math.abs(x - 200) <= 2 && y >= 40 && y <= 82) ||
          (Math.hypot(x - 208, y - 40) < 10 && Math.hypot(x - 208, y - 40) > 6 && y < 42);
        if (wire) {
          r = 150;
          g = 150;
          b = 155;
        }
      }
      if (scene.hanger) {
        const strap = y >= 70 && y <= 146 && ((x >= 142 && x <= 147) || (x >= 253 && x <= 258));
        const bar = y >= 60 && y <= 73 && x >= 100 && x <= 300;
        const hook =
          (Math.abs(x - 200) <= 2 && y >= 40 && y < 60) ||
          (Math.hypot(x - 208, y - 40) < 10 && Math.hypot(x - 208, y - 40) > 6 && y < 42);
        if (strap) [r, g, b] = [40, 55, 110];
        if (bar) [r, g, b] = [120, 80, 40];
        if (hook) [r, g, b] = [150, 150, 155];
      }
      img.data[o] = Math.round(r);
      img.data[o + 1] = Math.round(g);
      img.data[o + 2] = Math.round(b);
      img.data[o + 3] = 255;
    }
  }
  return img;
}

describe('product photo cleaning (issue 38)', { timeout: 30_000 }, () => {
  it('reads a soft drop shadow on light grey as background, not cloth under the hem', () => {
    const det = detectGarment(draw(TEE, { shadow: true }), 'top');
    // the tee's hem is at y 360; the shadow reaches to ~385
    expect(det.bbox.y + det.bbox.h).toBeLessThanOrEqual(364);
    expect(det.bbox.x + det.bbox.w).toBeLessThanOrEqual(350);
    expect(det.corrections.shadow).toBeGreaterThan(500);
    // the garment itself is all there
    expect(det.alpha.data[200 * W + 200]).toBe(255);
    expect(det.alpha.data[350 * W + 130]).toBe(255);
  });

  it('leaves a garment with no shadow as it was', () => {
    const det = detectGarment(draw(TEE), 'top');
    expect(det.corrections).toEqual({ shadow: 0, hookRows: 0, tilt: 0, neckFill: 0, clipRows: 0, hangerEnds: 0 });
    expect(det.bbox.y).toBeGreaterThanOrEqual(79);
    expect(det.bbox.y + det.bbox.h).toBeGreaterThanOrEqual(359);
  });

  it("takes a hanger's hook off the neckline, and keeps a camisole's straps", () => {
    const hung = detectGarment(draw(TEE, { hook: true }), 'top');
    expect(hung.corrections.hookRows).toBeGreaterThan(20);
    expect(hung.bbox.y).toBeGreaterThanOrEqual(78);
    const cami = detectGarment(draw(CAMI), 'top');
    expect(cami.corrections.hookRows).toBe(0);
    expect(cami.bbox.y).toBeLessThanOrEqual(81);
  });

  it("keeps a camisole's straps hung from a hanger's bar, the bar and hook taken away", () => {
    // the body only (its straps are drawn with the hanger, up to the bar)
    const det = detectGarment(draw(CAMI.slice(2, 4).concat(CAMI.slice(6)), { hanger: true }), 'top');
    const a = (x: number, y: number) => det.alpha.data[y * W + x] ?? 0;
    // the straps are there from the neckline up to the bar (on the base: dropped with the hanger, 0)
    for (const y of [80, 110, 140]) {
      expect(a(144, y)).toBeGreaterThanOrEqual(128);
      expect(a(256, y)).toBeGreaterThanOrEqual(128);
    }
    expect(det.bbox.y).toBeLessThanOrEqual(76);
    // the bar and the hook are not
    expect(a(120, 66)).toBe(0);
    expect(a(200, 66)).toBe(0);
    expect(a(200, 50)).toBe(0);
  });

  for (const deg of [-12, 7, 15]) {
    it(`turns a photo taken ${deg} degrees askew upright`, () => {
      const det = detectGarment(draw(turn(TEE, deg)), 'top');
      expect(Math.abs(det.corrections.tilt - deg)).toBeLessThanOrEqual(1.5);
      expect(det.image).toBeDefined();
      // upright again: the shoulders are level (the outline's top row spans the neck, not a corner)
      const { alpha } = det;
      const topRow = det.bbox.y + 2;
      let run = 0;
      for (let x = 0; x < alpha.width; x++) if (alpha.data[topRow * alpha.width + x]! >= 128) run++;
      expect(run).toBeGreaterThan(50);
    });
  }

  it('does not turn an upright garment, nor search past its limit', () => {
    expect(detectGarment(draw(TEE), 'top').corrections.tilt).toBe(0);
    expect(detectGarment(draw(CAMI), 'top').corrections.tilt).toBe(0);
    expect(PRODUCT_PHOTO.maxTilt).toBeGreaterThanOrEqual(15);
    expect(Math.abs(estimateTilt(detectGarment(draw(turn(TEE, 9))).alpha))).toBeLessThanOrEqual(1.5);
  });
});
