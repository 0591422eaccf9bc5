/**
 * An expired or revoked session (spec 01 section 7): a 401 answer to a call that carried a token. The
 * stored tokens are dropped and the browser goes to sign-in with the page to come back to, instead of the
 * page showing an error toast ("Checkout error / Unauthorized"). Runs once per page.
 */
import { clearStoredSession } from './auth';
import { currentPath, signInPath } from './return-to';

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Sign in to continue.';

/** Replaceable in unit tests (jsdom cannot navigate). */
export const sessionExpiry = {
  leave(url: string): void {
    window.location.assign(url);
  },
};

let leaving = false;
let signedIn = false;

/** The current-user load reports whether this page belongs to a signed-in user. */
export function setSignedIn(value: boolean): void {
  signedIn = value;
}

/** The user load itself (a 401 there simply means "signed out"; the routes take it from there). */
const SESSION_PROBE = '/api/auth/user';

/**
 * Whether a 401 means a session ended under a signed-in page: the call carried a token, or the page was
 * signed in (the token could no longer be refreshed, so none was sent). Never for the user load.
 */
export function isSessionEnd(url: string, sentToken: boolean): boolean {
  if (url.split('?')[0] === SESSION_PROBE) return false;
  return sentToken || signedIn;
}

/**
 * The page is ending its own session (account deleted, sign-out): from now on a 401 from a call still in flight
 * (the cache's refetches race the deletion) is expected, so it neither clears anything again nor sends the
 * browser to sign-in over the navigation the page is about to make. Such calls never settle (no error toast).
 */
export function endingSession(): void {
  leaving = true;
}

export function handleSessionExpired(): void {
  if (leaving) return;
  leaving = true;
  clearStoredSession();
  try {
    window.sessionStorage.setItem('session-expired', '1');
  } catch {
    /* storage blocked: no notice */
  }
  sessionExpiry.leave(signInPath(currentPath()));
}

/** The notice the sign-in page shows right after the redirect (read without side effects: renders may repeat). */
export function peekSessionExpiredNotice(): string | null {
  try {
    return window.sessionStorage.getItem('session-expired') === '1' ? SESSION_EXPIRED_NOTICE : null;
  } catch {
    return null;
  }
}

/** Once the sign-in page has shown the notice (after commit), it is not shown again. */
export function clearSessionExpiredNotice(): void {
  try {
    window.sessionStorage.removeItem('session-expired');
  } catch {
    /* storage blocked */
  }
}

/** For unit tests. */
export function resetSessionExpiry(): void {
  leaving = false;
  signedIn = false;
}
