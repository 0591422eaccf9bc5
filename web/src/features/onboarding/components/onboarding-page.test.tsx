import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
}));
const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../../../components/use-toast')>()),
  toast: toastMock,
}));

import { getQueryFn } from '../../../lib/api-client';
import OnboardingPage from './onboarding-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage(saved: { styles: string[]; brands: string[]; colors: string[] }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  client.setQueryData(['/api/user/preferences'], saved);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="*" element={<p>Next page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const group = (name: string) => within(screen.getByTestId(`onboarding-${name}`));
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('OnboardingPage', () => {
  it('refuses to save without a style, then posts the chosen styles, brands and colours', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      json(init?.method === 'POST' ? { styles: ['casual'], brands: ['Zara'], colors: [], onboarded: true } : {}),
    );
    renderPage({ styles: [], brands: [], colors: [] });
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: 'destructive',
          title: 'Select at least one style',
          description: 'Help us understand your preferences',
        }),
      ),
    );
    expect(posts()).toHaveLength(0);

    const casual = group('styles').getByRole('button', { name: /^Casual/ });
    fireEvent.click(casual);
    expect(casual.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(group('brands').getByRole('button', { name: 'Zara' }));
    const navy = group('colors').getByRole('button', { name: 'Navy' });
    fireEvent.click(navy);
    fireEvent.click(navy);
    expect(navy.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await screen.findByText('Next page');
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ styles: ['casual'], brands: ['Zara'], colors: [] });
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Preferences saved!' }));
  });

  it('starts from the saved choices', async () => {
    renderPage({ styles: ['minimal'], brands: [], colors: ['navy'] });
    await waitFor(() =>
      expect(
        group('styles')
          .getByRole('button', { name: /^Minimal/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(group('colors').getByRole('button', { name: 'Navy' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      group('styles')
        .getByRole('button', { name: /^Casual/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
