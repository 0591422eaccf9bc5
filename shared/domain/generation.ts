/**
 * Generation rules shared by the API and the SPA: statuses, modes, mode routing (spec 02 section 4),
 * which photos a mode needs, the default prompt template rule and the cost of a request.
 */
import type { StyleImageType } from './catalog';
import { lookCost } from './outfit';
import { isOneOf } from './one-of';

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const isActiveStatus = (s: GenerationStatus) => s === 'pending' || s === 'processing';

export const MODES = ['exact', 'creative'] as const;
export type Mode = (typeof MODES)[number];

/** Quick Try on a style uses the wire values precise (exact) and creative. */
export const QUICK_TRY_MODES = ['precise', 'creative'] as const;
export type QuickTryMode = (typeof QUICK_TRY_MODES)[number];
export const fromQuickTryMode = (m: QuickTryMode): Mode => (m === 'precise' ? 'exact' : 'creative');
export const toQuickTryMode = (m: Mode): QuickTryMode => (m === 'exact' ? 'precise' : 'creative');
/** A mode in either wire spelling (exact/creative or Quick Try's precise/creative); undefined for anything else. */
export const parseMode = (m: string | null | undefined): Mode | undefined =>
  isOneOf(MODES, m) ? m : isOneOf(QUICK_TRY_MODES, m) ? fromQuickTryMode(m) : undefined;

/**
 * model_wearer forces exact; product_only and product_laydown take the mode asked for, creative when none is.
 * A product_only garment in Exact mode is what "Preview on me" draws, so "Render this look" renders exactly that
 * (issue 39, docs/decisions.md); old clients that ask for no mode keep Creative.
 */
export function resolveMode(imageType: StyleImageType, requested?: Mode | null): Mode {
  if (imageType === 'model_wearer') return 'exact';
  return requested ?? 'creative';
}

export function defaultModeFor(imageType: StyleImageType): Mode {
  return imageType === 'model_wearer' ? 'exact' : 'creative';
}

export const modeChoiceVisible = (imageType: StyleImageType) => imageType === 'product_laydown';

export interface ProfilePhotos {
  hasPortrait: boolean;
  hasFullBody: boolean;
}

/** Exact mode qualifies only profiles with a full-body photo; creative mode profiles with a portrait. */
export const profileQualifies = (mode: Mode, p: ProfilePhotos) => (mode === 'exact' ? p.hasFullBody : p.hasPortrait);

export interface PromptCandidate {
  id: string;
  task: string;
  styleCategory?: string | null;
}

/**
 * Default prompt template of a product_only / product_laydown style: the style's default, else an
 * uncategorised OUTFIT_TRYON prompt, else the first one, else none ('No template configured').
 */
export function defaultPromptTemplateId(
  styleDefault: string | null | undefined,
  prompts: PromptCandidate[],
): string | null {
  if (styleDefault && prompts.some((p) => p.id === styleDefault)) return styleDefault;
  const uncategorised = prompts.find((p) => p.task === 'OUTFIT_TRYON' && !p.styleCategory);
  return uncategorised?.id ?? prompts[0]?.id ?? null;
}

export const MIN_BODY_DESCRIPTION = 20;

/** Cost of a request: 1 credit, +1 per option that costs more (extra samples), times the variants (outfit.ts). */
export function generationCost(opts: { extraSamples?: number; variants?: number } = {}): number {
  return lookCost({ pieces: 1 + Math.max(0, Math.floor(opts.extraSamples ?? 0)), variants: opts.variants });
}

/** The spec's messages, in the order the checks run (spec 02 section 5). */
export const GENERATION_MESSAGES = {
  loginRequired: 'Please login to generate looks',
  insufficientCredits: 'You need at least 1 credit to generate a look',
  profileRequired: 'Please create a photo profile first',
  providerUnavailable: 'Image generation is not available right now. Nothing was charged; please try again later.',
  profileNotFound: 'Photo profile not found',
  portraitRequired: 'Please upload a portrait photo to this profile',
  bodyDescriptionRequired: 'Please add a body description (min 20 characters) to this profile',
  fullBodyRequired: 'Full body photo required',
  styleRequired: 'Please select a style first',
  generationStyleRequired: 'Generation style required',
  noTemplate: 'No template configured',
  templateNotFound: 'Template not found',
  styleNotFound: 'Style not found',
  noImage: 'No image uploaded',
  promptRequired: 'Please select a creative mode prompt for product-only images',
  generationNotFound: 'Generation not found',
  uploadOutfitFirst: 'Please upload an outfit image first',
  fullBodyForExact: 'Add a full-body photo to this profile for Exact mode.',
  styleNeedsFullBody: 'This style needs a full-body photo. Add one to a photo profile.',
  chooseCreativeStyle: 'Please choose a generation style for Creative mode',
} as const;

/** Titles of the generate checks' toasts and errors (their descriptions are GENERATION_MESSAGES). */
export const GENERATION_TITLES = {
  loginRequired: 'Login required',
  insufficientCredits: 'Insufficient credits',
  profileRequired: 'Profile required',
  portraitRequired: 'Portrait required',
  bodyDescriptionRequired: 'Body description required',
  selectProfile: 'Please select a profile image',
  noImage: 'No image uploaded',
  noPhotoProfile: 'No photo profile',
  promptRequired: 'Prompt required',
  noImageUrl: 'No image URL provided',
} as const;

/**
 * The progress page's estimate (issue 26): a render step (one piece of one variant) usually takes well under
 * this on the Fitly engine and the AI providers alike (docs/performance.md); a look is ready in about
 * steps x this. The page says when it takes longer than that, never a made-up countdown.
 */
export const RENDER_STEP_ESTIMATE_SECONDS = 30;
export const renderEstimateSeconds = (opts: { pieces?: number; variants?: number }): number =>
  RENDER_STEP_ESTIMATE_SECONDS * Math.max(1, opts.pieces ?? 1) * Math.max(1, opts.variants ?? 1);

/** The stages every kind of generation goes through, as the progress page shows them. */
export const RENDER_STAGES = [
  { id: 'queued', label: 'Queued', hint: 'Waiting for a free renderer' },
  { id: 'rendering', label: 'Rendering', hint: 'Putting the clothes on your photo' },
  { id: 'ready', label: 'Ready', hint: 'Your look opens here' },
] as const;
export type RenderStage = (typeof RENDER_STAGES)[number]['id'];
export const renderStageOf = (status: GenerationStatus): RenderStage =>
  status === 'pending' ? 'queued' : status === 'processing' ? 'rendering' : 'ready';

/** What a look is called when nothing names it (a custom look: an uploaded garment, no style). */
export const CUSTOM_LOOK_TITLE = 'Custom look';

/**
 * A look's title, said the same way everywhere (gallery, result page, compare, the ledger's note; issue 39): its
 * style; a custom look (Quick Try with an uploaded image) is a "Custom look", never the name of the prompt template
 * that styled it (the template is a detail of how it was made, shown as such); a raw template's or an outfit's
 * name otherwise.
 */
export function lookTitle(g: {
  kind?: string;
  styleName: string | null;
  templateName: string | null;
  inputs?: { styleId?: string | null };
}): string {
  if (g.styleName) return g.styleName;
  if (g.kind === 'quick-try' && !g.inputs?.styleId) return CUSTOM_LOOK_TITLE;
  return g.templateName ?? CUSTOM_LOOK_TITLE;
}
