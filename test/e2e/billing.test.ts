import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, photoProfileForm, waitForBodyCheck } from '../support/api-client';

const app = useBrowser();
const call = apiOf(app);

/** A new account signed in through the pages (local confirmation code). */
async function registerNew(page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.test`;
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Return');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Sunny-day-7');
  await page.getByLabel('Date of birth').fill('1990-01-15');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/(dashboard|onboarding)/);
  return email;
}

/** The signed-in page's Cognito ID token (Amplify keeps it in localStorage). */
async function api<T>(page: Page, path: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${await idToken(page)}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** On the local checkout page: Pay, then back on /subscription with the success toast and a clean URL. */
async function payLocally(page: Page) {
  await page.waitForURL(/\/local\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.pathname === '/subscription');
  await page.getByText('Payment successful!', { exact: true }).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/subscription' && !url.search.includes('success'));
}

describeE2E('billing: packs, plans and cancellation through the local checkout', () => {
  it('the demo shopper buys a 30-credit pack and sees the balance and the history entry', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    const before = (await api<{ credits: number }>(page, '/api/credits')).credits;

    await page.goto('/subscription');
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    await page
      .getByTestId('subscription-credits')
      .filter({ hasText: before.toLocaleString('en-US') })
      .waitFor();
    await page.getByTestId('pack-pack-30-button').click();
    await payLocally(page);

    // the balance shown on the page rises by 30 (the webhook grant), and so does the API's
    await page
      .getByTestId('subscription-credits')
      .filter({ hasText: (before + 30).toLocaleString('en-US') })
      .waitFor();
    expect((await api<{ credits: number }>(page, '/api/credits')).credits).toBe(before + 30);

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Account and Billing' }).waitFor();
    await page
      .getByTestId('account-credits')
      .filter({ hasText: (before + 30).toLocaleString('en-US') })
      .waitFor();
    const row = page.getByTestId('credit-history').getByRole('row').filter({ hasText: 'Credit pack' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('+30');
    await context.close();
  });

  it('a new account buys Starter, then cancels it on /account and sees when it ends', async () => {
    const { page, context } = await app.open();
    await registerNew(page, 'billing');

    await page.goto('/subscription');
    const starter = page.getByTestId('plan-starter-button');
    await starter.filter({ hasText: 'Choose Starter' }).waitFor();
    await starter.click();
    await payLocally(page);
    await page.getByTestId('current-plan').filter({ hasText: 'Starter' }).waitFor();
    await page.getByTestId('plan-starter-button').filter({ hasText: 'Current plan' }).waitFor();
    await page.getByTestId('plan-creator-button').filter({ hasText: 'Upgrade to Creator' }).waitFor();

    await page.goto('/account');
    await page.getByTestId('account-plan').filter({ hasText: 'Starter' }).waitFor();
    await page.getByTestId('cancel-subscription').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/stays active until \w{3} \d{1,2}, \d{4}/);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription cancelled', { exact: true }).first().waitFor();

    const summary = await api<{ nextScheduledPlan: string | null; nextScheduledPlanDate: string | null }>(
      page,
      '/api/subscriptions/current',
    );
    expect(summary.nextScheduledPlan).toBe('none');
    expect(summary.nextScheduledPlanDate).toBeTruthy();
    const shown = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(summary.nextScheduledPlanDate!),
    );
    const notice = page.getByTestId('scheduled-change');
    await notice.filter({ hasText: `ends on ${shown}` }).waitFor();
    // cancelling is offered no more; the scheduled end can be undone instead
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0);
    await notice.getByRole('button', { name: 'Keep my subscription' }).waitFor();
    await context.close();
  });

  it(
    'a purchase started from a style page with no credits comes back to that page with the new balance',
    {
      timeout: 180_000,
    },
    async () => {
      const { page, context } = await app.open();
      await registerNew(page, 'return');
      const token = (await idToken(page))!;
      // a photo profile (Quick Try needs one), and no credits left (the starter grant taken back by the admin)
      const profile = await call<{ id: string }>(token, 'POST', '/api/photo-profiles', await photoProfileForm('Me'));
      expect(profile.status).toBe(201);
      await waitForBodyCheck(app.baseUrl, token, profile.json.id);
      const me = (await call<{ id: string; credits: number }>(token, 'GET', '/api/auth/user')).json;
      const adminPage = await app.open();
      await signIn(adminPage.page, 'admin@example.com');
      const admin = (await idToken(adminPage.page))!;
      await adminPage.context.close();
      if (me.credits > 0) {
        const taken = await call(admin, 'POST', '/api/admin/credits/adjust', {
          userId: me.id,
          amount: -me.credits,
          bucket: 'trial',
          reason: 'return-to-origin test',
          idempotencyKey: `return-${me.id}`,
        });
        expect(taken.status, JSON.stringify(taken.json)).toBe(201);
      }
      expect((await api<{ credits: number }>(page, '/api/credits')).credits).toBe(0);

      // Quick Try on the style: not enough credits; the upsell leads to /subscription, remembering the style
      await page.goto('/style/seed-style-01');
      await page.getByTestId('style-name').filter({ hasText: 'Weekend Denim' }).waitFor();
      await page.getByTestId('style-quick-try').click();
      const upsell = page.getByRole('dialog', { name: 'Not enough credits' });
      await upsell.waitFor();
      await upsell.getByRole('button', { name: 'See plans' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/subscription' && u.searchParams.get('returnTo') === '/style/seed-style-01',
      );
      await page.getByTestId('pack-pack-30-button').click();
      await page.waitForURL(/\/local\/checkout\//);
      await page.getByRole('button', { name: 'Pay' }).click();

      // back on the style page it started from: the toast, a clean URL and the new balance
      await page.waitForURL((u) => u.pathname === '/style/seed-style-01');
      await page.getByText('Payment successful!', { exact: true }).first().waitFor();
      await page.waitForURL((u) => u.pathname === '/style/seed-style-01' && u.search === '');
      await page.getByTestId('style-name').filter({ hasText: 'Weekend Denim' }).waitFor();
      await page.getByTestId('shop-this-look').waitFor();
      expect(await axeViolations(page), 'the style page after paying').toEqual([]);
      await page.getByTestId('user-menu-trigger').click();
      await page.getByTestId('credit-count').filter({ hasText: '30' }).waitFor();
      await page.keyboard.press('Escape');
      expect((await api<{ credits: number }>(page, '/api/credits')).credits).toBe(30);
      await context.close();
    },
  );

  it('a checkout started on /pricing and cancelled comes back to /pricing and says nothing was charged', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    const before = (await api<{ credits: number }>(page, '/api/credits')).credits;
    await page.goto('/pricing');
    await page.getByTestId('pack-pack-150-button').click();
    await page.waitForURL(/\/local\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/pricing');
    await page.getByText('Checkout cancelled', { exact: true }).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/pricing' && u.search === '');
    expect((await api<{ credits: number }>(page, '/api/credits')).credits).toBe(before);

    // an outside return path is refused before any checkout starts
    const token = (await idToken(page))!;
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await call<{ code: string }>(token, 'POST', '/api/subscriptions/checkout', {
        productType: 'pack-30',
        returnTo,
      });
      expect([res.status, res.json.code]).toEqual([400, 'validation_error']);
    }
    await context.close();
  });
});
