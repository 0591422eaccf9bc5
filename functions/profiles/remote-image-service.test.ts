/**
 * Remote images on fake fetchers and an in-memory bucket: an image is stored re-encoded under the caller's
 * remote prefix, a page gives its preview image (resolved against the page's final address), and anything else
 * is 400 with nothing stored. The guarded fetch itself (addresses, redirects, caps) is safe-fetch's, tested there
 * and in test/integration/uploads.test.ts against a real server.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import type { FetchedResource } from '../lib/safe-fetch';
import { fakeImageGate, memoryMedia, tinyImage, type MemoryMedia } from '../../test/support/in-memory-profiles';
import { REMOTE_FETCH, findPreviewImage, remoteImageUseCases } from './remote-image-service';

let media: MemoryMedia;
let web: Map<string, Omit<FetchedResource, 'finalUrl' | 'truncated'> & { finalUrl?: string }>;
let fetched: { url: string; kind: 'page' | 'image'; maxBytes?: number }[];
let remote: ReturnType<typeof remoteImageUseCases>;

const html = (head: string) => ({ bytes: Buffer.from(`<html><head>${head}</head></html>`), contentType: 'text/html' });

beforeEach(async () => {
  media = memoryMedia();
  fetched = [];
  const jpeg = await tinyImage(20, 10);
  web = new Map([
    ['https://shop.example/photo.jpg', { bytes: jpeg, contentType: 'image/jpeg' }],
    ['https://cdn.example/p/main.jpg', { bytes: jpeg, contentType: 'image/jpeg' }],
    [
      'https://shop.example/item',
      { ...html('<meta content="/p/main.jpg" property="og:image">'), finalUrl: 'https://cdn.example/item' },
    ],
    ['https://shop.example/no-preview', html('<title>x</title>')],
    ['https://shop.example/text', { bytes: Buffer.from('plain words'), contentType: 'text/plain' }],
  ]);
  let n = 0;
  const get = (kind: 'page' | 'image') => (url: string, opts: { maxBytes?: number }) => {
    fetched.push({ url, kind, maxBytes: opts.maxBytes });
    const r = web.get(url);
    if (!r) return Promise.reject(new Error(`Could not fetch the image (${url})`));
    return Promise.resolve({ finalUrl: url, truncated: false, ...r });
  };
  remote = remoteImageUseCases({
    fetchPage: get('page'),
    fetchImage: get('image'),
    processImage: fakeImageGate().process,
    put: media.put,
    newId: () => `R${++n}`,
  });
});

describe('download-image', () => {
  it("stores the re-encoded image in the caller's remote prefix and echoes the original URL", async () => {
    const res = await remote.downloadImage('u1', { url: 'https://shop.example/photo.jpg' });
    expect(res).toEqual({
      url: '/api/public-image/uploads/remote/u1/R1.jpg',
      originalUrl: 'https://shop.example/photo.jpg',
    });
    expect(fetched).toEqual([
      { url: 'https://shop.example/photo.jpg', kind: 'image', maxBytes: REMOTE_FETCH.maxBytes },
    ]);
    const withOriginal = await remote.downloadImage('u1', {
      url: 'https://shop.example/photo.jpg',
      originalUrl: 'https://shop.example/item/1',
    });
    expect(withOriginal.originalUrl).toBe('https://shop.example/item/1');
    expect(media.keys('public')).toEqual(['uploads/remote/u1/R1.jpg', 'uploads/remote/u1/R2.jpg']);
  });

  it('a page is not an image: refused (unsupported type), nothing stored', async () => {
    await expect(remote.downloadImage('u1', { url: 'https://shop.example/item' })).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.unsupportedMediaType,
    });
    expect(media.keys('public')).toEqual([]);
  });
});

describe('scrape-url', () => {
  it('takes an image as is', async () => {
    expect(await remote.scrapeUrl('u1', { url: 'https://shop.example/photo.jpg' })).toEqual({
      image: '/api/public-image/uploads/remote/u1/R1.jpg',
    });
    expect(fetched.map((f) => f.kind)).toEqual(['page']);
  });

  it("fetches a page's og:image, resolved against the page's final address, as a second guarded fetch", async () => {
    expect(await remote.scrapeUrl('u1', { url: 'https://shop.example/item' })).toEqual({
      image: '/api/public-image/uploads/remote/u1/R1.jpg',
    });
    expect(fetched.map((f) => [f.kind, f.url])).toEqual([
      ['page', 'https://shop.example/item'],
      ['image', 'https://cdn.example/p/main.jpg'],
    ]);
  });

  it('a page without a preview image, or text, is 400 "No image found at this address"', async () => {
    for (const url of ['https://shop.example/no-preview', 'https://shop.example/text'])
      await expect(remote.scrapeUrl('u1', { url })).rejects.toMatchObject({
        status: 400,
        message: 'No image found at this address',
      });
    expect(media.keys('public')).toEqual([]);
  });
});

describe('the preview image of a page', () => {
  it('is found whatever the attribute order and quoting, by the preferred property, with entities decoded', () => {
    expect(findPreviewImage(`<meta name=twitter:image content=https://a.example/t.jpg>`)).toBe(
      'https://a.example/t.jpg',
    );
    expect(
      findPreviewImage(
        `<meta name="twitter:image" content="/t.jpg"><meta content='/o.jpg?a=1&amp;b=2' property='og:image'>`,
      ),
    ).toBe('/o.jpg?a=1&b=2');
    expect(findPreviewImage('<meta property="og:image" content="  ">')).toBeNull();
  });
});
