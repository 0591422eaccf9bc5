/** Chromium (Debian's) through playwright-core, with the flags this machine needs. */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: BROWSER_ARGS,
  });
}

export interface E2EPage {
  context: BrowserContext;
  page: Page;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<E2EPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';

/**
 * A browser with a profile on disk, as a person's own browser is: its HTTP cache is a disk cache (a fresh
 * context's in-memory cache does not keep a 12.5 MB file such as the engine's pose model). Closing the context
 * removes the profile: asynchronously and with retries, because Chromium's last writes into the profile can
 * land while it is being removed (ENOTEMPTY), and a profile left in /tmp must not fail the run.
 */
export async function newPersistentPage(
  baseURL: string,
  opts: { width?: number; height?: number } = {},
): Promise<E2EPage> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tryon-browser-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: BROWSER_ARGS,
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: 'light',
  });
  context.on('close', () => {
    rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch((error: unknown) => {
      console.warn(`[browser] could not remove the profile ${dir}:`, error);
    });
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * The page has settled: web fonts loaded, nothing marked busy (skeletons and pending lists carry aria-busy), and
 * every finite animation or transition (a theme's colour transition, an entrance) finished: what axe's colour
 * contrast and a layout check must see. Endless ones (a spinner) are left running.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('[aria-busy="true"]') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
