/** Chromium (Debian's) through playwright-core, with the flags this machine needs. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
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
