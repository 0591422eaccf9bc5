import { describe, expect, it } from 'vitest';
import { initialModeState, modeReducer, pickInitialProfile } from './mode-state';

const withFull = { id: 'full', portraitUrl: '/p', fullBodyUrl: '/f', isDefault: false };
const portrait = { id: 'portrait', portraitUrl: '/p', fullBodyUrl: null, isDefault: true };
const profiles = [portrait, withFull];

describe('mode state', () => {
  it('starts in the mode the image type dictates', () => {
    expect(initialModeState('model_wearer').mode).toBe('exact');
    expect(initialModeState('product_only').mode).toBe('creative');
    expect(initialModeState('product_laydown').mode).toBe('creative');
    // an explicit Exact is honoured for a product-only picture: "Render this look" renders what the preview drew
    expect(initialModeState('product_only', 'exact').mode).toBe('exact');
    expect(initialModeState('model_wearer', 'creative').mode).toBe('exact');
  });
  it('preselects the default profile when it qualifies, else the first that does', () => {
    expect(pickInitialProfile('creative', profiles)).toBe('portrait');
    expect(pickInitialProfile('exact', profiles)).toBe('full');
    expect(pickInitialProfile('exact', [portrait])).toBeNull();
    const s = modeReducer(initialModeState('model_wearer'), { type: 'profilesLoaded', profiles });
    expect(s.profileId).toBe('full');
  });
  it('keeps a chosen profile when profiles reload', () => {
    let s = modeReducer(initialModeState('product_laydown'), { type: 'selectProfile', profileId: 'full' });
    s = modeReducer(s, { type: 'profilesLoaded', profiles });
    expect(s.profileId).toBe('full');
  });
  it('clears a selected profile that no longer qualifies when the mode changes', () => {
    let s = modeReducer(initialModeState('product_laydown'), { type: 'selectProfile', profileId: 'portrait' });
    s = modeReducer(s, { type: 'setMode', mode: 'exact', profiles });
    expect(s).toMatchObject({ mode: 'exact', profileId: null });
    s = modeReducer(s, { type: 'selectProfile', profileId: 'full' });
    s = modeReducer(s, { type: 'setMode', mode: 'creative', profiles });
    expect(s).toMatchObject({ mode: 'creative', profileId: 'full' });
  });
  it('ignores mode changes the image type forbids', () => {
    const s0 = initialModeState('model_wearer');
    expect(modeReducer(s0, { type: 'setMode', mode: 'creative', profiles })).toBe(s0);
  });
  it('uses the default prompt only when none is chosen', () => {
    let s = modeReducer(initialModeState('product_only'), { type: 'defaultPrompt', promptTemplateId: 'def' });
    expect(s.promptTemplateId).toBe('def');
    s = modeReducer(s, { type: 'selectPrompt', promptTemplateId: 'mine' });
    s = modeReducer(s, { type: 'defaultPrompt', promptTemplateId: 'def' });
    expect(s.promptTemplateId).toBe('mine');
  });
});
