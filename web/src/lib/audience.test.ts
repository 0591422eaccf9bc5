import { describe, expect, it } from 'vitest';
import { audienceLabel, genderMismatch } from './audience';

describe('audience', () => {
  it('warns only when a man/woman style meets the other gender', () => {
    expect(genderMismatch('man', 'female')).toBe(true);
    expect(genderMismatch('woman', 'male')).toBe(true);
    expect(genderMismatch('female', 'male')).toBe(true);
    expect(genderMismatch('man', 'male')).toBe(false);
    expect(genderMismatch('unisex', 'female')).toBe(false);
    expect(genderMismatch('woman', 'unisex')).toBe(false);
    expect(genderMismatch(null, 'female')).toBe(false);
  });
  it('labels the audience', () => {
    expect(audienceLabel('man')).toBe('Men');
    expect(audienceLabel('female')).toBe('Women');
    expect(audienceLabel('unisex')).toBe('Unisex');
  });
});
