import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { getQueryFn } from '../../lib/api-client';
import { ShareList } from './share-list';

const fetchMock = vi.fn<typeof fetch>();
const share = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  token: 'T'.repeat(43),
  url: `/l/${'T'.repeat(43)}`,
  generationIds: ['g1', 'g2'],
  images: [
    { generationId: 'g1', url: '/api/l/x/images/0', styleName: 'Linen' },
    { generationId: 'g2', url: '/api/l/x/images/1', styleName: 'Denim' },
  ],
  showOwner: false,
  state: 'live',
  expiresAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2029-12-25T00:00:00.000Z',
  endedAt: null,
  votes: [
    { generationId: 'g1', votes: 0 },
    { generationId: 'g2', votes: 2 },
  ],
  totalVotes: 2,
  reactions: [{ text: '<img src=x onerror="alert(1)"> love it', updatedAt: '2029-12-26T00:00:00.000Z' }],
  ...over,
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderList(shares: unknown[], generationId?: string) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(shares), { status: 200 }));
  const qc = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
  });
  const { container } = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ShareList generationId={generationId} emptyText="Nothing shared" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container;
}

describe("the owner's shares", () => {
  it('shows votes per look and reactions as plain text (never HTML), with Revoke on a live link', async () => {
    const container = renderList([share()]);
    expect((await screen.findByTestId('share-votes')).textContent).toBe('2 votes: Linen 0, Denim 2');
    expect(screen.getByTestId('share-reaction').textContent).toBe('<img src=x onerror="alert(1)"> love it');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('share-revoke')).toBeTruthy();
  });

  it('filters to the shares of one result; ended links have no Revoke', async () => {
    renderList(
      [share({ id: 's2', generationIds: ['g9'], state: 'revoked' }), share({ id: 's3', state: 'expired' })],
      'g1',
    );
    const rows = await screen.findAllByTestId('share-row');
    expect(rows.map((r) => r.getAttribute('data-share-id'))).toEqual(['s3']);
    expect(screen.queryByTestId('share-revoke')).toBeNull();
    expect(rows[0]!.textContent).toContain('Expired');
  });
});
