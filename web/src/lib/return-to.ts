/**
 * Return paths through sign-in and sign-up: a visitor sent to sign in (a buy button, a signed-in-only page,
 * an expired session) comes back where they were going. Only same-origin paths are kept (no open redirects).
 */

/** Pages that never make sense to return to (the auth screens themselves, API routes). */
const NOT_RETURNABLE = /^\/(api|auth)(\/|$)/;

/** A same-origin path (with its query and hash) to return to after sign-in, else null. */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
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

const withReturnTo = (base: string, returnTo: string | null | undefined): string => {
  const safe = safeReturnTo(returnTo);
  return safe && safe !== '/' ? `${base}?returnTo=${encodeURIComponent(safe)}` : base;
};

/** The sign-in page, coming back to `returnTo` afterwards. */
export const signInPath = (returnTo?: string | null): string => withReturnTo('/auth/login', returnTo);

/** The sign-up page, coming back to `returnTo` after the account is confirmed. */
export const registerPath = (returnTo?: string | null): string => withReturnTo('/auth/register', returnTo);

/** Sign-in through the server route of spec 01 (GET /api/auth/login redirects to the sign-in page, keeping the query). */
export const serverSignInUrl = (returnTo?: string | null): string => withReturnTo('/api/auth/login', returnTo);

/** The current location as a return path. */
export const currentPath = (loc: { pathname: string; search?: string; hash?: string } = window.location): string =>
  `${loc.pathname}${loc.search ?? ''}${loc.hash ?? ''}`;

/** The forgot-password page, keeping the return path for the sign-in that follows. */
export const forgotPasswordPath = (returnTo?: string | null): string => withReturnTo('/auth/forgot-password', returnTo);
