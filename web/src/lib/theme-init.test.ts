import { afterEach, describe, expect, it, vi } from 'vitest';
import script from '../../public/theme-init.js?raw';

const run = () => new Function(script)();
const systemDark = (dark: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ matches: dark, media: q }) as MediaQueryList);

afterEach(() => vi.restoreAllMocks());

describe('public/theme-init.js (runs before first paint)', () => {
  it('sets the dark class when localStorage theme is "dark"', () => {
    window.localStorage.setItem('theme', 'dark');
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it("follows the system's dark setting when no theme is stored", () => {
    systemDark(true);
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('a stored "light" overrides a dark system', () => {
    systemDark(true);
    window.localStorage.setItem('theme', 'light');
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('is light on a light system without a choice', () => {
    systemDark(false);
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('marks a prerendered page when a cookie choice is remembered, either way', () => {
    document.documentElement.setAttribute('data-prerendered', '');
    window.localStorage.setItem('cookies-accepted', 'false');
    run();
    expect(document.documentElement.getAttribute('data-cookie-choice')).toBe('declined');
    document.documentElement.removeAttribute('data-prerendered');
  });
});
