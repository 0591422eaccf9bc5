/**
 * Paged result lists (/explore): the grid shows the pages loaded so far and asks the server for the next when the
 * end comes into view (or "Load more" is pressed). Pure helpers, unit tested.
 */
export const EXPLORE_PAGE_SIZE = 48;

/** How many empty pages in a row the grid asks for by itself before it waits for "Load more". */
export const MAX_AUTO_PAGES = 5;

/** "1 style" / "24 styles" (thousands separators for big catalogues). */
export const countLabel = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "24 styles" when every result is loaded, "48+ styles" while more pages follow. */
export const resultCountLabel = (loaded: number, more: boolean): string =>
  more ? `${loaded.toLocaleString('en-US')}+ styles` : countLabel(loaded, 'style', 'styles');

/** How many of the last pages came back empty, in a row. */
export function trailingEmptyPages(pages: readonly { items: readonly unknown[] }[]): number {
  let n = 0;
  for (let i = pages.length - 1; i >= 0 && pages[i]?.items.length === 0; i--) n++;
  return n;
}
