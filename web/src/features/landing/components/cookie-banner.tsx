import { useState } from 'react';
import { Link } from 'react-router-dom';
import Cookie from 'lucide-react/icons/cookie';
import { Button } from '../../../components/button';
import { acceptCookies, declineCookies, shouldShowCookieBanner } from '../../../lib/cookie-consent';

/**
 * The cookie banner of the landing page: shown until accepted (localStorage cookies-accepted = "true");
 * Decline hides it for this visit only. Slides in over 0.3 s.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(shouldShowCookieBanner);
  if (!visible) return null;
  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 animate-slide-up p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-2xl sm:flex-row sm:items-center sm:gap-4">
        <Cookie className="hidden h-6 w-6 shrink-0 text-brand sm:block" aria-hidden="true" />
        <p className="flex-1 text-sm">
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
