/**
 * Client-side checks before a generation starts, in the order and with the messages of spec 02 section 5.
 * Each returns the first problem found (title, description, where to go, or the upsell to open), or null.
 */
import {
  GENERATION_MESSAGES as M,
  GENERATION_TITLES as T,
  MIN_BODY_DESCRIPTION,
  profileQualifies,
  type Mode,
} from '@shared/domain/generation';
import type { StyleImageType } from '@shared/domain/catalog';
import { MIN_CREDITS_TO_GENERATE } from '@shared/domain/plans';

export interface GenerateIssue {
  title: string;
  description?: string;
  /** Where the person is sent along with the message. */
  redirect?: string;
  /** Open the credits upsell instead of a toast. */
  upsell?: 'credits';
}

export interface CreditHolder {
  credits: number;
  hasUnlimitedCredits?: boolean | null;
}

export interface ProfileLike {
  id: string;
  portraitUrl?: string | null;
  fullBodyUrl?: string | null;
  bodyDescription?: string | null;
}

export const hasEnoughCredits = (u: CreditHolder): boolean =>
  !!u.hasUnlimitedCredits || u.credits >= MIN_CREDITS_TO_GENERATE;
export const photosOf = (p: ProfileLike) => ({ hasPortrait: !!p.portraitUrl, hasFullBody: !!p.fullBodyUrl });
export const hasBodyDescription = (p: ProfileLike): boolean =>
  (p.bodyDescription ?? '').trim().length >= MIN_BODY_DESCRIPTION;

/** What a raw-template generation lacks on the profile side (drives the button and the setup alert). */
export function profileSetupProblem(
  profile: ProfileLike | null | undefined,
  template: { requiresFullBody?: boolean | null } = {},
): 'no-profile' | 'no-portrait' | 'no-description' | 'no-full-body' | null {
  if (!profile) return 'no-profile';
  if (!profile.portraitUrl) return 'no-portrait';
  if (!hasBodyDescription(profile)) return 'no-description';
  if (template.requiresFullBody && !profile.fullBodyUrl) return 'no-full-body';
  return null;
}

/** Why the generate button of a raw template is disabled, in words (shown under the button). */
export const SETUP_REASON: Record<NonNullable<ReturnType<typeof profileSetupProblem>>, string> = {
  'no-profile': 'Create a photo profile with a portrait and a body description to generate looks.',
  'no-portrait': 'Add a portrait photo to this profile.',
  'no-description': 'Add a body description of at least 20 characters to this profile.',
  'no-full-body': 'This template needs a full-body photo. Add one to this profile, or choose another profile.',
};

/** Generate from a raw template: login, credits, profile, portrait, body description. */
export function validateRawTemplateGenerate(input: {
  user: CreditHolder | null;
  profile: ProfileLike | null | undefined;
  requiresFullBody?: boolean | null;
}): GenerateIssue | null {
  const { user, profile } = input;
  if (!user) return { title: T.loginRequired, description: M.loginRequired, redirect: '/auth/login' };
  if (!hasEnoughCredits(user))
    return { title: T.insufficientCredits, description: M.insufficientCredits, redirect: '/subscription' };
  switch (profileSetupProblem(profile, { requiresFullBody: input.requiresFullBody })) {
    case 'no-profile':
      return { title: T.profileRequired, description: M.profileRequired, redirect: '/profiles/new' };
    case 'no-portrait':
      return { title: T.portraitRequired, description: M.portraitRequired };
    case 'no-description':
      return { title: T.bodyDescriptionRequired, description: M.bodyDescriptionRequired };
    case 'no-full-body':
      return { title: M.fullBodyRequired, description: SETUP_REASON['no-full-body'] };
    default:
      return null;
  }
}

/** Exact mode needs the full-body photo: always for model_wearer styles, and for exact on a laydown. */
export const needsFullBody = (imageType: StyleImageType, mode: Mode): boolean =>
  imageType === 'model_wearer' || mode === 'exact';

