/**
 * Media requests per page view: /explore (public style covers) and /profiles (private portraits) for a
 * signed-in user, first view and revisit (a full reload, as when coming back later). Counts what reaches the
 * network, separately for image-URL resolutions (/api/public-image, /api/private-image: an API call, a Lambda
 * run and a HeadObject each) and image bytes (/s3/... presigned, /media/... the public path served by CloudFront
 * in AWS), using Chromium's own cache accounting (CDP Network events), so a browser-cache hit is not counted.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';

export interface PageViewCounts {
  /** API calls that sign an image URL. */
  resolve: number;
  /** Image bytes fetched from the network (presigned /s3/ or public /media/). */
  imageBytes: number;
  /** Of those, public images through /media/ (CloudFront in AWS). */
  publicMedia: number;
  /** Media requests answered by the browser cache. */
  fromCache: number;
}

async function countView(
  page: Page,
  cdp: CDPSession,
  url: string,
  ready: (p: Page) => Promise<void>,
): Promise<PageViewCounts> {
  const seen = new Map<string, string>();
  const cached = new Set<string>();
  const onSent = (e: { requestId: string; request: { url: string } }) =>
    seen.set(e.requestId, new URL(e.request.url).pathname);
  const onCached = (e: { requestId: string }) => cached.add(e.requestId);
  const onResponse = (e: { requestId: string; response: { fromDiskCache?: boolean; fromPrefetchCache?: boolean } }) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
  };
  cdp.on('Network.requestWillBeSent', onSent);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.responseReceived', onResponse);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  cdp.off('Network.requestWillBeSent', onSent);
  cdp.off('Network.requestServedFromCache', onCached);
  cdp.off('Network.responseReceived', onResponse);
  const counts: PageViewCounts = { resolve: 0, imageBytes: 0, publicMedia: 0, fromCache: 0 };
  for (const [id, path] of seen) {
    const media = /^\/api\/(public|private)-image\//.test(path)
      ? 'resolve'
      : path.startsWith('/s3/') || path.startsWith('/media/')
        ? 'imageBytes'
        : null;
    if (!media) continue;
    if (cached.has(id)) counts.fromCache++;
    else {
      counts[media]++;
      if (path.startsWith('/media/')) counts.publicMedia++;
    }
  }
  return counts;
}

export async function benchMediaCache(
  base: string,
  email: string,
  password: string,
): Promise<Record<string, { first: PageViewCounts; revisit: PageViewCounts }>> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    const out: Record<string, { first: PageViewCounts; revisit: PageViewCounts }> = {};
    const pages: [string, (p: Page) => Promise<void>][] = [
      ['/explore', (p) => p.locator('main img').first().waitFor()],
      ['/profiles', (p) => p.locator('main img').first().waitFor()],
    ];
    for (const [url, ready] of pages) {
      const first = await countView(page, cdp, url, ready);
      await page.goto('/dashboard');
      const revisit = await countView(page, cdp, url, ready);
      out[url] = { first, revisit };
    }
    return out;
  } finally {
    await browser.close();
  }
}
