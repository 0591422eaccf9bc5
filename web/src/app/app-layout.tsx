import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { ToasterOnDemand } from '../components/toaster-on-demand';
import { hasStoredSession } from '../lib/auth';
import { useCurrentUser } from '../api/current-user';
import { SiteFooter } from '../features/shell/components/site-footer';
import { TopBar } from '../features/shell/components/top-bar';
import { AppRoutes, resolveRoute } from './routes';
import { preloadableLazy } from './preloadable-lazy';

/**
 * The providers of the signed-in screens (the one TooltipProvider, 700 ms / 300 ms, and the limit upsells),
 * loaded with them; a returning signed-in visitor's before the first render, with the first screen (main.tsx).
 */
export const SignedInProviders = preloadableLazy(() => import('./signed-in-providers'));

/** The page frame: skip link, top bar, the routed screen in <main>, footer. */
export function AppLayout() {
  const { user, status } = useCurrentUser();
  const location = useLocation();
  const resolved = resolveRoute(location.pathname, status);
  const isLanding = resolved.screen === 'landing';
  const waitingForSession = status === 'loading' && hasStoredSession();
  // a visitor on the sign-in or sign-up page is about to be signed in: their providers load meanwhile, so the first
  // signed-in screen shows without a spinner
  const signingIn = status !== 'logged-in' && (resolved.screen === 'login' || resolved.screen === 'register');
  useEffect(() => {
    if (signingIn) SignedInProviders.preload().catch(() => undefined);
  }, [signingIn]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <TopBar user={user} status={waitingForSession ? 'loading' : status} isHome={isLanding} />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {/* a returning visitor's screens are inside the providers from the first render: the session's
            confirmation then changes no parent, so the screen (and what was typed in it) is not remounted */}
        {status === 'logged-in' || waitingForSession ? (
          <Suspense fallback={<PageSpinner />}>
            <SignedInProviders>
              <AppRoutes status={status} waitingForSession={waitingForSession} />
            </SignedInProviders>
          </Suspense>
        ) : (
          <AppRoutes status={status} waitingForSession={waitingForSession} />
        )}
      </main>
      <SiteFooter variant={isLanding && !waitingForSession ? 'full' : 'compact'} />
      {/* The toast region, mounted on the first toast; signed-in screens toast often, so load it up front. */}
      <ToasterOnDemand preload={status === 'logged-in'} />
    </div>
  );
}
