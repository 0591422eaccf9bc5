/**
 * Issue 26 (and the foundation of issue 25): the photo-profile form checks a picked person photo in the browser
 * with the Fitly engine, before anything is uploaded.
 * - A tiny portrait is refused by its size; a person-less portrait (a drawn landscape) and a person-less
 *   full-body photo (a drawn garment) are refused by the engine with the rule's own reason; the save stays
 *   disabled; nothing is uploaded (every request recorded). The fixture people are accepted.
 * - The engine loads lazily, with a progress bar, from hashed immutable assets, under the site's CSP (no
 *   violation); the landing page and the dashboard load none of it (requests, and the built chunks' static
 *   imports). The bytes of a cold first check and the check's time are printed (docs/performance.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import sharp from 'sharp';
import type { Page, Response } from 'playwright-core';
import { describeE2E, photoCheckOf, signIn, useBrowser } from '../support/e2e';
import { FULL_BODY_FIXTURE, PORTRAIT_FIXTURE } from '../support/api-client';
import { PHOTO_CHECK_TEXTS } from '../../shared/domain/body-check';
import { REFUSAL_MESSAGES } from '../../shared/engine/checks/refusal';

const app = useBrowser();
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'web/dist');
const GARMENTS = path.join(root, 'test/fixtures/garments');

/** Files of the engine: its worker, TensorFlow.js chunks, the WASM backend's binaries, the models. */
const ENGINE_ASSET =
  /\/assets\/(engine-worker|browser-runtime|tfjs-backend-(webgl|wasm)|movenet-thunder|selfie)[-.][^/]*$/;

/** The engine's data: the models and the WASM backend's binaries (12.9 MB), kept in Cache Storage. */
const ENGINE_DATA = /\/assets\/(movenet-thunder|selfie)[-.][^/]*$|\.wasm$/;

