import { describe, expect, it } from 'vitest';
import { MAX_VARIANTS } from '../../domain/outfit';
import { variantLabel } from '../../domain/outfit';
import { DISTINCT_VARIANTS, variantFor } from './variants';

describe('variant parameters (issue 39: variants differ visibly and say how)', () => {
  const runs = Array.from({ length: MAX_VARIANTS }, (_, i) => variantFor(i));

  it('every variant a run may ask for has its own fit and its own label', () => {
    expect(DISTINCT_VARIANTS).toBeGreaterThanOrEqual(MAX_VARIANTS);
    const fits = runs.map((v) => `${v.ease}|${v.length}|${v.tuck}`);
    expect(new Set(fits).size).toBe(MAX_VARIANTS);
    expect(new Set(runs.map((v) => v.label)).size).toBe(MAX_VARIANTS);
  });

  it('the first two (a run of 2 credits) differ the most: width changes by about 8% and length by 20%', () => {
    const [a, b] = runs;
    expect(Math.abs(a!.ease - b!.ease)).toBeGreaterThan(0.075);
    expect(Math.abs(a!.length - b!.length)).toBeGreaterThan(0.15);
    // and every pair differs in width, length or tuck by a visible step
    for (let i = 0; i < runs.length; i++)
      for (let j = i + 1; j < runs.length; j++) {
        const [x, y] = [runs[i]!, runs[j]!];
        const visible = Math.abs(x.ease - y.ease) >= 0.04 || Math.abs(x.length - y.length) >= 0.1 || x.tuck !== y.tuck;
        expect(visible, `${x.label} vs ${y.label}`).toBe(true);
      }
  });

  it('labels engine variants by their fit and AI samples as takes', () => {
    expect(variantLabel(0, 'engine')).toBe('Regular fit');
    expect(variantLabel(1, 'engine')).toBe('Closer fit, cropped');
    expect(variantLabel(1, 'generative')).toMatch(/^Take 2/);
  });
});
