/**
 * Explore filters (spec 01 section 5): pure code shared by the SPA (/explore) and the server.
 *  - groups combine with AND; an empty group does not filter;
 *  - free text matches name or description, case-insensitively (trimmed; blank = no filter);
 *  - category: any selected id in the style's categoryIds; sex: any selected; tag: any selected;
 *  - the tag list is the sorted unique set of tags over all styles;
 *  - only active categories are offered, ordered by displayOrder.
 * The filter state round-trips through the URL query: ?q=&category=a,b&sex=man,woman&tag=x,y
 */

export interface FilterableStyle {
  name: string;
  description?: string | null;
  categoryIds?: readonly string[] | null;
  sex?: string | null;
  tags?: readonly string[] | null;
}

export interface ExploreFilterState {
  q: string;
  categories: string[];
  sexes: string[];
  tags: string[];
}

export const EMPTY_FILTERS: ExploreFilterState = Object.freeze({
  q: '',
  categories: [],
  sexes: [],
  tags: [],
}) as ExploreFilterState;

export const emptyFilters = (): ExploreFilterState => ({ q: '', categories: [], sexes: [], tags: [] });

export const hasActiveFilters = (f: ExploreFilterState): boolean =>
  f.q.trim() !== '' || f.categories.length > 0 || f.sexes.length > 0 || f.tags.length > 0;

const anyOf = (selected: readonly string[], values: readonly string[] | null | undefined): boolean =>
  selected.length === 0 || (values ?? []).some((v) => selected.includes(v));

/** True when the style passes every non-empty filter group. */
export function matchesFilters(style: FilterableStyle, f: ExploreFilterState): boolean {
  const q = f.q.trim().toLowerCase();
  if (q && !style.name.toLowerCase().includes(q) && !(style.description ?? '').toLowerCase().includes(q)) return false;
  if (!anyOf(f.categories, style.categoryIds)) return false;
  if (f.sexes.length && !(style.sex != null && f.sexes.includes(style.sex))) return false;
  if (!anyOf(f.tags, style.tags)) return false;
  return true;
}

/** The styles passing the filters, in their original order. */
export function filterStyles<T extends FilterableStyle>(styles: readonly T[], f: ExploreFilterState): T[] {
  if (!hasActiveFilters(f)) return [...styles];
  return styles.filter((s) => matchesFilters(s, f));
}

/** Sorted unique set of tags over all styles (blank tags ignored). */
export function tagList(styles: readonly Pick<FilterableStyle, 'tags'>[]): string[] {
  const set = new Set<string>();
  for (const s of styles) for (const t of s.tags ?? []) if (t && t.trim()) set.add(t);
  return [...set].sort((a, b) => a.localeCompare(b));
}

export interface FilterableCategory {
  id: string;
  isActive: boolean;
  displayOrder: number;
}

/** Active categories only, ordered by displayOrder (stable for equal orders). */
export function activeCategories<T extends FilterableCategory>(categories: readonly T[]): T[] {
  return categories
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.isActive)
    .sort((a, b) => a.c.displayOrder - b.c.displayOrder || a.i - b.i)
    .map(({ c }) => c);
}

/** Toggle one value of a multi-select group (returns a new state). */
export function toggleFilter(
  f: ExploreFilterState,
  group: 'categories' | 'sexes' | 'tags',
  value: string,
): ExploreFilterState {
  const cur = f[group];
  return { ...f, [group]: cur.includes(value) ? cur.filter((v) => v !== value) : [...cur, value] };
}

const QUERY_KEYS = { q: 'q', categories: 'category', sexes: 'sex', tags: 'tag' } as const;

const splitList = (v: string | null): string[] => {
  if (!v) return [];
  const out: string[] = [];
  for (const part of v.split(',')) {
    const t = part.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
};

/** Read the filter state from a query string ("?q=..", "q=..") or URLSearchParams. Repeated keys are merged. */
export function filtersFromQuery(input: string | URLSearchParams): ExploreFilterState {
  const p = typeof input === 'string' ? new URLSearchParams(input.startsWith('?') ? input.slice(1) : input) : input;
  const list = (k: string) => {
    const merged: string[] = [];
    for (const v of p.getAll(k)) for (const x of splitList(v)) if (!merged.includes(x)) merged.push(x);
    return merged;
  };
  return {
    q: (p.get(QUERY_KEYS.q) ?? '').trim(),
    categories: list(QUERY_KEYS.categories),
    sexes: list(QUERY_KEYS.sexes),
    tags: list(QUERY_KEYS.tags),
  };
}

/** The query string of a filter state ('' when nothing is set, else starting with '?'); empty groups are omitted. */
export function filtersToQuery(f: ExploreFilterState): string {
  const p = new URLSearchParams();
  const q = f.q.trim();
  if (q) p.set(QUERY_KEYS.q, q);
  if (f.categories.length) p.set(QUERY_KEYS.categories, f.categories.join(','));
  if (f.sexes.length) p.set(QUERY_KEYS.sexes, f.sexes.join(','));
  if (f.tags.length) p.set(QUERY_KEYS.tags, f.tags.join(','));
  const s = p.toString();
  return s ? `?${s}` : '';
}
