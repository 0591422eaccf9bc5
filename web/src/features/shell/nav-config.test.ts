import { describe, expect, it } from 'vitest';
import { primaryNav } from './nav-config';
import { roleSwitchOptions, userMenuSections } from './user-nav';

const labels = (sections: ReturnType<typeof userMenuSections>) => sections.flatMap((s) => s.items.map((i) => i.label));

describe('navigation', () => {
  it('logged out: Explore, Collections, Pricing are the read-only visitor pages', () => {
    expect(primaryNav(false)).toEqual([
      { label: 'Explore', href: '/explore' },
      { label: 'Collections', href: '/collections' },
      { label: 'Pricing', href: '/pricing' },
    ]);
  });

  it('logged in: Dashboard, Styles (/explore), Collections', () => {
    expect(primaryNav(true).map((i) => [i.label, i.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Styles', '/explore'],
      ['Collections', '/collections'],
    ]);
  });

  it('shopper: the six account items only (Favorites: issue 39)', () => {
    expect(labels(userMenuSections({ role: 'shopper', currentRole: 'shopper' }))).toEqual([
      'Photo Profiles',
      'Try Custom Look',
      'Gallery',
      'Favorites',
      'Settings',
      'Subscription',
    ]);
  });

  it('influencer: plus My Collections and Style Creator', () => {
    const s = userMenuSections({ role: 'influencer', currentRole: 'influencer' });
    expect(s.find((x) => x.id === 'creator')!.items.map((i) => [i.label, i.href])).toEqual([
      ['My Collections', '/influencer/collections'],
      ['Style Creator', '/admin/styles'],
    ]);
    expect(s.find((x) => x.id === 'admin')).toBeUndefined();
  });

  it('admin: plus the Admin section (Style Creator listed once)', () => {
    const s = userMenuSections({ role: 'admin', currentRole: 'admin' });
    expect(s.find((x) => x.id === 'admin')).toMatchObject({ label: 'Admin' });
    expect(s.find((x) => x.id === 'admin')!.items.map((i) => i.href)).toEqual([
      '/admin/prompts',
      '/admin/styles',
      '/admin/raw-templates',
      '/admin/influencer/applications',
      '/admin/finance',
      '/admin/safety',
      '/admin/users', // issue 39: find a user
    ]);
    expect(labels(s).filter((l) => l === 'Style Creator')).toHaveLength(1);
    expect(labels(s)).toContain('My Collections');
  });

  it('uses the effective role: an admin acting as shopper sees the shopper menu', () => {
    const s = userMenuSections({ role: 'admin', currentRole: 'shopper', permanentRole: 'admin' });
    expect(s.map((x) => x.id)).toEqual(['account']);
  });

  it('Switch Role: only for permanentRole admin; the current role is marked', () => {
    expect(roleSwitchOptions({ role: 'admin', currentRole: 'admin', permanentRole: 'shopper' })).toEqual([]);
    expect(roleSwitchOptions({ role: 'influencer', currentRole: 'influencer', permanentRole: 'influencer' })).toEqual(
      [],
    );
    expect(roleSwitchOptions({ role: 'admin', currentRole: 'influencer', permanentRole: 'admin' })).toEqual([
      { role: 'admin', label: 'Admin', current: false },
      { role: 'shopper', label: 'Shopper', current: false },
      { role: 'influencer', label: 'Influencer', current: true },
    ]);
  });
});
