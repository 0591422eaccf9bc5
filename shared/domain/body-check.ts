/**
 * The full-body check of a photo profile's full-body photo (the Fitly engine's `checkFullBody` rule, run where
 * the models are loaded: the render worker). It runs after the profile is saved; until it answers the profile
 * shows "checking". A photo it refuses (no person, several people, a side view, a cropped figure) cannot start
 * an Exact look, or any look the engine renders, whatever the provider: refused before any credit is spent.
 */
export type BodyCheckStatus = 'checking' | 'ok' | 'refused';

/** What is stored on the profile: the verdict for one full-body key (a new photo makes it stale). */
export interface BodyCheckRecord {
  key: string;
  status: 'ok' | 'refused';
  code: string | null;
  message: string | null;
  checkedAt: string;
}

export interface BodyCheckView {
  status: BodyCheckStatus;
  /** Why the photo was refused (what to fix), when refused. */
  message: string | null;
}

/** The profile's check state: null with no full-body photo; "checking" until a verdict for this very photo. */
export function bodyCheckOf(p: {
  fullBodyKey: string | null;
  bodyCheck?: BodyCheckRecord | null;
}): BodyCheckView | null {
  if (!p.fullBodyKey) return null;
  const c = p.bodyCheck;
  if (!c || c.key !== p.fullBodyKey) return { status: 'checking', message: null };
  return { status: c.status, message: c.status === 'refused' ? c.message : null };
}

export const BODY_CHECK_MESSAGES = {
  checking: 'We are still checking your full-body photo. This takes a few seconds: please try again in a moment.',
  refusedFallback:
    'We could not see a whole body in your full-body photo: use a photo from head to feet, facing the camera, with nobody else in it.',
  engineAccessory:
    'The Fitly engine cannot place accessories yet. Remove the accessory from this outfit, or try it with an AI provider.',
} as const;

/** A verdict still missing this long after the photo was saved is requested again (its request was lost). */
export const BODY_CHECK_RETRY_AFTER_MS = 20_000;

/**
 * The check of a person photo when it is picked in the photo-profile form (in the browser, before any upload):
 * the full-body rule for the full-body photo, the portrait rule (a face, big enough) for the portrait, run by
 * the Fitly engine in the browser (web/src/lib/engine). A refusal shows the rule's own message (REFUSAL_MESSAGES
 * of shared/engine/checks/refusal.ts); the server checks the full-body photo again after the save.
 */
export const PHOTO_CHECK_TEXTS = {
  checking: 'Checking your photo…',
  loading: 'Loading the photo check',
  unavailable: 'This browser could not check the photo here. You can still save it.',
  refusedSave: 'Replace or remove the refused photo to save.',
  checkingSave: 'Checking your photo before you can save…',
  // said when the check passed (issue 39: a passed check is not silent)
  passedPortrait: 'Photo checked: your face is clearly visible.',
  passedFullBody: 'Photo checked: your whole body is in the picture.',
} as const;
