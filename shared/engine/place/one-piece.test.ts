import { describe, expect, it } from 'vitest';
import { newGray } from '../core/image-ops';
import type { Point } from '../core/tps';
import { fillPolygon } from './common';
import { jumpsuitLegs } from './one-piece';

function drawn(W: number, H: number, shapes: Point[][]) {
  const on = new Uint8Array(W * H);
  for (const s of shapes) fillPolygon(on, W, H, s);
  const alpha = newGray(W, H);
  for (let i = 0; i < W * H; i++) alpha.data[i] = on[i] ? 255 : 0;
  return alpha;
}
const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('jumpsuitLegs', () => {
  it('finds two legs reaching the hem below a bodice', () => {
    // a sleeveless bodice from y 40 to the crotch at y 320, two legs to y 760
    const jumpsuit = drawn(300, 800, [rect(90, 40, 210, 330), rect(90, 320, 145, 760), rect(155, 320, 210, 760)]);
    const legs = jumpsuitLegs(jumpsuit);
    expect(legs).not.toBeNull();
    expect(legs!.crotch!.y).toBeGreaterThan(300);
    expect(legs!.crotch!.y).toBeLessThan(340);
  });

  it("does not take a dress's two straps above one skirt for legs", () => {
    // straps narrowing to their tops from y 20 to 60 (two runs at the top, which lowerLayout reads as legs), then
    // one piece flaring to the hem
    const dress = drawn(300, 800, [
      rect(95, 30, 125, 70),
      rect(105, 20, 115, 30),
      rect(175, 30, 205, 70),
      rect(185, 20, 195, 30),
      [
        { x: 95, y: 60 },
        { x: 205, y: 60 },
        { x: 260, y: 760 },
        { x: 40, y: 760 },
      ],
    ]);
    expect(jumpsuitLegs(dress)).toBeNull();
  });
});
