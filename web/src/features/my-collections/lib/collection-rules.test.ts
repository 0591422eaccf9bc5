import { describe, expect, it } from 'vitest';
import { collectionFormSchema, pickableStyles, stylesCountLabel } from './collection-rules';

describe('collection form', () => {
  it('requires a name after trimming', () => {
    const r = collectionFormSchema.safeParse({ name: '   ', description: '', isPublic: false });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Name is required');
  });

  it('accepts a name, trims the text', () => {
    expect(collectionFormSchema.parse({ name: ' Summer ', description: ' Sun ', isPublic: true })).toEqual({
      name: 'Summer',
      description: 'Sun',
      isPublic: true,
    });
  });
});

describe('style picker', () => {
  const styles = [
    { id: '1', name: 'Linen Summer', tags: ['beach'], userName: 'Ivy' },
    { id: '2', name: 'Night Out', description: 'Black dress', tags: [], userName: 'Max' },
    { id: '3', name: 'Summer Denim', tags: ['casual'], userName: 'Ivy' },
  ];

  it('hides styles already in the collection', () => {
    expect(pickableStyles(styles, new Set(['1']), '').map((s) => s.id)).toEqual(['2', '3']);
  });

  it('searches name, tags, description and creator, every word, case-insensitively', () => {
    expect(pickableStyles(styles, new Set(), 'summer').map((s) => s.id)).toEqual(['1', '3']);
    expect(pickableStyles(styles, new Set(), 'SUMMER casual').map((s) => s.id)).toEqual(['3']);
    expect(pickableStyles(styles, new Set(), 'dress').map((s) => s.id)).toEqual(['2']);
    expect(pickableStyles(styles, new Set(), 'max').map((s) => s.id)).toEqual(['2']);
    expect(pickableStyles(styles, new Set(), 'nothing')).toEqual([]);
  });

  it('caps the number of results', () => {
    expect(pickableStyles(styles, new Set(), '', 2)).toHaveLength(2);
  });

  it('labels the count', () => {
    expect(stylesCountLabel(1)).toBe('1 style');
    expect(stylesCountLabel(0)).toBe('0 styles');
  });
});
