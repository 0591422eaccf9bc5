/**
 * Server-side explore (issue 28): the pure rules of the search index and of a page request, shared by the
 * repository that keeps the index (shared/repositories/explore-repository.ts), the service that answers
 * GET /api/explore/styles and the tests. docs/data-model.md ("Explore index") has the item layout.
 *
 * Search: a style's words are the letters-and-digits runs of its name and description, lower-cased with accents
 * removed. A query word matches a style when it is the start of one of the style's words ("lin" finds "Linen");
 * every query word must match (AND). The index holds one posting per distinct word prefix of SEARCH_PREFIX_LENGTHS
 * characters (3 and 5); a query word is looked up by its longest indexed prefix and checked in full against the
 * style's word list ("line" by "lin", "linens" by "linen"); a query of 1-2 letter words reads the ALL list.
 */
import { STYLE_IMAGE_TYPES, STYLE_SEXES } from './catalog';

/** Prefix lengths with postings: two per long word, not four (2-5), for a third less write amplification. */
export const SEARCH_PREFIX_LENGTHS = [3, 5] as const;
/** Words of a style's text that get postings (name words first, then description): bounds write amplification. */
export const MAX_INDEXED_WORDS = 24;

export const EXPLORE_SORTS = ['new', 'popular'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];

export const EXPLORE_LIMIT_DEFAULT = 24;
export const EXPLORE_LIMIT_MAX = 60;
/**
 * Index items one request may read at most (whatever the catalogue size): a selective filter over a big posting
 * list answers a short (even empty) page with a cursor rather than reading on; the client asks for the next page.
 */
export const EXPLORE_READ_BUDGET = 600;
/** At most this many values per filter group in one request (each is one OR term of a filter expression). */
export const EXPLORE_MAX_VALUES = 10;
/** At most this many words in a search. */
export const EXPLORE_MAX_QUERY_WORDS = 6;

/** The words of a text: lower-case letter/digit runs, accents removed (é -> e), in order, duplicates dropped. */
export function searchWords(text: string): string[] {
  const norm = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const out: string[] = [];
  for (const m of norm.matchAll(/[\p{L}\p{N}]+/gu)) if (!out.includes(m[0])) out.push(m[0]);
  return out;
}

/** The words a style is found by: its name's, then its description's (at most MAX_INDEXED_WORDS). */
export const styleWords = (s: { name: string; description?: string | null }): string[] =>
  searchWords(`${s.name} ${s.description ?? ''}`).slice(0, MAX_INDEXED_WORDS);

/** The search postings of a word list: each distinct prefix of one of SEARCH_PREFIX_LENGTHS characters. */
export function wordPrefixes(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const chars = [...w];
    for (const n of SEARCH_PREFIX_LENGTHS) if (chars.length >= n) out.add(chars.slice(0, n).join(''));
  }
  return [...out];
}

/** The posting a query word is looked up by: its longest indexed prefix (null for a word of 1-2 letters). */
export function queryWordPrefix(word: string): string | null {
  const chars = [...word];
  const n = [...SEARCH_PREFIX_LENGTHS].reverse().find((len) => chars.length >= len);
  return n ? chars.slice(0, n).join('') : null;
}

/** The words as one string " a b c " so that " <prefix>" is a substring exactly when a word starts with prefix. */
export const wordsText = (words: readonly string[]): string => ` ${words.join(' ')} `;

/**
 * Popularity tier of a use count: 0 for 0, then floor(log2(n)) + 1 (1, 2-3, 4-7, ...). "Popular" orders by tier,
 * newest first within a tier, so a style's popular postings move only when its count reaches a power of two:
 * O(log n) moves over a style's life instead of one per try-on.
 */
export const popularityTier = (usageCount: number): number =>
  usageCount <= 0 ? 0 : Math.floor(Math.log2(usageCount)) + 1;

/** True when one more use moves a style to another tier (the count after the use is a power of two). */
export const tierChangesAt = (newCount: number): boolean => newCount > 0 && (newCount & (newCount - 1)) === 0;

/** A normalised explore request (filters of explore-filters.ts plus creator, image type and sort). */
export interface ExploreQuery {
  /** Lower-cased words of the search (empty: no search). */
  words: string[];
  categories: string[];
  sexes: string[];
  tags: string[];
  creators: string[];
  types: string[];
  sort: ExploreSort;
}

export type ExploreQueryProblem = { message: string };

