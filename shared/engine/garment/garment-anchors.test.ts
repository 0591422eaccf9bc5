import { describe, expect, it } from 'vitest';
import { newGray } from '../core/image-ops';
import type { Point } from '../core/tps';
import { fillPolygon } from '../place/common';
import { upperLayout } from './garment-anchors';

/** A garment's alpha drawn from polygons (each filled), minus holes. */
function drawn(W: number, H: number, shapes: Point[][], holes: Point[][] = []) {
  const on = new Uint8Array(W * H);
  for (const s of shapes) fillPolygon(on, W, H, s);
  const off = new Uint8Array(W * H);
  for (const s of holes) fillPolygon(off, W, H, s);
  const alpha = newGray(W, H);
  for (let i = 0; i < W * H; i++) alpha.data[i] = on[i] && !off[i] ? 255 : 0;
  return alpha;
}

/** Both halves of a shape mirrored about x = cx (the right half given, clockwise from the top centre). */
const mirrored = (cx: number, right: Point[]): Point[] => [
  ...right,
  ...[...right].reverse().map((p) => ({ x: 2 * cx - p.x, y: p.y })),
];

describe('upperLayout: armpits from the outline', () => {
  // a knee-length coat laid flat: its long sleeves hang against its body down to the cuffs at y 330, with no gap
  // between sleeve and body; a scoop neckline open at the top
  const cx = 200;
  const coat = drawn(
    400,
    600,
    [
      mirrored(cx, [
        { x: 200, y: 40 },
        { x: 290, y: 40 }, // the shoulder
        { x: 340, y: 330 }, // the sleeve's outer edge down to the cuff
        { x: 305, y: 340 }, // the cuff, back onto the body
        { x: 310, y: 560 }, // the body's side to the hem
        { x: 200, y: 560 },
      ]),
    ],
    [
      [
        { x: 170, y: 0 },
        { x: 230, y: 0 },
        { x: 230, y: 90 },
        { x: 200, y: 120 },
        { x: 170, y: 90 },
      ],
    ],
  );

  it('takes a cuff lying against the body for a cuff, not the armpit: the sleeves reach it', () => {
    const g = upperLayout(coat);
    expect(g.sleeveless).toBe(false);
    // the armpits well above the cuffs (an armpit's drop, about half the body's width below the shoulders)
    expect(g.armpitL.y).toBeLessThan(250);
    expect(g.armpitR.y).toBeLessThan(250);
    // each sleeve runs from its seam down to the cuff
    for (const s of [g.sleeveL!, g.sleeveR!]) {
      expect(s).not.toBeNull();
      expect(Math.max(s.cuffOuter.y, s.cuffInner.y)).toBeGreaterThan(310);
    }
    // the neckline's scoop does not split the body: both armpits on their own side, at one height
    expect(g.armpitL.x).toBeLessThan(cx - 60);
    expect(g.armpitR.x).toBeGreaterThan(cx + 60);
    expect(Math.abs(g.armpitL.y - g.armpitR.y)).toBeLessThanOrEqual(2);
  });
});
