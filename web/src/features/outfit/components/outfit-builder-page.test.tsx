import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '../../../api/query-keys';
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
import OutfitBuilderPage from './outfit-builder-page';
import { STYLE_PICKER_PAGE_SIZE } from '../../../components/style-picker';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const style = (id: string, name: string) => ({
  id,
  name,
  description: null,
  tags: [],
  categoryIds: [],
  sex: 'woman',
  styleImageType: 'product_only',
  coverImageUrl: null,
  promptImageUrl: null,
  usageCount: 0,
  userName: 'Iris',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const CATALOGUE = [style('st1', 'Weekend Denim'), style('st2', 'City Coat')];

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const u = new URL(url, 'http://localhost');
    // the pickers' pages: one card a page here, so the second style is on the page after the first
    if (u.pathname === '/api/styles' && method === 'GET') {
      const words = (u.searchParams.get('q') ?? '').toLowerCase();
      const matching = CATALOGUE.filter((s) => s.name.toLowerCase().includes(words));
      const at = Number(u.searchParams.get('cursor') ?? 0);
      return json({ items: matching.slice(at, at + 1), nextCursor: at + 1 < matching.length ? String(at + 1) : null });
    }
    const one = /^\/api\/styles\/(st\d)$/.exec(u.pathname);
    if (one) return json({ ...CATALOGUE.find((s) => s.id === one[1])!, tasks: [], creator: { name: 'Iris' } });
    if (url === '/api/styles/st2/products')
      return json([
        {
          id: 'p1',
          name: 'Wool Coat',
          brand: null,
          category: null,
          imageUrl: '/api/public-image/styles/st2/p.jpg',
          links: [],
        },
      ]);
    if (url === '/api/photo-profiles')
      return json([
        {
          id: 'pp1',
          name: 'Me',
          isDefault: true,
          portraitUrl: '/api/private-image/p.jpg',
          fullBodyUrl: '/api/private-image/f.jpg',
        },
      ]);
    if (url === '/api/generate/outfit' && method === 'POST') return json({ id: 'g9' }, 201);
    return json({ message: `unexpected ${method} ${url}` }, 500);
  });
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  client.setQueryData(queryKeys.currentUser, {
    id: 'u1',
    email: 'sam@example.com',
    firstName: 'Sam',
    onboarded: true,
    credits: 20,
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/outfit" element={<OutfitBuilderPage />} />
          <Route path="/generation/:id" element={<p>Result page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The style a piece's picker has chosen (its checked radio), or null. */
const chosenIn = (i: number) =>
  (within(screen.getByTestId(`piece-${i}-style`)).queryAllByRole('radio') as HTMLInputElement[]).find((r) => r.checked)
    ?.value ?? null;
const listRequests = () =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === '/api/styles');

const slotOf = (i: number) => (screen.getByTestId(`piece-${i}-slot`) as HTMLSelectElement).value;
const posts = () =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/generate/outfit' && init?.method === 'POST');

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  serve();
});

