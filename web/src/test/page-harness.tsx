/**
 * What the page tests share: a global fetch mock (reset before each test), a fetch router by path, JSON
 * responses, a signed-in user of a role, and a page rendered with the app's query client and a router.
 * Importing it signs the page in: lib/auth answers with a test token and a stored session, and `toast` is
 * `toastMock` (vi.mock here is hoisted above this module's imports, so both are in place before the page under
 * test loads them; stubFetch resets the toast mock too).
 */
import type { ReactElement } from 'react';
import { beforeEach, expect, vi, type Mock } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';

const mocks = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../components/use-toast')>()),
  toast: mocks.toast,
}));
vi.mock('../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  hasStoredSession: () => true,
}));

export type FetchMock = Mock<typeof fetch>;

/** What the page's `toast` calls land in. */
export const toastMock = mocks.toast;

/** GET /api/auth/user of a user with this role. */
export const userWithRole = (role: string) => ({
  id: 'u1',
  email: 'a@example.com',
  role,
  currentRole: role,
  permanentRole: role,
});

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** A fetch mock stubbed as the global fetch and reset (with toastMock) before each test of the calling file. */
export function stubFetch(): FetchMock {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    toastMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  return fetchMock;
}

/** Answer each request by its path; an unexpected path is a 500. */
export function routeFetch(fetchMock: FetchMock, handlers: Record<string, (url: URL) => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const h = handlers[url.pathname];
    return h ? h(url) : json({ message: 'unexpected' }, 500);
  });
}

/** Render a page inside the app's query client and a memory router. */
export const renderPage = (page: ReactElement, path = '/') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

/** A shopper opens a guarded page: "Access Denied" and no request whose URL contains `apiPart`. */
export async function expectDeniedToShopper(fetchMock: FetchMock, page: ReactElement, apiPart: string) {
  routeFetch(fetchMock, { '/api/auth/user': () => json(userWithRole('shopper')) });
  renderPage(page);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Access Denied');
  expect(fetchMock.mock.calls.some(([u]) => String(u).includes(apiPart))).toBe(false);
}
