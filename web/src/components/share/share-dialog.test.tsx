import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ShareDialog } from './share-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('share dialog', () => {
  it('sends the chosen images, 7 days and no name by default, then shows the link', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            id: 's1',
            url: `/l/${'A'.repeat(43)}`,
            images: [{}],
            expiresAt: '2030-01-01T00:00:00.000Z',
          }),
          { status: 201 },
        ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareDialog
          open
          onOpenChange={() => {}}
          candidates={[
            { id: 'g1', title: 'Linen' },
            { id: 'g2', title: 'Denim' },
          ]}
        />
      </QueryClientProvider>,
    );
    expect((screen.getByTestId('share-expiry-7') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('share-show-owner') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Denim' })); // only the first one
    fireEvent.click(screen.getByTestId('share-expiry-30'));
    fireEvent.click(screen.getByTestId('share-create'));
    const link = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/l/${'A'.repeat(43)}`);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/shares');
    expect(JSON.parse(String(init!.body))).toEqual({ generationIds: ['g1'], expiresInDays: 30, showOwner: false });
  });

  it('refuses to share nothing', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareDialog
          open
          onOpenChange={() => {}}
          candidates={[
            { id: 'g1', title: 'Linen' },
            { id: 'g2', title: 'Denim' },
          ]}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Linen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Denim' }));
    await waitFor(() => expect((screen.getByTestId('share-create') as HTMLButtonElement).disabled).toBe(true));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
