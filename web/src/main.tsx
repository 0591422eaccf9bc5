import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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
 * Started over a page prerendered at build time (src/island/page-island.ts loads this module when the visitor goes
 * further than the HTML): a visitor without a stored session is signed out for sure, and the page's screen is loaded
 * first, so that the first render is the page already on screen (no loading state, no spinner, no jump).
 */
async function prepareTakeover(): Promise<void> {
  if (!takingOverPrerenderedPage() || hasStoredSession()) return;
  queryClient.setQueryData(queryKeys.currentUser, null);
  const screen = SCREENS[resolveRoute(window.location.pathname, 'logged-out').screen ?? 'landing'];
  if ('preload' in screen) await screen.preload();
}

// a failed preload is not fatal: the lazy screen loads again (behind its spinner) in the render. No top-level await
// here: it would make the bundler split the entry into many small chunks.
void prepareTakeover()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
