/**
 * Issue 15, the generation side: a shopper builds a 3-piece outfit (an uploaded image, a style, a product of a
 * style), asks for 3 variants, is charged exactly the total the button showed, keeps two variants and finds
 * exactly those two in the gallery (each a generation of its own; the run itself is not a gallery item), then
 * compares them with the before/after slider by keyboard, shares them, votes from a signed-out browser, sees the
 * vote, revokes the link and the link is gone: the whole "done when" journey of the issue in one browser walk.
 */
import { expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { confirmSpend, describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, garmentJpeg, photoProfileForm, waitForBodyCheck } from '../support/api-client';
import { lookCost } from '../../shared/domain/outfit';

const app = useBrowser();

const api = apiOf(app);

describeE2E('outfits and variants', () => {
  it(
    'builds a 3-piece outfit, asks 3 variants, pays the shown total, keeps two, compares them by keyboard, shares them, a signed-out viewer votes, the owner sees it and revokes',
    { timeout: 240_000 },
    async () => {
      const { page } = await app.open();
      await signIn(page, 'shopper@example.com');
      const token = (await idToken(page))!;

      // a photo profile with a full-body photo (Exact mode chains the pieces on it)
      const name = `Outfit Profile ${Date.now()}`;
      const fd = await photoProfileForm(name);
      const created = await api<{ id: string }>(token, 'POST', '/api/photo-profiles', fd);
      expect(created.status).toBe(201);
      await waitForBodyCheck(app.baseUrl, token, created.json.id);

      const creditsBefore = (await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits;
      const galleryBefore = (await api<{ id: string }[]>(token, 'GET', '/api/generations')).json.map((g) => g.id);

      // from a style's page: "Build an outfit" starts with that style as the first piece
      await page.goto('/style/seed-style-02');
      await page.getByTestId('style-build-outfit').click();
      await page.waitForURL(/\/outfit\?styleId=seed-style-02$/);
      await page.getByRole('heading', { level: 1, name: 'Build an outfit' }).waitFor();
      // the picker names the chosen style (it pages through GET /api/styles; the style may be on a later page)
      await page.getByTestId('piece-0-style-chosen').filter({ hasText: 'Chosen: City Trench' }).waitFor();

      // piece 2: an uploaded image (direct upload with progress), slot bottom
      await page.getByTestId('outfit-add-piece').click();
      await page.getByTestId('piece-1-slot').selectOption('bottom');
      await page
        .getByTestId('piece-1-file')
        .setInputFiles({ name: 'skirt.jpg', mimeType: 'image/jpeg', buffer: await garmentJpeg('skirt', 400) });
      // no second click: the image uploads as soon as it is chosen, and the piece has it
      await page.getByTestId('piece-1').getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('piece-1').getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
      // piece 3: a product of a style, slot outerwear (the Fitly engine renders here: it refuses accessories)
      await page.getByTestId('outfit-add-piece').click();
      await page.getByTestId('piece-2-slot').selectOption('outerwear');
      // the visible chip (the label around the visually hidden radio) is what a user clicks
      await page.getByTestId('piece-2-source-product').locator('xpath=..').click();
      expect(await page.getByTestId('piece-2-source-product').isChecked()).toBe(true);
      // the style picker searches the catalogue on the server as you type, then a radio picks it
      await page.getByTestId('piece-2-style-search').fill('weekend denim');
      await page.getByTestId('piece-2-style').locator('input[value="seed-style-01"]').check();
      await page
        .locator('[data-testid="piece-2-product"] option[value="seed-style-01-p1"]')
        .waitFor({ state: 'attached' });
      await page.getByTestId('piece-2-product').selectOption('seed-style-01-p1');

      // a conflict is refused in the page: a one-piece next to the top
      await page.getByTestId('piece-1-slot').selectOption('one-piece');
      await page
        .getByTestId('outfit-conflict')
        .getByText(/one-piece cannot be worn with a separate top or bottom/)
        .waitFor();
      await page.getByTestId('piece-1-slot').selectOption('bottom');
      expect(await page.getByTestId('outfit-conflict').count()).toBe(0);

      await page.getByRole('radio', { name: new RegExp(name) }).check();
      await page.getByTestId('variants-3').check({ force: true });
      const total = lookCost({ pieces: 3, variants: 3 });
      const button = page.getByRole('button', { name: `Generate outfit · 3 variants × 3 credits = ${total} credits` });
      await pwEnabled(page, 'outfit-generate');
      await button.dblclick(); // a double click asks once, and a double click on yes starts one run for the total
      await confirmSpend(page, total, { dblclick: true });

      await page.waitForURL(/\/generation\/[\w-]+$/);
      const runId = page.url().split('/').pop()!;

      // exactly the shown total was charged, once
      expect((await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits).toBe(creditsBefore - total);

      // the result page shows the 3 variants, each labelled AI-generated
      const variants = page.getByTestId('variants').locator(':scope > li');
      await page.getByTestId('variant-2').waitFor({ timeout: 90_000 });
      expect(await variants.count()).toBe(3);
      expect(await page.getByTestId('variants').getByTestId('ai-badge').count()).toBe(3);

      // compare before keeping (issue 26): the variants side by side, each with the before/after slider, by keyboard
      await page.getByTestId('compare-variants').focus();
      await page.keyboard.press('Enter');
      const compareGrid = page.getByTestId('variant-compare-grid');
      await compareGrid.waitFor();
      expect(await compareGrid.getByRole('slider').count()).toBe(3);
      const sliderNames = await compareGrid
        .getByRole('slider')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(new Set(sliderNames).size).toBe(3);
      expect(sliderNames[1]).toMatch(/^Variant 2: /);
      // any two: variant 2 is taken out with the keyboard, two sliders remain
      await page.getByTestId('compare-pick-1').focus();
      await page.keyboard.press('Space');
      await page.getByTestId('variant-compare-1').waitFor({ state: 'detached' });
      expect(await compareGrid.getByRole('slider').count()).toBe(2);
      const firstSlider = page.getByTestId('variant-compare-0').getByRole('slider');
      const before = Number(await firstSlider.getAttribute('aria-valuenow'));
      await firstSlider.focus();
      await page.keyboard.press('ArrowLeft');
      expect(Number(await firstSlider.getAttribute('aria-valuenow'))).toBeLessThan(before);
      expect(await axeViolations(page), 'variants with the comparison open').toEqual([]);
      // at 390 px: one column, no sideways scroll, every slider button fully visible
      await page.setViewportSize({ width: 390, height: 844 });
      await expectFitsPhone(page, compareGrid.getByTestId('slider-more-result'));
      await page.setViewportSize({ width: 1280, height: 800 });

      // keep the first and the third
      await page.getByTestId('variant-0-keep').check();
      await page.getByTestId('variant-2-keep').check();
      await page.getByRole('button', { name: 'Keep 2 variants' }).dblclick();
      await page.getByTestId('variant-0-open').waitFor();
      await page.getByTestId('variant-2-open').waitFor();
      const kept = [
        await page.getByTestId('variant-0').getAttribute('data-kept-generation-id'),
        await page.getByTestId('variant-2').getAttribute('data-kept-generation-id'),
      ];
      expect(kept.every((k) => !!k)).toBe(true);
      expect(await page.getByTestId('variant-1-keep').isChecked()).toBe(false);
      // the kept variants are gallery generations: the compare view takes their ids
      expect(await page.getByTestId('compare-kept-variants').getAttribute('href')).toBe(
        `/compare?ids=${kept.join(',')}`,
      );
      expect((await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits).toBe(creditsBefore - total);

      // the gallery: exactly those two are new, the run itself is not there
      await page.goto('/gallery');
      for (const id of kept)
        await page.locator(`[data-testid="generation-card"][data-id="${id}"][data-status="completed"]`).waitFor();
      const ids = await page
        .locator('[data-testid="generation-card"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      expect(ids.filter((id) => !galleryBefore.includes(id!)).sort()).toEqual([...kept].sort());
      expect(ids).not.toContain(runId);

      // kept variants have titles of their own
      const cardText = async (id: string | null | undefined) =>
        page.locator(`[data-testid="generation-card"][data-id="${id}"]`).innerText();
      expect(await cardText(kept[0])).toContain('· variant 1');
      expect(await cardText(kept[1])).toContain('· variant 3');

      // a kept variant opens like any result and links back to its run
      await page.locator(`[data-testid="generation-card"][data-id="${kept[0]}"] a`).first().click();
      await page.getByTestId('variant-of').waitFor();
      expect(await page.getByTestId('outfit-pieces-list').locator('li').count()).toBe(3);
      // its Model is what made it (here the Fitly engine), not the outfit's title
      expect(await page.getByTestId('detail-model').innerText()).toBe('Fitly engine (preview quality)');
      // an outfit is rated like a single look
      // the stars are disabled until the saved rating (if any) has loaded: a forced click before that is lost
      await page.locator('[data-testid="feedback-card"] [data-testid="star-rating"]:not([disabled])').waitFor();
      await page.getByTestId('feedback-card').getByRole('radio', { name: '4 stars' }).check({ force: true });
      await page.getByTestId('feedback-card').getByText('You rated this 4 out of 5.').waitFor();
      await page.reload();
      await page.getByTestId('feedback-card').getByText('You rated this 4 out of 5.').waitFor();
      // Shop This Look: the seeded products of the outfit's style and product pieces, as affiliate links
      const shop = page.getByTestId('shop-this-look');
      await shop.getByRole('heading', { name: 'Shop This Look' }).waitFor();
      const shopLink = shop.getByRole('link', { name: /Light-Wash Denim Jacket/ });
      expect(await shopLink.getAttribute('rel')).toBe('noopener noreferrer sponsored');
      expect(await shopLink.getAttribute('target')).toBe('_blank');
      expect(await shopLink.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await shop.getByRole('link', { name: /Camel Trench Coat/ }).count()).toBe(1);
      expect(await axeViolations(page), 'a kept variant of an outfit').toEqual([]);

      // compare the two kept variants from the run's result page; the before/after slider moves by keyboard
      await page.goto(`/generation/${runId}`);
      await page.getByTestId('compare-kept-variants').click();
      await page.waitForURL(/\/compare\?ids=/);
      const items = page.getByTestId('compare-item');
      await items.nth(1).waitFor();
      expect(await items.count()).toBe(2);
      expect(await page.getByTestId('compare-grid').getByTestId('ai-badge').count()).toBe(2);
      // two sliders, two names (the kept variants' titles differ too)
      expect(await items.nth(0).getByRole('slider').getAttribute('aria-label')).toMatch(/^Look 1: .*variant 1\)$/);
      expect(await items.nth(1).getByRole('slider').getAttribute('aria-label')).toMatch(/^Look 2: .*variant 3\)$/);
      expect(await axeViolations(page), 'compare').toEqual([]);
      const slider = items.first().getByRole('slider');
      const start = Number(await slider.getAttribute('aria-valuenow'));
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(start);
      await page.keyboard.press('End');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');

      // at 390 px the compare page shows one look at a time: its "More result" button is fully visible
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('compare-carousel').waitFor();
      await expectFitsPhone(page, page.getByTestId('compare-carousel').getByTestId('slider-more-result'));
      expect(await axeViolations(page), 'compare at 390 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('compare-grid').waitFor();

      // share both; a signed-out viewer votes for the second
      await page.getByTestId('compare-share').click();
      await page.getByTestId('share-create').click();
      const path = new URL(await page.getByTestId('share-link').inputValue()).pathname;
      const viewer = await app.open({ width: 390, height: 844 });
      await viewer.page.goto(path);
      await viewer.page.getByTestId('shared-image').nth(1).waitFor();
      expect(await viewer.page.getByTestId('shared-image').count()).toBe(2);
      expect(await viewer.page.getByTestId('user-menu-trigger').count()).toBe(0);
      // each vote button names the look it votes for
      expect(await viewer.page.getByRole('button', { name: 'Vote for look 1', exact: true }).count()).toBe(1);
      expect(await viewer.page.getByRole('button', { name: 'Vote for look 2', exact: true }).count()).toBe(1);
      const second = viewer.page.locator(`[data-testid="shared-image"][data-generation-id="${kept[1]}"]`);
      await second.getByTestId('vote-button').click();
      await second.getByTestId('vote-count').getByText('1 vote', { exact: true }).waitFor();
      await viewer.page.getByRole('button', { name: 'Your favourite (look 2)', exact: true }).waitFor();
      expect(await axeViolations(viewer.page), 'the shared look').toEqual([]);

      // the owner sees the vote on the result page, revokes the link, and the link is gone
      await page.goto(`/generation/${kept[1]}`);
      const sharesCard = page.getByTestId('result-shares');
      await sharesCard
        .getByTestId('share-votes')
        .getByText(/^1 vote/)
        .waitFor();
      await sharesCard.getByTestId('share-revoke').click();
      await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
      await sharesCard.locator('[data-testid="share-row"][data-state="revoked"]').waitFor();
      await viewer.page.reload();
      await viewer.page.getByTestId('share-gone').getByText('404: Look not found').waitFor();
      expect((await fetch(`${app.baseUrl}${path}`)).status).toBe(404);
      await viewer.context.close();
    },
  );
});

/** At a phone width: no sideways scroll, and each of these controls lies fully inside the viewport. */
async function expectFitsPhone(page: Page, controls: ReturnType<Page['getByTestId']>) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  const width = page.viewportSize()!.width;
  const boxes = await controls.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(width);
  }
}

async function pwEnabled(page: Page, testId: string) {
  await page.waitForFunction(
    (t) => !(document.querySelector(`[data-testid="${t}"]`) as HTMLButtonElement | null)?.disabled,
    testId,
  );
}
