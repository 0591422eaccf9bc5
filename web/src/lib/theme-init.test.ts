import { describe, expect, it } from 'vitest';
import script from '../../public/theme-init.js?raw';

const run = () => new Function(script)();

describe('public/theme-init.js (runs before first paint)', () => {
  it('sets the dark class when localStorage theme is "dark"', () => {
    window.localStorage.setItem('theme', 'dark');
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('stays light by default', () => {
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
