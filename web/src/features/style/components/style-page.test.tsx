import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
import StylePage from './style-page';
import { PREVIEW_LOOKS_MAX } from '../lib/style-rules';
import { COOKIES_ACCEPTED_KEY } from '../../../lib/cookie-consent';
import { resetSpendConfirmMemory, SPEND_CONFIRM_KEY_PREFIX } from '../../../lib/spend-confirm';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const STYLE = {
  id: 'st1',
  name: 'Weekend Denim',
  description: 'Light-wash denim.',
  tags: ['denim', 'weekend'],
  categoryIds: [],
  sex: 'woman',
  styleImageType: 'model_wearer',
  coverImageUrl: null,
  promptImageUrl: null,
  usageCount: 3,
  userName: 'Iris Vale',
  createdAt: '2026-01-01T00:00:00.000Z',
  tasks: [],
  defaultPromptTemplateId: null,
  creator: { name: 'Iris Vale', handle: 'influencer', isPublic: true },
};

let quickTry: () => Response = () => json({ id: 'g1' }, 201);
let flag: () => Response = () => json({ id: 'r1' }, 201);
let photoProfiles: unknown[] = [
  {
    id: 'pp1',
    name: 'Me',
    isDefault: true,
    portraitUrl: '/api/private-image/p.jpg',
    fullBodyUrl: '/api/private-image/f.jpg',
  },
];

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/styles/st1' && method === 'GET') return json(STYLE);
    if (url === '/api/styles/st2' && method === 'GET')
      return json({ ...STYLE, id: 'st2', promptImageUrl: '/api/public-image/styles/st2/p.jpg', categoryIds: ['c1'] });
    if (url.startsWith('/api/styles?') && method === 'GET') return json({ items: [], nextCursor: 'more' });
    if (url === '/api/styles/missing') return json({ message: 'Style not found' }, 404);
    if (url === '/api/styles/st1/products')
      return json([
        {
          id: 'p1',
          name: 'Denim Jacket',
          brand: 'Denim Co',
          category: null,
          imageUrl: null,
          links: [{ id: 'l1', url: 'https://shop.example/j', retailer: 'Shop', price: null, currency: null }],
        },
      ]);
    if (url === '/api/styles/st1/favorite') return json({ isFavorite: false });
    if (url === '/api/styles/st1/favorites/count') return json({ count: 4 });
    if (url === '/api/styles/st1/collection')
      return json([
        { id: 'c1', title: 'Autumn Capsule', description: null, coverImage: null, isPublished: true, styleCount: 6 },
      ]);
    if (url === '/api/styles/st1/generations') return json([]);
    if (url === '/api/quick-try/st1') return quickTry();
    if (url === '/api/photo-profiles') return json(photoProfiles);
    if (url === '/api/styles/st1/flag') return flag();
    return json({ message: 'unexpected' }, 500);
  });
}

