import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  COOKIES_ACCEPTED_KEY,
  hasAcceptedCookies,
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

  it('Decline hides it for this visit only (nothing stored; a reload shows it again)', () => {
    const { unmount } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    unmount();
    // Navigating inside the app (same visit): still hidden.
    show();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(shouldShowCookieBanner()).toBe(false);
    // Next visit / reload: the in-memory flag is gone.
    resetCookieConsentMemory();
    expect(shouldShowCookieBanner()).toBe(true);
  });

  it('a stored value other than "true" does not count as accepted', () => {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'false');
    show();
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
  });
});
