import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../../api/query-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

import type { CurrentUser } from '@shared/schemas/user';
import { getQueryFn } from '../../../lib/api-client';
import SettingsPage from './settings-page';

const baseUser: CurrentUser = {
  id: 'u1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Shopper',
  handle: 'sam',
  username: 'sam',
  profileImageUrl: null,
  credits: 5,
  hasUnlimitedCredits: false,
  role: 'shopper',
  currentRole: 'shopper',
  permanentRole: 'shopper',
  currentPlan: 'starter',
  subscriptionStatus: 'active',
  hasUsedTrial: false,
  isTrialEligible: false,
  isInfluencer: false,
  influencerSince: null,
  nextScheduledPlan: null,
  nextScheduledPlanDate: null,
  isPublic: false,
  showCollections: false,
  onboarded: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  starterGrant: null,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage({ user = baseUser, path = '/settings?tab=privacy' }: { user?: CurrentUser; path?: string } = {}) {
  // As in the app: data never goes stale (the seeded user is not refetched).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  client.setQueryData(queryKeys.currentUser, user);
  // The privacy sections' data (their own tests: features/privacy): seeded so they make no request here.
  client.setQueryData(queryKeys.privacy.settings, {
    retentionDays: null,
    ageStatus: 'adult',
    photoConsent: { version: 'v1', text: 'These photos show me.' },
  });
  client.setQueryData(queryKeys.privacy.latestExport, { export: null });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

describe('SettingsPage: Delete all my photos', () => {
  it('asks to type DELETE, deletes, reports the counts and refreshes profiles and generations', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ deletedProfiles: 2, deletedObjects: 7 }), { status: 200 }),
    );
    const { invalidate } = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect(screen.getByRole('tab', { name: 'Privacy' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Delete all my photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all my photos?' });
    expect(dialog.textContent).toContain('credit history is kept');
    const confirm = screen.getByRole('button', { name: 'Delete everything' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Deleted 2 photo profiles and 7 files.' }),
      ),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/photos');
    expect(init?.method).toBe('DELETE');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.photoProfiles });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.generations.all });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failure is a destructive toast with the server message and keeps the dialog open', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Storage unavailable' }), { status: 500 }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Delete all my photos' }));
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete everything' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'destructive', title: 'Delete failed', description: 'Storage unavailable' }),
      ),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('SettingsPage: tabs', () => {
  it('opens on Profile; a shopper has no Links tab and sees the visibility switches disabled with how to apply', () => {
    renderPage({ path: '/settings' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Influencer', 'Privacy']);
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Handle') as HTMLInputElement).value).toBe('sam');
    expect((screen.getByRole('switch', { name: 'Public profile' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Show collections on my profile' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Apply to become an influencer' }).getAttribute('href')).toBe(
      '/influencer/apply',
    );
  });

  it('an influencer gets the Links tab and enabled switches', () => {
    renderPage({
      user: { ...baseUser, isInfluencer: true, role: 'influencer', currentRole: 'influencer' },
      path: '/settings',
    });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'Links', 'Influencer', 'Privacy']);
    expect((screen.getByRole('switch', { name: 'Public profile' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('explains an invalid handle and saves a valid one with PATCH /api/user/profile', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ...baseUser, handle: 'sam_new' }), { status: 200 }));
    renderPage({ path: '/settings' });
    const handle = screen.getByLabelText('Handle');
    fireEvent.change(handle, { target: { value: 'x!' } });
    expect(await screen.findByText(/Handle must be 3-30 characters/)).toBeTruthy();
    fireEvent.change(handle, { target: { value: '@Sam_New' } });
    await waitFor(() => expect(screen.queryByText(/Handle must be 3-30 characters/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/profile');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Sam', lastName: 'Shopper', handle: 'sam_new' });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Profile updated' })));
  });

  it('a taken handle shows the server message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'This handle is taken', code: 'conflict' }), { status: 409 }),
    );
    renderPage({ path: '/settings' });
    fireEvent.change(screen.getByLabelText('Handle'), { target: { value: 'iris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: 'destructive',
          title: 'Failed to update profile',
          description: 'This handle is taken',
        }),
      ),
    );
    expect(screen.getByText('This handle is taken')).toBeTruthy();
  });

  it('refuses a non-image avatar before uploading', () => {
    renderPage({ path: '/settings' });
    const input = document.querySelector('input[type=file][data-testid=avatar-file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Invalid file type');
    // over 5 MB: the spec's size message, still nothing sent
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(5 * 1024 * 1024)], 'a.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('File too large. The image must be under 5 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links: both fields are required', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify([]), { status: 200 }));
    renderPage({ user: { ...baseUser, isInfluencer: true }, path: '/settings?tab=links' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    // react-hook-form validates through the zod resolver (a promise): the toast comes a tick after the click
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', description: 'Please fill in both fields' }),
      ),
    );
    const url = screen.getByLabelText('URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please fill in both fields',
    );
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
