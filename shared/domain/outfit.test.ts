import { describe, expect, it } from 'vitest';
import {
  costLabel,
  costPerVariant,
  freeSlots,
  lookCost,
  MAX_OUTFIT_PIECES,
  outfitProblem,
  renderSteps,
  validVariants,
} from './outfit';
import { generationCost } from './generation';

describe('outfit slots', () => {
  it('accepts a layered outfit in any order', () => {
    expect(outfitProblem(['top', 'bottom', 'outerwear', 'shoes', 'accessory'])).toBeNull();
    expect(outfitProblem(['one-piece', 'outerwear', 'shoes'])).toBeNull();
    expect(outfitProblem(['accessory', 'accessory'])).toBeNull();
  });
  it('refuses a one-piece with a top or a bottom, naming both pieces', () => {
    expect(outfitProblem(['one-piece', 'shoes', 'top'])).toMatchObject({
      code: 'outfit.slot_conflict',
      pieces: [0, 2],
    });
    expect(outfitProblem(['bottom', 'one-piece'])).toMatchObject({ code: 'outfit.slot_conflict', pieces: [0, 1] });
    expect(outfitProblem(['bottom', 'one-piece'])!.message).toMatch(
      /one-piece cannot be worn with a separate top or bottom/,
    );
  });
  it('refuses two pieces in a single slot', () => {
    for (const s of ['top', 'bottom', 'one-piece', 'outerwear', 'shoes'] as const) {
      expect(outfitProblem([s, 'accessory', s])).toMatchObject({ code: 'outfit.slot_conflict', pieces: [0, 2] });
    }
    expect(outfitProblem(['shoes', 'shoes'])!.message).toBe(
      'Only one piece can be the shoes. Remove one of them or change its slot.',
    );
  });
  it('needs 1 to 5 pieces', () => {
    expect(outfitProblem([])).toMatchObject({ code: 'outfit.pieces' });
    expect(outfitProblem(Array(MAX_OUTFIT_PIECES + 1).fill('accessory'))).toMatchObject({ code: 'outfit.pieces' });
    expect(outfitProblem(Array(MAX_OUTFIT_PIECES).fill('accessory'))).toBeNull();
  });
  it('offers only the slots that stay valid', () => {
    expect(freeSlots(['top'])).toEqual(['bottom', 'outerwear', 'shoes', 'accessory']);
    expect(freeSlots(['one-piece'])).toEqual(['outerwear', 'shoes', 'accessory']);
    expect(freeSlots(['top', 'bottom', 'shoes', 'outerwear', 'accessory'])).toEqual([]);
  });
});

describe('cost of a look', () => {
  it('is the base cost, +1 per piece beyond the first, times the variants', () => {
    expect(lookCost()).toBe(1);
    expect(lookCost({ pieces: 3 })).toBe(3);
    expect(lookCost({ pieces: 3, variants: 3 })).toBe(9);
    expect(lookCost({ pieces: 1, variants: 4 })).toBe(4);
    expect(lookCost({ pieces: 5, variants: 4 })).toBe(20);
    expect(costPerVariant(2)).toBe(2);
    expect(generationCost({ variants: 2 })).toBe(2);
  });
  it('labels the button with the exact total', () => {
    expect(costLabel({ pieces: 1, variants: 1 })).toBe('1 credit');
    expect(costLabel({ pieces: 3, variants: 3 })).toBe('3 variants × 3 credits = 9 credits');
  });
  it('takes 1 to 4 variants', () => {
    expect([0, 1, 4, 5, 2.5, '2'].map(validVariants)).toEqual([false, true, true, false, false, false]);
  });
});

describe('render steps', () => {
  it('chains one-garment providers in layering order with variants on the last step', () => {
    expect(renderSteps(3, false)).toEqual([
      { garments: [0], samples: 'one' },
      { garments: [1], samples: 'one' },
      { garments: [2], samples: 'variants' },
    ]);
  });
  it('gives multi-image providers one call', () => {
    expect(renderSteps(3, true)).toEqual([{ garments: [0, 1, 2], samples: 'variants' }]);
  });
});
