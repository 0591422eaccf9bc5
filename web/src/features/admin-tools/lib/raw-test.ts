/**
 * The raw-template test panel (spec 02 section 5): it needs a style template and a photo profile, whose
 * images become the sample URLs of the compile call.
 */
import type { SampleUrls } from './templates';

export const RAW_TEST_MESSAGES = {
  styleRequired: 'Please select a style template',
  profileRequired: 'Please select a photo profile',
} as const;

const PREFIX = /^\s*(compile failed:\s*)+/i;

/** The part of a compile error after its "Compile failed: " prefix (however often it was repeated). */
export const compileErrorDetail = (message: string): string => message.replace(PREFIX, '').trim();

const absolute = (path: string | null | undefined, origin: string): string | null => {
  if (!path) return null;
  try {
    return new URL(path, origin).href;
  } catch {
    return null;
  }
};

/** The sample URLs after choosing a style and a profile: their images replace the style, portrait and full-body samples. */
export function samplesFromSelection(
  current: Required<SampleUrls>,
  sel: {
    style?: { promptImageUrl?: string | null; coverImageUrl?: string | null } | null;
    profile?: { portraitUrl?: string | null; fullBodyUrl?: string | null } | null;
    origin: string;
  },
): Required<SampleUrls> {
  const next = { ...current };
  const style = absolute(sel.style?.promptImageUrl ?? sel.style?.coverImageUrl, sel.origin);
  if (style) next.style = style;
  const portrait = absolute(sel.profile?.portraitUrl, sel.origin);
  if (portrait) next.portrait = portrait;
  // a profile without a full-body photo keeps the sample URL (the template may not use that token)
  const fullBody = absolute(sel.profile?.fullBodyUrl, sel.origin);
  if (fullBody) next.fullBody = fullBody;
  return next;
}
