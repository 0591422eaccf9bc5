/**
 * Remote images (POST /api/download-image, POST /api/scrape-url): fetched through the SSRF guard (safe-fetch),
 * run through the image pipeline like every upload, stored in the caller's public remote prefix.
 */
import { ulid } from 'ulid';
import { badRequest } from '../../shared/errors';
import type { DownloadImageInput, ScrapeUrlInput } from '../../shared/schemas/upload';
import { processImage, sniffImageType, type ProcessImageOptions, type ProcessedImage } from '../lib/image-pipeline';
import { mediaKeys, publicImagePath, putImage } from '../lib/media-store';
import { safeFetch, safeFetchImage, type FetchedResource, type SafeFetchOptions } from '../lib/safe-fetch';

export const REMOTE_FETCH = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;
/** How much of an HTML page is searched for og:image / twitter:image. */
export const HTML_SCAN_BYTES = 1024 * 1024;

/**
 * Only what tests may vary: where addresses are allowed (a local server) and how names resolve. The route
 * handlers never pass it, so production always runs the strict default policy.
 */
export type RemoteFetchOverrides = Pick<SafeFetchOptions, 'addressPolicy' | 'resolve'>;

/** What fetching a remote image works with (production: safe-fetch, the image pipeline, the public bucket). */
export interface RemoteImageDeps {
  fetchPage: (url: string, opts: SafeFetchOptions) => Promise<FetchedResource>;
  fetchImage: (url: string, opts: Omit<SafeFetchOptions, 'htmlMaxBytes'>) => Promise<FetchedResource>;
  processImage: (bytes: Buffer, opts: ProcessImageOptions) => Promise<ProcessedImage>;
  put: (bucket: 'public', key: string, body: Buffer, contentType: string) => Promise<void>;
  newId: () => string;
}

export function remoteImageUseCases({ fetchPage, fetchImage, processImage, put, newId }: RemoteImageDeps) {
  async function storeRemote(userId: string, bytes: Buffer): Promise<string> {
    const img = await processImage(bytes, {
      maxBytes: REMOTE_FETCH.maxBytes,
      alpha: 'keep',
      safety: { kind: 'remote_image', userId },
    });
    const key = mediaKeys.remote(userId, newId(), img.ext);
    await put('public', key, img.buffer, img.contentType);
    return publicImagePath(key);
  }

  /** POST /api/download-image: copy an image from the web into our bucket. */
  async function downloadImage(
    userId: string,
    input: DownloadImageInput,
    overrides: RemoteFetchOverrides = {},
  ): Promise<{ url: string; originalUrl: string }> {
    const fetched = await fetchImage(input.url, { ...REMOTE_FETCH, ...overrides });
    const url = await storeRemote(userId, fetched.bytes);
    return { url, originalUrl: input.originalUrl || input.url };
  }

  /** POST /api/scrape-url: the image at the address, or the page's preview image (og:image, twitter:image). */
  async function scrapeUrl(
    userId: string,
    input: ScrapeUrlInput,
    overrides: RemoteFetchOverrides = {},
  ): Promise<{ image: string }> {
    const page = await fetchPage(input.url, {
      ...REMOTE_FETCH,
      ...overrides,
      htmlMaxBytes: HTML_SCAN_BYTES,
      accept: 'text/html,application/xhtml+xml,image/*;q=0.9,*/*;q=0.5',
    });
    if (sniffImageType(page.bytes)) return { image: await storeRemote(userId, page.bytes) };
    const looksHtml =
      (page.contentType ?? '').includes('html') || /^\s*</.test(page.bytes.subarray(0, 512).toString('latin1'));
    const found = looksHtml ? findPreviewImage(page.bytes.toString('utf8')) : null;
    if (!found) throw badRequest('No image found at this address');
    let target: string;
    try {
      target = new URL(found, page.finalUrl).toString();
    } catch {
      throw badRequest('No image found at this address');
    }
    const fetched = await fetchImage(target, { ...REMOTE_FETCH, ...overrides });
    return { image: await storeRemote(userId, fetched.bytes) };
  }

  return { downloadImage, scrapeUrl };
}

const production = () =>
  remoteImageUseCases({
    fetchPage: safeFetch,
    fetchImage: safeFetchImage,
    processImage,
    put: putImage,
    newId: () => ulid(),
  });

/** POST /api/download-image (production wiring). */
export const downloadImage = (userId: string, input: DownloadImageInput, overrides: RemoteFetchOverrides = {}) =>
  production().downloadImage(userId, input, overrides);

/** POST /api/scrape-url (production wiring). */
export const scrapeUrl = (userId: string, input: ScrapeUrlInput, overrides: RemoteFetchOverrides = {}) =>
  production().scrapeUrl(userId, input, overrides);

const PREVIEW_PROPERTIES = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'];

/** The first preview-image meta tag of a page (attribute order and quoting vary in the wild). */
export function findPreviewImage(html: string): string | null {
  const found = new Map<string, string>();
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs: Record<string, string> = {};
    for (const [, name, dq, sq, bare] of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      if (name) attrs[name.toLowerCase()] = dq ?? sq ?? bare ?? '';
    }
    const prop = (attrs.property ?? attrs.name ?? '').toLowerCase();
    const content = decodeEntities((attrs.content ?? '').trim());
    if (PREVIEW_PROPERTIES.includes(prop) && content && !found.has(prop)) found.set(prop, content);
  }
  for (const p of PREVIEW_PROPERTIES) if (found.has(p)) return found.get(p)!;
  return null;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
