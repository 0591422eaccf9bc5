import { describe, expect, it } from 'vitest';
import { isSafeText, normalizeEmail, normalizeText } from './text-rules';

describe('names and titles', () => {
  it('refuses control, bidi-override and invisible characters', () => {
    for (const s of [
      'Eve\u202Egnp.exe',
      'a\u0000b',
      'a\nb',
      'a\u200Bb',
      '\uFEFFadmin',
      'x\u2066y\u2069',
      'a\u200Fb',
      'a\u0085b',
      'a\u2060b',
    ])
      expect(isSafeText(s), JSON.stringify(s)).toBe(false);
  });
  it('keeps ordinary text in any script, emoji sequences and joiners', () => {
    for (const s of ['Zoë O’Brien', 'محمد', 'नमस्ते', 'می‌خواهم', '👩‍👩‍👧', 'Łódź']) expect(isSafeText(s), s).toBe(true);
  });
  it('normalises to NFC', () => {
    expect(normalizeText('Zoe\u0308')).toBe('Zo\u00eb');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});
