import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { confirmSpend, describeE2E, itFull, signIn, useBrowser, idToken, photoCheckOf } from '../support/e2e';
import { fileURLToPath } from 'node:url';
import { photoProfileForm, PORTRAIT_FIXTURE } from '../support/api-client';

const GARMENT_FIXTURE = fileURLToPath(new URL('../fixtures/garments/tee-white.jpg', import.meta.url));

const app = useBrowser();

/** A slow uplink (8 MB/s), so an upload's progress bar has time to move. */
async function slowUplink(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 8 * 1024 * 1024,
  });
}

/**
 * About 12 MB: a product photo of a tee (the engine checks that an outfit image shows a garment) at 2400 x 2300
 * under strong per-pixel noise, which JPEG cannot compress.
 */
async function bigJpeg() {
  const width = 2400;
  const height = 2300;
  const data = await sharp(GARMENT_FIXTURE)
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = randomBytes(data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + ((noise[i]! * 96) >> 8) - 48));
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/**
 * A 12 MB portrait with a face in it (the form checks a picked portrait in the browser): the fixture portrait at
 * 2300 x 2400 under strong per-pixel noise, which JPEG cannot compress.
 */
async function bigPortraitJpeg() {
  const width = 2300;
  const height = 2400;
  const data = await sharp(PORTRAIT_FIXTURE).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const noise = randomBytes(data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + ((noise[i]! * 96) >> 8) - 48));
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

