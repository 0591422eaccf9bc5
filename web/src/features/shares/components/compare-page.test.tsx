import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { getQueryFn } from '../../../lib/api-client';
import ComparePage from './compare-page';

const fetchMock = vi.fn<typeof fetch>();
const gen = (id: string, styleName: string) => ({
  id,
  status: 'completed',
  mode: 'creative',
  kind: 'style',
  resultUrl: `/api/private-image/users/u1/generations/${id}.jpg`,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: '2026-01-01T00:01:00.000Z',
  styleId: null,
  styleName,
  templateName: null,
  cost: 1,
  inputs: {
    photoProfileId: 'p1',
    styleId: null,
    promptTemplateId: null,
    rawTemplateId: null,
    imageUrl: null,
    imageType: null,
  },
});
const GENS = [gen('g1', 'Linen'), gen('g2', 'Denim'), gen('g3', 'Tweed')];

function narrow(matches: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches,
    media: q,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/generations') return new Response(JSON.stringify(GENS), { status: 200 });
    if (url === '/api/photo-profiles') return new Response(JSON.stringify([]), { status: 200 });
    return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderAt(path: string) {
  const qc = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false } },
  });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <ComparePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('compare view', () => {
  it('desktop: the chosen looks side by side, each with its own slider', async () => {
    narrow(true); // (min-width: 768px) matches
    renderAt('/compare?ids=g2,g1');
    await screen.findByTestId('compare-grid');
    expect(screen.getAllByTestId('compare-item').map((e) => e.getAttribute('data-id'))).toEqual(['g2', 'g1']);
    expect(screen.getAllByRole('slider')).toHaveLength(2);
  });

  it('phone: one look at a time, swipe and Previous/Next move between them', async () => {
    narrow(false);
    renderAt('/compare?ids=g1,g2,g3');
    const carousel = await screen.findByTestId('compare-carousel');
    const shown = () => screen.getByTestId('compare-item').getAttribute('data-id');
    expect(shown()).toBe('g1');
    fireEvent.touchStart(carousel, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 100 }] }); // swipe left: next
    expect(shown()).toBe('g2');
    fireEvent.touchStart(carousel, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 120 }] }); // too short: stays
    expect(shown()).toBe('g2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous look' }));
    expect(shown()).toBe('g1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous look' })); // wraps
    expect(shown()).toBe('g3');
  });

  it('phone: the looks sit under the title, the back link and Share, not in a layer over them (issue 39)', async () => {
    narrow(false);
    renderAt('/compare?ids=g1,g2');
    const carousel = await screen.findByTestId('compare-carousel');
    // in the page's flow: no fixed or absolute layer that would cover the header
    expect(carousel.className).not.toMatch(/\b(fixed|absolute)\b/);
    for (let el = carousel.parentElement; el; el = el.parentElement)
      expect(el.className || '').not.toMatch(/\bfixed\b/);
    const heading = screen.getByRole('heading', { level: 1, name: 'Compare looks' });
    const back = screen.getByRole('link', { name: 'Back to Gallery' });
    // both come before the looks in the page, and stay reachable
    expect(back.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Share' })).toHaveLength(1);
  });

  it("refuses a bad selection and ids that are not the user's", async () => {
    narrow(true);
    renderAt('/compare?ids=g1');
    expect(await screen.findByText('Choose 2 to 4 results to compare.')).toBeTruthy();
  });

  it('ids outside the gallery are not shown', async () => {
    narrow(true);
    renderAt('/compare?ids=g1,someone-elses');
    expect(await screen.findByText('Some of these results are not in your gallery.')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