describe('OutfitBuilderPage', () => {
  it('refuses a one-piece with a top: a clear message, both pieces marked, nothing sent', async () => {
    renderAt('/outfit?styleId=st1');
    await waitFor(() => expect(chosenIn(0)).toBe('st1'));
    fireEvent.click(screen.getByTestId('outfit-add-piece'));
    fireEvent.change(screen.getByTestId('piece-1-slot'), { target: { value: 'one-piece' } });
    expect(screen.getByRole('alert').textContent).toMatch(/one-piece cannot be worn with a separate top or bottom/);
    expect([
      screen.getByTestId('piece-0-slot').getAttribute('aria-invalid'),
      screen.getByTestId('piece-1-slot').getAttribute('aria-invalid'),
    ]).toEqual(['true', 'true']);
    fireEvent.click(screen.getByTestId('outfit-generate'));
    // the form validates (react-hook-form + zod) before it answers
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'This outfit cannot be rendered',
          variant: 'destructive',
          description: expect.stringMatching(/one-piece/),
        }),
      ),
    );
    expect(posts()).toHaveLength(0);
  });

  it('a piece without its image is refused by the form with the piece named, nothing sent', async () => {
    renderAt('/outfit');
    await screen.findByRole('radio', { name: /Me/ });
    fireEvent.click(screen.getByTestId('outfit-generate'));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Piece 1', description: 'Upload an image for this piece' }),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('reorders pieces from the keyboard (Alt + arrows) and with the move buttons', async () => {
    renderAt('/outfit');
    fireEvent.click(screen.getByTestId('outfit-add-piece'));
    fireEvent.click(screen.getByTestId('outfit-add-piece'));
    expect([slotOf(0), slotOf(1), slotOf(2)]).toEqual(['top', 'bottom', 'outerwear']);
    fireEvent.keyDown(screen.getByTestId('piece-2'), { key: 'ArrowUp', altKey: true });
    expect([slotOf(0), slotOf(1), slotOf(2)]).toEqual(['top', 'outerwear', 'bottom']);
    fireEvent.keyDown(screen.getByTestId('piece-1'), { key: 'ArrowUp' }); // without Alt: nothing moves
    expect(slotOf(0)).toBe('top');
    fireEvent.click(within(screen.getByTestId('piece-0')).getByRole('button', { name: 'Move piece 1 down' }));
    expect([slotOf(0), slotOf(1), slotOf(2)]).toEqual(['outerwear', 'top', 'bottom']);
    expect(
      (within(screen.getByTestId('piece-0')).getByRole('button', { name: 'Move piece 1 up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('shows the exact total on the button and sends the pieces in layering order with the variants', async () => {
    renderAt('/outfit?styleId=st1');
    await waitFor(() => expect(chosenIn(0)).toBe('st1'));
    expect(screen.getByTestId('piece-0-style-chosen').textContent).toBe('Chosen: Weekend Denim');
    fireEvent.click(screen.getByTestId('outfit-add-piece'));
    fireEvent.click(screen.getByTestId('piece-1-source-product'));
    // the picker asks page by page: City Coat is on the second page, behind "Load more"
    const picker = within(screen.getByTestId('piece-1-style'));
    await picker.findByRole('radio', { name: /Weekend Denim/ });
    expect(picker.queryByRole('radio', { name: /City Coat/ })).toBeNull();
    fireEvent.click(picker.getByRole('button', { name: 'Load more' }));
    fireEvent.click(await picker.findByRole('radio', { name: /City Coat/ }));
    await screen.findByRole('option', { name: 'Wool Coat' });
    fireEvent.change(screen.getByTestId('piece-1-product'), { target: { value: 'p1' } });
    fireEvent.click(screen.getByTestId('variants-3'));
    const button = screen.getByTestId('outfit-generate') as HTMLButtonElement;
    expect(button.textContent).toBe('Generate outfit · 3 variants × 2 credits = 6 credits');
    await screen.findByRole('radio', { name: /Me/ });
    fireEvent.click(button);
    // the cost is asked once, with the balance, before anything is sent
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 6 credits?' });
    expect(within(dialog).getByTestId('spend-confirm-balance').textContent).toMatch(/^You have 20 credits; 14 will/);
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 6 credits' }));
    await screen.findByText('Result page');
    expect(posts()).toHaveLength(1);
    const [, init] = posts()[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      pieces: [
        { slot: 'top', source: 'style', styleId: 'st1' },
        { slot: 'bottom', source: 'product', styleId: 'st2', productId: 'p1' },
      ],
      photoProfileId: 'pp1',
      mode: 'exact',
      variants: 3,
    });
    expect(new Headers(init!.headers).get('idempotency-key')).toMatch(/\S{8,}/);
    // never the whole catalogue: every list request is one bounded page
    expect(listRequests().length).toBeGreaterThan(0);
    for (const u of listRequests()) expect(Number(u.searchParams.get('limit'))).toBe(STYLE_PICKER_PAGE_SIZE);
  });

  it('finds a style by searching as you type (one request after the pause), with an empty state', async () => {
    renderAt('/outfit');
    fireEvent.click(screen.getByTestId('piece-0-source-style'));
    const picker = within(screen.getByTestId('piece-0-style'));
    await picker.findByRole('radio', { name: /Weekend Denim/ });
    const search = picker.getByRole('searchbox', { name: 'Search styles' });
    fireEvent.change(search, { target: { value: 'ci' } });
    fireEvent.change(search, { target: { value: 'city' } });
    fireEvent.click(await picker.findByRole('radio', { name: /City Coat/ }));
    await waitFor(() => expect(chosenIn(0)).toBe('st2'));
    const searched = listRequests().map((u) => u.searchParams.get('q'));
    expect(searched).toContain('city');
    expect(searched).not.toContain('ci');
    fireEvent.change(search, { target: { value: 'velvet' } });
    expect(await picker.findByText('No styles match “velvet”.')).toBeTruthy();
    // the chosen style stays named while the list shows another search
    expect(screen.getByTestId('piece-0-style-chosen').textContent).toBe('Chosen: City Coat');
  });
});
