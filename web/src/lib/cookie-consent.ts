/**
 * Cookie banner state (spec 01 section 4): shown until accepted. Accept stores cookies-accepted = "true"
 * in localStorage (permanent). Decline hides it for the current visit only: the flag lives as long as the page (an
 * attribute on <html>), so a reload or a later visit shows the banner again, while moving around inside the app does
 * not. On <html>, not in this module: a prerendered page's island script (its own build, its own copy of this module)
 * and the SPA taking that page over share it.
 */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';
const DECLINED_ATTRIBUTE = 'data-cookies-declined';

const declinedThisVisit = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute(DECLINED_ATTRIBUTE);

export function hasAcceptedCookies(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export const shouldShowCookieBanner = (): boolean => !hasAcceptedCookies() && !declinedThisVisit();

export function acceptCookies(): void {
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
  } catch {
    /* storage blocked: fall back to hiding for this visit */
    declineCookies();
  }
}

export function declineCookies(): void {
  document.documentElement.setAttribute(DECLINED_ATTRIBUTE, '');
}

/** Tests only: forget the in-memory decline, as a reload would. */
export function resetCookieConsentMemory(): void {
  document.documentElement.removeAttribute(DECLINED_ATTRIBUTE);
}
