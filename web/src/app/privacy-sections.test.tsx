import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

vi.mock('../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  signOut: vi.fn(async () => undefined),
}));
const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../components/use-toast')>()),
  toast: toastMock,
}));

import { signOut } from '../lib/auth';
import { getQueryFn } from '../lib/api-client';
import { RetentionSection } from '../features/settings/components/retention-section';
import { ExportSection } from '../features/settings/components/export-section';
import { DeleteAccountSection } from '../features/settings/components/delete-account-section';
import AccountDeletedPage from '../features/privacy/components/account-deleted-page';
import { RECEIPT_STORAGE_KEY, type DeletionReceipt } from '../api/privacy';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const settings = (retentionDays: number | null) => ({
  retentionDays,
  ageStatus: 'adult',
  photoConsent: { version: 'v1', text: 't' },
});

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

function show(ui: React.ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('retention setting', () => {
  it('shows the stored choice, saves another with PUT and reports a failure', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PUT')
        return JSON.parse(String(init.body)).retentionDays === 90
          ? json({ message: 'Down', code: 'x' }, 503)
          : json(settings(30));
      return json(settings(null));
    });
    show(<RetentionSection />);
    const keep = await screen.findByRole('radio', { name: /Keep until I delete them/ });
    await waitFor(() => expect((keep as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: /Delete after 30 days/ }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Delete after 30 days/ }) as HTMLInputElement).checked).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(put[0]).toBe('/api/user/privacy/retention');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ retentionDays: 30 });
    fireEvent.click(screen.getByRole('radio', { name: /Delete after 90 days/ }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', description: 'Down' })),
    );
    expect((screen.getByRole('radio', { name: /Delete after 30 days/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('download my data', () => {
  it('starts an export, shows its progress while polling, then the download link', async () => {
    let polls = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST')
        return json(
          { id: 'e1', status: 'pending', progress: 0, createdAt: 'x', url: null, expiresAt: null, error: null },
          202,
        );
      if (url === '/api/user/export/latest') {
        polls++;
        if (polls === 1) return json({ export: null });
        if (polls === 2)
          return json({
            export: {
              id: 'e1',
              status: 'building',
              progress: 40,
              createdAt: 'x',
              url: null,
              expiresAt: null,
              error: null,
            },
          });
        return json({
          export: {
            id: 'e1',
            status: 'ready',
            progress: 100,
            createdAt: 'x',
            url: 'https://s3.test/e1.zip',
            expiresAt: '2026-11-24T12:00:00.000Z',
            error: null,
          },
        });
      }
      return json({});
    });
    show(<ExportSection />);
    const start = await screen.findByRole('button', { name: 'Prepare my data' });
    await waitFor(() => expect(polls).toBe(1));
    fireEvent.click(start);
    expect(await screen.findByText('Preparing your data... 0%')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prepare my data' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Preparing your data... 40%', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    const link = await screen.findByRole('link', { name: 'Download ZIP' }, { timeout: 3000 });
    expect(link.getAttribute('href')).toBe('https://s3.test/e1.zip');
  });
});

describe('delete my account', () => {
  it('needs DELETE typed; a failure keeps the dialog open with the message and the user signed in', async () => {
    fetchMock.mockImplementation(async () =>
      json(
        { message: 'We could not cancel your subscription, so nothing was deleted.', code: 'billing.unavailable' },
        502,
      ),
    );
    show(<DeleteAccountSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.querySelector('button[type=submit]') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not cancel your subscription, so nothing was deleted.',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual([
      '/api/user/account',
      'DELETE',
      JSON.stringify({ confirm: 'DELETE' }),
    ]);
    expect(signOut).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RECEIPT_STORAGE_KEY)).toBeNull();
  });

  it('on success stores the receipt, signs out and goes to the receipt page, which lists the counts', async () => {
    const receipt: DeletionReceipt = {
      deletedAt: '2026-11-23T12:00:00.000Z',
      counts: {
        photoProfiles: 2,
        generations: 5,
        favourites: 1,
        collections: 0,
        styles: 0,
        links: 0,
        applications: 0,
        shares: 0,
        consents: 2,
        otherRecords: 4,
        files: 9,
      },
      subscription: 'cancelled-at-period-end',
      ledgerEntriesKept: 7,
      signInRemoved: true,
    };
    fetchMock.mockImplementation(async () => json(receipt));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    show(<DeleteAccountSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    await act(async () => fireEvent.click(screen.getByRole('dialog').querySelector('button[type=submit]')!));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted'));
    expect(signOut).toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem(RECEIPT_STORAGE_KEY)!)).toEqual(receipt);

    show(<AccountDeletedPage />);
    expect(screen.getByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(screen.getByTestId('receipt-photoProfiles').textContent).toBe('2');
    expect(screen.getByTestId('receipt-files').textContent).toBe('9');
    expect(screen.getByText(/credit history \(7 entries\)/)).toBeTruthy();
    expect(screen.getByText(/will not be charged again/)).toBeTruthy();
  });
});
