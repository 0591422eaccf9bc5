/**
 * Compare and share (issue 15) in the browser against the real local app: a shopper with two gallery results
 * (made through the generate API with the local provider) selects them in the gallery, compares them, moves
 * the before/after slider by keyboard, shares them; a second, signed-out browser context opens the link and
 * votes; the owner sees the vote, revokes the link, and the link is gone (404 page, and the Open Graph page
 * answers 404).
 */
import { expect, it } from 'vitest';
import { describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, photoProfileForm, waitForBodyCheck } from '../support/api-client';
import { IDEMPOTENCY_HEADER } from '../../shared/domain/idempotency';
import { SLIDER_START, SLIDER_STEP_SMALL } from '../../web/src/components/compare/slider';

const app = useBrowser();

const api = apiOf(app);

async function untilCompleted(token: string, id: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const g = (await api<{ status: string }>(token, 'GET', `/api/generations/${id}`)).json;
    if (g.status === 'completed') return;
    if (g.status === 'failed' || Date.now() > deadline) throw new Error(`generation ${id} ended ${g.status}`);
    await new Promise((r) => setTimeout(r, 500)); // polling the condition itself
  }
}

describeE2E('compare and share a look for feedback', () => {
  it(
    'compares two results, moves the slider by keyboard, shares them, a signed-out viewer votes, the owner sees it and revokes',
    { timeout: 240_000 },
    async () => {
      const owner = await app.open();
      const page = owner.page;
      await signIn(page, 'shopper@example.com');
      const token = (await idToken(page))!;

      // two gallery results through the normal generate API (local provider), from one photo profile
      const fd = await photoProfileForm(`Share E2E ${Date.now()}`);
      const profile = await api<{ id: string }>(token, 'POST', '/api/photo-profiles', fd);
      expect(profile.status).toBe(201);
      await waitForBodyCheck(app.baseUrl, token, profile.json.id);
      const ids: string[] = [];
      for (const styleId of ['seed-style-01', 'seed-style-02']) {
        const started = await api<{ id: string }>(
          token,
          'POST',
          '/api/generate/style',
          { styleId, photoProfileId: profile.json.id },
          { [IDEMPOTENCY_HEADER]: `share-e2e-${styleId}-${Date.now()}` },
        );
        expect(started.status).toBe(201);
        ids.push(started.json.id);
      }
      for (const id of ids) await untilCompleted(token, id);

      // gallery: selection mode, the two results checked with the keyboard (Space on each checkbox)
      await page.goto('/gallery');
      await page.getByTestId('select-to-compare').click();
      for (const id of ids) {
        const box = page.locator(`[data-testid="generation-card"][data-id="${id}"] [data-testid="card-select"]`);
        await box.focus();
        await page.keyboard.press('Space');
        expect(await box.isChecked()).toBe(true);
      }
      await page.getByTestId('selection-count').getByText('2 of 4 selected').waitFor();
      await page.getByTestId('compare-selected').click();
      await page.waitForURL(/\/compare\?ids=/);
      expect(new URL(page.url()).searchParams.get('ids')).toBe(ids.join(','));

      // compare: side by side, each labelled AI-generated, the slider moved by keyboard only
      const items = page.getByTestId('compare-item');
      await items.nth(1).waitFor();
      expect(await items.count()).toBe(2);
      expect(await page.getByTestId('compare-grid').getByTestId('ai-badge').count()).toBe(2);
      const slider = items.first().getByRole('slider');
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(SLIDER_START));
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(SLIDER_START + SLIDER_STEP_SMALL));
      await page.keyboard.press('End');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');
      await page.keyboard.press('Home');
      expect(await slider.getAttribute('aria-valuenow')).toBe('0');
      // ...and with the button (no dragging)
      await items.first().getByTestId('slider-more-result').click();
      expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0);

      // share both (defaults: 7 days, no name)
      await page.getByTestId('compare-share').click();
      expect(await page.getByTestId('share-show-owner').isChecked()).toBe(false);
      expect(await page.getByTestId('share-expiry-7').isChecked()).toBe(true);
      await page.getByTestId('share-create').click();
      const link = await page.getByTestId('share-link').inputValue();
      expect(link).toMatch(/\/l\/[A-Za-z0-9_-]{43}$/);
      const path = new URL(link).pathname;

      // the Open Graph page (what a chat app's crawler reads) has the preview tags, never a private key
      const og = await fetch(`${app.baseUrl}${path}`);
      expect(og.status).toBe(200);
      const html = await og.text();
      expect(html).toContain('property="og:image"');
      expect(html).toContain('name="twitter:card" content="summary_large_image"');
      expect(html).not.toContain('/api/private-image/');

      // a signed-out viewer in a separate browser context votes for the second look
      const viewer = await app.open({ width: 390, height: 844 });
      await viewer.page.goto(path);
      const shared = viewer.page.getByTestId('shared-image');
      await shared.nth(1).waitFor();
      expect(await shared.count()).toBe(2);
      expect(await viewer.page.getByTestId('ai-badge').count()).toBe(2);
      expect(await viewer.page.getByTestId('user-menu-trigger').count()).toBe(0);
      const second = viewer.page.locator(`[data-testid="shared-image"][data-generation-id="${ids[1]}"]`);
      await second.getByTestId('vote-button').click();
      await second.getByRole('button', { name: 'Your favourite' }).waitFor();
      await second.getByTestId('vote-count').getByText('1 vote', { exact: true }).waitFor();

      // the owner sees the vote on the result page
      await page.goto(`/generation/${ids[1]}`);
      const sharesCard = page.getByTestId('result-shares');
      await sharesCard
        .getByTestId('share-votes')
        .getByText(/^1 vote/)
        .waitFor();

      // ...and revokes the link
      await sharesCard.getByTestId('share-revoke').click();
      await page.getByRole('button', { name: 'Revoke', exact: true }).last().click();
      await page.getByText('Link revoked', { exact: true }).first().waitFor();
      await sharesCard.locator('[data-testid="share-row"][data-state="revoked"]').waitFor();

      // the link is gone: the viewer's reload shows the 404 page, the page itself answers 404
      await viewer.page.reload();
      await viewer.page.getByTestId('share-gone').getByText('404: Look not found').waitFor();
      expect((await fetch(`${app.baseUrl}${path}`)).status).toBe(404);

      await viewer.context.close();
      await owner.context.close();
    },
  );
});
