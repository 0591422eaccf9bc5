import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseInput, wellFormedText } from './validation';

const schema = z.object({
  name: z.string().max(5),
  tags: z.array(z.string()).optional(),
  password: z.string().optional(),
});

describe('text input is well-formed Unicode, NFC', () => {
  it('a lone surrogate anywhere is a 400 naming the field; nothing is stored', () => {
    for (const bad of ['Ann\uD800', '\uDC00x', 'a\uD83D']) {
      expect(() => parseInput(schema, { name: bad })).toThrow(
        expect.objectContaining({ status: 400, code: 'validation_error', message: expect.stringMatching(/^name: /) }),
      );
      expect(() => parseInput(schema, { name: 'ok', tags: ['fine', bad] })).toThrow(/^tags\.1: /);
      expect(() => parseInput(schema, { name: 'ok', [bad]: 'x' })).toThrow(expect.objectContaining({ status: 400 }));
      expect(() => parseInput(schema, { name: 'ok', password: bad })).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('a pair of surrogates (an emoji) is fine', () => {
    expect(parseInput(schema, { name: 'Ann 👗' }).name).toBe('Ann 👗');
  });

  it('text is stored in NFC: decomposed accents are composed before limits are counted', () => {
    // 6 code units decomposed (over the limit of 5), 4 composed
    expect(parseInput(schema, { name: 'Zoe\u0301e\u0301' }).name).toBe('Zo\u00e9\u00e9');
    expect(() => parseInput(schema, { name: 'Zoe\u0301e\u0301xy' })).toThrow(expect.objectContaining({ status: 400 }));
    expect(parseInput(schema, { name: 'a', tags: ['Cafe\u0301'] }).tags).toEqual(['Caf\u00e9']);
  });

  it('a password is checked but never rewritten', () => {
    expect(parseInput(schema, { name: 'a', password: 'Pa\u0301ss' }).password).toBe('Pa\u0301ss');
  });

  it('keeps __proto__ an own key (never a prototype) and leaves numbers, booleans and null as they are', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "n": 1, "b": false, "z": null}');
    const out = wellFormedText(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'n', 'b', 'z']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out.n).toBe(1);
  });
});
