import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY, applyTheme, readStoredTheme, setTheme } from '../../../lib/theme';
import { preferredTheme, resetThemeMemory } from '../../../lib/theme-store';
import { ThemeToggle } from './theme-toggle';

const isDark = () => document.documentElement.classList.contains('dark');

/** A system setting for prefers-color-scheme that can change while the page is open. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<() => void>();
  const mql = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => mql as unknown as MediaQueryList);
  return (next: boolean) => {
    dark = next;
    listeners.forEach((l) => l());
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  resetThemeMemory();
});

describe('theme', () => {
  it("follows the system's setting when no choice was made, live", () => {
    const change = systemPrefers(true);
    expect(readStoredTheme()).toBeNull();
    expect(preferredTheme()).toBe('dark');
    applyTheme(preferredTheme());
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
    act(() => change(false));
    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('an explicit choice overrides the system and is kept', () => {
    const change = systemPrefers(true);
    applyTheme(preferredTheme());
    render(<ThemeToggle />);
    fireEvent.click(screen.getByTestId('theme-toggle'));
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    act(() => change(true)); // the system changes again: the choice stands
    expect(isDark()).toBe(false);
  });

  it('toggling switches the class on <html> and persists the choice in localStorage "theme"', () => {
    render(<ThemeToggle />);
    const btn = screen.getByTestId('theme-toggle');
    fireEvent.click(btn);
    expect(isDark()).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(btn.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    fireEvent.click(btn);
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('reads the stored preference (as the pre-paint script applies it)', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readStoredTheme()).toBe('dark');
    applyTheme(preferredTheme());
    render(<ThemeToggle />);
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('an unknown stored value is no choice (the system decides)', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBeNull();
    expect(preferredTheme()).toBe('light');
  });

  it('every toggle follows a change made elsewhere', () => {
    render(<ThemeToggle />);
    act(() => setTheme('dark'));
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
  });
});
