/**
 * Build time only (web/build/prerender.ts loads this module in Node through Vite's SSR loader): a page of
 * shared/domain/prerendered-pages.ts rendered to HTML by the SPA's own components (the layout, the top bar, the
 * screen, the footer) as a signed-out visitor sees it. One source for the words: the SPA renders the same tree when it
 * takes the page over.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { lastPrerenderedTitle } from '../lib/use-document-title';
import { AppLayout } from './app-layout';
import { Providers } from './providers';
import { resolveRoute } from './routes';
import { SCREENS } from './screens';
import { queryKeys } from '../api/query-keys';

export interface RenderedPage {
  html: string;
  title: string;
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const screen = SCREENS[resolveRoute(pathname, 'logged-out').screen ?? 'landing'];
  if (!('preload' in screen)) throw new Error(`${pathname}: its screen is not preloadable (app/screens.tsx)`);
  await screen.preload();
  const client = new QueryClient();
  client.setQueryData(queryKeys.currentUser, null);
  // renderToString, not react-dom/static's prerender: with the screen preloaded nothing suspends, and prerender
  // outlines large Suspense boundaries behind inline scripts (the CSP forbids them)
  const html = renderToString(
    <Providers client={client}>
      <MemoryRouter initialEntries={[pathname]}>
        <AppLayout />
      </MemoryRouter>
    </Providers>,
  );
  // a boundary that suspended anyway would leave its fallback (a spinner) in the page
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) throw new Error(`${pathname}: a part of it suspended`);
  return { html, title: lastPrerenderedTitle() };
}
