import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  expectDeniedToShopper,
  json,
  renderPage,
  routeFetch,
  stubFetch,
  userWithRole,
} from '../../../test/page-harness';
import AdminUsersPage from './admin-users-page';

const fetchMock = stubFetch();

const person = {
  id: 'user-42',
  email: 'sam@example.com',
  name: 'Sam Search',
  handle: 'sam',
  plan: 'creator',
  subscriptionStatus: 'active',
  credits: 57,
  hasUnlimitedCredits: false,
  role: 'shopper',
  isInfluencer: false,
  status: 'disabled',
  createdAt: '2026-10-01T10:00:00.000Z',
};

describe('AdminUsersPage (issue 39)', () => {
  it('shows Access Denied to a non-admin without calling the search', async () => {
    await expectDeniedToShopper(fetchMock, <AdminUsersPage />, '/api/admin/users');
  });

  it('finds a person by e-mail and shows plan, credits, role and status, with a link to their ledger', async () => {
    const searches: string[] = [];
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('admin')),
      '/api/admin/users': (url) => {
        searches.push(url.searchParams.get('q') ?? '');
        return json({ matchedBy: 'email', items: [person] });
      },
    });
    renderPage(<AdminUsersPage />, '/admin/users');
    fireEvent.change(await screen.findByLabelText('E-mail address or user id'), {
      target: { value: ' Sam@Example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByTestId('user-result');
    expect(searches).toEqual(['Sam@Example.com']);
    for (const text of ['sam@example.com', 'Creator', '57', 'Shopper', 'Disabled', 'user-42'])
      expect(card.textContent, text).toContain(text);
    const link = screen.getByRole('link', { name: 'Credit movements and payments' });
    expect(link.getAttribute('href')).toBe('/admin/finance?userId=user-42');
  });

  it('refuses a part of an address before asking, and says when no one matches', async () => {
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('admin')),
      '/api/admin/users': () => json({ matchedBy: 'email', items: [] }),
    });
    renderPage(<AdminUsersPage />, '/admin/users');
    const input = await screen.findByLabelText('E-mail address or user id');
    fireEvent.change(input, { target: { value: 'sam@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole e-mail address/);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/users'))).toBe(false);

    fireEvent.change(input, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('No user with the e-mail address'));
  });

  it('holds a term from the address bar to the same rule (no request for a part of an address)', async () => {
    routeFetch(fetchMock, { '/api/auth/user': () => json(userWithRole('admin')) });
    renderPage(<AdminUsersPage />, '/admin/users?q=sam%40');
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole e-mail address/);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/users'))).toBe(false);
  });
});
