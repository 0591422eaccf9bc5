/**
 * Issue 25's preview in headless Chromium (no GPU here: the engine's WASM backend) against the running stack:
 * - a cold cache: the bytes the first preview downloads (engine chunk, TensorFlow.js, wasm, models) and its time;
 * - the models cached (the browser's disk cache, as a returning person's): the first preview on a page clicked at
 *   once (the engine starts, reads the photo, draws), and the first preview on a page whose idle warm-up has read
 *   the photo and the look (the click only draws: the "first preview after the models are cached"); then
 *   the next looks';
 * - side by side in the same run, the Node engine (the render worker's path) on the same photo and garments:
 *   the browser's next-look time over the Node warm render's.
 */
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { newPersistentPage } from '../support/browser';
import { createPhotoProfile, fullBodyJpeg } from '../support/api-client';
import type { RgbaImage } from '../../shared/engine/core/types';
import { publicMediaUrl } from '../../shared/domain/image-ref';

async function rgba(bytes: Buffer, maxSide: number): Promise<RgbaImage> {
  const { data, info } = await sharp(bytes)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The render worker's engine (Node, TensorFlow.js WASM) on the same photo and the same looks, the photo read once
 * as the preview does: the time of each next look (its garment read, then the try-on).
 */
async function nodeNextLooks(base: string, looks: string[]): Promise<number[]> {
  const { nodeModelRuntime, warmEngineModels } = await import('../../functions/engine/node-runtime');
  const { tryOn, analyzePerson } = await import('../../shared/engine');
  const { ENGINE_GARMENT_SOURCE } = await import('../../shared/domain/catalog');
  await warmEngineModels();
  const person = await rgba(await fullBodyJpeg(600), 768);
  const analysis = await analyzePerson(nodeModelRuntime, person);
  const cache = { prepared: new WeakMap(), scenes: new WeakMap() };
  const out: number[] = [];
  for (const [i, look] of looks.entries()) {
    const res = await fetch(`${base}/api/styles/${look}`);
    const style = (await res.json()) as { promptImageUrl: string; styleImageType: keyof typeof ENGINE_GARMENT_SOURCE };
    const img = await fetch(`${base}${publicMediaUrl(style.promptImageUrl) ?? style.promptImageUrl}`);
    const garment = await rgba(Buffer.from(await img.arrayBuffer()), 1024);
    const t = performance.now();
    await tryOn(
      nodeModelRuntime,
      person,
      [{ image: garment, slot: null, source: ENGINE_GARMENT_SOURCE[style.styleImageType] }],
      { analysis, ...cache },
    ).catch(() => undefined);
    // the first try-on reads the photo's scene; the next ones are what a flip costs
    if (i > 0) out.push(Math.round(performance.now() - t));
  }
  return out;
}

type Row = (name: string, value: string, target: string) => void;

const ENGINE_ASSET =
  /\/assets\/(engine-worker|browser-runtime|tfjs-backend-(webgl|wasm)|movenet-thunder|selfie|preview-on-me-body)[-.][^/]*$/;

async function shown(page: Page, notLook: string) {
  await page.waitForFunction(
    (prev) => {
      const d = document.querySelector('[data-testid=preview-dialog]');
      return d?.getAttribute('data-shot') === 'done' && d.getAttribute('data-look') !== prev;
    },
    notLook,
    { timeout: 300_000 },
  );
  const d = page.getByTestId('preview-dialog');
  return {
    look: (await d.getAttribute('data-look'))!,
    ms: Number(await d.getAttribute('data-ms')),
    backend: (await d.getAttribute('data-backend'))!,
    timings: JSON.parse((await d.getAttribute('data-timings')) || '{}') as Record<string, number>,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchPreview(base: string, token: string, row: Row, flips = 5) {
  const profileId = await createPhotoProfile(base, token, `Bench preview ${Date.now()}`);
  await fetch(`${base}/api/photo-profiles/${profileId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ isDefault: true }),
  });
  // a browser profile on disk (its HTTP cache keeps the 12.5 MB model; a fresh context's memory cache does not)
  const { context, page } = await newPersistentPage(base, { width: 1280, height: 900 });
  context.setDefaultTimeout(120_000);
  try {
    let bytes = 0;
    const sizes: Promise<void>[] = [];
    page.on('response', (r: Response) => {
      if (!ENGINE_ASSET.test(new URL(r.url()).pathname)) return;
      sizes.push(
        r.body().then(
          (b) => void (bytes += b.length),
          () => undefined,
        ),
      );
    });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'Demo-pass-1');
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));

    // cold: nothing of the engine in the browser's cache yet
    await page.goto('/style/seed-style-01');
    const t0 = Date.now();
    await page.getByTestId('preview-on-me').click();
    const cold = await shown(page, '');
    const coldWall = Date.now() - t0;
    await Promise.all(sizes);
    // a reload's cache hits fire 'response' too: the cold figure is what came before it
    const coldBytes = bytes;

    // cached, clicked at once: a reload (the engine and models come from the browser's cache), the click before
    // the page's warm-up has read anything
    await page.reload();
    const t1 = Date.now();
    await page.getByTestId('preview-on-me').click();
    const atOnce = await shown(page, '');
    const atOnceWall = Date.now() - t1;

    // cached, after the idle warm-up: another style page, its warm-up done (the photo and the look read, the
    // engine's code compiled), then the click
    await page.goto('/style/seed-style-02');
    const tWarm = Date.now();
    await page.locator('[data-testid=preview-on-me][data-warm=ready]').waitFor({ timeout: 300_000 });
    const warmUpWall = Date.now() - tWarm;
    const t2 = Date.now();
    await page.getByTestId('preview-on-me').click();
    const warm = await shown(page, '');
    const warmWall = Date.now() - t2;
    const next: number[] = [];
    const seen = [warm.look];
    let prev = warm.look;
    for (let i = 0; i < flips; i++) {
      // a look is read ahead of time while the one before is shown: wait for that as a person would look
      await page.waitForTimeout(1500); // a viewer looks at the preview (the next look is read meanwhile): a pause, not a condition
      await page.getByRole('button', { name: 'Next look' }).click();
      const s = await shown(page, prev);
      next.push(s.ms);
      seen.push(s.look);
      prev = s.look;
    }
    const backend = warm.backend.toUpperCase();
    const nextP50 = median(next);
    row('preview: bytes of a cold first preview (engine + models)', `${(coldBytes / 1e6).toFixed(1)} MB`, '<= 20 MB');
    row(`preview: cold first preview, click to image (${backend})`, `${(coldWall / 1000).toFixed(1)} s`, '-');
    row(
      `preview: first preview, models cached, after the page's warm-up (${backend}, engine / click to image)`,
      `${(warm.ms / 1000).toFixed(2)} s / ${(warmWall / 1000).toFixed(2)} s`,
      '<= 1.5 s',
    );
    row(
      `preview: the page's warm-up, page load to ready (${backend}, in the worker, while the page is idle)`,
      `${(warmUpWall / 1000).toFixed(2)} s`,
      '-',
    );
    row(
      `preview: first preview, models cached, clicked before any warm-up (${backend}, engine / click to image)`,
      `${(atOnce.ms / 1000).toFixed(2)} s / ${(atOnceWall / 1000).toFixed(2)} s`,
      '-',
    );
    row(`preview: next look, p50 of ${flips} (${backend}, engine)`, `${nextP50} ms`, '<= 500 ms');
    const node = await nodeNextLooks(base, seen);
    const nodeP50 = median(node);
    row(
      'preview: next look, browser / Node engine (same photo and looks, same run)',
      `${(nextP50 / nodeP50).toFixed(2)} (${nextP50} / ${nodeP50} ms)`,
      '-',
    );
    return {
      bytes: coldBytes,
      coldWallMs: coldWall,
      cold,
      warm,
      warmWallMs: warmWall,
      warmUpWallMs: warmUpWall,
      atOnce,
      atOnceWallMs: atOnceWall,
      nextMs: next,
      nextP50,
      nodeNextMs: node,
      nodeP50,
      backend,
    };
  } finally {
    await context.close();
    await fetch(`${base}/api/photo-profiles/${profileId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
}
