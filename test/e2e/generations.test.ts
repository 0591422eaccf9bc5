import { expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { confirmSpend, describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, photoProfileForm, waitForBodyCheck } from '../support/api-client';
import { readProvenance } from '../support/provenance';
import {
  COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA,
  ENGINE_BADGE,
  ENGINE_LABEL,
  ENGINE_LABEL_TOOLTIP,
} from '../../shared/domain/provenance';

const app = useBrowser();

const api = apiOf(app);

describeE2E('generations: style generation, polling gallery, detail, feedback, download, delete', () => {
  it('generates from a style and follows the result to its deletion', { timeout: 150_000 }, async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    const token = (await idToken(page))!;
    expect(token).toBeTruthy();

    const before = (await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits;
    expect(before).toBeGreaterThan(0);

    // a photo profile with a portrait and a full-body photo (Exact mode dresses it); its full-body check passes
    const name = `E2E Profile ${Date.now()}`;
    const fd = await photoProfileForm(name);
    const created = await api<{ id: string }>(token, 'POST', '/api/photo-profiles', fd);
    expect(created.status).toBe(201);
    expect(await waitForBodyCheck(app.baseUrl, token, created.json.id)).toBe('ok');

    // generate from the seed style 'Weekend Denim' (a product shot: rendered by the Fitly engine, no AI key here)
    const usedBefore = (await api<{ usageCount: number }>(token, 'GET', '/api/styles/seed-style-01')).json.usageCount;
    await page.goto('/generate/style/seed-style-01');
    await page.getByRole('heading', { level: 1, name: 'Generate with Weekend Denim' }).waitFor();
    await page.getByRole('radio', { name: new RegExp(name) }).check();
    await page.getByRole('button', { name: 'Generate Look (1 credit)' }).click();
    await confirmSpend(page);
    // a single look goes to the same progress page as outfits and variants (issue 26)
    await page.waitForURL(/\/generation\/[\w-]+$/);
    await page.getByText('Generation started!', { exact: true }).first().waitFor();
    await page
      .getByText('Your try-on is being created. This page shows its progress and then the result.', { exact: true })
      .first()
      .waitFor();

    const list = (await api<{ id: string; status: string }[]>(token, 'GET', '/api/generations')).json;
    const id = list[0]!.id;
    expect(new URL(page.url()).pathname).toBe(`/generation/${id}`);

    // to the gallery in the app (client-side navigation), then no more navigations while it polls
    await page.getByRole('link', { name: 'Back to Gallery' }).click();
    await page.waitForURL(/\/gallery$/);
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    const card = page.locator(`[data-testid="generation-card"][data-id="${id}"]`);
    await card.waitFor();
    const firstStatus = await card.getAttribute('data-status');
    if (firstStatus !== 'completed') {
      expect(['pending', 'processing']).toContain(firstStatus);
      await page.getByTestId('gallery-in-progress').getByText('Generating...').first().waitFor();
    } else {
      console.warn('generation finished before the gallery opened: the In Progress state was not observed');
    }
    await page
      .locator(
        `[data-testid="gallery-completed"] [data-testid="generation-card"][data-id="${id}"][data-status="completed"]`,
      )
      .waitFor({ timeout: 60_000 });
    expect(navigations).toBe(0);

    // the gallery card says the Fitly engine made it (preview quality), with its tooltip on keyboard focus
    const cardBadge = page.locator(`[data-testid="generation-card"][data-id="${id}"] [data-testid="ai-badge"]`);
    expect(await cardBadge.innerText()).toBe(ENGINE_BADGE);
    await cardBadge.focus();
    await page.getByRole('tooltip').getByText(ENGINE_LABEL_TOOLTIP).first().waitFor();
    await page.keyboard.press('Escape');

    // credits went from N to N-1
    const after = (await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits;
    expect(after).toBe(before - 1);

    // the detail page
    await page.locator(`[data-testid="generation-card"][data-id="${id}"] a`).click();
    await page.waitForURL(new RegExp(`/generation/${id}$`));
    await page.getByTestId('style-details').getByText('Weekend Denim', { exact: true }).waitFor();
    // the look counts as a use of the style, and the card says so (not the count the generate page had cached)
    await expect
      .poll(async () => Number(/Used ([\d,]+) times?/.exec(await page.getByTestId('style-details').innerText())?.[1]))
      .toBeGreaterThanOrEqual(usedBefore + 1);

    // rate 4 stars with the keyboard
    // the stars are disabled until the existing feedback has loaded
    await page.locator('[data-testid="star-rating"]:not([disabled])').waitFor();
    const four = page.getByRole('radio', { name: '4 stars' });
    // the stars are disabled until the saved feedback (if any) has loaded
    await expect.poll(() => four.isEnabled(), { timeout: 15_000 }).toBe(true);
    await four.focus();
    await page.keyboard.press('Space');
    await page.getByText('Feedback submitted', { exact: true }).first().waitFor();
    const fb = await api<{ rating: number } | null>(token, 'GET', `/api/feedback/generation/${id}`);
    expect(fb.json?.rating).toBe(4);

    // the result view shows the label and the download note; the download is named and marked as AI-generated
    expect(await page.locator('main [data-testid="ai-badge"]').first().isVisible()).toBe(true);
    expect(await page.getByTestId('engine-label').innerText()).toContain(ENGINE_LABEL);
    await page.getByTestId('ai-download-note').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('detail-download').click()]);
    expect(download.suggestedFilename()).toBe('fitly-ai-generated-weekend-denim.jpg');
    const provenance = await readProvenance(await readFile((await download.path())!));
    expect(provenance?.validation.isValid).toBe(true);
    expect(provenance!.actions[0]).toMatchObject({
      action: 'c2pa.created',
      digitalSourceType: COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA,
    });

    // delete with the confirmation
    await page.getByTestId('detail-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this generation?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/gallery$/);
    await page.getByText('Generation deleted', { exact: true }).first().waitFor();
    await page.getByText('The generation has been removed', { exact: true }).first().waitFor();
    expect(await page.locator(`[data-testid="generation-card"][data-id="${id}"]`).count()).toBe(0);
    expect((await api(token, 'GET', `/api/generations/${id}`)).status).toBe(404);

    // /privacy says so
    await page.goto('/privacy');
    // /privacy is prerendered HTML, hidden for a signed-in visitor until the SPA takes it over (innerText is '' while
    // hidden: CI once read that): read the paragraph once it is shown
    const marking = page.getByTestId('privacy-ai-marking');
    await marking.waitFor({ state: 'visible' });
    await expect
      .poll(() => marking.innerText(), { timeout: 10_000 })
      .toMatch(/AI-generated.*Content Credentials \(C2PA\)/s);
    await context.close();
  });
});
