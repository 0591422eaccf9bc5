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
  it('asks before a shorter period (with the count it deletes), cancel changes nothing; a longer one saves at once and reports a failure', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/user/privacy/retention-impact'))
        return json({ retentionDays: 30, results: 2, cutoff: '2026-10-27T00:00:00.000Z' });
      if (init?.method === 'PUT')
        return JSON.parse(String(init.body)).retentionDays === 90
          ? json({ message: 'Down', code: 'x' }, 503)
          : json(settings(30));
      return json(settings(null));
    });
    show(<RetentionSection />);
    const keep = await screen.findByRole('radio', { name: /Keep until I delete them/ });
    await waitFor(() => expect((keep as HTMLInputElement).checked).toBe(true));
    const puts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT');

    // Shorter (keep -> 30 days): an alert dialog with the server's count; Cancel saves nothing.
    fireEvent.click(screen.getByRole('radio', { name: /Delete after 30 days/ }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete results after 30 days?' });
    expect((await screen.findByTestId('retention-impact')).textContent).toBe(
      '2 of your generated images are older than 30 days and will be deleted.',
    );
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/user/privacy/retention-impact?retentionDays=30')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Keep my current setting' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts()).toEqual([]);
    expect((keep as HTMLInputElement).checked).toBe(true);

    // Confirmed: saved.
    fireEvent.click(screen.getByRole('radio', { name: /Delete after 30 days/ }));
    dialog = await screen.findByRole('alertdialog');
    const confirm = await screen.findByRole('button', { name: 'Save and delete 2 results' });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Delete after 30 days/ }) as HTMLInputElement).checked).toBe(true),
    );
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]![0]).toBe('/api/user/privacy/retention');
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({ retentionDays: 30 });

    // Longer (30 -> 90 days): no question; the failure is reported and the stored choice stays.
    fireEvent.click(screen.getByRole('radio', { name: /Delete after 90 days/ }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', description: 'Down' })),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
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

describe('download my data while another export runs (issue 40)', () => {
  it('a 409 export.in_progress shows the running export it names, not an error', async () => {
    const running = {
      id: 'e0',
      status: 'building',
      progress: 30,
      createdAt: 'x',
      url: null,
      expiresAt: null,
      error: null,
    };
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST')
        return json(
          {
            message: 'An export is already being prepared. It will be ready in a moment.',
            code: 'export.in_progress',
            export: running,
          },
          409,
        );
      // the page loaded before the other export started (another tab, a double click)
      if (url === '/api/user/export/latest') return json({ export: null });
      return json({});
    });
    show(<ExportSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText('Preparing your data... 30%')).toBeTruthy();
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('any other refusal is still reported', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return json({ message: 'Too many requests at once.', code: 'busy' }, 503);
      if (url === '/api/user/export/latest') return json({ export: null });
      return json({});
    });
    show(<ExportSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ description: 'Too many requests at once.' })),
    );
  });
});

describe('delete my account', () => {
  const preview = {
    credits: { paid: 12, granted: 1, total: 13 },
    hasUnlimitedCredits: false,
    subscription: { plan: 'starter', currentPeriodEnd: '2026-12-20T00:00:00.000Z' },
  };

  it('shows the credits lost, offers the export, needs the password and DELETE; a wrong password keeps the dialog open', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/user/account/deletion-preview') return json(preview);
      if (url === '/api/user/export/latest') return json({ export: null });
      if (url === '/api/user/export' && init?.method === 'POST')
        return json(
          { id: 'e1', status: 'pending', progress: 0, createdAt: 'x', url: null, expiresAt: null, error: null },
          202,
        );
      return json(
        {
          message: 'That password is not right, so nothing was deleted. Check it and try again.',
          code: 'auth.password_incorrect',
        },
        403,
      );
    });
    show(<DeleteAccountSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect((await screen.findByTestId('delete-credits')).textContent).toContain(
      'You have 12 unused paid credits. They are lost when your account is deleted and are not refunded.',
    );
    expect(screen.getByTestId('delete-credits').textContent).toContain('Also lost: 1 free credit.');
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data first' }));
    expect(await screen.findByText(/Preparing your data/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/user/export' && i?.method === 'POST')).toBe(true);

    const confirm = dialog.querySelector('button[type=submit]') as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(true); // no password yet
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'wrong-pass-1' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That password is not right, so nothing was deleted. Check it and try again.',
    );
    const del = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect([del[0], del[1]?.body]).toEqual([
      '/api/user/account',
      JSON.stringify({ confirm: 'DELETE', password: 'wrong-pass-1' }),
    ]);
    expect((screen.getByLabelText('Your current password') as HTMLInputElement).value).toBe('');
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
        votesAndReactions: 3,
        consents: 2,
        otherRecords: 4,
        files: 9,
      },
      subscription: 'cancelled-at-period-end',
      ledgerEntriesKept: 7,
      signInRemoved: true,
    };
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/user/account/deletion-preview')
        return json({ ...preview, credits: { paid: 0, granted: 0, total: 0 }, subscription: null });
      if (url === '/api/user/export/latest') return json({ export: null });
      return json(receipt);
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    show(<DeleteAccountSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('dialog');
    expect((await screen.findByTestId('delete-credits')).textContent).toBe('You have no unused credits.');
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'Right-pass-1' } });
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    await act(async () => fireEvent.click(screen.getByRole('dialog').querySelector('button[type=submit]')!));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account-deleted'));
    expect(signOut).toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem(RECEIPT_STORAGE_KEY)!)).toEqual(receipt);

    show(<AccountDeletedPage />);
    expect(screen.getByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(screen.getByTestId('receipt-photoProfiles').textContent).toBe('2');
    expect(screen.getByTestId('receipt-votesAndReactions').textContent).toBe('3');
    expect(screen.getByTestId('receipt-files').textContent).toBe('9');
    expect(screen.getByText(/credit history \(7 entries\)/)).toBeTruthy();
    expect(screen.getByText(/will not be charged again/)).toBeTruthy();
  });
});
