import { describe, expect, it } from 'vitest';
import { at, byteAt, floatAt, intAt, maskAt } from './pixels';

describe('pixel accessors', () => {
  it('read the sample in range and 0 out of range', () => {
    expect(byteAt(new Uint8ClampedArray([7, 255]), 1)).toBe(255);
    expect(byteAt(new Uint8Array([7]), 3)).toBe(0);
    expect(floatAt(new Float32Array([0.5]), 0)).toBe(0.5);
    expect(floatAt(new Float64Array([0.25]), -1)).toBe(0);
    expect(intAt(new Int32Array([-3]), 0)).toBe(-3);
    expect(intAt(new Uint16Array(2), 5)).toBe(0);
    expect(at([1.5, 2], 1)).toBe(2);
    expect(at([1.5, 2], 2)).toBe(0);
  });

  it('read a mask at (x, y) with its width', () => {
    const mask = { width: 3, height: 2, data: new Uint8Array([0, 1, 2, 3, 4, 5]) };
    expect(maskAt(mask, 2, 1)).toBe(5);
    expect(maskAt(mask, 0, 2)).toBe(0);
  });
});
