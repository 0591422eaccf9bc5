import { describe, expect, it } from 'vitest';
import { freeThreadCap, laneOf, nextJobIndex, type Lane } from './pool';

const q = (...lanes: Lane[]) => lanes.map((lane) => ({ lane }));

describe('engine pool lanes', () => {
  it("a look's render and its result's check are paid work; photo checks and uploads' checks are free", () => {
    const img = new Uint8Array(1);
    expect(laneOf({ kind: 'render', person: img, garments: [], samples: 1, look: null, background: null })).toBe(
      'paid',
    );
    expect(laneOf({ kind: 'moderate', image: img }, 'generation_result')).toBe('paid');
    expect(laneOf({ kind: 'check-person', image: img })).toBe('free');
    for (const kind of ['photo_profile', 'outfit', 'avatar', 'style_image', 'remote_image'] as const)
      expect(laneOf({ kind: 'moderate', image: img }, kind)).toBe('free');
  });

  it('paid work goes first, wherever it stands in the queue', () => {
    expect(nextJobIndex(q('free', 'free', 'paid', 'free'), 0, 2)).toBe(2);
    expect(nextJobIndex(q('free', 'paid'), 1, 1)).toBe(1);
  });

  it('free work never holds the last thread of several: a paid look finds it free', () => {
    expect(freeThreadCap(4)).toBe(3);
    expect(freeThreadCap(2)).toBe(1);
    expect(freeThreadCap(1)).toBe(1);
    expect(nextJobIndex(q('free', 'free'), 0, 2)).toBe(0);
    expect(nextJobIndex(q('free', 'free'), 1, 2)).toBe(-1);
    expect(nextJobIndex(q('free', 'free'), 2, 4)).toBe(0);
    expect(nextJobIndex(q('free'), 3, 4)).toBe(-1);
    expect(nextJobIndex(q(), 0, 2)).toBe(-1);
  });
});
