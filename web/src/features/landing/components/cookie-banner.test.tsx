import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { THEME_STORAGE_KEY, setTheme } from '../../../lib/theme';
import {
  COOKIES_ACCEPTED_KEY,
  acceptCookies,
  declineCookies,
  hasAcceptedCookies,
  hasDeclinedCookies,
  resetCookieConsentMemory,
  shouldShowCookieBanner,
} from '../../../lib/cookie-consent';
import { CookieBanner } from './cookie-banner';

const show = () =>
  render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );

beforeEach(() => resetCookieConsentMemory());

describe('cookie banner', () => {
  it('is shown until accepted, with a link to /privacy', () => {
    show();
    const banner = screen.getByTestId('cookie-banner');
    expect(banner).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBe(banner);
    expect(banner.querySelector('a')!.getAttribute('href')).toBe('/privacy');
    expect(banner.className).toContain('animate-slide-up');
  });

  it('Accept stores cookies-accepted = "true" and it never shows again', () => {
    const { unmount } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBe('true');
    expect(hasAcceptedCookies()).toBe(true);
    unmount();
    resetCookieConsentMemory(); // a reload
    show();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('Decline is remembered (a reload does not ask again), removes the stored theme and stores nothing else', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { unmount } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    // only the choice itself: the optional theme key is gone
    expect({ ...window.localStorage }).toEqual({ [COOKIES_ACCEPTED_KEY]: 'false' });
    expect(window.sessionStorage.length).toBe(0);
    expect(hasDeclinedCookies()).toBe(true);
    unmount();
    resetCookieConsentMemory(); // a reload
    show();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(hasAcceptedCookies()).toBe(false);
  });

  it('after Decline the theme toggle works for the page but writes nothing to storage', () => {
    declineCookies();
    const before = { ...window.localStorage };
    setTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect({ ...window.localStorage }).toEqual(before);
    // with consent, the choice is kept
    resetCookieConsentMemory();
    window.localStorage.clear();
    acceptCookies();
    setTheme('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('an unknown stored value is no choice: the banner asks', () => {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'maybe');
    show();
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
    expect(shouldShowCookieBanner()).toBe(true);
  });
});
