import { describe, expect, it } from 'vitest';
import { HANDLE_PATTERN, isHttpUrl, normalizeHandle } from './profile-rules';

describe('profile rules', () => {
  it('accepts only http(s) link URLs', () => {
    expect(isHttpUrl('https://example.com/x')).toBe(true);
    expect(isHttpUrl(' http://shop.example.com ')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'ftp://example.com/f',
      'data:text/html,hi',
      'mailto:a@b.c',
      '//example.com',
      'example.com',
      '',
      'https://',
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('normalizes and checks handles', () => {
    expect(normalizeHandle(' @Iris ')).toBe('iris');
    expect(HANDLE_PATTERN.test('iris_01')).toBe(true);
    for (const bad of ['ab', 'a'.repeat(31), 'Iris', 'iris-x', 'iris x', 'iris.x'])
      expect(HANDLE_PATTERN.test(bad), bad).toBe(false);
  });
});