const splitList = (v: string | undefined): string[] => {
  const out: string[] = [];
  for (const part of (v ?? '').split(',')) {
    const t = part.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
};

/** The request's query parameters as an ExploreQuery, or what is wrong with them (a 400). */
export function exploreQueryOf(p: {
  q?: string;
  category?: string;
  sex?: string;
  tag?: string;
  creator?: string;
  type?: string;
  sort?: ExploreSort;
}): ExploreQuery | ExploreQueryProblem {
  const words = searchWords(p.q ?? '');
  const query: ExploreQuery = {
    words,
    categories: splitList(p.category),
    sexes: splitList(p.sex),
    tags: splitList(p.tag),
    creators: splitList(p.creator),
    types: splitList(p.type),
    sort: p.sort ?? 'new',
  };
  if (words.length > EXPLORE_MAX_QUERY_WORDS)
    return { message: `Search with at most ${EXPLORE_MAX_QUERY_WORDS} words` };
  for (const [name, list] of [
    ['category', query.categories],
    ['sex', query.sexes],
    ['tag', query.tags],
    ['creator', query.creators],
    ['type', query.types],
  ] as const)
    if (list.length > EXPLORE_MAX_VALUES) return { message: `At most ${EXPLORE_MAX_VALUES} values of ${name}` };
  const sexes: readonly string[] = STYLE_SEXES;
  const bad = query.sexes.find((s) => !sexes.includes(s));
  if (bad) return { message: `Unknown sex: ${bad} (one of ${STYLE_SEXES.join(', ')})` };
  const types: readonly string[] = STYLE_IMAGE_TYPES;
  const badType = query.types.find((t) => !types.includes(t));
  if (badType) return { message: `Unknown image type: ${badType} (one of ${STYLE_IMAGE_TYPES.join(', ')})` };
  if (query.words.length && query.sort === 'popular')
    return { message: 'A search is ordered newest first: sort=popular cannot be combined with q' };
  return query;
}

/** A canonical text of a query: a cursor is signed for it and accepted back only for the same query. */
export const exploreQueryScope = (q: ExploreQuery): string =>
  `explore:${JSON.stringify([q.sort, q.words, q.categories, q.sexes, q.tags, q.creators, q.types])}`;

/** Which posting list drives a request: one facet (the rest are checked on each posting), by expected selectivity. */
export type ExploreFacet =
  | { kind: 'all' }
  | { kind: 'word'; value: string }
  | { kind: 'creator' | 'tag' | 'category' | 'type' | 'sex'; value: string };

export function driverFacet(q: ExploreQuery): ExploreFacet {
  // the longest searched word has the shortest posting list (prefixes of 5 characters are rarer than of 2)
  const prefixes = q.words
    .map(queryWordPrefix)
    .filter((p): p is string => !!p)
    .sort((a, b) => [...b].length - [...a].length);
  if (prefixes[0]) return { kind: 'word', value: prefixes[0] };
  if (q.creators.length === 1) return { kind: 'creator', value: q.creators[0]! };
  if (q.tags.length === 1) return { kind: 'tag', value: q.tags[0]! };
  if (q.categories.length === 1) return { kind: 'category', value: q.categories[0]! };
  if (q.types.length === 1) return { kind: 'type', value: q.types[0]! };
  if (q.sexes.length === 1) return { kind: 'sex', value: q.sexes[0]! };
  return { kind: 'all' };
}

/** The browse facets a public style is listed under (search postings come from wordPrefixes). */
export function styleFacets(s: {
  categoryIds?: readonly string[] | null;
  sex: string;
  tags?: readonly string[] | null;
  createdBy: string;
  styleImageType: string;
}): ExploreFacet[] {
  const out: ExploreFacet[] = [{ kind: 'all' }];
  for (const c of new Set(s.categoryIds ?? [])) out.push({ kind: 'category', value: c });
  out.push({ kind: 'sex', value: s.sex });
  for (const t of new Set(s.tags ?? [])) out.push({ kind: 'tag', value: t });
  out.push({ kind: 'creator', value: s.createdBy });
  out.push({ kind: 'type', value: s.styleImageType });
  return out;
}

/** Whether a style (as a posting carries it) passes every group of the query (the same rule the index filters). */
export function matchesExploreQuery(
  s: {
    words: readonly string[];
    categoryIds: readonly string[];
    sex: string;
    tags: readonly string[];
    createdBy: string;
    styleImageType: string;
  },
  q: ExploreQuery,
): boolean {
  const any = (sel: readonly string[], vals: readonly string[]) => !sel.length || sel.some((v) => vals.includes(v));
  return (
    q.words.every((w) => s.words.some((sw) => sw.startsWith(w))) &&
    any(q.categories, s.categoryIds) &&
    any(q.sexes, [s.sex]) &&
    any(q.tags, s.tags) &&
    any(q.creators, [s.createdBy]) &&
    any(q.types, [s.styleImageType])
  );
}
