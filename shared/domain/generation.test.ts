import { describe, expect, it } from 'vitest';
import {
  CUSTOM_LOOK_TITLE,
  defaultPromptTemplateId,
  lookTitle,
  fromQuickTryMode,
  generationCost,
  profileQualifies,
  resolveMode,
  toQuickTryMode,
} from './generation';

describe('mode routing', () => {
  it('forces exact for model_wearer; product_only and laydown take the mode asked for, creative by default', () => {
    expect(resolveMode('model_wearer', 'creative')).toBe('exact');
    // issue 39: the preview's "Render this look" asks for exact (what the preview drew); no mode: creative
    expect(resolveMode('product_only', 'exact')).toBe('exact');
    expect(resolveMode('product_only')).toBe('creative');
    expect(resolveMode('product_laydown', 'exact')).toBe('exact');
    expect(resolveMode('product_laydown')).toBe('creative');
  });
  it('maps quick-try wire values', () => {
    expect(fromQuickTryMode('precise')).toBe('exact');
    expect(toQuickTryMode('creative')).toBe('creative');
  });
  it('qualifies profiles by the photos each mode needs', () => {
    expect(profileQualifies('exact', { hasPortrait: true, hasFullBody: false })).toBe(false);
    expect(profileQualifies('creative', { hasPortrait: true, hasFullBody: false })).toBe(true);
  });
});

describe('default prompt template', () => {
  const prompts = [
    { id: 'a', task: 'FACE_HAIRCUT', styleCategory: null },
    { id: 'b', task: 'OUTFIT_TRYON', styleCategory: 'street' },
    { id: 'c', task: 'OUTFIT_TRYON', styleCategory: null },
  ];
  it("takes the style's default, else an uncategorised OUTFIT_TRYON prompt, else the first, else none", () => {
    expect(defaultPromptTemplateId('b', prompts)).toBe('b');
    expect(defaultPromptTemplateId('missing', prompts)).toBe('c');
    expect(defaultPromptTemplateId(null, prompts.slice(0, 2))).toBe('a');
    expect(defaultPromptTemplateId(null, [])).toBeNull();
  });
});

describe('cost', () => {
  it('is 1 credit plus 1 per extra sample', () => {
    expect(generationCost()).toBe(1);
    expect(generationCost({ extraSamples: 1 })).toBe(2);
  });
});

describe('lookTitle (issue 39: a custom look is not titled by its template)', () => {
  it('calls a Quick Try of an uploaded image a Custom look, whatever template styled it', () => {
    expect(
      lookTitle({ kind: 'quick-try', styleName: null, templateName: 'Editorial Studio', inputs: { styleId: null } }),
    ).toBe('Custom look');
    expect(lookTitle({ kind: 'quick-try', styleName: null, templateName: null, inputs: { styleId: null } })).toBe(
      CUSTOM_LOOK_TITLE,
    );
  });

  it('keeps a style, a raw template and an outfit by their own names', () => {
    expect(lookTitle({ kind: 'style', styleName: 'Summer Linen', templateName: 'Editorial Studio' })).toBe(
      'Summer Linen',
    );
    expect(lookTitle({ kind: 'raw-template', styleName: null, templateName: 'Rooftop' })).toBe('Rooftop');
    expect(lookTitle({ kind: 'outfit', styleName: null, templateName: 'Outfit: Tee + Jeans' })).toBe(
      'Outfit: Tee + Jeans',
    );
  });
});
