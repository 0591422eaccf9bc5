import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';

vi.mock('../lib/auth', () => ({ getIdToken: vi.fn(async () => 'tok') }));

import { createQueryClient } from '../lib/query-client';
import { AppImage, imageSourceKind } from './app-image';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const show = (src: string | null) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppImage src={src} alt="Look" width={300} height={400} />
    </QueryClientProvider>,
  );

describe('image source kinds', () => {
  it('private API image paths are resolved, public ones shown from /media, http(s) and app paths used directly, others have no preview', () => {
    expect(imageSourceKind('/api/private-image/users/u1/a.jpg')).toBe('api');
    expect(imageSourceKind('/api/public-image/styles/s1.jpg')).toBe('public');
    // not a well-formed public image key: left to the API (which answers 400/404)
    expect(imageSourceKind('/api/public-image/../x.jpg')).toBe('api');
    expect(imageSourceKind('https://cdn.example.com/a.jpg')).toBe('direct');
    expect(imageSourceKind('http://localhost:3000/s3/a.jpg')).toBe('direct');
    expect(imageSourceKind('/landing/hero-after.webp')).toBe('direct');
    expect(imageSourceKind('/api/other')).toBe('none');
    expect(imageSourceKind('javascript:alert(1)')).toBe('none');
    expect(imageSourceKind('')).toBe('none');
    expect(imageSourceKind(null)).toBe('none');
  });
});

describe('AppImage', () => {
  it('resolves an API image path with a credentialed GET, then shows the returned url', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ url: 'http://localhost:3000/s3/signed.jpg?x=1' }), { status: 200 }),
    );
    show('/api/private-image/users/u1/a.jpg');
    expect(screen.getByRole('img', { name: /Loading image/ })).toBeTruthy();
    const img = await screen.findByRole('img', { name: 'Look' });
    expect(img.getAttribute('src')).toBe('http://localhost:3000/s3/signed.jpg?x=1');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('300');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/private-image/users/u1/a.jpg');
    expect(init!.credentials).toBe('include');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('shows "Image unavailable" when resolving fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Not found"}', { status: 404 }));
    show('/api/private-image/users/u2/b.jpg');
    await waitFor(() => expect(screen.getByText('Image unavailable')).toBeTruthy());
  });

  it('shows a public image from /media/<key> without any API request (the cached public-bucket path)', () => {
    show('/api/public-image/uploads/style_cover/u1/01ABC.webp');
    expect(screen.getByRole('img', { name: 'Look' }).getAttribute('src')).toBe(
      '/media/uploads/style_cover/u1/01ABC.webp',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses absolute urls directly, without a request', () => {
    show('https://cdn.example.com/a.jpg');
    expect(screen.getByRole('img', { name: 'Look' }).getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('covers its box by default; a caller’s own fit (a whole engine result, head to feet) replaces the cover', () => {
    const { unmount } = show('https://cdn.example.com/a.jpg');
    expect(screen.getByRole('img', { name: 'Look' }).className).toMatch(/(^|\s)object-cover(\s|$)/);
    unmount();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AppImage src="https://cdn.example.com/b.jpg" alt="Result" width={4} height={5} imgClassName="object-contain" />
      </QueryClientProvider>,
    );
    const cls = screen.getByRole('img', { name: 'Result' }).className;
    expect(cls).toMatch(/(^|\s)object-contain(\s|$)/);
    expect(cls).not.toMatch(/object-cover/);
  });

  it('shows "No preview" without a source', () => {
    show(null);
    expect(screen.getByText('No preview')).toBeTruthy();
  });
});

describe('resolvedUrlLifetimeMs', () => {
  it('reuses a signed URL until 5 minutes before it expires, and 2 minutes without an expiry', async () => {
    const { resolvedUrlLifetimeMs } = await import('./app-image');
    const now = Date.parse('2026-11-23T12:10:00Z');
    expect(resolvedUrlLifetimeMs({ expiresAt: '2026-11-23T14:00:00Z' }, now)).toBe((110 - 5) * 60_000);
    expect(resolvedUrlLifetimeMs({ expiresAt: '2026-11-23T12:12:00Z' }, now)).toBe(0);
    expect(resolvedUrlLifetimeMs({}, now)).toBe(2 * 60_000);
    expect(resolvedUrlLifetimeMs(undefined, now)).toBe(2 * 60_000);
  });
});
