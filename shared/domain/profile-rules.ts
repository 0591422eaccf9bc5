/** Public-profile and settings rules (spec 02 sections 2, 5 and 6). */

/** Handles: 3 to 30 characters, lowercase letters, digits and underscore. */
export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/;
export const HANDLE_RULE = 'Handle must be 3-30 characters: lowercase letters, digits and underscores';
export const HANDLE_TAKEN = 'This handle is taken';

/** "/profile/@iris" and "/profile/iris" are the same profile. */
export const normalizeHandle = (h: string): string => h.trim().replace(/^@/, '').toLowerCase();

export const MAX_USER_LINKS = 20;
export const LINK_FIELDS_REQUIRED = 'Please fill in both fields';
export const LINK_URL_RULE = 'Links must be http or https URLs';
export const LINK_LIMIT_REACHED = `You can add at most ${MAX_USER_LINKS} links`;

/** Only absolute http(s) URLs are accepted for profile links (javascript:, data:, ftp: ... are refused). */
export function isHttpUrl(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
}

export const PUBLIC_PROFILE_INFLUENCERS_ONLY =
  'Only influencers can make their profile public. Apply to the influencer program to unlock it.';
export const SHOW_COLLECTIONS_INFLUENCERS_ONLY =
  'Only influencers can show collections on a public profile. Apply to the influencer program to unlock it.';
export const LINKS_INFLUENCERS_ONLY = 'Profile links are available to influencers only';

export const REPORT_REASON_REQUIRED = 'Please provide a reason for reporting this style';
export const REPORT_ALREADY_OPEN = 'You have already reported this style; our team is reviewing it';
export const MAX_REPORT_REASON = 1000;