describeE2E('direct uploads: a 12 MB outfit through Try Custom Look', () => {
  it('uploads straight to S3 with a real progress bar and starts the generation', { timeout: 150_000 }, async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    const token = (await idToken(page))!;

    // a profile with a full-body photo (a product laydown without a prompt is Exact mode)
    const fd = await photoProfileForm(`Upload ${Date.now()}`, { gender: '' });
    expect(
      (
        await fetch(`${app.baseUrl}/api/photo-profiles`, {
          method: 'POST',
          body: fd,
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(201);

    const big = await bigJpeg();
    expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
    expect(big.length).toBeLessThan(15 * 1024 * 1024);

    await page.goto('/try-custom-look');
    await page.getByRole('heading', { level: 1, name: 'Try Custom Look' }).waitFor();
    // the Fitly engine renders here: it takes product photos (a photo of a model wearing it is refused before
    // any credit is spent, issue 38)
    await page.getByText('Product Laydown', { exact: true }).click();
    await slowUplink(context, page);

    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    // record every value the bar takes (the upload starts as soon as the file is chosen: no Upload click)
    await page.evaluate(() => {
      (window as unknown as { seen: string[] }).seen = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar]');
        if (bar) (window as unknown as { seen: string[] }).seen.push(bar.getAttribute('aria-valuenow') ?? '');
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await page.getByTestId('outfit-file').setInputFiles({ name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: big });
    await page.getByAltText('Outfit preview').waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
    const seen = (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).map(Number);
    const intermediate = [...new Set(seen.filter((v) => v > 0 && v < 95))];
    expect(intermediate.length, `progress values: ${seen.join(',')}`).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen); // never goes back
    // the bytes went to the bucket, not through the API
    expect(requests).toEqual(
      expect.arrayContaining([
        'POST /api/uploads',
        'POST /s3/' + requests.find((r) => r.startsWith('POST /s3/'))!.slice('POST /s3/'.length),
        'POST /api/uploads/complete',
      ]),
    );
    expect(requests.filter((r) => r.startsWith('POST /api/uploads/outfit'))).toEqual([]);

    await page.getByTestId('generate-my-look').click();
    // the cost is asked before the credit is spent (issue 39)
    await confirmSpend(page);
    await page.waitForURL(/\/generation\/[\w-]+$/);
    await page.getByText('Generation started!', { exact: true }).first().waitFor();
    const list = (await (
      await fetch(`${app.baseUrl}/api/generations`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { inputs?: { imageUrl?: string }; imageUrl?: string }[];
    expect(JSON.stringify(list[0])).toMatch(/users\/[^/]+\/outfits\/[0-9A-Z]{26}\.jpg/);
  });

  // full suite only: the presigned POST's size policy is test/integration/direct-uploads.test.ts's, the progress
  // bar and the straight-to-S3 path are the first case's
  itFull(
    'creates a photo profile with a 12 MB portrait sent straight to S3, with a real progress bar',
    { timeout: 150_000 },
    async () => {
      const { page, context } = await app.open();
      await signIn(page, 'shopper@example.com');
      const big = await bigPortraitJpeg();
      expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
      expect(big.length).toBeLessThan(15 * 1024 * 1024);
      const name = `Big portrait ${Date.now().toString(36)}`;

      await page.goto('/profiles/new');
      await page.getByRole('heading', { level: 1, name: 'Create Photo Profile' }).waitFor();
      await page.getByLabel('Profile name').fill(name);
      await page
        .locator('input[type=file][name=portrait]')
        .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: big });
      await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
      expect(await photoCheckOf(page, 'portrait')).toBe('ok');
      await page.getByRole('button', { name: 'Use this example: women, athletic' }).click();
      await page.getByRole('checkbox', { name: /These photos show me/ }).check();

      await slowUplink(context, page);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
      await page.evaluate(() => {
        (window as unknown as { seen: string[] }).seen = [];
        new MutationObserver(() => {
          const bar = document.querySelector('[role=progressbar][aria-label="Portrait photo upload progress"]');
          if (bar) (window as unknown as { seen: string[] }).seen.push(bar.getAttribute('aria-valuenow') ?? '');
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      await page.getByRole('button', { name: 'Create Profile' }).click();
      // the bar is visible while the bytes go up
      await page.getByRole('progressbar', { name: 'Portrait photo upload progress' }).waitFor();
      await page.waitForURL((url) => url.pathname === '/profiles', { timeout: 90_000 });
      await page.getByText('Profile created', { exact: true }).first().waitFor();

      const seen = (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).map(Number);
      const intermediate = [...new Set(seen.filter((v) => v > 0 && v < 95))];
      expect(intermediate.length, `progress values: ${seen.join(',')}`).toBeGreaterThanOrEqual(3);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      // presign, the bytes to the bucket, then the profile by upload id (no photo through the API)
      const posts = requests.filter((r) => r.startsWith('POST '));
      expect(posts[0]).toBe('POST /api/uploads');
      expect(posts[1]).toMatch(/^POST \/s3\//);
      expect(posts.at(-1)).toBe('POST /api/photo-profiles');
      expect(posts).not.toContain('POST /api/uploads/complete');

      const token = (await idToken(page))!;
      const profiles = (await (
        await fetch(`${app.baseUrl}/api/photo-profiles`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { name: string; portraitUrl: string }[];
      const created = profiles.find((p) => p.name === name)!;
      expect(created.portraitUrl).toMatch(
        /^\/api\/private-image\/users\/[^/]+\/photo-profiles\/[0-9A-Z]{26}\/portrait-[0-9A-Z]{26}\.jpg$/,
      );
      const signed = await fetch(`${app.baseUrl}${created.portraitUrl}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signed.status).toBe(200);
      // clean up: the demo shopper's profile count stays as it was
      const id = created.portraitUrl.split('/')[6];
      expect(
        (
          await fetch(`${app.baseUrl}/api/photo-profiles/${id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(204);
    },
  );

  // full suite only: the refusal and its message are web/src/components/image-upload/image-upload.test.tsx's
  itFull(
    'refuses a file over 15 MB in the browser with the spec message, sending nothing',
    { timeout: 60_000 },
    async () => {
      const { page } = await app.open();
      await signIn(page, 'shopper@example.com');
      await page.goto('/try-custom-look');
      await page.getByRole('heading', { level: 1, name: 'Try Custom Look' }).waitFor();
      const sent: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && sent.push(r.url()));
      await page
        .getByTestId('outfit-file')
        .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(15 * 1024 * 1024 + 1) });
      await page.getByRole('alert').filter({ hasText: 'File too large. The image must be at most 15 MB.' }).waitFor();
      expect(await page.getByRole('progressbar').count()).toBe(0);
      expect(sent).toEqual([]);
    },
  );
});

describeE2E('direct uploads from a page opened at 127.0.0.1 (issue 24)', () => {
  it('signs in and uploads straight to the bucket on the origin the browser used', { timeout: 120_000 }, async () => {
    // the stack is started as localhost; the same app opened by its IP must upload too (presigned URLs are
    // relative, so the page's own CSP allows them)
    const ipBase = app.baseUrl.replace('//localhost:', '//127.0.0.1:');
    expect(ipBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { page, context } = await app.openAt(ipBase);
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to connect/i.test(m.text()))
        cspErrors.push(m.text());
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await signIn(page, 'shopper@example.com');
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');

    await page.goto('/try-custom-look');
    await page.getByRole('heading', { level: 1, name: 'Try Custom Look' }).waitFor();
    const small = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('outfit-file').setInputFiles({ name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: small });
    await page.getByAltText('Outfit preview').waitFor();
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });

    const s3Posts = posts.filter((u) => new URL(u).pathname.startsWith('/s3/'));
    expect(s3Posts).toHaveLength(1);
    expect(new URL(s3Posts[0]!).origin).toBe(ipBase);
    expect(posts.map((u) => new URL(u).pathname)).toContain('/api/uploads/complete');
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
