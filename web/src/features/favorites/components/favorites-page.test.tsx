import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, renderPage, routeFetch, stubFetch, userWithRole } from '../../../test/page-harness';
import FavoritesPage, { FAVORITES_EMPTY } from './favorites-page';

const fetchMock = stubFetch();

const style = (id: string, name: string) => ({
  id,
  name,
  description: null,
  tags: ['casual'],
  categoryIds: [],
  sex: 'unisex',
  coverImageUrl: `https://img.example/${id}.webp`,
  promptImageUrl: null,
  userName: 'Iris Vale',
  favoritedAt: '2026-11-01T10:00:00.000Z',
});

describe('FavoritesPage', () => {
  it('lists the favourite styles, each leading to its style page, and loads the next page on demand', async () => {
    const seen: string[] = [];
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('shopper')),
      '/api/favorites': (url) => {
        seen.push(url.search);
        return url.searchParams.get('cursor') === 'c2'
          ? json({ items: [style('s3', 'Linen Days')], nextCursor: null })
          : json({ items: [style('s1', 'City Trench'), style('s2', 'Weekend Denim')], nextCursor: 'c2' });
      },
    });
    renderPage(<FavoritesPage />, '/favorites');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Favorites');
    const grid = await screen.findByTestId('favorites-grid');
    expect(
      within(grid)
        .getAllByTestId('style-card-name')
        .map((n) => n.textContent),
    ).toEqual(['City Trench', 'Weekend Denim']);
    expect(
      within(grid)
        .getByRole('link', { name: /City Trench/ })
        .getAttribute('href'),
    ).toBe('/style/s1');
    expect(seen[0]).toContain('limit=24');
    expect(seen[0]).not.toContain('cursor');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByText('Linen Days')).toBeTruthy();
    expect(seen[1]).toContain('cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says how to add favourites when there are none, with a way to find styles', async () => {
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('shopper')),
      '/api/favorites': () => json({ items: [], nextCursor: null }),
    });
    renderPage(<FavoritesPage />, '/favorites');
    const empty = await screen.findByTestId('favorites-empty');
    expect(within(empty).getByText(FAVORITES_EMPTY)).toBeTruthy();
    expect(
      within(empty)
        .getByRole('link', { name: /Find styles/ })
        .getAttribute('href'),
    ).toBe('/explore');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('shopper')),
      '/api/favorites': () =>
        fail ? json({ message: 'boom' }, 500) : json({ items: [style('s1', 'City Trench')], nextCursor: null }),
    });
    renderPage(<FavoritesPage />, '/favorites');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('City Trench')).toBeTruthy();
  });
});
