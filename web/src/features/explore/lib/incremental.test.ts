import { describe, expect, it } from 'vitest';
import { countLabel, resultCountLabel, trailingEmptyPages } from './incremental';

describe('paged explore grid', () => {
  it('labels counts: exact when everything is loaded, "N+" while pages follow', () => {
    expect(countLabel(1, 'style', 'styles')).toBe('1 style');
    expect(countLabel(10000, 'style', 'styles')).toBe('10,000 styles');
    expect(resultCountLabel(24, false)).toBe('24 styles');
    expect(resultCountLabel(1, false)).toBe('1 style');
    expect(resultCountLabel(0, false)).toBe('0 styles');
    expect(resultCountLabel(1248, true)).toBe('1,248+ styles');
  });

  it('counts the empty pages at the end of the list', () => {
    const page = (n: number) => ({ items: Array.from({ length: n }) });
    expect(trailingEmptyPages([])).toBe(0);
    expect(trailingEmptyPages([page(3), page(0), page(0)])).toBe(2);
    expect(trailingEmptyPages([page(0), page(2)])).toBe(0);
  });
});