/**
 * Generate from a style (and Quick Try on a style): style and profile chosen, login, credits (upsell),
 * creative prompt, a profile, then the photo the mode needs.
 */
export function validateStyleGenerate(input: {
  styleId: string | null | undefined;
  user: CreditHolder | null;
  profiles: readonly ProfileLike[];
  selectedProfileId: string | null;
  imageType: StyleImageType;
  mode: Mode;
  promptTemplateId: string | null;
  /** Skip the creative prompt check (Quick Try lets the server pick the default prompt). */
  promptOptional?: boolean;
}): GenerateIssue | null {
  const { user, profiles, selectedProfileId, imageType, mode } = input;
  if (!input.styleId) return { title: M.styleRequired };
  if (profiles.length > 0 && !selectedProfileId) return { title: T.selectProfile };
  const profile = selectedProfileId ? profiles.find((p) => p.id === selectedProfileId) : undefined;
  if (selectedProfileId && !profile) return { title: M.profileNotFound };
  if (!user) return { title: T.loginRequired, description: M.loginRequired, redirect: '/auth/login' };
  if (!hasEnoughCredits(user))
    return { title: T.insufficientCredits, description: M.insufficientCredits, upsell: 'credits' };
  if (mode === 'creative' && !input.promptTemplateId && !input.promptOptional)
    return { title: M.generationStyleRequired };
  if (!profile) return { title: T.profileRequired, description: M.profileRequired, redirect: '/profiles' };
  if (needsFullBody(imageType, mode)) {
    if (!profile.fullBodyUrl) return { title: M.fullBodyRequired, description: M.fullBodyForExact };
  } else if (!profile.portraitUrl) {
    return { title: T.portraitRequired, description: M.portraitRequired };
  }
  return null;
}

/** Try Custom Look: login, an uploaded image, a photo profile, the prompt product_only needs. */
export function validateCustomLook(input: {
  user: CreditHolder | null;
  imageUrl: string | null;
  profileCount: number;
  imageType: StyleImageType;
  promptTemplateId: string | null;
}): GenerateIssue | null {
  if (!input.user) return { title: T.loginRequired, description: M.loginRequired, redirect: '/' };
  if (!input.imageUrl) return { title: T.noImage, description: M.uploadOutfitFirst };
  if (input.profileCount < 1) return { title: T.noPhotoProfile, description: M.profileRequired, redirect: '/profiles' };
  // a creative look is optional for every picture (issue 39): none renders the try-on itself (Exact)
  return null;
}

/** The Quick Try page: image, login, credits, creative style, profile, then the photo the mode needs. */
export function validateQuickTry(input: {
  imageUrl: string | null;
  user: CreditHolder | null;
  imageType: StyleImageType;
  mode: Mode;
  promptTemplateId: string | null;
  profile: ProfileLike | null | undefined;
}): GenerateIssue | null {
  const { user, profile, imageType, mode } = input;
  if (!input.imageUrl) return { title: T.noImageUrl };
  if (!user) return { title: T.loginRequired, description: M.loginRequired, redirect: '/' };
  if (!hasEnoughCredits(user))
    return { title: T.insufficientCredits, description: M.insufficientCredits, redirect: '/subscription' };
  if (mode === 'creative' && !input.promptTemplateId)
    return { title: M.generationStyleRequired, description: M.chooseCreativeStyle };
  if (!profile) return { title: T.profileRequired, description: M.profileRequired, redirect: '/profiles' };
  if (needsFullBody(imageType, mode)) {
    if (!profile.fullBodyUrl)
      return { title: M.fullBodyRequired, description: M.fullBodyForExact, redirect: '/profiles' };
  } else if (!profile.portraitUrl) {
    return { title: T.portraitRequired, description: M.portraitRequired, redirect: '/profiles' };
  }
  return null;
}

/** Profiles usable in a mode. */
export const qualifyingProfiles = <P extends ProfileLike>(mode: Mode, profiles: readonly P[]): P[] =>
  profiles.filter((p) => profileQualifies(mode, photosOf(p)));
