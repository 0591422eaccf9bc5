import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@shared/schemas/user';

vi.mock('../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../lib/auth')>()),
  getIdToken: vi.fn(async () =>
    window.localStorage.getItem('CognitoIdentityServiceProvider.c.u.idToken') ? 'test-token' : null,
  ),
  signOut: vi.fn(async () => {}),
}));

import { queryClient } from '../lib/query-client';
import { App } from './app';

const baseUser: CurrentUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  handle: 'ada',
  username: 'ada',
  profileImageUrl: null,
  credits: 1234,
  hasUnlimitedCredits: false,
  role: 'admin',
  currentRole: 'admin',
  permanentRole: 'admin',
  currentPlan: 'starter',
  subscriptionStatus: 'active',
  hasUsedTrial: true,
  isTrialEligible: false,
  isInfluencer: false,
  influencerSince: null,
  nextScheduledPlan: null,
  nextScheduledPlanDate: null,
  isPublic: false,
  showCollections: true,
  onboarded: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  starterGrant: null,
};

const fetchMock = vi.fn<typeof fetch>();
let user: CurrentUser = baseUser;
let roleSwitchFails = false;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  user = { ...baseUser };
  roleSwitchFails = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (url === '/api/auth/user')
      return auth ? json(user) : json({ message: 'Unauthorized', code: 'auth.unauthorized' }, 401);
    if (url === '/api/users/role' && init?.method === 'PATCH') {
      if (roleSwitchFails) return json({ message: 'Only admins may switch roles', code: 'auth.forbidden' }, 403);
      user = { ...user, currentRole: JSON.parse(String(init.body)).role };
      return json(user);
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

function signIn() {
  window.localStorage.setItem('CognitoIdentityServiceProvider.c.u.idToken', 'x');
}

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('app shell: logged out', () => {
  it('renders the landing page at / without calling the API', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'See yourself in every style' })).toBeTruthy();
    expect(screen.getByTestId('nav-login').getAttribute('href')).toBe('/api/login');
    expect(screen.getByTestId('nav-try-free').getAttribute('href')).toBe('/auth/register');
    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(mainNav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(mainNav).getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/explore');
    expect(screen.getByTestId('cookie-banner')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-trigger')).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/auth/user')).toHaveLength(0);
    // Landmarks and one h1.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    // Sections below the fold render right after the first paint (a transition).
    await waitFor(() => expect(document.getElementById('faq')).not.toBeNull());
    for (const id of [
      'how-it-works',
      'pricing',
      'faq',
      'explore',
      'collections',
      'creators',
      'shops',
      'signup',
      'contact',
    ]) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
  });

  it('sends a visitor on a signed-in route to sign-in, keeping the way back', async () => {
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register?returnTo=%2Fdashboard',
    );
  });

  it('shows a 404 page for unknown paths, under the address as typed, with a way home and a title', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(window.location.pathname).toBe('/no/such/page');
    expect(screen.getByTestId('not-found').textContent).toContain('/no/such/page');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found · Fitly'));
    expect(screen.queryByRole('heading', { name: 'See yourself in every style' })).toBeNull();
  });

  it('shows the Terms, the refund policy and the imprint, marked as templates, linked from the footer', async () => {
    renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByTestId('legal-template-notice').textContent).toContain('Template for the operator');
    expect(screen.getAllByTestId('legal-blank').length).toBeGreaterThan(0);
    // the product's own plans and packs, counted in words
    expect(screen.getByText(/Starter/, { selector: 'strong' })).toBeTruthy();
    expect(document.body.textContent).toContain('30 credits every month');
    expect(document.body.textContent).toContain('€5.99');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Refund policy', '/refunds'],
      ['Imprint', '/imprint'],
      ['Privacy', '/privacy'],
    ])
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    fireEvent.click(within(footer).getByRole('link', { name: 'Refund policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund policy' })).toBeTruthy();
    expect(screen.getByTestId('refund-failed-look').textContent).toContain('given back automatically, once');
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Imprint' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imprint' })).toBeTruthy();
    expect(screen.getAllByTestId('legal-blank').length).toBeGreaterThan(3);
  });

  it('shows the privacy page', async () => {
    renderAt('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: /Privacy/ })).toBeTruthy();
    expect(screen.getByText(/Delete all my photos/)).toBeTruthy();
  });
});

