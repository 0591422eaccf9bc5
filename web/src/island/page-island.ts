/**
 * The one script of the pages prerendered at build time (web/build/prerender.ts; shared/domain/prerendered-pages.ts):
 * no React. It does the little those pages need without the SPA, and loads the SPA (src/main.tsx, which takes the page
 * over) when the visitor goes further:
 * - a stored session: the SPA at once (a signed-in visitor gets what the SPA shows them; public/theme-init.js has
 *   hidden the prerendered page before the first paint);
 * - the theme toggle, the cookie banner's two buttons, the FAQ link of "How it works": here (the same stores as the
 *   SPA's: lib/theme-store.ts, lib/cookie-consent.ts, one module each, shared with the SPA's chunks);
 * - the mobile menu, the demo's Generate button and the newsletter form: the SPA, then the same action on its page.
 * Links are plain links (a full load of the SPA's page); the FAQ is native <details>; the demo's choices are radios.
 */
import { acceptCookies, declineCookies, shouldShowCookieBanner } from '../lib/cookie-consent';
import { requestOpenFaq } from '../features/landing/components/faq-events';
import { SPA_ENTRY_ATTRIBUTE } from '@shared/domain/prerendered-pages';
import { hasStoredSession } from '../lib/stored-session';
import { currentTheme, subscribeTheme, toggleTheme } from '../lib/theme-store';

let spa: Promise<unknown> | undefined;
/**
 * Loads the SPA once (src/main.tsx, whose built URL the page names on <html>); it renders over the prerendered HTML
 * in #root. A plain URL, not import('../main'): the SPA's chunks stay what they are without the island.
 */
const loadSpa = (): Promise<unknown> =>
  (spa ??= import(/* @vite-ignore */ document.documentElement.getAttribute(SPA_ENTRY_ATTRIBUTE) ?? '/'));

/** Resolves with the SPA's counterpart of a prerendered element once it is rendered (null after 10 s). */
async function spaElement(selector: string, prerendered: Element): Promise<HTMLElement | null> {
  await loadSpa();
  const until = performance.now() + 10_000;
  return new Promise((resolve) => {
    const look = () => {
      const el = document.querySelector(selector);
      if (!prerendered.isConnected && el instanceof HTMLElement) resolve(el);
      else if (performance.now() > until) resolve(null);
      else requestAnimationFrame(look);
    };
    look();
  });
}

const SPA_BUTTONS = ['[data-testid="mobile-menu-trigger"]', '[data-testid="demo-generate"]'];

function syncThemeToggle(): void {
  for (const b of document.querySelectorAll('[data-testid="theme-toggle"]'))
    b.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
}

function onClick(e: MouseEvent): void {
  if (!(e.target instanceof Element) || !e.target.closest('[data-static-page]')) return;
  const target = e.target;
  if (target.closest('[data-testid="theme-toggle"]')) {
    toggleTheme();
    syncThemeToggle();
    return;
  }
  const cookie = target.closest('[data-testid="cookie-accept"], [data-testid="cookie-decline"]');
  if (cookie) {
    if (cookie.matches('[data-testid="cookie-accept"]')) acceptCookies();
    else declineCookies();
    document.querySelector('[data-testid="cookie-banner"]')?.remove();
    return;
  }
  const faq = target.closest('[data-open-faq]');
  if (faq) {
    requestOpenFaq(faq.getAttribute('data-open-faq') ?? '');
    return; // the link's own #faq navigation scrolls there
  }
  const selector = SPA_BUTTONS.find((s) => target.closest(s));
  if (selector) {
    e.preventDefault();
    const button = target.closest(selector)!;
    void spaElement(selector, button).then((el) => el?.click());
  }
}

/** The newsletter: the SPA's form (one source for its checks and messages) gets the address typed here. */
function onSubmit(e: SubmitEvent): void {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.closest('[data-testid="newsletter"]')) return;
  e.preventDefault();
  const typed = form.querySelector('input')?.value ?? '';
  const selector = '[data-testid="newsletter"] form';
  void spaElement(selector, form).then((spaForm) => {
    const input = spaForm?.querySelector('input');
    if (!(spaForm instanceof HTMLFormElement) || !input) return;
    // React follows the input through the native value setter and an input event
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    requestAnimationFrame(() => spaForm.requestSubmit());
  });
}

if (hasStoredSession()) void loadSpa();
else {
  if (!shouldShowCookieBanner()) document.querySelector('[data-testid="cookie-banner"]')?.remove();
  syncThemeToggle();
  // the system's dark setting, followed while no choice is made (the SPA, once it takes over, follows it too)
  subscribeTheme(syncThemeToggle);
  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
}
