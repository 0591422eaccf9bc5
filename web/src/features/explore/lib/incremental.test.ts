import { describe, expect, it } from 'vitest';
import { EXPLORE_PAGE_SIZE, countLabel, nextVisibleCount, renderedCount } from './incremental';

describe('incremental explore grid', () => {
  it('grows by one page and stops at the total', () => {
    expect(nextVisibleCount(EXPLORE_PAGE_SIZE, 10_000)).toBe(2 * EXPLORE_PAGE_SIZE);
    expect(nextVisibleCount(96, 100)).toBe(100);
    expect(nextVisibleCount(100, 100)).toBe(100);
    expect(nextVisibleCount(0, 10, 48)).toBe(10);
  });

  it('never renders more than the budget or the total', () => {
    expect(renderedCount(48, 10_000)).toBe(48);
    expect(renderedCount(48, 3)).toBe(3);
    expect(renderedCount(48, 0)).toBe(0);
  });

  it('labels counts', () => {
    expect(countLabel(1, 'style', 'styles')).toBe('1 style');
    expect(countLabel(10000, 'style', 'styles')).toBe('10,000 styles');
  });
});
