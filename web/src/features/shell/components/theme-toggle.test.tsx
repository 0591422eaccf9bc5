import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY, applyTheme, readStoredTheme, setTheme } from '../../../lib/theme';
import { ThemeToggle } from './theme-toggle';

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it('defaults to light', () => {
    expect(readStoredTheme()).toBe('light');
    render(<ThemeToggle />);
    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('false');
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
    applyTheme(readStoredTheme());
    render(<ThemeToggle />);
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
  });

  it('an unknown stored value means light', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it('every toggle follows a change made elsewhere', () => {
    render(<ThemeToggle />);
    act(() => setTheme('dark'));
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-pressed')).toBe('true');
  });
});
