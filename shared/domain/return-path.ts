/**
 * Return paths: where a person comes back to after leaving the app (sign-in, a checkout). Only a path on this
 * site is kept, never another origin (no open redirect): it starts with one "/", has no backslash or control
 * character, and does not resolve to another origin. The web client and the checkout route share these rules.
 */

/** Pages that never make sense to return to (the auth screens themselves, API routes). */
const NOT_RETURNABLE = /^\/(api|auth)(\/|$)/;

export const RETURN_PATH_MAX = 2000;

export const RETURN_PATH_MESSAGE = 'returnTo must be a path on this site, such as /style/abc';

/** A same-origin path (with its query and hash) to return to, normalised, else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // control characters (a tab or newline inside "/\t/evil.example" is dropped by URL parsers)
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://same.origin');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.origin') return null;
  if (NOT_RETURNABLE.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Query parameters of the checkout round trip (the result, and the visitor's purchase to continue). */
const CHECKOUT_PARAMS = ['success', 'canceled', 'buy'] as const;

/**
 * The page a checkout returns to, without the round trip's own parameters and the hash (a redirect target
 * of the payments provider), or null when `raw` is not a safe path.
 */
export function checkoutReturnPath(raw: string | null | undefined): string | null {
  const safe = safeReturnPath(raw);
  if (!safe) return null;
  const url = new URL(safe, 'http://same.origin');
  for (const p of CHECKOUT_PARAMS) url.searchParams.delete(p);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** The checkout's success and cancel URLs: the return path with success=true or canceled=true. */
export function checkoutRedirects(origin: string, returnTo: string): { successUrl: string; cancelUrl: string } {
  const path = checkoutReturnPath(returnTo) ?? DEFAULT_CHECKOUT_RETURN;
  const join = path.includes('?') ? '&' : '?';
  return { successUrl: `${origin}${path}${join}success=true`, cancelUrl: `${origin}${path}${join}canceled=true` };
}

/** Where a checkout returns when the client names no page. */
export const DEFAULT_CHECKOUT_RETURN = '/subscription';
