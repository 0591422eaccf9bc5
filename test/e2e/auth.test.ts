import { STARTER_CREDITS } from '../../shared/domain/plans';
import { expect, it } from 'vitest';
import { describeE2E, signIn, useBrowser } from '../support/e2e';

const app = useBrowser();

describeE2E('sign-up, sign-in and sign-out', () => {
  it('registers a new account with the local confirmation code, is signed in, then signs out', async () => {
    const { page, context } = await app.open();
    const email = `new-${Date.now()}@example.test`;
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Newman');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Sunny-day-7');
    await page.getByLabel('Date of birth').fill('1991-07-03');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    expect(await page.getByTestId('local-code-note').innerText()).toContain('123456');
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/(dashboard|onboarding)/);
    await page.getByTestId('user-menu-trigger').click();
    expect(await page.getByTestId('user-display-name').innerText()).toBe('Nora Newman');
    expect(await page.getByTestId('user-handle-role').innerText()).toMatch(/^@new_\d+ · Shopper$/);
    // a newly verified account has its one free look (STARTER_CREDITS, issue 26)
    expect(await page.getByTestId('credit-count').innerText()).toContain(String(STARTER_CREDITS));

    // the server created the user item on first sign-in
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    const me = await (
      await fetch(`${app.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me).toMatchObject({
      email,
      firstName: 'Nora',
      lastName: 'Newman',
      role: 'shopper',
      currentPlan: 'none',
      credits: STARTER_CREDITS,
    });

    await page.getByTestId('logout-item').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('nav-login').waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.idToken')))).toBe(false);
    // a signed-in page now leads to sign-in, with the way back
    await page.goto('/gallery');
    await page.waitForURL((u) => u.pathname === '/auth/login' && u.searchParams.get('returnTo') === '/gallery');
    await context.close();
  });

  it('shows the sign-in error for a wrong password', async () => {
    const { page, context } = await app.open();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).first().waitFor();
    await context.close();
  });

  it('lets the demo admin switch role, with the spec toast', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'admin@example.com');
    await page.getByTestId('user-menu-trigger').click();
    expect(await page.getByTestId('user-handle-role').innerText()).toBe('@admin · Admin');
    await page.getByTestId('switch-role-trigger').focus();
    await page.keyboard.press('ArrowRight');
    const admin = page.getByTestId('switch-role-admin');
    await admin.waitFor();
    expect(await admin.getAttribute('aria-checked')).toBe('true');
    expect(await admin.getAttribute('data-disabled')).not.toBeNull();
    await page.getByTestId('switch-role-shopper').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Role switched', { exact: true }).first().waitFor();
    await page.getByText('Your role has been updated successfully', { exact: true }).first().waitFor();
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('user-handle-role').filter({ hasText: '@admin · Shopper' }).waitFor();
    // and back, so other tests see the admin
    await page.getByTestId('switch-role-trigger').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('switch-role-admin').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Role switched', { exact: true }).first().waitFor();
    await context.close();
  });
});
