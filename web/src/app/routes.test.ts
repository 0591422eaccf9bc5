import { describe, expect, it } from 'vitest';
import { LOGGED_IN_ROUTES, isStateIndependent, resolveRoute } from './routes';

describe('route access (spec 01 section 2)', () => {
  it('logged out: / is the landing page, signed-in pages lead to sign-in, unknown paths are the 404 page', () => {
    expect(resolveRoute('/', 'logged-out')).toMatchObject({ screen: 'landing', fallback: false });
    for (const p of [
      '/dashboard',
      '/admin/prompts',
      '/results',
      '/influencer/apply',
      '/subscription',
      '/quick-try',
      '/generate/style/s1',
    ]) {
      expect(resolveRoute(p, 'logged-out')).toMatchObject({ screen: 'sign-in-required', fallback: false });
    }
    for (const p of ['/nope/at/all', '/influencer/apply/extra']) {
      expect(resolveRoute(p, 'logged-out')).toMatchObject({ screen: 'not-found', fallback: true });
    }
  });

  it('logged out: visitors browse styles, collections and pricing read-only (same screens as signed in)', () => {
    for (const [p, screen] of [
      ['/terms', 'terms'],
      ['/refunds', 'refunds'],
      ['/imprint', 'imprint'],
      ['/explore', 'explore'],
      ['/style/abc', 'style'],
      ['/collections', 'collections'],
      ['/collection/c1', 'collection'],
      ['/pricing', 'pricing'],
    ] as const) {
      expect(resolveRoute(p, 'logged-out')).toMatchObject({ screen, fallback: false });
      expect(isStateIndependent(p)).toBe(true);
    }
  });

  it('while the auth state loads, the logged-out table applies', () => {
    expect(resolveRoute('/', 'loading').screen).toBe('landing');
    expect(resolveRoute('/dashboard', 'loading').screen).toBe('sign-in-required');
    expect(resolveRoute('/profile/ada', 'loading').screen).toBe('public-profile');
  });

  it('logged out: public profiles, sign-in, registration and privacy are reachable', () => {
    expect(resolveRoute('/profile/ada', 'logged-out')).toMatchObject({
      screen: 'public-profile',
      params: { handle: 'ada' },
    });
    expect(resolveRoute('/auth/login', 'logged-out').screen).toBe('login');
    expect(resolveRoute('/auth/register', 'logged-out').screen).toBe('register');
    expect(resolveRoute('/privacy', 'logged-out').screen).toBe('privacy');
    expect(resolveRoute('/influencer/u1', 'logged-out')).toMatchObject({
      screen: 'influencer-redirect',
      params: { userId: 'u1' },
    });
  });

  it('/influencer/{userId} resolves a creator in both states, without shadowing /influencer/apply and /influencer/collections', () => {
    expect(resolveRoute('/influencer/u1', 'logged-in')).toMatchObject({
      screen: 'influencer-redirect',
      params: { userId: 'u1' },
    });
    expect(resolveRoute('/influencer/apply', 'logged-in').screen).toBe('influencer-apply');
    expect(resolveRoute('/influencer/collections', 'logged-in').screen).toBe('influencer-collections');
    expect(isStateIndependent('/influencer/u1')).toBe(true);
  });

  it('logged in: / and /dashboard show the dashboard', () => {
    expect(resolveRoute('/', 'logged-in').screen).toBe('dashboard');
    expect(resolveRoute('/dashboard', 'logged-in').screen).toBe('dashboard');
  });

  it('logged in: every route of the table resolves, with its parameters', () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['/onboarding', 'onboarding'],
      ['/explore', 'explore'],
      ['/style/s1', 'style', { id: 's1' }],
      ['/generate/style/s1', 'generate-style', { id: 's1' }],
      ['/generate', 'generate'],
      ['/generate/g1', 'generate-edit', { id: 'g1' }],
      ['/photos', 'photos'],
      ['/profiles', 'profiles'],
      ['/profiles/new', 'profile-new'],
      ['/profiles/p1/edit', 'profile-edit', { id: 'p1' }],
      ['/try-custom-look', 'try-custom-look'],
      ['/quick-try', 'quick-try'],
      ['/gallery', 'gallery'],
      ['/generation/g1', 'generation', { id: 'g1' }],
      ['/collections', 'collections'],
      ['/collection/c1', 'collection', { id: 'c1' }],
      ['/pricing', 'pricing'],
      ['/subscription', 'subscription'],
      ['/account', 'account'],
      ['/influencer/apply', 'influencer-apply'],
      ['/admin/prompts', 'admin-prompts'],
      ['/admin/styles', 'admin-styles'],
      ['/admin/raw-templates', 'admin-raw-templates'],
      ['/admin/influencer/applications', 'admin-influencer-applications'],
      ['/settings', 'settings'],
      ['/influencer/collections', 'influencer-collections'],
      ['/profile/ada', 'public-profile', { handle: 'ada' }],
      ['/privacy', 'privacy'],
    ];
    for (const [path, screen, params] of cases) {
      const r = resolveRoute(path, 'logged-in');
      expect(r.screen, path).toBe(screen);
      expect(r.fallback, path).toBe(false);
      if (params) expect(r.params).toMatchObject(params);
    }
  });

  it('logged in: /profiles/new is the new-profile screen, not an id', () => {
    expect(resolveRoute('/profiles/new', 'logged-in').screen).toBe('profile-new');
  });

  it('logged in: /results redirects to /gallery', () => {
    expect(resolveRoute('/results', 'logged-in')).toMatchObject({ redirect: '/gallery', screen: undefined });
  });

  it('logged in: unknown paths show the 404 page', () => {
    for (const p of ['/nope', '/profile', '/admin', '/style', '/profiles/p1']) {
      expect(resolveRoute(p, 'logged-in'), p).toMatchObject({ screen: 'not-found', fallback: true });
    }
  });

  it('every logged-in route has a screen or a redirect', () => {
    for (const r of LOGGED_IN_ROUTES) expect(Boolean(r.screen) !== Boolean(r.redirect)).toBe(true);
  });

  it('knows which paths render the same whatever the sign-in state', () => {
    expect(isStateIndependent('/auth/login')).toBe(true);
    expect(isStateIndependent('/privacy')).toBe(true);
    expect(isStateIndependent('/profile/ada')).toBe(true);
    expect(isStateIndependent('/')).toBe(false);
    expect(isStateIndependent('/dashboard')).toBe(false);
  });
});

