/**
 * Incremental rendering of long result lists (/explore with up to 10,000 styles): the grid shows a first page of
 * cards and grows by a page when the end comes into view (or "Show more" is pressed). Pure helpers, unit tested.
 */
export const EXPLORE_PAGE_SIZE = 48;

/** The next number of visible items: one page more, never above the total (and at least one page). */
export function nextVisibleCount(current: number, total: number, page = EXPLORE_PAGE_SIZE): number {
  return Math.min(total, Math.max(page, current + page));
}

/** How many of `total` items to render for a `visible` budget. */
export const renderedCount = (visible: number, total: number): number => Math.max(0, Math.min(visible, total));

/** "1 style" / "24 styles" (thousands separators for big catalogues). */
export const countLabel = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
