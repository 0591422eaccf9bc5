/** The thin-plate spline's fold guard (issue 38, part F4): crossing anchors do not turn the garment inside out. */
import { describe, expect, it } from 'vitest';
import { FOLD_MIN, fitTps, fitTpsUnfolded, foldMeasure, type Point } from './tps';

describe('fitTpsUnfolded', () => {
  // a 4 x 4 grid of anchors moved as is, but for one inner point pulled past its right-hand neighbour
  const from: Point[] = [];
  const to: Point[] = [];
  for (let j = 0; j < 4; j++) {
    for (let i = 0; i < 4; i++) {
      from.push({ x: i * 100, y: j * 100 });
      to.push({ x: i * 100 + (i === 1 && j === 1 ? 160 : 0), y: j * 100 });
    }
  }
  const box = { x: 0, y: 0, w: 300, h: 300 };

  it('the exact spline folds there; the relaxed one keeps every cell the right way round', () => {
    expect(foldMeasure(fitTps(from, to, 1e-4), box)).toBeLessThan(0);
    expect(foldMeasure(fitTpsUnfolded(from, to, 1e-4), box)).toBeGreaterThanOrEqual(FOLD_MIN);
  });

  it('leaves a map that does not fold as it is', () => {
    const mild = to.map((p, k) => (k === 5 ? { x: p.x - 130, y: p.y } : p));
    const a = fitTps(from, mild, 1e-4);
    const b = fitTpsUnfolded(from, mild, 1e-4);
    const oa = new Float64Array(2);
    const ob = new Float64Array(2);
    a.map(100, 100, oa);
    b.map(100, 100, ob);
    expect(ob[0]).toBeCloseTo(oa[0]!, 6);
  });
});
