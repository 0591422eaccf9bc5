/**
 * Cookie banner state (spec 01 section 4): shown until accepted. Accept stores cookies-accepted = "true"
 * in localStorage (permanent). Decline hides it for the current visit only: the flag lives in memory, so a
 * reload or a later visit shows the banner again, while moving around inside the app does not.
 */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';

let declinedThisVisit = false;

export function hasAcceptedCookies(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export const shouldShowCookieBanner = (): boolean => !hasAcceptedCookies() && !declinedThisVisit;

export function acceptCookies(): void {
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
  } catch {
    /* storage blocked: fall back to hiding for this visit */
    declinedThisVisit = true;
  }
}

export function declineCookies(): void {
  declinedThisVisit = true;
}

/** Tests only: forget the in-memory decline, as a reload would. */
export function resetCookieConsentMemory(): void {
  declinedThisVisit = false;
}
