import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  hasStoredSession: () => true,
}));
const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../../../components/use-toast')>()),
  toast: toastMock,
}));

import { createQueryClient } from '../../../lib/query-client';
import { GenerateCoverButton } from './generate-cover-button';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const COVER = '/api/public-image/uploads/style_cover/u1/01ABC.jpg';

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function routeFetch(gen: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/api/admin/styles/s1/cover') return json({ id: 'g1' }, 201);
    if (method === 'GET' && url.pathname === '/api/generations/g1') return gen();
    if (method === 'POST' && url.pathname === '/api/admin/styles/s1/cover/from-generation')
      return json({ id: 's1', coverImageUrl: COVER });
    return json({ message: 'unexpected' }, 500);
  });
}

const renderButton = (onGenerated = vi.fn()) => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GenerateCoverButton styleId="s1" onGenerated={onGenerated} />
    </QueryClientProvider>,
  );
  return onGenerated;
};

describe('generate cover button', () => {
  it('starts a generation, polls it, then sets the cover from it', async () => {
    routeFetch(() => json({ id: 'g1', status: 'completed', error: null }));
    const onGenerated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Generate cover (1 credit)' }));
    // asked first: nothing is sent until the cost is accepted
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    expect(within(dialog).getByTestId('spend-confirm-cost').textContent).toBe(
      'Generate cover renders this style as its cover for 1 credit.',
    );
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 1 credit' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(COVER), { timeout: 3000 });
    const calls = fetchMock.mock.calls
      .map(([u, i]) => `${i?.method ?? 'GET'} ${new URL(String(u), 'http://localhost').pathname}`)
      .filter((c) => c !== 'GET /api/auth/user'); // the balance the question shows
    expect(calls).toEqual([
      'POST /api/admin/styles/s1/cover',
      'GET /api/generations/g1',
      'POST /api/admin/styles/s1/cover/from-generation',
    ]);
    const setCover = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/cover/from-generation'))!;
    expect(JSON.parse(String(setCover[1]?.body))).toEqual({ generationId: 'g1' });
  });

  it('toasts "Error generating cover" with the generation\'s error when it fails', async () => {
    routeFetch(() => json({ id: 'g1', status: 'failed', error: 'The provider refused' }));
    const onGenerated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Generate cover (1 credit)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Spend 1 credit' }));
    await waitFor(
      () =>
        expect(toastMock).toHaveBeenCalledWith(
          expect.objectContaining({ title: 'Error generating cover', description: 'The provider refused' }),
        ),
      { timeout: 3000 },
    );
    expect(onGenerated).not.toHaveBeenCalled();
  });
});