/** Quick Try (its cost on the button) is enabled once the photo profiles are known. */
async function pressQuickTry() {
  const button = screen.getByRole('button', { name: 'Quick Try · 1 credit' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  button.focus(); // as a click does in a browser
  fireEvent.click(button);
}

/** Quick Try, then yes to its cost in the confirmation. */
async function clickQuickTry() {
  await pressQuickTry();
  const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 1 credit' }));
}

const quickTryCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/quick-try/st1');

let credits = 5;

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  client.setQueryData(queryKeys.currentUser, {
    id: 'u1',
    email: 'sam@example.com',
    firstName: 'Sam',
    onboarded: true,
    credits,
    hasUnlimitedCredits: false,
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/style/:id" element={<StylePage />} />
          <Route path="/generation/:id" element={<p>Progress page</p>} />
          <Route path="/profiles/new" element={<p>New profile page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  toastMock.mockReset();
  quickTry = () => json({ id: 'g1' }, 201);
  credits = 5;
  resetSpendConfirmMemory();
  flag = () => json({ id: 'r1' }, 201);
  photoProfiles = [
    {
      id: 'pp1',
      name: 'Me',
      isDefault: true,
      portraitUrl: '/api/private-image/p.jpg',
      fullBodyUrl: '/api/private-image/f.jpg',
    },
  ];
  vi.stubGlobal('fetch', fetchMock);
  serve();
});

describe('StylePage', () => {
  it('asks for the preview looks only when it opens: a page of alike styles, never the whole catalogue', async () => {
    renderAt('/style/st2');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    const lists = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost'))
        .filter((u) => u.pathname === '/api/styles');
    const trigger = await screen.findByTestId('preview-on-me');
    await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));
    expect(lists()).toEqual([]);
    fireEvent.click(trigger);
    await waitFor(() => expect(lists()).toHaveLength(2));
    const asked = lists().map((u) => Object.fromEntries(u.searchParams));
    expect(asked).toEqual(
      expect.arrayContaining([
        { sex: 'woman,unisex', category: 'c1', limit: String(PREVIEW_LOOKS_MAX) },
        { sex: 'woman,unisex', limit: String(PREVIEW_LOOKS_MAX) },
      ]),
    );
  });

  it('shows the style, creator link, product link, collection membership and the favourite count', async () => {
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    expect(screen.getByRole('link', { name: 'Iris Vale' }).getAttribute('href')).toBe('/profile/influencer');
    expect(screen.getByText('Women')).toBeTruthy();
    const product = await screen.findByRole('link', { name: /Denim Jacket/ });
    // an affiliate link: a new tab, no opener, no referrer, sponsored
    expect(product.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    expect(product.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { level: 2, name: 'Shop This Look' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Autumn Capsule' })).getAttribute('href')).toBe('/collection/c1');
    expect(await screen.findByText('4 favorites')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Generate' }).getAttribute('href')).toBe('/generate/style/st1');
  });

  it('favourites optimistically', async () => {
    let release: (r: Response) => void = () => {};
    renderAt('/style/st1');
    await screen.findByText('4 favorites');
    expect(screen.queryByRole('link', { name: 'See your favorites' })).toBeNull();
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (release = r)));
    fireEvent.click(screen.getByTestId('favorite-toggle'));
    expect(await screen.findByText('5 favorites')).toBeTruthy();
    expect(screen.getByTestId('favorite-toggle').getAttribute('aria-pressed')).toBe('true');
    // a favourite is found again: the page says where (issue 39)
    expect(screen.getByRole('link', { name: 'See your favorites' }).getAttribute('href')).toBe('/favorites');
    release(json({ isFavorite: true, count: 5 }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/styles/st1/favorite', expect.objectContaining({ method: 'POST' })),
    );
  });

  it('Quick Try sends mode precise for a model_wearer style, toasts and goes to the progress page', async () => {
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await clickQuickTry();
    await screen.findByText('Progress page');
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/quick-try/st1')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ mode: 'precise', photoProfileId: 'pp1' });
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Generation started!' }));
  });

  it('a failed Quick Try toasts "Quick Try failed" with the server message', async () => {
    quickTry = () => json({ message: 'Profile required' }, 400);
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await clickQuickTry();
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'destructive', title: 'Quick Try failed', description: 'Profile required' }),
      ),
    );
  });

  it('without a photo profile, Quick Try leads to creating one (no call, no limit dialog)', async () => {
    photoProfiles = [];
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry(); // no question about a cost that cannot be spent yet
    await screen.findByText('New profile page');
    expect(toastMock).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Profile required', description: 'Please create a photo profile first' }),
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/quick-try/st1')).toBe(false);
  });

  it('a portrait-only default profile on a full-body style: the profile with the full-body photo is used', async () => {
    photoProfiles = [
      { id: 'pp1', name: 'Face', isDefault: true, portraitUrl: '/p1', fullBodyUrl: null },
      { id: 'pp2', name: 'Body', isDefault: false, portraitUrl: '/p2', fullBodyUrl: '/f2' },
    ];
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await clickQuickTry();
    await screen.findByText('Progress page');
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/quick-try/st1')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ mode: 'precise', photoProfileId: 'pp2' });
  });

  it('Quick Try says its cost and asks once with the cost and the balance: Cancel spends nothing', async () => {
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    expect(within(dialog).getByTestId('spend-confirm-cost').textContent).toBe(
      'Quick Try renders this look on your photo for 1 credit.',
    );
    expect(within(dialog).getByTestId('spend-confirm-balance').textContent).toMatch(
      /^You have 5 credits; 4 will be left\./,
    );
    expect(quickTryCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(quickTryCalls()).toHaveLength(0);
    // focus goes back to the button that asked
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quick Try · 1 credit' })),
    );
    expect(screen.queryByText('Progress page')).toBeNull();
  });

  it('a double click on "Spend 1 credit" starts one generation', async () => {
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    const yes = within(dialog).getByRole('button', { name: 'Spend 1 credit' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await screen.findByText('Progress page');
    expect(quickTryCalls()).toHaveLength(1);
  });

  it('"Don\'t ask again" with cookies accepted is stored for this user: the next Quick Try starts at once', async () => {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Don't ask again on this device/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 1 credit' }));
    await screen.findByText('Progress page');
    expect(window.localStorage.getItem(`${SPEND_CONFIRM_KEY_PREFIX}u1`)).toBe('true');

    cleanup();
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    await screen.findByText('Progress page');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(quickTryCalls()).toHaveLength(2);
  });

  it('"Don\'t ask again" without cookie consent stores nothing and lasts for this visit only', async () => {
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Don't ask again during this visit/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 1 credit' }));
    await screen.findByText('Progress page');
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith(SPEND_CONFIRM_KEY_PREFIX))).toEqual([]);

    cleanup();
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    await screen.findByText('Progress page');
    expect(quickTryCalls()).toHaveLength(2);

    // a reload forgets it: asked again
    resetSpendConfirmMemory();
    cleanup();
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
  });

  it('with too few credits there is no question: the server is asked and its refusal answers', async () => {
    credits = 0;
    quickTry = () => json({ message: 'Not enough credits', code: 'insufficient_credits' }, 402);
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    await pressQuickTry();
    await waitFor(() => expect(quickTryCalls()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('report: a reason is required; a failure toasts "Error reporting style"', async () => {
    flag = () => json({ message: 'You have already reported this style; our team is reviewing it' }, 409);
    renderAt('/style/st1');
    await screen.findByRole('heading', { level: 1, name: 'Weekend Denim' });
    fireEvent.click(screen.getByTestId('style-report'));
    await screen.findByRole('dialog', { name: 'Report this style' });
    fireEvent.click(screen.getByTestId('report-submit'));
    // react-hook-form validates through the zod resolver (a promise): the toast comes a tick after the click
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Reason required',
          description: 'Please provide a reason for reporting this style',
        }),
      ),
    );
    // the same message stands under the field, linked to it
    const reason = screen.getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please provide a reason for reporting this style',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/flag'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Misleading photo' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error reporting style', variant: 'destructive' }),
      ),
    );
  });

  it('a missing style says "Style not found" with a link to /explore', async () => {
    renderAt('/style/missing');
    await screen.findByRole('heading', { level: 1, name: 'Style not found' });
    expect(screen.getByRole('link', { name: 'Explore styles' }).getAttribute('href')).toBe('/explore');
  });
});
