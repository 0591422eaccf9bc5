/**
 * Privacy in the browser (issues 13 and 26): the consent step of a new photo profile (and the age gate), the
 * retention setting (a shorter period asks first: Cancel changes nothing, Confirm applies), "Download my data"
 * (downloaded by Chromium, its ZIP entries listed), and "Delete my account" (the unused paid credits and the
 * plan shown, the export offered in the dialog, the current password required: a wrong one deletes nothing)
 * with its receipt, as a new user finds them. axe: no violations on the settings page, the retention dialog
 * and the delete dialog (also at 390 px in dark mode).
 */
import { expect, it } from 'vitest';
import { axeViolations as violations } from '../support/axe';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PHOTO_CONSENT, PRIVACY_MESSAGES } from '../../shared/domain/privacy';
import { describeE2E, useBrowser, idToken, photoCheckOf, registerOnPage, signIn } from '../support/e2e';
import { PORTRAIT_FIXTURE } from '../support/api-client';

const app = useBrowser();

async function register(page: Page, email: string, birthDate: string) {
  await page.goto('/auth/register');
  await registerOnPage(page, { first: 'Priya', last: 'Vacy', email, birthDate });
}

describeE2E('privacy: consent, retention, export, account deletion', () => {
  it('a minor sees why photo profiles are closed to them', { timeout: 60_000 }, async () => {
    const { page, context } = await app.open();
    await register(page, `minor-${Date.now()}@example.test`, `${new Date().getUTCFullYear() - 15}-03-01`);
    await page.goto('/profiles/new');
    // issue 39: no form they may not send, but why, and what they can do instead
    const notice = page.getByTestId('minor-notice');
    await notice.getByRole('heading', { name: 'Photo profiles are for people 18 and over' }).waitFor();
    expect(await notice.innerText()).toContain('You can still explore styles');
    expect(await notice.getByRole('link', { name: 'Explore styles' }).getAttribute('href')).toBe('/explore');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Profile' }).count()).toBe(0);
    // the dashboard tells them the same instead of inviting them to make a profile
    await page.goto('/dashboard');
    await page.getByTestId('minor-notice').waitFor();
    expect(await page.getByTestId('first-profile-prompt').count()).toBe(0);
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

      // Retention: keep by default. A shorter period asks first, saying what it deletes; Cancel changes nothing.
      await page.goto('/settings?tab=privacy');
      const keep = page.getByRole('radio', { name: /Keep until I delete them/ });
      await page.locator('input[name=retention]:checked').waitFor(); // the stored choice has loaded
      expect(await keep.isChecked()).toBe(true);
      expect(await violations(page)).toEqual([]);
      // click, not check(): the radio is controlled and turns on when the server has stored the choice
      const sevenDays = page.getByRole('radio', { name: /Delete after 7 days/ });
      await sevenDays.click();
      const ask = page.getByRole('alertdialog', { name: 'Delete results after 7 days?' });
      await ask.waitFor();
      await ask.getByTestId('retention-impact').waitFor();
      expect(await ask.getByTestId('retention-impact').innerText()).toBe(
        'None of your current results is older than 7 days, so none is deleted now.',
      );
      expect(await violations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Keep my current setting' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await keep.isChecked()).toBe(true);
      await page.reload();
      await page.locator('input[name=retention]:checked').waitFor();
      expect(await keep.isChecked()).toBe(true); // nothing was stored
      // Confirmed: applied and stored (it survives a reload).
      await sevenDays.click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Delete after 7 days' }).click();
      await page.getByText('Generated images are now deleted after 7 days.').first().waitFor();
      await ask.waitFor({ state: 'detached' });
      await page.reload();
      await page.locator('input[name=retention]:checked').waitFor();
      expect(await sevenDays.isChecked()).toBe(true);
      // A longer period (back to keep) saves at once.
      await keep.click();
      await page.getByText('Your generated images are kept until you delete them.').first().waitFor();
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await sevenDays.click();
      await ask.getByRole('button', { name: 'Delete after 7 days' }).click();
      await ask.waitFor({ state: 'detached' });

      // Download my data: built in the background, then a link valid 24 h, downloaded by the browser.
      await page.getByRole('button', { name: 'Prepare my data' }).click();
      const link = page.getByTestId('export-section').getByRole('link', { name: 'Download ZIP' });
      await link.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('export-section').innerText()).toMatch(/The link works until/);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^fitly-data-[0-9A-Z]+\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const names = Object.keys(files).sort();
      // The listing: every section of the README that has something in it for this person.
      expect(names).toEqual(
        expect.arrayContaining([
          'README.txt',
          'profile.json',
          'credit-history.csv',
          'generations/generations.json',
          'shares/shares.json',
          'feedback-given.json',
          // issue 39: the ratings a person gave and the reports they made
          'ratings.json',
          'reports.json',
        ]),
      );
      expect(names.some((n) => /^photos\/Me-everyday-[0-9A-Z]+\/portrait\.jpg$/.test(n))).toBe(true);
      expect(
        names.filter(
          (n) => !/^(photos\/|README|profile|credit|generations\/|shares\/|feedback|ratings|reports)/.test(n),
        ),
      ).toEqual([]);
      const readme = strFromU8(files['README.txt']!);
      expect(readme).toContain('What is not in it, and why:');
      expect(readme).toMatch(/Votes, reactions and reports given while signed out/);
      const data = JSON.parse(strFromU8(files['profile.json']!));
      expect(data.account.email).toBe(email);
      expect(data.privacy).toEqual({ retentionDays: 7, ageStatus: 'adult' });
      expect(data.photoProfiles).toHaveLength(1);
      expect(data.photoProfiles[0]).toMatchObject({
        name: 'Me, everyday',
        consent: { wordingVersion: PHOTO_CONSENT.version },
      });
      expect(JSON.parse(strFromU8(files['shares/shares.json']!))).toEqual([]);
      expect(JSON.parse(strFromU8(files['feedback-given.json']!))).toEqual({ votes: [], reactions: [] });
      expect(strFromU8(files['credit-history.csv']!).split('\r\n')[0]).toBe(
        'createdAt,kind,bucket,amount,note,entryId',
      );

      // Delete my account: what is lost, the export offered, the password required (a wrong one deletes nothing).
      const token = await idToken(page);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await dialog.getByTestId('delete-credits').waitFor();
      expect(await dialog.getByTestId('delete-credits').innerText()).toBe('You lose 1 free credit.'); // the starter grant
      // the export just made is offered again from the dialog
      await dialog.getByTestId('download-first').getByRole('link', { name: 'Download ZIP' }).waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      expect(await confirm.isDisabled()).toBe(true); // no password yet
      await dialog.getByLabel('Your current password').fill('Wrong-pass-9');
      expect(await violations(page)).toEqual([]);
      await confirm.click();
      await dialog.getByTestId('delete-account-error').waitFor();
      expect(await dialog.getByTestId('delete-account-error').innerText()).toBe(PRIVACY_MESSAGES.passwordWrong);
      expect(new URL(page.url()).pathname).toBe('/settings');
      const still = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(still.status).toBe(200); // nothing was deleted
      expect(await dialog.getByLabel('Your current password').inputValue()).toBe('');
      await dialog.getByLabel('Your current password').fill('Sunny-day-7');
      await confirm.click();
      // (the sign-out's own navigation may be aborted by the one to the receipt: wait for the receipt itself)
      // the deletion runs every step before it answers (cancel, purge, tombstone): up to a minute on a loaded CI machine
      await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor({ timeout: 60_000 });
      expect(new URL(page.url()).pathname).toBe('/account-deleted');
      expect(await page.getByTestId('receipt-photoProfiles').innerText()).toBe('1');
      expect(Number(await page.getByTestId('receipt-files').innerText())).toBeGreaterThanOrEqual(2); // portrait + export
      expect(await page.getByTestId('receipt-consents').innerText()).toBe('1');
      expect(await page.getByTestId('receipt-votesAndReactions').innerText()).toBe('0');
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

  it(
    'a paying shopper sees the paid credits and the plan they lose, and can prepare the export from the dialog (phone, dark)',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await app.open({ width: 390, height: 844, colorScheme: 'dark' });
      await signIn(page, 'shopper@example.com');
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.goto('/settings?tab=privacy');
      await page.getByRole('button', { name: 'Delete my account' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await violations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByTestId('delete-credits').waitFor();
      const lost = await dialog.getByTestId('delete-credits').innerText();
      expect(lost).toMatch(
        /You have [1-9]\d* unused paid credits?\. They are lost when your account is deleted and are not refunded\./,
      );
      expect(lost).toMatch(
        /Your plan is cancelled with your account: nothing more is charged after .+, and the rest of the period you paid for is not refunded\./,
      );
      await dialog.getByRole('button', { name: 'Download my data first' }).click();
      await dialog
        .getByTestId('download-first')
        .getByRole('link', { name: 'Download ZIP' })
        .waitFor({ timeout: 30_000 });
      expect(await violations(page)).toEqual([]);
      // Cancel: nothing happens; the shopper stays signed in.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      const token = await idToken(page);
      const me = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      await context.close();
    },
  );
});
