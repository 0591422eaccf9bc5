/**
 * Which plan limit an error stands for (spec 02 section 5, "Limit detection for the upsell").
 * Pure: used by the web (the upsell dialogs) and testable in node.
 *
 * Order of the rules:
 * 1. the exact codes limit.photo_profiles, limit.private_styles, limit.publish, limit.credits;
 * 2. codes containing "profile", "style" together with "private", "publish" or "credit";
 * 3. otherwise the message text: "profile" with "limit" or "reached"; "private style" with "limit" or
 *    "reached"; "influencer" with "public"; "credit" with "insufficient", "not enough" or "need".
 * Matching is case-insensitive. Anything else is not a limit error (null).
 *
 * A code that names a missing precondition (ends in "required", or says "not_found", "missing", "invalid")
 * is never a limit, whatever words it contains, and its message is not matched either: "profile_required"
 * (no photo profile yet) must send the person to create one, not open the photo-profile LIMIT upsell.
 */
export type LimitKind = 'photo_profiles' | 'private_styles' | 'publish' | 'credits';

export const LIMIT_KINDS: readonly LimitKind[] = ['photo_profiles', 'private_styles', 'publish', 'credits'];

const EXACT_CODES: Record<string, LimitKind> = {
  'limit.photo_profiles': 'photo_profiles',
  'limit.private_styles': 'private_styles',
  'limit.publish': 'publish',
  'limit.credits': 'credits',
};

/** A code for a missing precondition or a bad reference: not a limit (see the header). */
export function isPreconditionCode(raw: string | null | undefined): boolean {
  const code = (raw ?? '').trim().toLowerCase();
  return /required$/.test(code) || /not_?found|missing|invalid/.test(code);
}

function fromCode(raw: string): LimitKind | null {
  const code = raw.trim().toLowerCase();
  if (!code) return null;
  const exact = EXACT_CODES[code];
  if (exact) return exact;
  if (isPreconditionCode(code)) return null;
  if (code.includes('profile')) return 'photo_profiles';
  if (code.includes('style') && code.includes('private')) return 'private_styles';
  if (code.includes('publish')) return 'publish';
  if (code.includes('credit')) return 'credits';
  return null;
}

function fromMessage(raw: string): LimitKind | null {
  const msg = raw.toLowerCase();
  if (!msg.trim()) return null;
  const limitOrReached = msg.includes('limit') || msg.includes('reached');
  if (msg.includes('profile') && limitOrReached) return 'photo_profiles';
  if (msg.includes('private style') && limitOrReached) return 'private_styles';
  if (msg.includes('influencer') && msg.includes('public')) return 'publish';
  if (msg.includes('credit') && (msg.includes('insufficient') || msg.includes('not enough') || msg.includes('need')))
    return 'credits';
  return null;
}

/** The limit an error reports, from its code first and its message otherwise; null when it is not one. */
export function detectLimit(
  err: { code?: string | null; message?: string | null } | null | undefined,
): LimitKind | null {
  if (!err) return null;
  if (typeof err.code === 'string' && !EXACT_CODES[err.code.trim().toLowerCase()] && isPreconditionCode(err.code))
    return null;
  const byCode = typeof err.code === 'string' ? fromCode(err.code) : null;
  if (byCode) return byCode;
  return typeof err.message === 'string' ? fromMessage(err.message) : null;
}
