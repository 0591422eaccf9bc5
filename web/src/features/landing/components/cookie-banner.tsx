import { useState } from 'react';
import { Link } from 'react-router-dom';
import Cookie from 'lucide-react/icons/cookie';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { acceptCookies, declineCookies, shouldShowCookieBanner } from '../../../lib/cookie-consent';
import { takingOverPrerenderedPage } from '../../../lib/prerender';

/**
 * The cookie banner of the landing page: shown until a choice is made (localStorage cookies-accepted = "true" or
 * "false": both remembered, lib/cookie-consent.ts). Slides in over 0.3 s.
 *
 * A compact bar that never covers the live demo: the landing page places it right after the hero, sticky at
 * the bottom of the viewport. While the hero fills the screen it sits at the bottom edge; once its place (just
 * above the demo) scrolls into view it stays there, in the flow, so the demo below it is never under it
 * (docs/decisions.md, "Cookie banner and the live demo").
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(shouldShowCookieBanner);
  // Taking over a prerendered page, the banner is already on screen: it does not slide in a second time.
  const [entrance] = useState(() => !takingOverPrerenderedPage());
  if (!visible) return null;
  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      // In the prerendered page's HTML whatever the choice: public/theme-init.js marks <html> before the first paint
      // when cookies were accepted, which hides it (the page's island then removes it).
      className={cn(
        'sticky bottom-0 z-40 border-y border-border bg-card px-4 py-3 text-card-foreground shadow-[0_-6px_20px_rgba(0,0,0,0.08)] sm:px-6 [[data-cookie-choice]_&]:hidden',
        entrance && 'animate-slide-up',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Cookie className="hidden h-5 w-5 shrink-0 text-brand sm:block" aria-hidden="true" />
        <p className="flex-1 text-xs sm:text-sm">
          We use cookies and local storage to keep you signed in and remember your preferences. No advertising trackers.
          Read our{' '}
          <Link to="/privacy" className="font-semibold text-brand underline underline-offset-2">
            privacy summary
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            data-testid="cookie-decline"
            onClick={() => {
              declineCookies();
              setVisible(false);
            }}
          >
            Decline
          </Button>
          <Button
            size="sm"
            data-testid="cookie-accept"
            onClick={() => {
              acceptCookies();
              setVisible(false);
            }}
          >
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
