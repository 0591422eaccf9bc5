/**
 * Navigation of the shell (spec 01 section 2), as pure data: the top bar, the user menu and the mobile
 * menu all read these, so every place shows the same items.
 */
import { safeReturnTo } from '../../lib/return-to';

export interface NavItem {
  label: string;
  /** A SPA path (react-router Link) or, with `document`, a URL opened with a full page navigation. */
  href: string;
  document?: boolean;
}

export const LOGIN_URL = '/api/login';

/** Login from a page: come back to it afterwards (the landing page needs no return path). */
export const loginUrlFrom = (here: string): string => {
  const safe = safeReturnTo(here);
  return safe && safe !== '/' && !safe.startsWith('/#')
    ? `${LOGIN_URL}?returnTo=${encodeURIComponent(safe)}`
    : LOGIN_URL;
};
export const REGISTER_PATH = '/auth/register';

/** Top-level navigation. Logged out, visitors browse styles, collections and pricing read-only (docs/decisions.md). */
export function primaryNav(loggedIn: boolean): NavItem[] {
  if (!loggedIn) {
    return [
      { label: 'Explore', href: '/explore' },
      { label: 'Collections', href: '/collections' },
      { label: 'Pricing', href: '/pricing' },
    ];
  }
  return [
    { label: 'Dashboard', href: '/dashboard' },
    { label: 'Styles', href: '/explore' },
    { label: 'Collections', href: '/collections' },
  ];
}
