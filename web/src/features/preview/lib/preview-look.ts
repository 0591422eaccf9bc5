/** What "Preview on me" is given and says (issue 25), shared by its button (./preview-on-me.tsx) and body. */
import type { StyleImageType } from '@shared/domain/catalog';
import type { SizeChart } from '@shared/domain/size-advice';
import type { EngineSlot } from '@shared/engine/garment/garment';
import type { PhotoProfile } from '@shared/schemas/photo-profile';

/** A profile the preview can dress: it has a full-body photo the engine did not refuse. */
export const profileCanPreview = (p: PhotoProfile) => !!p.fullBodyUrl && p.bodyCheck?.status !== 'refused';

/**
 * The profile a preview dresses: the one chosen in the dialog, else the page's (when it can be previewed), else
 * the default, else the first that can be previewed.
 */
export function previewProfile(
  profiles: PhotoProfile[],
  pageProfileId: string | null | undefined,
  chosenId: string | null,
): PhotoProfile | undefined {
  const usable = profiles.filter(profileCanPreview);
  return (
    profiles.find((p) => p.id === chosenId) ??
    profiles.find((p) => p.id === pageProfileId && profileCanPreview(p)) ??
    usable.find((p) => p.isDefault) ??
    usable[0]
  );
}

/** One thing to preview: a style, an uploaded outfit picture, or an outfit of several pieces. */
export interface PreviewLook {
  id: string;
  name: string;
  /** Its picture as the page shows it (thumbnail in the carousel). */
  thumbSrc: string | null;
  /** The pictures the engine dresses the person in (API paths, /media/ keys or blob: URLs), in any order. */
  garments: { src: string; imageType: StyleImageType | null; slot?: EngineSlot | null }[];
  sizeChart?: SizeChart | null;
}

/**
 * A device is too slow for previews (they are hidden, with a note) when SLOW_PREVIEWS_IN_A_ROW previews after the
 * first each take longer than this, or the first (which also reads the person with the models) longer than
 * SLOW_FIRST_PREVIEW_MS. One slow preview alone (a busy moment: another tab, a garbage collection) is still shown.
 */
export const SLOW_PREVIEW_MS = 6_000;
export const SLOW_FIRST_PREVIEW_MS = 30_000;
export const SLOW_PREVIEWS_IN_A_ROW = 2;

/** How fast the previews on this device have been: whether one was shown, and how many slow ones in a row since. */
export interface PreviewPace {
  shown: boolean;
  slowInARow: number;
}

export const FRESH_PACE: PreviewPace = { shown: false, slowInARow: 0 };

/** The pace after a preview that took `ms`, and whether previews should now be hidden as too slow. */
export function nextPreviewPace(pace: PreviewPace, ms: number): PreviewPace & { tooSlow: boolean } {
  if (!pace.shown) return { shown: ms <= SLOW_FIRST_PREVIEW_MS, slowInARow: 0, tooSlow: ms > SLOW_FIRST_PREVIEW_MS };
  const slowInARow = ms > SLOW_PREVIEW_MS ? pace.slowInARow + 1 : 0;
  return { shown: true, slowInARow, tooSlow: slowInARow >= SLOW_PREVIEWS_IN_A_ROW };
}

export const PREVIEW_TEXTS = {
  trigger: 'Preview on me',
  private:
    'Made on this device by the Fitly engine: your photo is not sent anywhere, no credit is spent and the preview is not saved.',
  loading: 'Loading the preview engine (first time only)',
  reading: 'Reading your photo',
  rendering: 'Trying it on',
  noProfile: 'Create a photo profile with a full-body photo to preview looks on yourself.',
  noFullBody: 'A preview dresses your full-body photo: add one to this photo profile.',
  unavailable: 'The preview cannot run on this device',
  tooSlow: 'This device is too slow for instant previews, so they are hidden. Rendering a look works as usual.',
  wasm: 'No graphics acceleration here: the engine runs on WebAssembly, a little slower.',
  render: 'Render this look (1 credit)',
} as const;

export interface PreviewOnMeProps {
  /** The looks to flip through; the first is the page's own. */
  looks: PreviewLook[];
  /** The caller's photo profiles (undefined while loading). */
  profiles: PhotoProfile[] | undefined;
  /** The profile the page has chosen (else the default, else the first that can be previewed). */
  profileId?: string | null;
  /**
   * "Render this look": the page starts the real generation with these choices; `drawn.size` is the size of the
   * look's chart whose fit the preview drew (null: the default fit), so the render draws the same (issue 39).
   */
  onRender: (look: PreviewLook, profileId: string, drawn: { size: string | null }) => void;
  renderPending?: boolean;
  renderLabel?: string;
  disabled?: boolean;
  className?: string;
  triggerTestId?: string;
  /** Called when the dialog opens (a page may fetch more looks then). */
  onOpen?: () => void;
}
