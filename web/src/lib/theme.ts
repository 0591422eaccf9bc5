import { useSyncExternalStore } from 'react';
import { currentTheme, setTheme, subscribeTheme, toggleTheme, type Theme } from './theme-store';

/**
 * The theme as a React hook. The store itself (no React) is theme-store.ts: the prerendered pages' island script
 * (src/island/page-island.ts) toggles the theme with it too.
 */
export { THEME_STORAGE_KEY, applyTheme, currentTheme, readStoredTheme, setTheme, toggleTheme } from './theme-store';
export type { Theme } from './theme-store';

export function useTheme(): { theme: Theme; setTheme: (t: Theme) => void; toggleTheme: () => Theme } {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, (): Theme => 'light');
  return { theme, setTheme, toggleTheme };
}
