/**
 * The route table of spec 01 section 2, in one place. Which table applies depends on the sign-in state:
 * logged-out visitors (and while the auth state is loading) get the landing page, public profiles and the
 * sign-in/privacy pages, and signed-in pages lead to sign-in; logged-in users get every listed route. Unknown paths
 * show the 404 page to both, under the address as typed (issue 39).
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes, matchRoutes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import type { AuthStatus } from '../api/current-user';
import { SCREENS, type ScreenId } from './screens';

export type RouteEntry =
  { path: string; screen: ScreenId; redirect?: never } | { path: string; redirect: string; screen?: never };

/** Reachable whatever the sign-in state (additional routes outside the spec's logged-out fallback). */
export const SHARED_ROUTES: readonly RouteEntry[] = [
  { path: '/auth/login', screen: 'login' },
  { path: '/auth/register', screen: 'register' },
  { path: '/auth/forgot-password', screen: 'forgot-password' },
  { path: '/privacy', screen: 'privacy' },
  // The receipt of "Delete my account", shown once signed out.
  { path: '/account-deleted', screen: 'account-deleted' },
  { path: '/profile/:handle', screen: 'public-profile' },
  // A creator link by user id (spec 02 section 2): resolves the public handle, then shows /profile/{handle}.
  { path: '/influencer/:userId', screen: 'influencer-redirect' },
  // Visitors browse read-only, with a sign-in call to action (docs/decisions.md, "What a visitor sees").
  { path: '/explore', screen: 'explore' },
  { path: '/style/:id', screen: 'style' },
  { path: '/collections', screen: 'collections' },
  { path: '/collection/:id', screen: 'collection' },
  { path: '/pricing', screen: 'pricing' },
  // A look shared for feedback (issue 15): anyone with the link, signed in or not.
  { path: '/l/:token', screen: 'shared-look' },
  // Every question and answer: the landing's "View all FAQs" (issue 39).
  { path: '/faq', screen: 'faq' },
  // The operator's legal pages (issue 39): linked from the footer, the pricing and the checkout pages.
  { path: '/terms', screen: 'terms' },
  { path: '/refunds', screen: 'refunds' },
  { path: '/imprint', screen: 'imprint' },
];

export const LOGGED_IN_ROUTES: readonly RouteEntry[] = [
  { path: '/', screen: 'dashboard' },
  { path: '/dashboard', screen: 'dashboard' },
  { path: '/onboarding', screen: 'onboarding' },
  { path: '/generate/style/:id', screen: 'generate-style' },
  { path: '/generate', screen: 'generate' },
  { path: '/generate/:id', screen: 'generate-edit' },
  { path: '/photos', screen: 'photos' },
  { path: '/profiles', screen: 'profiles' },
  { path: '/profiles/new', screen: 'profile-new' },
  { path: '/profiles/:id/edit', screen: 'profile-edit' },
  { path: '/try-custom-look', screen: 'try-custom-look' },
  { path: '/outfit', screen: 'outfit' }, // query: optional styleId (the first piece), from a style's page
  { path: '/quick-try', screen: 'quick-try' }, // query: imageUrl, imageType, optional promptTemplateId
  { path: '/results', redirect: '/gallery' },
  { path: '/gallery', screen: 'gallery' },
  { path: '/generation/:id', screen: 'generation' },
  { path: '/compare', screen: 'compare' }, // query: ids=a,b[,c[,d]] (2 to 4 of the user's own results)
  { path: '/shares', screen: 'my-shares' },
  { path: '/subscription', screen: 'subscription' },
  { path: '/account', screen: 'account' },
  { path: '/influencer/apply', screen: 'influencer-apply' },
  { path: '/admin/prompts', screen: 'admin-prompts' },
  { path: '/admin/styles', screen: 'admin-styles' },
  { path: '/admin/raw-templates', screen: 'admin-raw-templates' },
  { path: '/admin/influencer/applications', screen: 'admin-influencer-applications' },
  // Not in the spec's table: the admin menu's Finance entry needs a target (see the web report).
  { path: '/admin/finance', screen: 'admin-finance' },
  { path: '/admin/safety', screen: 'admin-safety' },
  { path: '/admin/users', screen: 'admin-users' }, // query: q (an exact e-mail or a user id), issue 39
  { path: '/settings', screen: 'settings' },
  { path: '/influencer/collections', screen: 'influencer-collections' },
  // The styles the user marked with the heart (issue 39).
  { path: '/favorites', screen: 'favorites' },
  ...SHARED_ROUTES,
  { path: '*', screen: 'not-found' },
];

/**
 * Logged out: the landing page, the shared routes, and every signed-in page of the table leads to sign-in
 * with the path to come back to; anything else is the 404 page (issue 39: not the landing under a wrong URL).
 */
export const LOGGED_OUT_ROUTES: readonly RouteEntry[] = [
  { path: '/', screen: 'landing' },
  ...SHARED_ROUTES,
  ...LOGGED_IN_ROUTES.filter(
    (r) => r.path !== '/' && r.path !== '*' && !SHARED_ROUTES.some((s) => s.path === r.path),
  ).map((r): RouteEntry => ({ path: r.path, screen: 'sign-in-required' })),
  { path: '*', screen: 'not-found' },
];

/** Logged-out visitors and the loading state share the logged-out table. */
export const routesFor = (status: AuthStatus): readonly RouteEntry[] =>
  status === 'logged-in' ? LOGGED_IN_ROUTES : LOGGED_OUT_ROUTES;

export interface ResolvedRoute {
  /** The table entry that matched (its path pattern). */
  path: string;
  screen?: ScreenId;
  redirect?: string;
  params: Record<string, string | undefined>;
  /** True when the path is not in the table and the catch-all (the 404 page) answered. */
  fallback: boolean;
}

/** What a path renders for a sign-in state: the same matching the router does, as a pure function. */
export function resolveRoute(pathname: string, status: AuthStatus): ResolvedRoute {
  const table = routesFor(status);
  const matches = matchRoutes(
    table.map((r) => ({ path: r.path })),
    pathname,
  );
  const m = matches?.[matches.length - 1];
  const entry = m ? table.find((r) => r.path === m.route.path) : undefined;
  if (!m || !entry) return { path: '*', screen: 'not-found', params: {}, fallback: true };
  return {
    path: entry.path,
    screen: entry.screen,
    redirect: entry.redirect,
    params: { ...m.params },
    fallback: entry.path === '*',
  };
}

/** Paths that render the same screen in both tables (nothing to wait for while the session loads). */
export function isStateIndependent(pathname: string): boolean {
  const a = resolveRoute(pathname, 'logged-out');
  const b = resolveRoute(pathname, 'logged-in');
  return a.screen === b.screen && !a.fallback;
}

function Screen({ id }: { id: ScreenId }) {
  const Component = SCREENS[id];
  return <Component />;
}

export function AppRoutes({ status, waitingForSession }: { status: AuthStatus; waitingForSession: boolean }) {
  const location = useLocation();
  // A visitor with a stored session is almost surely signed in: while that is being confirmed, show a
  // spinner rather than flashing the landing page on their dashboard URL.
  if (waitingForSession && !isStateIndependent(location.pathname)) return <PageSpinner label="Loading your account" />;
  const table = routesFor(status);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        {table.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={r.redirect ? <Navigate to={r.redirect} replace /> : <Screen id={r.screen!} />}
          />
        ))}
      </Routes>
    </Suspense>
  );
}
