import { expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { filtersFromQuery } from '../../shared/domain/explore-filters';
import { describeE2E, signIn, useBrowser } from '../support/e2e';
import { settled } from '../support/browser';

const app = useBrowser();

const SEED_PUBLIC_STYLES = 24;

const cards = (page: Page) => page.getByTestId('explore-grid').getByTestId('style-card');
const cardNames = async (page: Page) =>
  (await page.getByTestId('explore-grid').getByTestId('style-card-name').allInnerTexts()).sort();
const query = (page: Page) => filtersFromQuery(new URL(page.url()).search);

async function waitForCount(page: Page, n: number) {
  await page
    .getByTestId('explore-count')
    .filter({ hasText: new RegExp(`^${n} styles?( found)?$`) })
    .waitFor();
  if (n > 0)
    await page.waitForFunction(
      (want) => document.querySelectorAll('[data-testid=explore-grid] [data-testid=style-card]').length === want,
      n,
    );
}

const bearer = async (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

describeE2E('discovery: explore, style, collections, profiles, onboarding, settings', () => {
  it('filters /explore by text, category and tag, keeps the filters in the URL, and clears them', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    await page.goto('/explore');
    await page.getByRole('heading', { level: 1, name: 'Explore Styles' }).waitFor();
    await waitForCount(page, SEED_PUBLIC_STYLES);

    // free text (debounced into ?q=)
    await page.getByLabel('Search styles').fill('linen');
    await page.waitForURL((u) => u.searchParams.get('q') === 'linen');
    await waitForCount(page, 2);
    expect(await cardNames(page)).toEqual(['Linen Summer Suit', 'Resort Linen']);
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await waitForCount(page, SEED_PUBLIC_STYLES);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Search styles').inputValue()).toBe('');

    // category, then a tag (AND across groups)
    const evening = page.getByTestId('filter-category').getByRole('button', { name: 'Evening' });
    await evening.click();
    await waitForCount(page, 4);
    expect(await evening.getAttribute('aria-pressed')).toBe('true');
    expect(await cardNames(page)).toEqual([
      'Gallery Opening',
      'Midnight Slip Dress',
      'Sequin Party Top',
      'Silk Wrap Dress',
    ]);
    const allTags = page.getByRole('button', { name: /^All \d+ tags$/ });
    if (await allTags.count()) await allTags.click();
    await page.getByTestId('filter-tag').getByRole('button', { name: 'flatlay', exact: true }).click();
    await waitForCount(page, 1);
    expect(await cardNames(page)).toEqual(['Gallery Opening']);
    expect(query(page)).toEqual({ q: '', categories: ['cat-evening'], sexes: [], tags: ['flatlay'] });

    // shareable: a reload (or a shared link) shows the same result
    await page.reload();
    await waitForCount(page, 1);
    expect(
      await page.getByTestId('filter-category').getByRole('button', { name: 'Evening' }).getAttribute('aria-pressed'),
    ).toBe('true');

    // nothing matches: the empty state clears everything
    await page.getByLabel('Search styles').fill('no-such-style-zzz');
    await page.getByText('No styles found matching your criteria').waitFor();
    await waitForCount(page, 0);
    await page.getByTestId('explore-empty').getByRole('button', { name: 'Clear Filters' }).click();
    await waitForCount(page, SEED_PUBLIC_STYLES);
    expect(query(page)).toEqual({ q: '', categories: [], sexes: [], tags: [] });

    // a card opens its style
    await cards(page).filter({ hasText: 'Weekend Denim' }).click();
    await page.waitForURL(/\/style\/seed-style-01$/);
    await page.getByRole('heading', { level: 1, name: 'Weekend Denim' }).waitFor();
    await context.close();
  });

  it('favourites a style (count +1), finds it on the Favorites page and unfavourites it (count back)', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    await page.goto('/style/seed-style-02');
    await page.getByRole('heading', { level: 1, name: 'City Trench' }).waitFor();
    const toggle = page.getByTestId('favorite-toggle');
    const count = page.getByTestId('favorite-count');
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid=favorite-count]');
      const btn = document.querySelector('[data-testid=favorite-toggle]') as HTMLButtonElement | null;
      return el?.getAttribute('data-count') !== '' && btn && !btn.disabled;
    });
    if ((await toggle.getAttribute('aria-pressed')) === 'true') {
      await toggle.click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid=favorite-toggle]')?.getAttribute('aria-pressed') === 'false',
      );
    }
    const before = Number(await count.getAttribute('data-count'));
    await toggle.click();
    await page
      .getByTestId('favorite-count')
      .and(page.locator(`[data-count="${before + 1}"]`))
      .waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // the server agrees (the count on the page moves with the click; the write it sends may land a moment later)
    const token = await bearer(page);
    const serverCount = async () =>
      (
        await fetch(`${app.baseUrl}/api/styles/seed-style-02/favorites/count`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    await expect.poll(serverCount).toEqual({ count: before + 1 });
    // found again (issue 39): the style page says where favourites are kept, and the Favorites page lists it
    await page.getByTestId('favorites-link').click();
    await page.waitForURL(/\/favorites$/);
    await page.getByRole('heading', { level: 1, name: 'Favorites' }).waitFor();
    await page.getByTestId('favorites-grid').getByTestId('style-card').filter({ hasText: 'City Trench' }).click();
    await page.waitForURL(/\/style\/seed-style-02$/);
    await page.waitForFunction(() => {
      const btn = document.querySelector('[data-testid=favorite-toggle]') as HTMLButtonElement | null;
      return btn?.getAttribute('aria-pressed') === 'true' && !btn.disabled;
    });
    await toggle.click();
    await page
      .getByTestId('favorite-count')
      .and(page.locator(`[data-count="${before}"]`))
      .waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('opens the Autumn Capsule collection from /collections', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    await page.goto('/collections');
    await page.getByTestId('collection-card').filter({ hasText: 'Autumn Capsule' }).click();
    await page.waitForURL(/\/collection\/seed-collection-autumn$/);
    await page.getByRole('heading', { level: 1, name: 'Autumn Capsule' }).waitFor();
    expect(await page.getByTestId('collection-count').innerText()).toBe('6 looks');
    const shop = page.getByTestId('shop-the-look').getByRole('link');
    expect(await shop.count()).toBe(3);
    expect(await shop.first().getAttribute('rel')).toBe('noopener noreferrer');
    expect(await shop.first().getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('style-card').count()).toBe(6);
    await page.getByRole('link', { name: 'Back to Collections' }).click();
    await page.waitForURL(/\/collections$/);
    await context.close();
  });

  it('shows a public profile by @handle signed out, resolves /influencer/{userId}, and 404s unknown handles', async () => {
    const api = await (await fetch(`${app.baseUrl}/api/profile/influencer`)).json();
    const name = `${api.user.firstName} ${api.user.lastName}`;
    const { page, context } = await app.open();
    await page.goto('/profile/@influencer');
    await page.getByTestId('profile-name').filter({ hasText: name }).waitFor();
    expect(await page.getByTestId('profile-handle').innerText()).toBe('@influencer');
    if (api.collections.length) await page.getByTestId('collection-card').first().waitFor();
    for (const l of api.links)
      expect(await page.getByRole('link', { name: new RegExp(l.title) }).getAttribute('rel')).toBe(
        'noopener noreferrer',
      );

    await page.goto(`/influencer/${api.user.id}`);
    await page.waitForURL(/\/profile\/influencer$/);
    await page.getByTestId('profile-name').filter({ hasText: name }).waitFor();

    await page.goto('/profile/nobody_here_404');
    await page.getByRole('heading', { level: 1, name: 'Profile Not Found' }).waitFor();
    await context.close();
  });

  it('onboards a new user once, then the new handle from settings shows in the user menu', async () => {
    const { page, context } = await app.open();
    const stamp = Date.now();
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill('Olga');
    await page.getByLabel('Last name').fill('Onboard');
    await page.getByLabel('Email').fill(`onboard-${stamp}@example.test`);
    await page.getByLabel('Password').fill('Sunny-day-7');
    await page.getByLabel('Date of birth').fill('1990-01-15');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.pathname === '/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Tell us your style' }).waitFor();

    // at least one style
    await page.getByTestId('onboarding-submit').click();
    await page.getByText('Select at least one style', { exact: true }).first().waitFor();
    await page.getByText('Help us understand your preferences', { exact: true }).first().waitFor();

    await page
      .getByTestId('onboarding-styles')
      .getByRole('button', { name: /^Casual/ })
      .click();
    await page
      .getByTestId('onboarding-styles')
      .getByRole('button', { name: /^Minimal/ })
      .click();
    await page.getByTestId('onboarding-brands').getByRole('button', { name: 'Zara', exact: true }).click();
    await page.getByTestId('onboarding-colors').getByRole('button', { name: 'Navy', exact: true }).click();
    expect(
      await page
        .getByTestId('onboarding-colors')
        .getByRole('button', { name: 'Navy', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByTestId('onboarding-submit').click();
    await page.getByText('Preferences saved!', { exact: true }).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('dashboard-heading').waitFor();

    const token = await bearer(page);
    const prefs = await (
      await fetch(`${app.baseUrl}/api/user/preferences`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(prefs).toMatchObject({ styles: ['casual', 'minimal'], brands: ['Zara'], colors: ['navy'], onboarded: true });

    // settings: a new handle, shown in the user menu at once
    const handle = `olga_${String(stamp).slice(-8)}`;
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Links' }).count()).toBe(0);
    await page.getByLabel('Handle').fill('x!');
    await page
      .getByText(/Handle must be 3-30 characters/)
      .first()
      .waitFor();
    await page.getByLabel('Handle').fill(`@${handle}`);
    await page.getByTestId('settings-save-profile').click();
    await page.getByText('Profile updated', { exact: true }).first().waitFor();
    await page.getByTestId('user-menu-trigger').click();
    await page
      .getByTestId('user-handle-role')
      .filter({ hasText: `@${handle} · Shopper` })
      .waitFor();
    await page.keyboard.press('Escape');

    // the Privacy tab still works
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByRole('button', { name: 'Delete all my photos' }).waitFor();
    await context.close();
  });

  it(
    'the discovery screens pass axe (no serious or critical violations) in light and dark, at 390 px without horizontal scroll',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await app.open({ width: 390, height: 844 });
      await signIn(page, 'shopper@example.com');
      const screens: [string, string][] = [
        ['/explore', 'Explore Styles'],
        ['/style/seed-style-01', 'Weekend Denim'],
        ['/collections', 'Collections'],
        ['/collection/seed-collection-autumn', 'Autumn Capsule'],
        ['/profile/influencer', 'Iris Vale'],
        ['/onboarding', 'Tell us your style'],
        ['/settings', 'Settings'],
      ];
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const [path, heading] of screens) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await settled(page);
          expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            `${path} (${theme})`,
          ).toBeLessThanOrEqual(0);
        }
      }
      await context.close();
    },
  );
});
