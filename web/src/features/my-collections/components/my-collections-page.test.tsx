import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  hasStoredSession: () => true,
}));

import { createQueryClient } from '../../../lib/query-client';
import MyCollectionsPage from './my-collections-page';

const user = (role: string) => ({ id: 'u1', email: 'a@example.com', role, currentRole: role, permanentRole: role });
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('creator screens: access', () => {
  it('denies shoppers My Collections', async () => {
    fetchMock.mockImplementation(async (input) =>
      new URL(String(input), 'http://localhost').pathname === '/api/auth/user'
        ? json(user('shopper'))
        : json({ message: 'unexpected' }, 500),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MyCollectionsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Access Denied');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/influencer-collections'))).toBe(false);
  });
});
