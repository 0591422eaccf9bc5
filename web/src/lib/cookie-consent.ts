/**
 * Cookie banner state (spec 01 section 4, as changed by issue 39). The choice is remembered either way:
 * localStorage cookies-accepted = "true" (Accept) or "false" (Decline), and the banner is shown while there is none.
 * Recording the refusal is itself strictly necessary (without it the banner would ask again on every visit).
 * After Decline nothing optional is written: the theme choice then lasts for the page only (./theme-store.ts), and
 * a theme stored before is removed. Only what the service needs stays: the sign-in session, the consent record.
 * The choice is read from storage each time: a prerendered page's island script (its own build, its own copy of
 * this module) and the SPA taking that page over see the same answer. Where storage is blocked, the choice lives on
 * <html> for this page.
 */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';
/** Optional keys: written only with consent, removed on Decline. */
export const OPTIONAL_STORAGE_KEYS = ['theme'] as const;
const CHOICE_ATTRIBUTE = 'data-cookie-choice';

export type CookieChoice = 'accepted' | 'declined';

export function cookieChoice(): CookieChoice | null {
  try {
    const v = window.localStorage.getItem(COOKIES_ACCEPTED_KEY);
    if (v === 'true') return 'accepted';
    if (v === 'false') return 'declined';
  } catch {
    /* storage blocked: what this page was told */
  }
  const onPage = typeof document === 'undefined' ? null : document.documentElement.getAttribute(CHOICE_ATTRIBUTE);
  return onPage === 'accepted' || onPage === 'declined' ? onPage : null;
}

export const hasAcceptedCookies = (): boolean => cookieChoice() === 'accepted';
export const hasDeclinedCookies = (): boolean => cookieChoice() === 'declined';

export const shouldShowCookieBanner = (): boolean => cookieChoice() === null;

function remember(choice: CookieChoice): void {
  document.documentElement.setAttribute(CHOICE_ATTRIBUTE, choice);
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, choice === 'accepted' ? 'true' : 'false');
  } catch {
    /* storage blocked: the choice holds for this page */
  }
}

export function acceptCookies(): void {
  remember('accepted');
}

/** Remembered, and what was stored optionally before is removed. */
export function declineCookies(): void {
  remember('declined');
  try {
    for (const key of OPTIONAL_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    /* storage blocked: nothing was stored */
  }
}

/** Tests only: forget the choice made on this page, as a reload would (storage is cleared by the test setup). */
export function resetCookieConsentMemory(): void {
  document.documentElement.removeAttribute(CHOICE_ATTRIBUTE);
}
