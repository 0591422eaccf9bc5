/**
 * The words that promise a result before it is made (issue 39): what the mode choices and Quick Try say depends on
 * who renders the mode here (functions/generations/providers/choice.ts, told to the SPA by GET /api/config `renderers`). Only
 * an AI provider's looks are called photorealistic; the Fitly engine's are "preview quality" and say the engine
 * made them. While the configuration is not known, the words promise neither.
 */
import type { Mode } from './generation';

/** Who renders each mode in this deployment. */
export interface Renderers {
  exact: 'fashn' | 'engine';
  creative: 'gemini' | 'engine';
}
export const RENDERER_NAMES = { exact: ['fashn', 'engine'], creative: ['gemini', 'engine'] } as const;

type Who = 'ai' | 'engine' | 'unknown';
const who = (mode: Mode, renderers: Renderers | null | undefined): Who =>
  !renderers ? 'unknown' : renderers[mode] === 'engine' ? 'engine' : 'ai';

/** What a rendered look is, said once: the engine's preview or an AI model's image. */
export const ENGINE_PREVIEW_WORDS = 'preview quality, made by the Fitly engine';

const NEEDS: Record<Mode, string> = { exact: 'needs a full-body photo', creative: 'needs only a portrait' };

/** The hint under a mode choice (Exact / Creative). */
export function modeHint(mode: Mode, renderers: Renderers | null | undefined): string {
  switch (who(mode, renderers)) {
    case 'ai':
      return mode === 'exact'
        ? `Photorealistic try-on by an AI model, ${NEEDS.exact}`
        : `Artistic result by an AI image model, ${NEEDS.creative}`;
    case 'engine':
      return mode === 'exact'
        ? `Your outfit on your photo, ${ENGINE_PREVIEW_WORDS}; ${NEEDS.exact}`
        : `Your look on a styled background, ${ENGINE_PREVIEW_WORDS}; ${NEEDS.creative}`;
    default:
      return mode === 'exact' ? `Your outfit on your own photo, ${NEEDS.exact}` : `A styled look, ${NEEDS.creative}`;
  }
}

/** The sentence under "Quick Try Exact". */
export function quickTryExactHint(renderers: Renderers | null | undefined): string {
  switch (who('exact', renderers)) {
    case 'ai':
      return 'Quick Try Exact renders a photorealistic try-on of this outfit with an AI model.';
    case 'engine':
      return `Quick Try Exact renders this outfit on your full-body photo: ${ENGINE_PREVIEW_WORDS}, not a photorealistic image.`;
    default:
      return 'Quick Try Exact renders this outfit on your full-body photo.';
  }
}
