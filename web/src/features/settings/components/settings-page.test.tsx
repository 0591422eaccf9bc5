import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

import SettingsPage from './settings-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

describe('SettingsPage: Delete all my photos', () => {
  it('asks to type DELETE, deletes, reports the counts and refreshes profiles and generations', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ deletedProfiles: 2, deletedObjects: 7 }), { status: 200 }));
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
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ description: 'Deleted 2 photo profiles and 7 files.' })));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/photos');
    expect(init?.method).toBe('DELETE');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/photo-profiles'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/generations'] });
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
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', title: 'Delete failed', description: 'Storage unavailable' })),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
