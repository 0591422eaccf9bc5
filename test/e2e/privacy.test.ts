/**
 * Privacy in the browser (issue 13): the consent step of a new photo profile (and the age gate), the retention
 * setting, "Download my data" and "Delete my account" with its receipt, as a new user finds them.
 */
import { expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { describeE2E, useBrowser, idToken, photoCheckOf } from '../support/e2e';
import { PORTRAIT_FIXTURE } from '../support/api-client';

const app = useBrowser();

async function register(page: Page, email: string, birthDate: string) {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Vacy');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Sunny-day-7');
  await page.getByLabel('Date of birth').fill(birthDate);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/(dashboard|onboarding)/);
}

describeE2E('privacy: consent, retention, export, account deletion', () => {
  it('a minor sees why photo profiles are closed to them', { timeout: 60_000 }, async () => {
    const { page, context } = await app.open();
    await register(page, `minor-${Date.now()}@example.test`, `${new Date().getUTCFullYear() - 15}-03-01`);
    await page.goto('/profiles/new');
    const step = page.getByTestId('photo-consent-step');
    await step.getByRole('alert').waitFor();
    expect(await step.getByRole('alert').innerText()).toBe(
      'Photo profiles are for people 18 and over. You can still explore styles and collections.',
    );
    expect(await step.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Profile' }).isDisabled()).toBe(true);
    await context.close();
  });

  it(
    'consents to a photo profile, sets retention, downloads the data, then deletes the account',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await app.open();
      const email = `privacy-${Date.now()}@example.test`;
      await register(page, email, '1990-01-15');

      // Consent step: the date of birth given at sign-up is on file; the confirmation is required.
      await page.goto('/profiles/new');
      const consent = page.getByRole('checkbox', { name: /These photos show me, or someone who is 18 or older/ });
      await consent.waitFor();
      expect(await page.getByLabel('Date of birth').count()).toBe(0);
      await page.getByLabel('Profile name').fill('Me, everyday');
      // a real face: the form checks the picked portrait in the browser (the Fitly engine)
      const portrait = await readFile(PORTRAIT_FIXTURE);
      await page
        .locator('input[type=file][name=portrait]')
        .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
      await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
      expect(await photoCheckOf(page, 'portrait')).toBe('ok');
      await page.getByRole('button', { name: 'Use this example: women, athletic' }).click();
      const save = page.getByRole('button', { name: 'Create Profile' });
      expect(await save.isDisabled()).toBe(true);
      await consent.check();
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      await page.waitForURL((url) => url.pathname === '/profiles');

      // Retention: keep by default; choose 7 days; it survives a reload (stored on the server).
      await page.goto('/settings?tab=privacy');
      const keep = page.getByRole('radio', { name: /Keep until I delete them/ });
      await page.locator('input[name=retention]:checked').waitFor(); // the stored choice has loaded
      expect(await keep.isChecked()).toBe(true);
      // click, not check(): the radio is controlled and turns on when the server has stored the choice
      await page.getByRole('radio', { name: /Delete after 7 days/ }).click();
      await page.getByText('Generated images are now deleted after 7 days.').first().waitFor();
      await page.reload();
      await page.locator('input[name=retention]:checked').waitFor();
      expect(await page.getByRole('radio', { name: /Delete after 7 days/ }).isChecked()).toBe(true);

      // Download my data: built in the background, then a link valid 24 h.
      await page.getByRole('button', { name: 'Prepare my data' }).click();
      const link = page.getByRole('link', { name: 'Download ZIP' });
      await link.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('export-section').innerText()).toMatch(/The link works until/);
      const zip = await fetch(new URL((await link.getAttribute('href'))!, app.baseUrl));
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const data = JSON.parse(strFromU8(files['profile.json']!));
      expect(data.account.email).toBe(email);
      expect(data.privacy).toEqual({ retentionDays: 7, ageStatus: 'adult' });
      expect(data.photoProfiles).toHaveLength(1);
      expect(data.photoProfiles[0]).toMatchObject({
        name: 'Me, everyday',
        consent: { wordingVersion: PHOTO_CONSENT.version },
      });
      expect(Object.keys(files).some((n) => /^photos\/Me-everyday-[0-9A-Z]+\/portrait\.jpg$/.test(n))).toBe(true);
      expect(strFromU8(files['credit-history.csv']!).split('\r\n')[0]).toBe(
        'createdAt,kind,bucket,amount,note,entryId',
      );

      // Delete my account: typed confirmation, then signed out on the receipt.
      const token = await idToken(page);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/account-deleted');
      await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
      expect(await page.getByTestId('receipt-photoProfiles').innerText()).toBe('1');
      expect(Number(await page.getByTestId('receipt-files').innerText())).toBeGreaterThanOrEqual(2); // portrait + export
      expect(await page.getByTestId('receipt-consents').innerText()).toBe('1');
      expect(await idToken(page)).toBeNull(); // signed out in this browser

      // The old token no longer works, and the credentials cannot sign in again.
      const res = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Sunny-day-7');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      await context.close();
    },
  );
});