/** A drawn landscape (sky, hills, a sun): no person in it, 900 x 600. */
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
      <rect width="900" height="600" fill="#8ec5ef"/><circle cx="700" cy="140" r="60" fill="#ffd54a"/>
      <path d="M0 420 Q 220 300 450 410 T 900 380 V 600 H 0 Z" fill="#4c8c3c"/>
      <path d="M0 500 Q 300 430 600 500 T 900 480 V 600 H 0 Z" fill="#2f6b2a"/></svg>`),
  )
    .jpeg()
    .toBuffer();

async function pick(page: Page, name: 'portrait' | 'fullBody', file: string, buffer: Buffer) {
  await page.locator(`input[type=file][name=${name}]`).setInputFiles({ name: file, mimeType: 'image/jpeg', buffer });
}

/** The field's error text (role=alert). */
const alertOf = (page: Page, name: 'portrait' | 'fullBody') =>
  page
    .locator('[role=group]')
    .filter({ has: page.locator(`input[type=file][name=${name}]`) })
    .getByRole('alert');

describeE2E('the photo check at pick time (the Fitly engine in the browser)', () => {
  it(
    'refuses a tiny or person-less photo when picked, with the reason, uploads nothing, and accepts the fixture people',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await app.open();
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
        );
      });
      const watch = (m: { text(): string }) => {
        if (/CSP violation|Content Security Policy/i.test(m.text())) violations.push(m.text());
      };
      page.on('console', watch);
      // the engine runs in a Web Worker, which logs its own violations
      page.on('worker', (w) => w.on('console', watch));
      const requests: string[] = [];
      const engineResponses: Response[] = [];
      page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
      page.on('response', (r) => {
        if (ENGINE_ASSET.test(new URL(r.url()).pathname)) engineResponses.push(r);
      });

      // the landing page and the dashboard load nothing of the engine
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await signIn(page, 'shopper@example.com');
      await page.getByTestId('dashboard-heading').waitFor();
      await page.waitForLoadState('networkidle');
      expect(requests.filter((r) => ENGINE_ASSET.test(r))).toEqual([]);

      await page.goto('/profiles/new');
      await page.getByRole('heading', { level: 1, name: 'Create Photo Profile' }).waitFor();
      requests.length = 0;
      const save = page.getByRole('button', { name: 'Create Profile' });

      // a tiny portrait: refused by its size, before the engine is needed
      const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#d0d0d0' } })
        .jpeg()
        .toBuffer();
      await pick(page, 'portrait', 'tiny.jpg', tiny);
      await alertOf(page, 'portrait')
        .filter({ hasText: 'This photo is 100 x 100 pixels. Use a portrait of at least 400 x 400 pixels.' })
        .waitFor();
      expect(await page.getByRole('img', { name: 'Portrait photo preview' }).count()).toBe(0);

      // a person-less portrait: "Checking your photo…", the engine's download with its progress, then the reason
      await page.evaluate(() => {
        const w = window as unknown as { seen: string[] };
        w.seen = [];
        new MutationObserver(() => {
          const bar = document.querySelector(
            '[role=progressbar][aria-label="Portrait photo: Loading the photo check"]',
          );
          if (bar) w.seen.push(bar.getAttribute('aria-valuenow') ?? '');
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      // a download at 20 MB/s, so that its progress has time to show
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const throttle = (downloadThroughput: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput,
          uploadThroughput: -1,
        });
      await throttle(20 * 1024 * 1024);
      const started = Date.now();
      await pick(page, 'portrait', 'landscape.jpg', await landscape());
      await page.getByRole('status').filter({ hasText: PHOTO_CHECK_TEXTS.checking }).waitFor();
      expect(await photoCheckOf(page, 'portrait')).toBe('refused');
      const coldMs = Date.now() - started;
      await throttle(-1);
      expect(await alertOf(page, 'portrait').innerText()).toBe(REFUSAL_MESSAGES.no_face);
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen.map(Number));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      // the refused photo stays shown with its reason; the form cannot be saved with it
      await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
      await page.getByLabel('Profile name').fill('Checked');
      await page.getByRole('button', { name: 'Use this example: women, athletic' }).click();
      await page.getByRole('checkbox', { name: /These photos show me/ }).check();
      await page.getByText(PHOTO_CHECK_TEXTS.refusedSave).waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // a person-less full-body photo (a drawn dress): the full-body rule's reason
      await pick(page, 'fullBody', 'dress.jpg', await readFile(path.join(GARMENTS, 'dress-white.jpg')));
      expect(await photoCheckOf(page, 'fullBody')).toBe('refused');
      expect(await alertOf(page, 'fullBody').innerText()).toBe(REFUSAL_MESSAGES.no_person);

      // the fixture people: accepted (a warm check: the engine is loaded)
      // the refused photos removed (their verdict goes with them), the fixture people picked
      await page.getByRole('button', { name: 'Remove portrait photo' }).click();
      await page.getByRole('button', { name: 'Remove full-body photo' }).click();
      const warm = Date.now();
      await pick(page, 'portrait', 'portrait.jpg', await readFile(PORTRAIT_FIXTURE));
      expect(await photoCheckOf(page, 'portrait')).toBe('ok');
      const warmMs = Date.now() - warm;
      await pick(page, 'fullBody', 'full-body.jpg', await readFile(FULL_BODY_FIXTURE));
      expect(await photoCheckOf(page, 'fullBody')).toBe('ok');
      expect(await alertOf(page, 'portrait').count()).toBe(0);
      expect(await alertOf(page, 'fullBody').count()).toBe(0);
      await page.getByRole('img', { name: 'Full-body photo preview' }).waitFor();
      await save.waitFor();
      expect(await save.isEnabled()).toBe(true);

      // nothing left the browser but the engine's own files: no upload, no API write
      expect(requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
      expect(requests.filter((r) => /\/s3\/|\/api\/uploads/.test(r))).toEqual([]);
      // none from the engine: its files, WebAssembly's compilation ('wasm-eval'), a worker. (zod's one-time
      // `Function('')` probe for its JIT, in a try/catch, reports an eval violation wherever zod parses: not ours.)
      expect(
        violations.filter((v) => ENGINE_ASSET.test(v) || /wasm-eval|worker-src|\bblob:/.test(v) || !/eval/.test(v)),
      ).toEqual([]);

      // the engine's files: hashed, immutable; the bytes of a cold first check
      const backend = await page.locator('[data-check-backend]').first().getAttribute('data-check-backend');
      const checkMs = await page.locator('[data-check-ms]').first().getAttribute('data-check-ms');
      let bytes = 0;
      const files: string[] = [];
      for (const r of engineResponses) {
        expect(r.status()).toBe(200);
        expect(r.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
        const size = (await r.body()).length;
        bytes += size;
        files.push(`${path.basename(new URL(r.url()).pathname)} ${size}`);
      }
      console.log(
        `[photo-check] backend ${backend}; cold first check ${coldMs} ms (load + check), warm check ${warmMs} ms ` +
          `(engine ${checkMs} ms); engine bytes downloaded ${bytes} (${(bytes / 1e6).toFixed(2)} MB):\n  ${files.join('\n  ')}`,
      );
      expect(files.some((f) => f.startsWith('movenet-thunder'))).toBe(true);
      expect(bytes).toBeLessThanOrEqual(20e6);

      // a second visit (a new page, the same browser; its HTTP cache lives in memory and cannot hold the 12.5 MB
      // model): the engine's models and WASM binary come from its Cache Storage, so not one of them is requested
      // (issue 39), and no page logs a cache miss
      const second = await context.newPage();
      const again: string[] = [];
      const consoleErrors: string[] = [];
      second.on('request', (r) => {
        if (ENGINE_DATA.test(new URL(r.url()).pathname)) again.push(new URL(r.url()).pathname);
      });
      second.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      await second.goto('/profiles/new');
      await second.getByRole('heading', { level: 1, name: 'Create Photo Profile' }).waitFor();
      await pick(second, 'fullBody', 'full-body.jpg', await readFile(FULL_BODY_FIXTURE));
      expect(await photoCheckOf(second, 'fullBody')).toBe('ok');
      // the check says it passed
      await second.getByTestId('photo-check-passed').waitFor();
      expect(again).toEqual([]);
      expect(consoleErrors.filter((e) => /ERR_CACHE_MISS/.test(e))).toEqual([]);
      await context.close();
    },
  );

  it("keeps TensorFlow.js out of the landing page's and the dashboard's JavaScript (the built chunks)", () => {
    const assets = path.join(dist, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const read = (f: string) => readFileSync(path.join(assets, f), 'utf8');
    /** A chunk's static imports, transitively (dynamic `import()`s are not followed: they load on demand). */
    const closure = (start: string[]) => {
      const seen = new Set<string>();
      const visit = (f: string) => {
        if (seen.has(f)) return;
        seen.add(f);
        for (const m of read(f).matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]!);
      };
      start.forEach(visit);
      return [...seen];
    };
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
    const chunk = (prefix: string) => {
      const f = js.find((x) => x.startsWith(`${prefix}-`));
      expect(f, prefix).toBeTruthy();
      return f!;
    };
    // tfjs-core's own code (its backend registry and the graph model loader of tfjs-converter)
    const isTf = (f: string) => /registerBackend|loadGraphModel/.test(read(f));
    expect(isTf(chunk('browser-runtime'))).toBe(true);
    const landing = closure([...entry, chunk('landing-page')]);
    const dashboard = closure([...entry, chunk('dashboard-page')]);
    expect(landing.length).toBeGreaterThan(3);
    expect(landing.filter(isTf)).toEqual([]);
    expect(dashboard.filter(isTf)).toEqual([]);
    expect([...landing, ...dashboard].filter((f) => /^(browser-runtime|tfjs)/.test(f))).toEqual([]);
  });
});
