/** Helpers for browser tests: the running app's URL, a browser per file, sign-in as a demo account. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, inject, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expect as pwExpect } from 'vitest';
import { launchBrowser, newPage, DEMO_PASSWORD, type E2EPage } from './browser';
import { appStatusFile, appWantedFile, type AppStatus } from './e2e-apps';

export const e2eConfig = () => inject('e2e');

/** describe() that is skipped (loudly, by the global setup) when Chromium is missing outside CI. */
export const describeE2E = (name: string, fn: () => void) =>
  inject('e2e') ? describe(name, fn) : describe.skip(name, fn);

/**
 * A slow browser case whose rule is also covered by a faster test (named where it is used): out of `npm test`,
 * which CI runs within its 25-minute budget, and run with the whole browser suite by `npm run test:e2e:full`.
 */
export const itFull = process.env.E2E_FULL === '1' ? it : it.skip;

/**
 * The app of this worker (test/support/e2e-global-setup.ts: one per worker, started in the background): asks for
 * it, and resolves with its URL once it is up; throws with the reason when it could not start.
 */
export async function workerApp(e2e: { apps: number; statusDir: string }): Promise<string> {
  const k = (((Number(process.env.VITEST_POOL_ID) || 1) - 1) % e2e.apps) + 1;
  const statusFile = appStatusFile(e2e.statusDir, k);
  if (!existsSync(statusFile)) writeFileSync(appWantedFile(e2e.statusDir, k), '');
  while (!existsSync(statusFile)) await new Promise((r) => setTimeout(r, 100)); // polling the status file
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as AppStatus;
  if (!status.ok) throw new Error(`The app for the browser tests did not start: ${status.error}`);
  return status.baseUrl;
}

export function useBrowser() {
  const state: { browser?: Browser; baseUrl: string } = { baseUrl: '' };
  beforeAll(async () => {
    const e2e = inject('e2e');
    if (!e2e) return;
    state.baseUrl = await workerApp(e2e);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    open: (opts?: Parameters<typeof newPage>[2]): Promise<E2EPage> => newPage(state.browser!, state.baseUrl, opts),
    /** The same app under another origin (e.g. http://127.0.0.1:<port> for the stack started as localhost). */
    openAt: (baseUrl: string, opts?: Parameters<typeof newPage>[2]): Promise<E2EPage> =>
      newPage(state.browser!, baseUrl, opts),
  };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.getByTestId('user-menu-trigger').waitFor();
}

export { pwExpect };

/** The signed-in user's Cognito id token, read from Amplify's storage in the page (null when signed out). */
export const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

/**
 * The photo-profile form's check of a picked person photo (the Fitly engine in the browser) has ended for the
 * field `name` (portrait, fullBody): its verdict, `ok`, `refused` or `unavailable`. Call it after the field's first
 * pick, or after its photo was removed and another picked.
 */
export async function photoCheckOf(page: Page, name: 'portrait' | 'fullBody', timeout = 120_000): Promise<string> {
  const field = page.locator('[role=group]').filter({ has: page.locator(`input[type=file][name=${name}]`) });
  // the field has no verdict before its first pick (after a previous one, remove that photo first: its verdict
  // would be read as this one's)
  await field.and(page.locator('[data-photo-check]:not([data-photo-check=checking])')).waitFor({ timeout });
  return (await field.getAttribute('data-photo-check')) ?? '';
}

/**
 * Say yes to a spend (issue 39): every button that spends credits asks once, with the cost and the balance,
 * before anything is sent. `credits` is the cost the question must name. A double click on the yes is one spend.
 */
export async function confirmSpend(page: Page, credits = 1, opts: { dblclick?: boolean } = {}) {
  const label = `Spend ${credits} ${credits === 1 ? 'credit' : 'credits'}`;
  const dialog = page.getByRole('alertdialog', { name: `${label}?` });
  await dialog.waitFor();
  const yes = dialog.getByRole('button', { name: label });
  await (opts.dblclick ? yes.dblclick() : yes.click());
}

/**
 * Fill in and send the sign-up form on /auth/register (the page must be there), then the local confirmation code;
 * the account is signed in afterwards (on /onboarding or the dashboard).
 */
export async function registerOnPage(
  page: Page,
  who: { first: string; last: string; email: string; birthDate: string; password?: string },
) {
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password ?? 'Sunny-day-7');
  await page.getByLabel('Date of birth').fill(who.birthDate);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/(dashboard|onboarding)/);
}
