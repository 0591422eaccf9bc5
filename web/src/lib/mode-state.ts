/**
 * The mode / profile / prompt choice of the style and quick-try screens (spec 02 section 4): the mode follows
 * the image type (shared/domain/generation.ts resolveMode: model_wearer is always Exact; a product picture takes
 * the mode asked for, Creative when none is); when the mode changes, a selected profile that no longer
 * qualifies is cleared.
 */
import { defaultModeFor, profileQualifies, resolveMode, type Mode } from '@shared/domain/generation';
import type { StyleImageType } from '@shared/domain/catalog';
import { photosOf, type ProfileLike } from './generate-validation';

export interface ModeState {
  imageType: StyleImageType;
  mode: Mode;
  profileId: string | null;
  promptTemplateId: string | null;
}

export type ModeAction =
  | { type: 'setMode'; mode: Mode; profiles: readonly ProfileLike[] }
  | { type: 'selectProfile'; profileId: string | null }
  | { type: 'selectPrompt'; promptTemplateId: string | null }
  /** Profiles arrived: preselect the default (else the first) qualifying one when none is chosen. */
  | { type: 'profilesLoaded'; profiles: readonly (ProfileLike & { isDefault?: boolean })[] }
  /** The default prompt is known: use it when none is chosen. */
  | { type: 'defaultPrompt'; promptTemplateId: string | null };

export function initialModeState(imageType: StyleImageType, requested?: Mode | null): ModeState {
  return {
    imageType,
    mode: requested ? resolveMode(imageType, requested) : defaultModeFor(imageType),
    profileId: null,
    promptTemplateId: null,
  };
}

const qualifies = (mode: Mode, p: ProfileLike | undefined) => !!p && profileQualifies(mode, photosOf(p));

export function pickInitialProfile(
  mode: Mode,
  profiles: readonly (ProfileLike & { isDefault?: boolean })[],
): string | null {
  const def = profiles.find((p) => p.isDefault);
  if (def && qualifies(mode, def)) return def.id;
  return profiles.find((p) => qualifies(mode, p))?.id ?? null;
}

export function modeReducer(state: ModeState, action: ModeAction): ModeState {
  switch (action.type) {
    case 'setMode': {
      const mode = resolveMode(state.imageType, action.mode);
      if (mode === state.mode) return state;
      const selected = action.profiles.find((p) => p.id === state.profileId);
      return { ...state, mode, profileId: selected && qualifies(mode, selected) ? state.profileId : null };
    }
    case 'selectProfile':
      return { ...state, profileId: action.profileId };
    case 'selectPrompt':
      return { ...state, promptTemplateId: action.promptTemplateId };
    case 'profilesLoaded':
      if (state.profileId && action.profiles.some((p) => p.id === state.profileId)) return state;
      return { ...state, profileId: pickInitialProfile(state.mode, action.profiles) };
    case 'defaultPrompt':
      return state.promptTemplateId ? state : { ...state, promptTemplateId: action.promptTemplateId };
  }
}
