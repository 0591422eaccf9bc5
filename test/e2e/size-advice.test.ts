/**
 * Size advice in the browser (issue 25):
 * - the demo influencer gives a new style a size chart in inches in the style editor; a value typed in cm is
 *   refused on its field (focused, described) and saving works once it is corrected; the chart is stored in cm;
 * - the demo shopper's style page first says which measurements to add (with a link to the profile), the shopper
 *   adds them on the photo profile page (a bad value refused first), and the style page then shows the size and a
 *   note per area;
 * - axe: no violations on the editor, the profile page and the style page (also dark, at 390 px, no sideways
 *   scroll).
 */
import { axeViolations as violations } from '../support/axe';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, idToken, signIn, useBrowser } from '../support/e2e';
import { apiOf, photoProfileForm } from '../support/api-client';

const app = useBrowser();
const api = apiOf(app);

const isFocused = (page: Page, locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => el === document.activeElement);

describeE2E('size advice (issue 25)', () => {
  it(
    'a creator enters a size chart, a shopper adds measurements and sees the recommended size',
    { timeout: 240_000 },
    async () => {
      // --- the creator: a style with a chart in inches
      const creator = await app.open();
      const cp = creator.page;
      await signIn(cp, 'influencer@example.com');
      const creatorToken = (await idToken(cp))!;
      const styleName = `E2E Sized Tee ${Date.now()}`;
      await cp.goto('/admin/styles');
      await cp.getByRole('heading', { level: 1, name: 'Style Creator' }).waitFor();
      await cp.getByLabel('Style name', { exact: true }).fill(styleName);
      const outfit = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#8a9bb0' } })
        .jpeg()
        .toBuffer();
      await cp
        .locator('input[type=file][name=style_prompt]')
        .setInputFiles({ name: 'tee.jpg', mimeType: 'image/jpeg', buffer: outfit });
      await cp.getByTestId('prompt-image').getByText('Uploaded').waitFor({ timeout: 60_000 });

      const block = cp.getByTestId('size-chart');
      await block.getByRole('button', { name: 'Add a size chart' }).click();
      await block.getByLabel('Fit the brand intends').selectOption('regular');
      await block.getByLabel('Unit of the measurements').selectOption('in');
      const row = (i: number) => block.getByTestId('size-row').nth(i);
      await row(0).getByLabel('Size name').fill('S');
      await row(0).getByLabel('Chest (in)').fill('38');
      await row(0).getByLabel('Length (in)').fill('27');
      // "Add a size" by keyboard: the new row's name field gets the focus
      await block.getByRole('button', { name: 'Add a size' }).focus();
      await cp.keyboard.press('Enter');
      await row(1).waitFor();
      expect(await isFocused(cp, row(1).getByLabel('Size name'))).toBe(true);
      await cp.keyboard.type('M');
      // 102 is the chest in cm: with the unit "in" it is out of range
      await row(1).getByLabel('Chest (in)').fill('102');
      await row(1).getByLabel('Length (in)').fill('28');
      await cp.getByRole('button', { name: 'Create Style' }).click();
      const chestM = row(1).getByLabel('Chest (in)');
      await row(1).getByText('Chest must be between 23.7 and 82.6 in').waitFor();
      expect(await chestM.getAttribute('aria-invalid')).toBe('true');
      expect(await isFocused(cp, chestM)).toBe(true);
      const mine = async () =>
        (await api<{ id: string; name: string; sizeChart: unknown }[]>(creatorToken, 'GET', '/api/admin/styles')).json;
      expect((await mine()).some((s) => s.name === styleName)).toBe(false); // nothing saved
      expect(await violations(cp)).toEqual([]);

      await chestM.fill('40');
      await cp.getByRole('button', { name: 'Create Style' }).click();
      await cp.getByText('Style created successfully').first().waitFor();
      const saved = (await mine()).find((s) => s.name === styleName)!;
      expect(saved.sizeChart).toEqual({
        unit: 'cm',
        fit: 'regular',
        sizes: [
          { name: 'S', chest: 96.5, length: 68.6 },
          { name: 'M', chest: 101.6, length: 71.1 },
        ],
      });
      await creator.context.close();

      // --- the shopper: measurements missing, then added, then the size
      const shopper = await app.open();
      const sp = shopper.page;
      await signIn(sp, 'shopper@example.com');
      const token = (await idToken(sp))!;
      const profile = await api<{ id: string }>(
        token,
        'POST',
        '/api/photo-profiles',
        await photoProfileForm(`Sizes for a long weekend in the mountains ${Date.now()}`, { fullBody: false }),
      );
      expect(profile.status).toBe(201);
      const profileId = profile.json.id;
      // the newest profile is not the default unless it is the only one: make it the default for the style page
      expect((await api(token, 'PATCH', `/api/photo-profiles/${profileId}`, { isDefault: true })).status).toBe(200);
      try {
        await sp.goto(`/style/${saved.id}`);
        const advice = sp.getByTestId('size-advice');
        await advice.getByRole('heading', { name: 'Size advice' }).waitFor();
        await advice.getByText('Add your chest and height to your photo profile to see which size fits.').waitFor();
        // at 390 px the link to the profile, which names it, never widens the page (a long name is cut)
        const phone = await app.open({ width: 390, height: 844, colorScheme: 'dark' });
        await signIn(phone.page, 'shopper@example.com');
        await phone.page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await phone.page.goto(`/style/${saved.id}`);
        await phone.page
          .getByTestId('size-advice-missing')
          .getByRole('link', { name: /Add measurements to/ })
          .waitFor();
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await advice.getByRole('link', { name: /Add measurements to/ }).click();
        await sp.waitForURL((u) => u.pathname === `/profiles/${profileId}/edit` && u.hash === '#measurements');

        // the link lands on the measurements section: its heading focused and on screen (issue 39)
        const card = sp.getByTestId('profile-measurements');
        const heading = card.getByRole('heading', { name: 'Measurements (optional)' });
        await heading.waitFor();
        await sp.waitForFunction(() => document.activeElement?.id === 'measurements');
        const box = (await heading.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(sp.viewportSize()!.height);
        await card.getByLabel('Chest (cm)').fill('920');
        await card.getByLabel('Height (cm)').fill('175');
        // one Save for the whole page: the measurements have no save button of their own
        expect(await sp.getByRole('button', { name: /^Save/ }).allTextContents()).toEqual(['Save Changes']);
        await sp.getByRole('button', { name: 'Save Changes' }).click();
        await card.getByText('Chest must be between 60 and 170 cm').waitFor();
        const stored = async () =>
          (await api<{ id: string; measurements: unknown }[]>(token, 'GET', '/api/photo-profiles')).json.find(
            (p) => p.id === profileId,
          )!.measurements;
        expect(await stored()).toBeNull(); // nothing saved
        expect(await violations(sp)).toEqual([]);
        await card.getByLabel('Chest (cm)').fill('92');
        await sp.getByRole('button', { name: 'Save Changes' }).click();
        await sp.waitForURL((u) => u.pathname === '/profiles');
        expect(await stored()).toEqual({ chest: 92, height: 175 });

        await sp.goto(`/style/${saved.id}`);
        await advice.getByTestId('size-advice-size').getByText('Your size: M').waitFor();
        await advice.getByText('regular fit, as intended').waitFor();
        await advice.getByText('to the hips').waitFor();
        expect(await advice.getByRole('list', { name: 'How size M fits' }).getByRole('listitem').count()).toBe(2);
        expect(await violations(sp)).toEqual([]);

        // dark mode at 390 px: the same answer, no sideways scroll, no violations
        await phone.page.reload();
        expect(await phone.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
        await phone.page.getByTestId('size-advice-size').getByText('Your size: M').waitFor();
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await violations(phone.page)).toEqual([]);
        await phone.page.goto(`/profiles/${profileId}/edit`);
        await phone.page.getByTestId('profile-measurements').waitFor();
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await violations(phone.page)).toEqual([]);
        await phone.context.close();
      } finally {
        // the demo accounts are shared by the browser tests: leave their profiles and styles as they were
        expect((await api(token, 'DELETE', `/api/photo-profiles/${profileId}`)).status).toBe(204);
        expect((await api(creatorToken, 'DELETE', `/api/admin/styles/${saved.id}`)).status).toBe(200);
        await shopper.context.close();
      }
    },
  );
});
