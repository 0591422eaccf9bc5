import { describe, expect, it } from 'vitest';
import {
  activeCategories,
  emptyFilters,
  filterStyles,
  filtersFromQuery,
  filtersToQuery,
  hasActiveFilters,
  matchesFilters,
  tagList,
  toggleFilter,
  type ExploreFilterState,
} from './explore-filters';

const S = [
  {
    id: 'a',
    name: 'Weekend Denim',
    description: 'Light-wash denim jacket',
    categoryIds: ['cat-casual'],
    sex: 'unisex',
    tags: ['denim', 'weekend'],
  },
  {
    id: 'b',
    name: 'City Trench',
    description: 'Camel TRENCH coat for rain',
    categoryIds: ['cat-business', 'cat-minimal'],
    sex: 'woman',
    tags: ['trench', 'autumn'],
  },
  {
    id: 'c',
    name: 'Hoodie Set',
    description: 'Washed charcoal',
    categoryIds: ['cat-street', 'cat-casual'],
    sex: 'man',
    tags: ['hoodie', 'autumn'],
  },
  { id: 'd', name: 'No extras', description: null, categoryIds: null, sex: null, tags: null },
];
const f = (p: Partial<ExploreFilterState>): ExploreFilterState => ({ ...emptyFilters(), ...p });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('explore filters', () => {
  it('empty filters keep everything, in order', () => {
    expect(ids(filterStyles(S, emptyFilters()))).toEqual(['a', 'b', 'c', 'd']);
    expect(hasActiveFilters(emptyFilters())).toBe(false);
    expect(hasActiveFilters(f({ q: '   ' }))).toBe(false);
  });

  it('free text matches name or description, case-insensitively, trimmed', () => {
    expect(ids(filterStyles(S, f({ q: 'DENIM' })))).toEqual(['a']);
    expect(ids(filterStyles(S, f({ q: 'trench' })))).toEqual(['b']);
    expect(ids(filterStyles(S, f({ q: '  charcoal ' })))).toEqual(['c']);
    expect(ids(filterStyles(S, f({ q: 'extras' })))).toEqual(['d']);
    expect(ids(filterStyles(S, f({ q: 'nothing-like-this' })))).toEqual([]);
  });

  it('categories match any selected id', () => {
    expect(ids(filterStyles(S, f({ categories: ['cat-casual'] })))).toEqual(['a', 'c']);
    expect(ids(filterStyles(S, f({ categories: ['cat-minimal', 'cat-street'] })))).toEqual(['b', 'c']);
  });

  it('sex matches any selected', () => {
    expect(ids(filterStyles(S, f({ sexes: ['man'] })))).toEqual(['c']);
    expect(ids(filterStyles(S, f({ sexes: ['man', 'woman'] })))).toEqual(['b', 'c']);
  });

  it('tags match any selected', () => {
    expect(ids(filterStyles(S, f({ tags: ['autumn'] })))).toEqual(['b', 'c']);
    expect(ids(filterStyles(S, f({ tags: ['denim', 'hoodie'] })))).toEqual(['a', 'c']);
  });

  it('groups combine with AND', () => {
    expect(ids(filterStyles(S, f({ tags: ['autumn'], sexes: ['woman'] })))).toEqual(['b']);
    expect(ids(filterStyles(S, f({ categories: ['cat-casual'], tags: ['autumn'], q: 'hood' })))).toEqual(['c']);
    expect(ids(filterStyles(S, f({ categories: ['cat-casual'], sexes: ['woman'] })))).toEqual([]);
    expect(
      matchesFilters(S[0]!, f({ q: 'denim', categories: ['cat-casual'], sexes: ['unisex'], tags: ['weekend'] })),
    ).toBe(true);
  });

  it('tagList is the sorted unique set of tags', () => {
    expect(tagList(S)).toEqual(['autumn', 'denim', 'hoodie', 'trench', 'weekend']);
    expect(tagList([])).toEqual([]);
  });

  it('activeCategories keeps active ones ordered by displayOrder', () => {
    const cats = [
      { id: 'x', isActive: true, displayOrder: 5 },
      { id: 'y', isActive: false, displayOrder: 1 },
      { id: 'z', isActive: true, displayOrder: 2 },
      { id: 'w', isActive: true, displayOrder: 2 },
    ];
    expect(ids(activeCategories(cats))).toEqual(['z', 'w', 'x']);
  });

  it('toggles a value of a group', () => {
    const on = toggleFilter(emptyFilters(), 'tags', 'denim');
    expect(on.tags).toEqual(['denim']);
    expect(toggleFilter(on, 'tags', 'denim').tags).toEqual([]);
  });

  it('serializes to and from the URL query', () => {
    const state = f({ q: 'linen suit', categories: ['cat-a', 'cat-b'], sexes: ['man'], tags: ['summer'] });
    const qs = filtersToQuery(state);
    expect(qs).toBe('?q=linen+suit&category=cat-a%2Ccat-b&sex=man&tag=summer');
    expect(filtersFromQuery(qs)).toEqual(state);
    expect(filtersFromQuery(new URLSearchParams(qs.slice(1)))).toEqual(state);
    expect(filtersToQuery(emptyFilters())).toBe('');
    expect(filtersFromQuery('')).toEqual(emptyFilters());
    expect(filtersFromQuery('?category=a,,b&category=b,c&tag=&q=%20x%20')).toEqual(
      f({ q: 'x', categories: ['a', 'b', 'c'] }),
    );
  });
});
