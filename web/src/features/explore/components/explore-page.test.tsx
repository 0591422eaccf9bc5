import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { getQueryFn } from '../../../lib/api-client';
import { filterStyles, tagList } from '@shared/domain/explore-filters';
import { EXPLORE_PAGE_SIZE } from '../lib/incremental';
import ExplorePage, { NO_STYLES_FOUND } from './explore-page';

const fetchMock = vi.fn<typeof fetch>();

const style = (i: number) => ({
  id: `s${i}`,
  name: i === 7 ? 'Linen Summer Suit' : `Style ${i}`,
  description: null,
  tags: i % 2 ? ['odd', 'tag-a', 'tag-b', 'tag-c'] : ['even'],
  categoryIds: i % 3 === 0 ? ['cat-a'] : ['cat-b'],
  sex: 'unisex',
  styleImageType: 'model_wearer',
  coverImageUrl: null,
  promptImageUrl: null,
  usageCount: 0,
  userName: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const CATEGORIES = [
  { id: 'cat-b', name: 'Beta', isActive: true, displayOrder: 2 },
  { id: 'cat-a', name: 'Alpha', isActive: true, displayOrder: 1 },
  { id: 'cat-x', name: 'Hidden', isActive: false, displayOrder: 0 },
];

/** A fake of the server's paging: the filters of the query, pages of `limit` with the next offset as cursor. */
function serve(count: number) {
  const styles = Array.from({ length: count }, (_, i) => style(i));
  const list = (v: string | null) => (v ? v.split(',') : []);
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/explore/styles') {
      const p = url.searchParams;
      const hits = filterStyles(styles, {
        q: p.get('q') ?? '',
        categories: list(p.get('category')),
        sexes: list(p.get('sex')),
        tags: list(p.get('tag')),
      });
      const from = Number(p.get('cursor') ?? 0);
      const limit = Number(p.get('limit'));
      const next = from + limit < hits.length ? String(from + limit) : null;
      return new Response(JSON.stringify({ items: hits.slice(from, from + limit), nextCursor: next }), { status: 200 });
    }
    if (url.pathname === '/api/explore/tags') return new Response(JSON.stringify(tagList(styles)), { status: 200 });
    if (url.pathname === '/api/categories') return new Response(JSON.stringify(CATEGORIES), { status: 200 });
    return new Response('{}', { status: 404 });
  });
}

let location = '';
function LocationProbe() {
  location = useLocation().search;
  return null;
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ExplorePage />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardCount = () => within(screen.getByTestId('explore-grid')).getAllByTestId('style-card').length;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('ExplorePage', () => {
  it('asks for one page of 10,000 styles, then the next page on "Load more"', async () => {
    serve(10_000);
    renderAt('/explore');
    await screen.findByText(`${EXPLORE_PAGE_SIZE}+ styles`);
    expect(cardCount()).toBe(EXPLORE_PAGE_SIZE);
    const pageCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/explore/styles')).length;
    expect(pageCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(`${2 * EXPLORE_PAGE_SIZE}+ styles`);
    expect(cardCount()).toBe(2 * EXPLORE_PAGE_SIZE);
    expect(pageCalls()).toBe(2);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain(`cursor=${EXPLORE_PAGE_SIZE}`);
  });

  it('reads the filters from the URL, shows at most 3 tags per card, and offers active categories in order', async () => {
    serve(30);
    renderAt('/explore?q=linen');
    await screen.findByText('1 style found');
    const card = screen.getByTestId('style-card');
    expect(card.getAttribute('href')).toBe('/style/s7');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['odd', 'tag-a', 'tag-b']);
    expect((screen.getByLabelText('Search styles') as HTMLInputElement).value).toBe('linen');
    const cats = within(screen.getByTestId('filter-category'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(cats).toEqual(['Alpha', 'Beta']);
  });

  it('toggles a chip into the URL and clears everything from the empty state', async () => {
    serve(30);
    renderAt('/explore?tag=even');
    await screen.findByText('15 styles found');
    const alpha = within(screen.getByTestId('filter-category')).getByRole('button', { name: 'Alpha' });
    fireEvent.click(alpha);
    await waitFor(() => expect(location).toBe('?category=cat-a&tag=even'));
    expect(alpha.getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('5 styles found');
    fireEvent.change(screen.getByLabelText('Search styles'), { target: { value: 'nothing-matches' } });
    await screen.findByText(NO_STYLES_FOUND);
    expect(location).toContain('q=nothing-matches');
    fireEvent.click(within(screen.getByTestId('explore-empty')).getByRole('button', { name: 'Clear Filters' }));
    await screen.findByText('30 styles');
    expect(location).toBe('');
    expect((screen.getByLabelText('Search styles') as HTMLInputElement).value).toBe('');
  });
});
