import { describe, expect, it } from 'vitest';
import { collectionFormSchema, stylesCountLabel } from './collection-rules';

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

describe('style counts', () => {
  it('labels the count', () => {
    expect(stylesCountLabel(1)).toBe('1 style');
    expect(stylesCountLabel(0)).toBe('0 styles');
  });
});
