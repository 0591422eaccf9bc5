import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  expectDeniedToShopper,
  json,
  renderPage,
  routeFetch,
  stubFetch,
  userWithRole,
} from '../../../test/page-harness';
import AdminFinancePage from './admin-finance-page';

const fetchMock = stubFetch();

describe('AdminFinancePage', () => {
  it('shows Access Denied to a non-admin without calling the finance API', async () => {
    await expectDeniedToShopper(fetchMock, <AdminFinancePage />, '/finance/');
  });

  it('lists ledger entries and day totals, filters by kind, and reports All consistent', async () => {
    const ledgerUrls: string[] = [];
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('admin')),
      '/api/admin/finance/ledger': (url) => {
        ledgerUrls.push(url.search);
        return json({
          items: [
            {
              entryId: 'grant.pack:cs_1',
              userId: 'user-1',
              email: 'ada@example.com',
              kind: 'grant.pack',
              bucket: 'pack',
              amount: 30,
              note: 'pack-30',
              createdAt: '2026-11-20T10:00:00.000Z',
              money: { amount: 599, currency: 'eur' },
            },
            {
              entryId: 'spend.generation:g1',
              userId: 'user-2',
              email: null,
              kind: 'spend.generation',
              bucket: 'pack',
              amount: -1,
              note: null,
              createdAt: '2026-11-20T09:00:00.000Z',
              money: null,
            },
          ],
          nextCursor: null,
          from: '2026-10-22',
          to: '2026-11-20',
        });
      },
      '/api/admin/finance/summary': () =>
        json({
          from: '2026-10-22',
          to: '2026-11-20',
          days: [
            { day: '2026-11-20', granted: 30, spent: 2, refunded: 1, expired: 0, revoked: 0, adjusted: 0 },
            { day: '2026-11-19', granted: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0 },
          ],
          totals: { granted: 30, spent: 2, refunded: 1, expired: 0, revoked: 0, adjusted: 0 },
        }),
      '/api/admin/finance/reconciliation': () =>
        json({
          checkedUsers: 4,
          mismatches: [],
          unappliedEvents: [],
          paymentsWithoutGrant: [],
          generatedAt: '2026-11-20T10:00:00.000Z',
        }),
    });
    renderPage(<AdminFinancePage />);
    expect(await screen.findByText('user-1')).toBeTruthy();
    // issue 39: the e-mail beside the id, the money in its currency, and a gone account said as such
    const paid = screen.getByText('ada@example.com').closest('tr')!;
    expect(paid.textContent).toContain('€5.99');
    const spend = screen.getByText('user-2').closest('tr')!;
    expect(spend.textContent).toContain('Deleted account');
    expect(within(spend).getByLabelText('No money moved')).toBeTruthy();
    expect(screen.getByText('Entries from 2026-10-22 to 2026-11-20, newest first.')).toBeTruthy();
    // only days with movements are listed
    expect(await screen.findByRole('rowheader', { name: '2026-11-20' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: '2026-11-19' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'grant.pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(ledgerUrls.at(-1)).toContain('kind=grant.pack'));

    fireEvent.click(screen.getByRole('button', { name: 'Run check' }));
    expect(await screen.findByText('All consistent')).toBeTruthy();
  });

  it("opens on one user's entries from ?userId= (the admin user search links here)", async () => {
    const ledgerUrls: string[] = [];
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('admin')),
      '/api/admin/finance/ledger': (url) => {
        ledgerUrls.push(url.search);
        return json({ items: [], nextCursor: null, from: '2026-10-22', to: '2026-11-20' });
      },
      '/api/admin/finance/summary': () =>
        json({
          from: '2026-10-22',
          to: '2026-11-20',
          days: [],
          totals: { granted: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0 },
        }),
    });
    renderPage(<AdminFinancePage />, '/admin/finance?userId=user-7');
    await waitFor(() => expect(ledgerUrls[0]).toContain('userId=user-7'));
    expect((screen.getByPlaceholderText('All users') as HTMLInputElement).value).toBe('user-7');
  });

  it('refuses a reversed date range before asking the server', async () => {
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('admin')),
      '/api/admin/finance/ledger': () => json({ items: [], nextCursor: null, from: '2026-10-22', to: '2026-11-20' }),
      '/api/admin/finance/summary': () =>
        json({
          from: '2026-10-22',
          to: '2026-11-20',
          days: [],
          totals: { granted: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0 },
        }),
    });
    renderPage(<AdminFinancePage />);
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('start date');
  });
});
