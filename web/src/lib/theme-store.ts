/**
 * Theme preference (issue 39, over spec 01's "default light"): the system's setting (prefers-color-scheme) by
 * default, followed live; a choice made with the toggle overrides it. The choice is stored in localStorage "theme"
 * only when cookies were not declined (./cookie-consent.ts): after Decline it lasts for the page.
 */
import { hasDeclinedCookies } from './cookie-consent';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
/** The choice made on this page when it could not be stored (cookies declined, storage blocked). */
let pageChoice: Theme | null = null;

/** The stored explicit choice, or null (follow the system). */
export function readStoredTheme(): Theme | null {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** What should show: this page's choice, else the stored one, else the system's. */
export const preferredTheme = (): Theme => pageChoice ?? readStoredTheme() ?? systemTheme();

/** Reflect a theme on <html> (the same thing public/theme-init.js does before first paint). */
export function applyTheme(theme: Theme): void {
  const el = document.documentElement;
  el.classList.toggle('dark', theme === 'dark');
  el.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  pageChoice = theme;
  if (!hasDeclinedCookies()) {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      /* storage blocked: the choice lasts for this page only */
    }
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** The theme shown now: what is on <html>. */
export const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** Calls cb when the theme changes (here, in another tab, or the system's setting while no choice is made). */
export function subscribeTheme(cb: () => void): () => void {
  listeners.add(cb);
  const follow = () => {
    applyTheme(preferredTheme());
    cb();
  };
  // Another tab changed the preference.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) follow();
  };
  window.addEventListener('storage', onStorage);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener?.('change', follow);
  return () => {
    listeners.delete(cb);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener?.('change', follow);
  };
}

/** Tests only: forget this page's choice, as a reload would. */
export function resetThemeMemory(): void {
  pageChoice = null;
}
