/**
 * Return paths through sign-in and sign-up: a visitor sent to sign in (a buy button, a signed-in-only page,
 * an expired session) comes back where they were going. Only same-origin paths are kept (no open redirects).
 */

import { safeReturnPath } from '@shared/domain/return-path';

/** A same-origin path (with its query and hash) to return to after sign-in, else null (shared/domain/return-path.ts). */
export const safeReturnTo = safeReturnPath;

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
