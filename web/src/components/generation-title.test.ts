import { describe, expect, it } from 'vitest';
import { generationTitle } from './generation-card';

describe('generationTitle', () => {
  it('is the style, else the template or outfit, else "Custom look"', () => {
    expect(generationTitle({ styleName: 'Weekend Denim', templateName: 'Editorial' })).toBe('Weekend Denim');
    expect(generationTitle({ styleName: null, templateName: 'Outfit: Tee + Jeans' })).toBe('Outfit: Tee + Jeans');
    expect(generationTitle({ styleName: null, templateName: null })).toBe('Custom look');
  });

  it('tells kept variants of one run apart', () => {
    const run = { styleName: null, templateName: 'Outfit: Tee + Jeans' };
    expect(generationTitle({ ...run, variantIndex: 0 })).toBe('Outfit: Tee + Jeans · variant 1');
    expect(generationTitle({ ...run, variantIndex: 2 })).toBe('Outfit: Tee + Jeans · variant 3');
    expect(generationTitle({ ...run, variantIndex: null })).toBe('Outfit: Tee + Jeans');
  });
});
