/**
 * User journeys end to end (issue 14), walked in the browser as a visitor or user would: visitors reach
 * sign-in with the way back kept through sign-in and sign-up, onboarding comes once after sign-up, limits and
 * missing profiles lead to the right place, account recovery, an expired session, and the shell's details.
 */
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describeE2E, signIn, useBrowser } from '../support/e2e';

const app = useBrowser();
const PASSWORD = 'Sunny-day-7';

/** Fill the registration form (already open) and confirm with the local code shown on the page. */
async function registerHere(page: Page, email: string, first = 'Jo') {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Date of birth').fill('1990-01-15');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Hover a control until its tooltip shows (the first hover may still be fetching the tooltip's code). */
async function hoverUntilTooltip(page: Page, target: ReturnType<Page['getByTestId']>, text: string) {
  const tip = page.getByRole('tooltip').filter({ hasText: text });
  for (let i = 0; i < 8; i++) {
    await page.mouse.move(0, 0);
    await target.hover();
    if (
      await tip.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw new Error(`no tooltip "${text}"`);
}

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.test`;

describeE2E('journeys: visitors', () => {
  it('"Become a Creator" on the landing page leads a visitor through sign-in to the application form', async () => {
    const { page, context } = await app.open();
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Creator' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/auth/login' && u.searchParams.get('returnTo') === '/influencer/apply',
    );
    expect(await page.getByText('Profile Not Found').count()).toBe(0);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/influencer/apply');
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /influencer/i })
      .waitFor();
    await context.close();
  });

  it('a visitor browses explore, a style and collections read-only, then signs up from the style and comes back to it', async () => {
    const { page, context } = await app.open();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Collections', exact: true })
      .click();
    await page.waitForURL((u) => u.pathname === '/collections');
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    await page.getByTestId('visitor-cta').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/explore');
    await page.getByRole('heading', { level: 1, name: 'Explore Styles' }).waitFor();
    await page.getByTestId('visitor-cta').waitFor();
    const card = page.getByTestId('style-card').filter({ hasText: 'Weekend Denim' }).first();
    await card.click();
    await page.waitForURL(/\/style\//);
    const stylePath = new URL(page.url()).pathname;
    await page.getByTestId('style-name').filter({ hasText: 'Weekend Denim' }).waitFor();
    // read-only: no Quick Try for visitors, a sign-in call to action instead
    await page.getByTestId('visitor-cta').waitFor();
    expect(await page.getByTestId('style-quick-try').isVisible()).toBe(false);

    await page.getByTestId('visitor-cta-register').click();
    await page.waitForURL((u) => u.pathname === '/auth/register' && u.searchParams.get('returnTo') === stylePath);
    await registerHere(page, uniqueEmail('visitor'));
    // back on the style, signed in, and not sent to onboarding in the middle of it
    await page.waitForURL((u) => u.pathname === stylePath);
    await page.getByTestId('user-menu-trigger').waitFor();
    const quickTry = page.getByTestId('style-quick-try');
    await quickTry.waitFor();

    // no photo profile yet: Quick Try leads to creating one, not to the photo-profile LIMIT upsell
    await quickTry.click();
    await page.waitForURL((u) => u.pathname === '/profiles/new');
    await page.getByText('Profile required', { exact: true }).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Photo profile limit reached' }).count()).toBe(0);

    // with a portrait-only profile (set up through the API), a full-body raw template cannot be started:
    // the button is disabled and says why, with a link to add the photo
    const token = await page.evaluate(() =>
      localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.idToken'))!),
    );
    const fd = new FormData();
    fd.append('consent', PHOTO_CONSENT.version); // the date of birth was given at sign-up
    fd.append('name', 'Face only');
    fd.append('gender', 'unisex');
    fd.append('bodyDescription', 'Average height, athletic build and broad shoulders.');
    const portrait = await sharp({ create: { width: 420, height: 420, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    fd.append('portrait', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'portrait.jpg');
    const created = await fetch(`${app.baseUrl}/api/photo-profiles`, {
      method: 'POST',
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status).toBe(201);
    const profileId = ((await created.json()) as { id: string }).id;
    await page.goto('/generate/raw-studio-tryon');
    const button = page.getByTestId('generate-button');
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const reason = page.getByTestId('generate-disabled-reason');
    expect(await reason.innerText()).toContain('This template needs a full-body photo.');
    expect(await reason.getByRole('link', { name: 'Add a full-body photo' }).getAttribute('href')).toBe(
      `/profiles/${profileId}/edit`,
    );
    expect(await button.getAttribute('aria-describedby')).toBe('generate-disabled-reason');
    await context.close();
  });

  it('a visitor who chooses a plan on the landing page signs up and the purchase continues to checkout; cancelling it says so', async () => {
    const { page, context } = await app.open();
    await page.goto('/#pricing');
    await page.getByTestId('landing-buy-trial').click();
    await page.waitForURL(
      (u) => u.pathname === '/auth/login' && u.searchParams.get('returnTo') === '/pricing?buy=trial',
    );
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/auth/register' && u.searchParams.get('returnTo') === '/pricing?buy=trial',
    );
    await registerHere(page, uniqueEmail('buyer'));
    // /pricing?buy=trial continues the purchase: the local checkout page for the trial
    await page.waitForURL(/\/local\/checkout\//);
    expect(await page.content()).toMatch(/Trial/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // back where the purchase started (issue 26: the page of origin), and the purchase is not started again
    await page.waitForURL((u) => u.pathname === '/pricing');
    await page.getByText('Checkout cancelled', { exact: true }).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/pricing' && !u.search.includes('canceled'));
    expect(new URL(page.url()).searchParams.get('buy')).toBeNull();
    await page.getByTestId('plan-trial').waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });
});

describeE2E('journeys: onboarding and account recovery', () => {
  it('onboarding is offered once right after sign-up; skipping it sticks', async () => {
    const { page, context } = await app.open();
    await page.goto('/auth/register');
    await registerHere(page, uniqueEmail('onboard'));
    await page.waitForURL((u) => u.pathname === '/onboarding');
    await page.getByTestId('onboarding-skip').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('dashboard-heading').waitFor();
    // opening the dashboard again (a reload, or after a generation) does not offer it again
    await page.reload();
    await page.getByTestId('dashboard-heading').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.goto('/gallery');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-heading').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });

  it('changes the password in Settings, then resets a forgotten one with the local code and signs in with it', async () => {
    const { page, context } = await app.open();
    const email = uniqueEmail('recover');
    await page.goto('/auth/register');
    await registerHere(page, email);
    await page.waitForURL((u) => u.pathname === '/onboarding');

    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.waitFor();
    // a wrong current password is refused with a clear message
    await form.getByLabel('Current password').fill('Wrong-pass-9');
    await form.getByLabel('New password', { exact: true }).fill('Changed-pass-2');
    await form.getByLabel('Repeat new password').fill('Changed-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByTestId('change-password-error')
      .filter({ hasText: 'Your current password is not correct.' })
      .waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed', { exact: true }).first().waitFor();

    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('logout-item').click();
    await page.waitForURL((u) => u.pathname === '/');

    // forgot it: the reset flow from the sign-in page
    await page.goto('/auth/login');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL((u) => u.pathname === '/auth/forgot-password');
    // the sign-in form (with its own Email field) stays until the page's chunk has loaded
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await page.getByTestId('local-code-note').innerText()).toContain('123456');
    await page.getByLabel('Reset code').fill('000000');
    await page.getByRole('textbox', { name: 'New password' }).fill('Reset-pass-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByTestId('form-error').waitFor();
    await page.getByLabel('Reset code').fill('123456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();

    // the old passwords no longer work, the new one does
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Changed-pass-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).first().waitFor();
    await page.getByLabel('Password').fill('Reset-pass-3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('user-menu-trigger').waitFor();
    await context.close();
  });
});

describeE2E('journeys: signed-in shell', () => {
  it('an expired session on a signed-in page goes to sign-in and back, with no error toast', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');

    // Quick Try with an outside image: the server fetches it (SSRF-guarded); a refused address says so
    // before anything is charged, instead of "Image unavailable" and a failed generation
    const credits = await page.getByTestId('dashboard-credits').innerText();
    await page.goto(`/quick-try?imageUrl=${encodeURIComponent('http://10.0.0.1/look.jpg')}&imageType=model_wearer`);
    await page.getByText('This image could not be fetched').waitFor();
    expect(await page.getByTestId('quick-try-generate').count()).toBe(0);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-credits').waitFor({ state: 'visible' });
    expect(await page.getByTestId('dashboard-credits').innerText()).toBe(credits);

    await page.goto('/pricing');
    await page.getByTestId('pack-pack-30-button').waitFor();
    // the server answers as it does for an expired token
    await page.route('**/api/subscriptions/checkout', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Unauthorized', code: 'auth.unauthorized' }),
      }),
    );
    await page.getByTestId('pack-pack-30-button').click();
    await page.waitForURL((u) => u.pathname === '/auth/login' && u.searchParams.get('returnTo') === '/pricing');
    await page.getByText('Your session has expired. Sign in to continue.').waitFor();
    expect(await page.getByText('Checkout error').count()).toBe(0);
    await page.unroute('**/api/subscriptions/checkout');
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/pricing');
    await page.getByTestId('pack-pack-30-button').waitFor();

    // the demo subscription was bought through the local checkout: it can be cancelled and resumed,
    // and resuming says so
    await page.goto('/account');
    await page.getByTestId('cancel-subscription').click();
    await page
      .getByRole('dialog', { name: 'Cancel subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await page.getByText('Subscription cancelled', { exact: true }).first().waitFor();
    await page.getByTestId('scheduled-change').getByRole('button', { name: 'Keep my subscription' }).click();
    await page.getByText('Subscription resumed', { exact: true }).first().waitFor();
    await page.getByTestId('cancel-subscription').waitFor();
    await context.close();
  });

  it('an influencer is not offered "Apply now"; the Credits card fits at 1024 px; icon buttons have tooltips; no Amplify endpoint warning', async () => {
    const { page, context } = await app.open({ width: 1024, height: 800 });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await signIn(page, 'admin@example.com');
    expect(warnings.filter((w) => w.includes('custom Amazon Cognito'))).toEqual([]);

    // unlimited balance (999,999,999) and "Get More" stay inside the Credits card
    const credits = page.getByTestId('dashboard-credits');
    await credits.filter({ hasText: '999,999,999' }).waitFor();
    const card = credits.locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
    const [cardBox, numberBox, buttonBox] = await Promise.all([
      card.boundingBox(),
      credits.boundingBox(),
      page.getByTestId('dashboard-get-more').boundingBox(),
    ]);
    for (const inner of [numberBox!, buttonBox!]) {
      expect(inner.x).toBeGreaterThanOrEqual(cardBox!.x);
      expect(inner.x + inner.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    }

    // the theme toggle names itself and shows its tooltip on hover
    const toggle = page.getByTestId('theme-toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Dark mode');
    await hoverUntilTooltip(page, toggle, 'Switch to dark mode');
    const trigger = page.getByTestId('user-menu-trigger');
    expect(await trigger.getAttribute('aria-label')).toMatch(/^Account menu for /);
    await hoverUntilTooltip(page, trigger, 'Account menu');
    await context.close();

    const other = await app.open();
    await signIn(other.page, 'influencer@example.com');
    await other.page.goto('/pricing');
    await other.page.getByTestId('influencer-member').waitFor();
    expect(await other.page.getByRole('link', { name: 'Apply to become an influencer' }).count()).toBe(0);
    await other.context.close();
  });
});
