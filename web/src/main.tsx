import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { SignedInProviders } from './app/app-layout';
import { resolveRoute } from './app/routes';
import { SCREENS } from './app/screens';
import { takingOverPrerenderedPage } from './lib/prerender';
import { queryClient } from './lib/query-client';
import { loadRuntimeConfig } from './lib/runtime-config';
import { hasStoredSession } from './lib/stored-session';
import './index.css';
import { queryKeys } from './api/query-keys';

// GET /api/config at start: auth needs it (tiny, cacheable). A failure is retried when auth asks again.
loadRuntimeConfig().catch(() => undefined);

/**
 * The screen of the page the SPA was opened on, loaded before the first render, so that its first render is the
 * screen itself: no Suspense spinner, and none of React's hold on revealing a suspended screen (~300 ms) before it.
 * The route is read with the sign-in state the browser's storage suggests (the session itself is confirmed later; a
 * wrong guess only loads a chunk the other way). Started over a page prerendered at build time
 * (src/island/page-island.ts loads this module when the visitor goes further than the HTML), a visitor without a
 * stored session is signed out for sure, and the first render is the page already on screen (no jump).
 * Elsewhere a slow chunk does not hold the page blank below the HTML's header: after FIRST_SCREEN_WAIT_MS the SPA
 * renders and the screen loads behind its spinner.
 */
const FIRST_SCREEN_WAIT_MS = 1_500;

async function prepareFirstScreen(): Promise<void> {
  const signedOut = !hasStoredSession();
  const takeover = takingOverPrerenderedPage() && signedOut;
  if (takeover) queryClient.setQueryData(queryKeys.currentUser, null);
  const route = resolveRoute(window.location.pathname, signedOut ? 'logged-out' : 'logged-in');
  if (!route.screen) return;
  // a returning signed-in visitor's screens sit inside the signed-in providers: loaded with the screen
  const loaded = Promise.all([SCREENS[route.screen].preload(), signedOut ? null : SignedInProviders.preload()]);
  // (over prerendered HTML the render waits for its screen: rendering sooner would replace the page by a spinner)
  await (takeover
    ? loaded
    : Promise.race([loaded, new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]));
}

// a failed preload is not fatal: the lazy screen loads again (behind its spinner) in the render. No top-level await
// here: it would make the bundler split the entry into many small chunks.
void prepareFirstScreen()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
