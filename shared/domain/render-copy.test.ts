import { describe, expect, it } from 'vitest';
import { modeHint, quickTryExactHint, type Renderers } from './render-copy';

const ENGINE: Renderers = { exact: 'engine', creative: 'engine' };
const AI: Renderers = { exact: 'fashn', creative: 'gemini' };

describe('words per provider', () => {
  it("only an AI provider's looks are called photorealistic", () => {
    expect(modeHint('exact', AI)).toMatch(/^Photorealistic try-on by an AI model/);
    expect(quickTryExactHint(AI)).toMatch(/photorealistic try-on of this outfit with an AI model/);
    for (const text of [modeHint('exact', ENGINE), modeHint('creative', ENGINE), quickTryExactHint(ENGINE)]) {
      expect(text).toMatch(/preview quality, made by the Fitly engine/);
      // the engine's words may say what it is not, never that it is photorealistic
      expect(text.replace('not a photorealistic image', '')).not.toMatch(/photorealistic/i);
    }
  });

  it('follows each mode on its own (FASHN for Exact, the engine for Creative)', () => {
    const mixed: Renderers = { exact: 'fashn', creative: 'engine' };
    expect(modeHint('exact', mixed)).toMatch(/^Photorealistic/);
    expect(modeHint('creative', mixed)).toMatch(/preview quality, made by the Fitly engine/);
  });

  it('promises neither while the configuration is not known', () => {
    for (const text of [modeHint('exact', null), modeHint('creative', null), quickTryExactHint(null)]) {
      expect(text).not.toMatch(/photorealistic|preview quality/i);
    }
  });
});
