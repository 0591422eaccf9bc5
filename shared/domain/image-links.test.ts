import { describe, expect, it } from 'vitest';
import { durationInWords, IMAGE_LINK_LIFETIME_WORDS, PRESIGN_SECONDS, SIGN_WINDOW_SECONDS } from './image-links';

describe('image link lifetime (issue 39: /privacy says what the links really do)', () => {
  it('says a duration in its largest whole unit', () => {
    expect(durationInWords(7200)).toBe('2 hours');
    expect(durationInWords(3600)).toBe('1 hour');
    expect(durationInWords(300)).toBe('5 minutes');
    expect(durationInWords(90)).toBe('90 seconds');
    expect(durationInWords(86_400)).toBe('1 day');
  });

  it('the words follow the signing lifetime, which outlives a signing window', () => {
    expect(PRESIGN_SECONDS).toBeGreaterThan(SIGN_WINDOW_SECONDS);
    expect(IMAGE_LINK_LIFETIME_WORDS).toBe(durationInWords(PRESIGN_SECONDS));
  });
});
