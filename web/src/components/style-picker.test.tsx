import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { json, renderPage, stubFetch } from '../test/page-harness';
import { STYLE_PICKER_PAGE_SIZE, StyleSearch } from './style-picker';

const fetchMock = stubFetch();
const card = (i: number) => ({
  id: `s${i}`,
  name: `Look ${i}`,
  description: null,
  tags: [],
  categoryIds: [],
  sex: 'unisex',
  styleImageType: 'model_wearer',
  coverImageUrl: null,
  promptImageUrl: null,
  usageCount: 0,
  userName: 'Iris',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const asked = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/styles')
    .map((u) => Object.fromEntries(u.searchParams));

/** Two pages of two cards; `failFirst` answers the first request with a 500. */
function serve({ failFirst = false } = {}) {
  let calls = 0;
  fetchMock.mockImplementation(async (input) => {
    const u = new URL(String(input), 'http://localhost');
    if (u.pathname !== '/api/styles') return json({ message: 'unexpected' }, 500);
    if (failFirst && calls++ === 0) return json({ message: 'down', code: 'internal' }, 500);
    return u.searchParams.get('cursor') === 'p2'
      ? json({ items: [card(3), card(4)], nextCursor: null })
      : json({ items: [card(1), card(2)], nextCursor: 'p2' });
  });
}

const renderSearch = (hide?: ReadonlySet<string>) =>
  renderPage(
    <StyleSearch label="Search public styles" hide={hide} testId="picker">
      {(styles) => (
        <ul aria-label="Cards">
          {styles.map((s) => (
            <li key={s.id}>{s.name}</li>
          ))}
        </ul>
      )}
    </StyleSearch>,
  );

describe('StyleSearch: public styles a page at a time', () => {
  it('asks for one page, then the next along its cursor on "Load more", and stops at the last', async () => {
    serve();
    renderSearch();
    const list = await screen.findByRole('list', { name: 'Cards' });
    await within(list).findByText('Look 2');
    expect(asked()).toEqual([{ limit: String(STYLE_PICKER_PAGE_SIZE) }]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Look 4');
    expect(asked()[1]).toEqual({ limit: String(STYLE_PICKER_PAGE_SIZE), cursor: 'p2' });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Look 1',
      'Look 2',
      'Look 3',
      'Look 4',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('an error says so with a way to try again', async () => {
    serve({ failFirst: true });
    renderSearch();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not load styles/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Look 1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides the styles already chosen; with none left on the last page it says there is nothing more to add', async () => {
    serve();
    renderSearch(new Set(['s1', 's2', 's3', 's4']));
    // the first page is all hidden, but more may follow: no empty message yet, "Load more" offered
    const more = await screen.findByRole('button', { name: 'Load more' });
    expect(screen.queryByText('No more styles to add.')).toBeNull();
    fireEvent.click(more);
    await screen.findByText('No more styles to add.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('the search box is labelled and sends the trimmed words once typing pauses', async () => {
    serve();
    renderSearch();
    await screen.findByText('Look 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search public styles' }), {
      target: { value: '  linen  ' },
    });
    await waitFor(() => expect(asked().some((q) => q.q === 'linen')).toBe(true));
    expect(asked().filter((q) => q.q !== undefined)).toEqual([{ q: 'linen', limit: String(STYLE_PICKER_PAGE_SIZE) }]);
  });
});
