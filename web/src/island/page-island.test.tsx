import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { CookieBanner } from '../features/landing/components/cookie-banner';
import { FaqSection } from '../features/landing/components/faq-section';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { TopBar } from '../features/shell/components/top-bar';
import { resetCookieConsentMemory, shouldShowCookieBanner } from '../lib/cookie-consent';

/** The island on the markup the SPA's components render (as a prerendered page has it), without React running. */
beforeAll(async () => {
  localStorage.clear();
  resetCookieConsentMemory();
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <TopBar user={null} status="logged-out" isHome />
      <CookieBanner />
      <HowItWorks />
      <FaqSection />
    </MemoryRouter>,
  );
  document.body.innerHTML = `<div id="root"><div data-static-page>${html}</div></div>`;
  await import('./page-island');
});

const click = (selector: string) => document.querySelector<HTMLElement>(selector)!.click();

describe('the prerendered pages island', () => {
  it('toggles the theme (class, storage, the pressed state)', () => {
    const toggle = '[data-testid="theme-toggle"]';
    expect(document.querySelector(toggle)!.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.querySelector(toggle)!.getAttribute('aria-pressed')).toBe('true');
    click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('opens the FAQ item the How it works link names', () => {
    expect(document.querySelector<HTMLDetailsElement>('#faq-photos')!.open).toBe(false);
    click('[data-open-faq]');
    expect(document.querySelector<HTMLDetailsElement>('#faq-photos')!.open).toBe(true);
  });

  it('declines cookies, remembered (the SPA reads the same record), and removes the banner', () => {
    expect(shouldShowCookieBanner()).toBe(true);
    click('[data-testid="cookie-decline"]');
    expect(document.querySelector('[data-testid="cookie-banner"]')).toBeNull();
    expect(shouldShowCookieBanner()).toBe(false);
    expect(localStorage.getItem('cookies-accepted')).toBe('false');
  });
});
