import { describe, expect, it } from 'vitest';
import { at } from './pixels';

describe('at', () => {
  it('reads the item in range and 0 out of range', () => {
    expect(at([1.5, 2], 1)).toBe(2);
    expect(at([1.5, 2], 2)).toBe(0);
    expect(at(new Float32Array([0.5]), -1)).toBe(0);
    expect(at(new Uint8Array([7, 255]), 1)).toBe(255);
  });
});
