import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
}));
const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../../../components/use-toast')>()),
  toast: toastMock,
}));

import { createQueryClient } from '../../../lib/query-client';
import { subscriptionSummary } from '../../../test/billing-fixtures';
import AccountPage from './account-page';

const summary = subscriptionSummary({
  currentPlan: 'creator',
  credits: 1234,
  profilesUsed: 3,
  maxProfiles: 12,
  maxPrivateStyles: 60,
  hasPriorityQueue: true,
  hasAdvancedControls: true,
});
const credits = {
  credits: 1234,
  hasUnlimitedCredits: false,
  buckets: { trial: 0, monthly: 1204, pack: 30 },
  monthlyAllowance: 60,
  rolloverCap: 180,
  packLots: [],
  monthlyExpiresAt: null,
};
const entry = (i: number, kind: string, amount: number, note: string | null = null) => ({
  entryId: `e${i}`,
  kind,
  bucket: 'monthly',
  amount,
  causeId: `c${i}`,
  note,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function routeFetch(handlers: Record<string, (url: URL) => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const h = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return h ? h(url) : json({ message: 'unexpected' }, 500);
  });
}

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('AccountPage', () => {
  it('shows credits, plan, usage and the credit history with readable labels and Load more', async () => {
    routeFetch({
      'GET /api/subscriptions/current': () => json(summary),
      'GET /api/credits': () => json(credits),
      'GET /api/credits/ledger': (url) =>
        url.searchParams.get('cursor') === 'next'
          ? json({ items: [entry(3, 'refund.generation', 1)], nextCursor: null })
          : json({
              items: [entry(1, 'spend.generation', -1), entry(2, 'grant.monthly', 60, 'Creator renewal')],
              nextCursor: 'next',
            }),
    });
    renderPage();
    expect((await screen.findByTestId('account-credits')).textContent).toBe('1,234');
    expect(screen.getByTestId('account-plan').textContent).toBe('Creator');
    expect(screen.getByRole('progressbar', { name: 'Photo profiles' }).getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByText('Not included in your plan')).toBeTruthy();
    const table = await screen.findByTestId('credit-history');
    expect(within(table).getByText('Generation')).toBeTruthy();
    expect(within(table).getByText('\u22121')).toBeTruthy();
    expect(within(table).getByText('Monthly credits · Creator renewal')).toBeTruthy();
    expect(within(table).getByText('+60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Refund (failed generation)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('cancels after confirmation, explaining access until the period end, then shows the scheduled end', async () => {
    let current = summary;
    routeFetch({
      'GET /api/subscriptions/current': () => json(current),
      'GET /api/credits': () => json(credits),
      'GET /api/credits/ledger': () => json({ items: [], nextCursor: null }),
      'GET /api/auth/user': () => json(null),
      'DELETE /api/subscriptions/cancel': () => {
        current = { ...summary, nextScheduledPlan: 'none', nextScheduledPlanDate: summary.currentPeriodEnd };
        return json(current);
      },
    });
    renderPage();
    expect(
      await screen.findByText('No credit movements yet. Purchases, generations and refunds appear here.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    expect(dialog.textContent).toContain('stays active until Dec 21, 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Subscription cancelled' })),
    );
    expect((await screen.findByTestId('scheduled-change')).textContent).toContain('ends on Dec 21, 2026');
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
  });

  it('reports portal and payment-update failures with the spec messages', async () => {
    routeFetch({
      'GET /api/subscriptions/current': () => json(summary),
      'GET /api/credits': () => json(credits),
      'GET /api/credits/ledger': () => json({ items: [], nextCursor: null }),
      'GET /api/subscriptions/portal': () => json({}, 502),
      'POST /api/subscriptions/update-payment-method': () => json({}, 502),
    });
    renderPage();
    await screen.findByTestId('account-plan');
    fireEvent.click(screen.getByRole('button', { name: 'Open customer portal' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to open customer portal',
        variant: 'destructive',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Could not fetch payment update URL',
        variant: 'destructive',
      }),
    );
  });
});
