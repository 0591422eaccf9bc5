import { describe, expect, it } from 'vitest';
import { isShorterRetention } from './privacy';

describe('a shorter retention (confirmed first: it deletes existing results)', () => {
  it('is any period after keep, or a smaller period; never keep or a longer one', () => {
    expect(isShorterRetention(90, null)).toBe(true);
    expect(isShorterRetention(7, 30)).toBe(true);
    expect(isShorterRetention(30, 30)).toBe(false);
    expect(isShorterRetention(90, 30)).toBe(false);
    expect(isShorterRetention(null, 7)).toBe(false);
    expect(isShorterRetention(null, null)).toBe(false);
  });
});
