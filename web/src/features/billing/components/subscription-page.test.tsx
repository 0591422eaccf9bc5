import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../../api/query-keys';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';

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
import { browser } from '../../../api/billing';
import SubscriptionPage from './subscription-page';
import { CheckoutReturn } from './use-checkout-return';

const summary = subscriptionSummary();

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function renderPage(path = '/subscription') {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CheckoutReturn />
        <SubscriptionPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

function routeFetch(handlers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const h = handlers[key];
    if (!h) return json({ message: `unexpected ${key}` }, 500);
    return h();
  });
}

describe('SubscriptionPage', () => {
  it('shows the plan buttons from the plan-change rules and the influencer apply link', async () => {
    routeFetch({ 'GET /api/subscriptions/current': () => json(summary) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Upgrade to Creator' })).toBeTruthy();
    expect((screen.getByTestId('plan-starter-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('plan-starter-button').textContent).toBe('Current plan');
    expect(screen.getByRole('link', { name: 'Apply to become an influencer' }).getAttribute('href')).toBe(
      '/influencer/apply',
    );
  });

  it('returning with ?success=true toasts, refreshes user, credits and subscription and cleans the URL', async () => {
    routeFetch({
      'GET /api/subscriptions/current': () => json(summary),
      'GET /api/credits': () =>
        json({
          credits: 60,
          hasUnlimitedCredits: false,
          buckets: { trial: 0, monthly: 30, pack: 30 },
          monthlyAllowance: 30,
          rolloverCap: 90,
          packLots: [],
          monthlyExpiresAt: null,
        }),
      'GET /api/auth/user': () => json(null),
    });
    sessionStorage.setItem('billing.creditsBeforeCheckout', '30');
    const { invalidate } = renderPage('/subscription?success=true');
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Payment successful!' })),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.currentUser });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.billing.credits });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.billing.summary });
    await waitFor(() => expect(currentSearch).toBe(''));
    // the balance changed (30 -> 60) on the first read: billing is refreshed again and the poll stops
    await waitFor(() =>
      expect(
        invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(queryKeys.billing.ledger))
          .length,
      ).toBe(2),
    );
    expect(toastMock).toHaveBeenCalledTimes(1);
  });

  it('a pack button starts checkout and navigates to the checkout url', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    routeFetch({
      'GET /api/subscriptions/current': () => json(summary),
      'POST /api/subscriptions/checkout': () => json({ checkoutUrl: '/local/checkout/cs_1', sessionId: 'cs_1' }, 201),
    });
    renderPage();
    await screen.findByRole('button', { name: 'Upgrade to Creator' });
    fireEvent.click(screen.getByTestId('pack-pack-30-button'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/local/checkout/cs_1'));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ productType: 'pack-30', returnTo: '/subscription' });
    go.mockRestore();
  });

  it('opened from the credits upsell, the checkout comes back to the page it was opened from', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    routeFetch({
      'GET /api/subscriptions/current': () => json(summary),
      'POST /api/subscriptions/checkout': () => json({ checkoutUrl: '/local/checkout/cs_2', sessionId: 'cs_2' }, 201),
    });
    renderPage('/subscription?returnTo=%2Fstyle%2Fseed-style-01');
    await screen.findByRole('button', { name: 'Upgrade to Creator' });
    fireEvent.click(screen.getByTestId('pack-pack-30-button'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/local/checkout/cs_2'));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ productType: 'pack-30', returnTo: '/style/seed-style-01' });
    go.mockRestore();
  });

  it('a refused checkout shows the server message under "Checkout error"', async () => {
    routeFetch({
      'GET /api/subscriptions/current': () =>
        json({ ...summary, currentPlan: 'none', subscriptionStatus: 'none', subscriptionId: null }),
      'POST /api/subscriptions/checkout': () =>
        json({ message: 'The trial can be bought only once.', code: 'billing.trial_used' }, 409),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start trial' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Checkout error',
        description: 'The trial can be bought only once.',
        variant: 'destructive',
      }),
    );
  });
});
