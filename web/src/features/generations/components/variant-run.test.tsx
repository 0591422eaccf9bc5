import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
}));

import { getQueryFn } from '../../../lib/api-client';
import GenerationDetailPage, { LOOK_GONE_MESSAGE, LOOK_GONE_TITLE, unavailableMessage } from './generation-detail-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let kept: Record<number, string> = {};
const run = () => ({
  id: 'run1',
  status: 'completed',
  mode: 'exact',
  kind: 'outfit',
  resultUrl: '/api/private-image/users/u1/generations/run1/variant-0.jpg',
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: '2026-01-01T00:01:00.000Z',
  styleId: null,
  styleName: null,
  templateName: 'Outfit: Tee + Jeans',
  cost: 6,
  inputs: {
    photoProfileId: 'pp1',
    styleId: null,
    promptTemplateId: null,
    rawTemplateId: null,
    imageUrl: null,
    imageType: null,
  },
  variantCount: 3,
  variants: [0, 1, 2].map((index) => ({
    index,
    url: `/api/private-image/users/u1/generations/run1/variant-${index}.jpg`,
    keptGenerationId: kept[index] ?? null,
    label: ['Regular fit', 'Closer fit, cropped', 'Looser fit, longer'][index],
  })),
  variantOf: null,
  variantIndex: null,
  variantLabel: null,
});

beforeEach(() => {
  kept = {};
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/generations/run1' && (init?.method ?? 'GET') === 'GET') return json(run());
    if (url === '/api/generations/run1/keep' && init?.method === 'POST') {
      const { variants } = JSON.parse(String(init.body)) as { variants: number[] };
      for (const i of variants) kept[i] = `gen-${i}`;
      return json({ kept: variants.map((index) => ({ index, generationId: `gen-${index}` })) });
    }
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
    if (url.startsWith('/api/private-image/'))
      return json({ url: 'http://localhost/s3/x.jpg', expiresAt: '2099-01-01T00:00:00.000Z' });
    return json({ message: 'unexpected' }, 500);
  });
});

function renderRun() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/generation/run1']}>
        <Routes>
          <Route path="/generation/:id" element={<GenerationDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a look that is gone', () => {
  it('a deleted look (404) says so and leads to the gallery, not "not yet completed" (issue 39)', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Generation not found', code: 'not_found' }, 404));
    renderRun();
    expect(await screen.findByRole('heading', { level: 1, name: LOOK_GONE_TITLE })).toBeTruthy();
    expect(screen.getByText(LOOK_GONE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/not yet completed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your gallery' }).getAttribute('href')).toBe('/gallery');
  });

  it('says why for a failed look and for a load error', () => {
    expect(unavailableMessage(undefined, new Error('offline'))).toBe(
      'This look could not be loaded. Please try again.',
    );
  });
});

describe("a look's details", () => {
  const single = (inputs: Record<string, unknown>, templateName: string) => ({
    ...run(),
    kind: 'quick-try-custom',
    templateName,
    variantCount: 1,
    variants: [],
    inputs: { ...run().inputs, imageUrl: '/api/private-image/u/o.jpg', imageType: 'product_only', ...inputs },
  });
  const serve = (g: unknown) =>
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/generations/run1'
        ? json(g)
        : String(input).startsWith('/api/private-image/')
          ? json({ url: 'http://localhost/s3/x.jpg', expiresAt: '2099-01-01T00:00:00.000Z' })
          : json([]),
    );

  it('names a template only when one was used (a custom look without one has no "Template" row)', async () => {
    serve(single({}, 'Custom look'));
    renderRun();
    await screen.findByText('Mode');
    expect(screen.queryByText('Template')).toBeNull();
  });

  it('names the template a look was made with', async () => {
    serve(single({ promptTemplateId: 'prompt-editorial' }, 'Editorial Studio'));
    renderRun();
    await screen.findByText('Template');
    expect(screen.getAllByText('Editorial Studio').length).toBeGreaterThan(0);
  });
});

describe('a run of several variants', () => {
  it('compares the variants side by side before any is kept: any two or all, each slider named by its variant', async () => {
    renderRun();
    const toggle = await screen.findByTestId('compare-variants');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const sliders = () => screen.getByTestId('variant-compare-grid').querySelectorAll('[role="slider"]');
    expect(sliders()).toHaveLength(3);
    expect([...sliders()].map((e) => e.getAttribute('aria-label'))).toEqual([
      'Variant 1: result or original photo (Outfit: Tee + Jeans)',
      'Variant 2: result or original photo (Outfit: Tee + Jeans)',
      'Variant 3: result or original photo (Outfit: Tee + Jeans)',
    ]);
    fireEvent.click(screen.getByTestId('compare-pick-1'));
    expect(sliders()).toHaveLength(2);
    fireEvent.click(screen.getByTestId('compare-pick-2'));
    expect(screen.queryByTestId('variant-compare-grid')).toBeNull();
    expect(screen.getByTestId('compare-pick-more').textContent).toBe('Pick at least two variants to compare.');
    // nothing was kept by comparing
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/keep'))).toBe(false);
  });

  it('shows each variant labelled AI-generated and keeps the chosen ones, linking each to its generation', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/generation/run1']}>
          <Routes>
            <Route path="/generation/:id" element={<GenerationDetailPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('variants');
    expect(screen.getAllByTestId('ai-badge')).toHaveLength(3);
    // issue 39: each variant says how it differs
    expect(screen.getByTestId('variant-1-label').textContent).toBe('Variant 2: Closer fit, cropped');
    const keep = screen.getByTestId('keep-variants') as HTMLButtonElement;
    expect(keep.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('variant-0-keep'));
    fireEvent.click(screen.getByTestId('variant-2-keep'));
    expect(keep.textContent).toBe('Keep 2 variants');
    fireEvent.click(keep);
    await waitFor(() => expect(screen.getByTestId('variant-2-open').getAttribute('href')).toBe('/generation/gen-2'));
    expect(screen.getByTestId('variant-0').getAttribute('data-kept-generation-id')).toBe('gen-0');
    expect(screen.queryByTestId('variant-1-open')).toBeNull();
    expect(screen.getByTestId('compare-kept-variants').getAttribute('href')).toBe('/compare?ids=gen-0,gen-2');
    const posts = fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith('/keep') && init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ variants: [0, 2] }]);
  });
});