describe('shared looks and compare (issue 15)', () => {
  it('/l/{token} is the same screen signed in or out; /compare and /shares need sign-in', () => {
    expect(resolveRoute('/l/abc', 'logged-out')).toMatchObject({ screen: 'shared-look', params: { token: 'abc' } });
    expect(isStateIndependent('/l/abc')).toBe(true);
    expect(resolveRoute('/compare', 'logged-in').screen).toBe('compare');
    expect(resolveRoute('/shares', 'logged-in').screen).toBe('my-shares');
    expect(resolveRoute('/compare', 'logged-out').screen).toBe('sign-in-required');
    expect(resolveRoute('/shares', 'logged-out').screen).toBe('sign-in-required');
  });
});

describe('favorites (issue 39)', () => {
  it('/favorites is its own page signed in, and asks a visitor to sign in first', () => {
    expect(resolveRoute('/favorites', 'logged-in')).toMatchObject({ screen: 'favorites', fallback: false });
    expect(resolveRoute('/favorites', 'logged-out')).toMatchObject({ screen: 'sign-in-required' });
  });
});

describe('FAQ page (issue 39)', () => {
  it('/faq is the same page signed in or out', () => {
    expect(resolveRoute('/faq', 'logged-out')).toMatchObject({ screen: 'faq', fallback: false });
    expect(resolveRoute('/faq', 'logged-in')).toMatchObject({ screen: 'faq', fallback: false });
    expect(isStateIndependent('/faq')).toBe(true);
  });
});
