/** Theme preference: light or dark, stored in localStorage under "theme", default light (spec 01 section 4). */
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();

export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Reflect a theme on <html> (the same thing public/theme-init.js does before first paint). */
export function applyTheme(theme: Theme): void {
  const el = document.documentElement;
  el.classList.toggle('dark', theme === 'dark');
  el.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** The theme shown now: what is on <html>, which follows storage. */
export const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** Calls cb when the theme changes (here or in another tab). */
export function subscribeTheme(cb: () => void): () => void {
  listeners.add(cb);
  // Another tab changed the preference.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) {
      applyTheme(readStoredTheme());
      cb();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(cb);
    window.removeEventListener('storage', onStorage);
  };
}