describe('app shell: logged in', () => {
  it('shows the dashboard with the greeting and credits', async () => {
    signIn();
    renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('dashboard-credits').textContent).toBe('1,234');
    expect(screen.getByRole('link', { name: 'Get More' }).getAttribute('href')).toBe('/subscription');
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/auth/user')!;
    expect((call[1]!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect(call[1]!.credentials).toBe('include');
  });

  it('keeps a page that needs no session on screen while the stored session is confirmed (not remounted)', async () => {
    signIn();
    let confirm: () => void = () => undefined;
    const confirmed = new Promise<void>((resolve) => {
      confirm = resolve;
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/auth/user') await confirmed;
      return answer(input, init);
    });
    renderAt('/privacy');
    const heading = await screen.findByRole('heading', { level: 1, name: /Privacy/ });
    act(() => confirm());
    await screen.findByTestId('user-menu-trigger');
    // the same element: the screen (and anything typed in it) was not mounted again when the user became known
    expect(screen.getByRole('heading', { level: 1, name: /Privacy/ })).toBe(heading);
  });

  it('shows 404 for unknown paths and redirects /results to /gallery', async () => {
    signIn();
    const { unmount } = renderAt('/does-not-exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(/forget to add the page to the router/)).toBeNull();
    expect(window.location.pathname).toBe('/does-not-exist');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    unmount();
    renderAt('/results');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Gallery' })).toBeTruthy();
    expect(window.location.pathname).toBe('/gallery');
  });

  it('user menu: identity, credits, role sections, and Switch Role', async () => {
    signIn();
    renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }, { timeout: 5000 });
    const trigger = await waitFor(() => {
      const t = screen.getByTestId('user-menu-trigger');
      expect(t.hasAttribute('disabled')).toBe(false);
      return t;
    });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByTestId('user-menu');
    expect(within(menu).getByTestId('user-display-name').textContent).toBe('Ada Lovelace');
    expect(within(menu).getByTestId('user-handle-role').textContent).toBe('@ada · Admin');
    expect(within(menu).getByTestId('credit-count').textContent).toBe('1,234');
    for (const name of [
      'Photo Profiles',
      'Try Custom Look',
      'Gallery',
      'Favorites',
      'Settings',
      'Subscription',
      'My Collections',
      'Prompt Templates',
      'Style Creator',
      'Raw Templates',
      'Influencer Applications',
      'Finance',
      'Users',
      'Logout',
    ]) {
      expect(within(menu).getByRole('menuitem', { name }), name).toBeTruthy();
    }
    fireEvent.keyDown(within(menu).getByTestId('switch-role-trigger'), { key: 'ArrowRight' });
    const shopper = await screen.findByTestId('switch-role-shopper');
    const admin = screen.getByTestId('switch-role-admin');
    expect(admin.getAttribute('aria-checked')).toBe('true');
    expect(admin.getAttribute('aria-disabled')).toBe('true');
    expect(shopper.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(shopper);
    expect(await screen.findByText('Role switched')).toBeTruthy();
    expect(screen.getByText('Your role has been updated successfully')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/users/role' && i?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ role: 'shopper' });
    // The user query was refetched: the dashboard no longer offers Create Style to a shopper.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Create Style' })).toBeNull());
  });

  it('Switch Role failure shows a destructive "Error" toast with the server message', async () => {
    signIn();
    roleSwitchFails = true;
    renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }, { timeout: 5000 });
    const trigger = await waitFor(() => {
      const t = screen.getByTestId('user-menu-trigger');
      expect(t.hasAttribute('disabled')).toBe(false);
      return t;
    });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.keyDown(await screen.findByTestId('switch-role-trigger'), { key: 'ArrowRight' });
    fireEvent.click(await screen.findByTestId('switch-role-influencer'));
    const title = await screen.findByText('Error');
    expect(screen.getByText('Only admins may switch roles')).toBeTruthy();
    expect(title.closest('[data-variant]')!.getAttribute('data-variant')).toBe('destructive');
  });

  it('no Switch Role for an account whose permanentRole is not admin', async () => {
    signIn();
    user = {
      ...baseUser,
      role: 'shopper',
      currentRole: 'shopper',
      permanentRole: 'shopper',
      firstName: null,
      lastName: null,
    };
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, ada@example.com' })).toBeTruthy();
    const trigger = await waitFor(() => {
      const t = screen.getByTestId('user-menu-trigger');
      expect(t.hasAttribute('disabled')).toBe(false);
      return t;
    });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByTestId('user-menu');
    expect(within(menu).queryByTestId('switch-role-trigger')).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Prompt Templates' })).toBeNull();
    expect(within(menu).getByTestId('user-display-name').textContent).toBe('ada@example.com');
    await act(async () => {});
  });
});
