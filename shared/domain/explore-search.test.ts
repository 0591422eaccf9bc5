import { describe, expect, it } from 'vitest';
import {
  driverFacet,
  exploreQueryOf,
  exploreQueryScope,
  matchesExploreQuery,
  popularityTier,
  queryWordPrefix,
  searchWords,
  styleWords,
  tierChangesAt,
  wordPrefixes,
  wordsText,
  type ExploreQuery,
} from './explore-search';

const query = (p: Parameters<typeof exploreQueryOf>[0]): ExploreQuery => {
  const q = exploreQueryOf(p);
  if ('message' in q) throw new Error(q.message);
  return q;
};

describe('explore search rules', () => {
  it('splits text into lower-case words without accents or duplicates', () => {
    expect(searchWords('Crème Brûlée, crème-LINEN 2026!')).toEqual(['creme', 'brulee', 'linen', '2026']);
    expect(styleWords({ name: 'Linen Suit', description: 'A linen suit for summer' })).toEqual([
      'linen',
      'suit',
      'a',
      'for',
      'summer',
    ]);
  });

  it('indexes prefixes of 3 and 5 letters and looks a query word up by its longest one', () => {
    expect(wordPrefixes(['linen', 'to', 'suit'])).toEqual(['lin', 'linen', 'sui']);
    expect(queryWordPrefix('li')).toBeNull();
    expect(queryWordPrefix('lin')).toBe('lin');
    expect(queryWordPrefix('line')).toBe('lin');
    expect(queryWordPrefix('linens')).toBe('linen');
    // " <word>" is a substring of the words text exactly when a word starts with it
    expect(wordsText(['linen', 'suit'])).toBe(' linen suit ');
    expect(wordsText(['linen']).includes(' ine')).toBe(false);
  });

  it('drives a page by the most selective list', () => {
    expect(driverFacet(query({ q: 'a linen suit' }))).toEqual({ kind: 'word', value: 'linen' });
    expect(driverFacet(query({ q: 'xl', tag: 'denim' }))).toEqual({ kind: 'tag', value: 'denim' });
    expect(driverFacet(query({ creator: 'u1', tag: 'denim' }))).toEqual({ kind: 'creator', value: 'u1' });
    expect(driverFacet(query({ category: 'a,b', sex: 'man' }))).toEqual({ kind: 'sex', value: 'man' });
    expect(driverFacet(query({ category: 'a,b' }))).toEqual({ kind: 'all' });
  });

  it('matches every group, any value of a group, and word prefixes', () => {
    const s = {
      words: ['linen', 'summer', 'suit'],
      categoryIds: ['cat-a'],
      sex: 'man',
      tags: ['light'],
      createdBy: 'u1',
      styleImageType: 'model_wearer',
    };
    expect(matchesExploreQuery(s, query({ q: 'lin sum' }))).toBe(true);
    expect(matchesExploreQuery(s, query({ q: 'nen' }))).toBe(false);
    expect(matchesExploreQuery(s, query({ category: 'cat-b,cat-a', sex: 'woman,man' }))).toBe(true);
    expect(matchesExploreQuery(s, query({ category: 'cat-a', type: 'product_only' }))).toBe(false);
  });

  it('refuses what the index cannot answer', () => {
    expect(exploreQueryOf({ sex: 'alien' })).toHaveProperty('message');
    expect(exploreQueryOf({ type: 'painting' })).toHaveProperty('message');
    expect(exploreQueryOf({ q: 'linen', sort: 'popular' })).toHaveProperty('message');
    expect(exploreQueryOf({ q: 'a b c d e f g' })).toHaveProperty('message');
    expect(exploreQueryOf({ tag: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') })).toHaveProperty('message');
  });

  it('scopes a cursor to the normalised query', () => {
    expect(exploreQueryScope(query({ q: 'Linen' }))).toBe(exploreQueryScope(query({ q: ' linen ' })));
    expect(exploreQueryScope(query({ q: 'linen' }))).not.toBe(exploreQueryScope(query({ q: 'linen', sex: 'man' })));
  });

  it('moves a style up a popularity tier at each power of two', () => {
    expect([0, 1, 2, 3, 4, 7, 8].map(popularityTier)).toEqual([0, 1, 2, 2, 3, 3, 4]);
    expect([1, 2, 3, 4, 5, 8, 1024].map(tierChangesAt)).toEqual([true, true, false, true, false, true, true]);
  });
});
