import { describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLES } from './templates';
import { compileErrorDetail, samplesFromSelection } from './raw-test';

describe('raw-template test panel', () => {
  it('says "Compile failed" once', () => {
    expect(compileErrorDetail('Compile failed: Invalid JSON')).toBe('Invalid JSON');
    expect(compileErrorDetail('Compile failed: Compile failed: no URL for token {{PORTRAIT_URL}}')).toBe(
      'no URL for token {{PORTRAIT_URL}}',
    );
    expect(compileErrorDetail('Template JSON is too long')).toBe('Template JSON is too long');
  });

  it('the chosen style and profile give the sample URLs, as absolute URLs', () => {
    const out = samplesFromSelection(DEFAULT_SAMPLES, {
      style: { promptImageUrl: '/api/public-image/seed/s1.jpg', coverImageUrl: '/c.jpg' },
      profile: { portraitUrl: '/api/private-image/p/portrait.jpg', fullBodyUrl: null },
      origin: 'http://localhost:3000',
    });
    expect(out).toEqual({
      style: 'http://localhost:3000/api/public-image/seed/s1.jpg',
      portrait: 'http://localhost:3000/api/private-image/p/portrait.jpg',
      fullBody: DEFAULT_SAMPLES.fullBody,
      background: DEFAULT_SAMPLES.background,
    });
  });

  it('without a prompt image the cover stands for the style', () => {
    expect(
      samplesFromSelection(DEFAULT_SAMPLES, {
        style: { promptImageUrl: null, coverImageUrl: '/c.jpg' },
        origin: 'http://x',
      }).style,
    ).toBe('http://x/c.jpg');
  });
});
