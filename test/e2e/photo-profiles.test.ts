import { expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describeE2E, itFull, photoCheckOf, signIn, useBrowser } from '../support/e2e';
import { FULL_BODY_FIXTURE, PORTRAIT_FIXTURE } from '../support/api-client';

const app = useBrowser();

interface WireProfile {
  id: string;
  name: string;
  isDefault: boolean;
  supportsNano: boolean;
  supportsFashn: boolean;
  fullBodyUrl: string | null;
}

/** The fixture people (the form checks a picked photo in the browser: a face, a whole body). */
const portraitPhoto = () => readFile(PORTRAIT_FIXTURE);
const fullBodyPhoto = () => readFile(FULL_BODY_FIXTURE);

async function idToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('no id token in localStorage');
  return token;
}

async function listProfiles(page: Page): Promise<WireProfile[]> {
  const res = await fetch(`${app.baseUrl}/api/photo-profiles`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as WireProfile[];
}

const card = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function register(page: Page, email: string) {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Pia');
  await page.getByLabel('Last name').fill('Photo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Sunny-day-7');
  await page.getByLabel('Date of birth').fill('1990-01-15');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Confirmation code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/(dashboard|onboarding)/);
}

async function fillNewProfile(page: Page, name: string, portrait: Buffer) {
  await page.goto('/profiles/new');
  await page.getByLabel('Profile name').fill(name);
  await page
    .locator('input[type=file][name=portrait]')
    .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
  await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
  expect(await photoCheckOf(page, 'portrait')).toBe('ok');
  await page.getByRole('button', { name: 'Use this example: men, stocky' }).click();
  await page.getByRole('checkbox', { name: /These photos show me/ }).check();
}

async function createProfile(page: Page, name: string, photos: { portrait: Buffer; fullBody?: Buffer }) {
  await page.goto('/profiles/new');
  await page.getByRole('heading', { level: 1, name: 'Create Photo Profile' }).waitFor();
  const save = page.getByRole('button', { name: 'Create Profile' });
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Profile name').fill(name);
  await page.getByRole('checkbox', { name: /These photos show me/ }).check();
  await page.getByLabel('Gender').selectOption('female');
  await page
    .locator('input[type=file][name=portrait]')
    .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photos.portrait });
  await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
  expect(await photoCheckOf(page, 'portrait')).toBe('ok');
  if (photos.fullBody) {
    await page
      .locator('input[type=file][name=fullBody]')
      .setInputFiles({ name: 'full-body.jpg', mimeType: 'image/jpeg', buffer: photos.fullBody });
    await page.getByRole('img', { name: 'Full-body photo preview' }).waitFor();
    expect(await photoCheckOf(page, 'fullBody')).toBe('ok');
  }
  const body = page.getByLabel('Body description');
  await body.fill('Slim');
  await page.getByText(/^4 \/ 20 characters/).waitFor();
  expect(await save.isDisabled()).toBe(true);
  await body.blur();
  await page.getByText('Body description must be at least 20 characters').waitFor();
  // an example from the side panel fills the textarea
  await page.getByRole('button', { name: 'Use this example: women, athletic' }).click();
  expect(await body.inputValue()).toMatch(/^Athletic build/);
  expect(await save.isEnabled()).toBe(true);
  await save.click();
  await page.waitForURL((url) => url.pathname === '/profiles');
  await page.getByText('Profile created', { exact: true }).first().waitFor();
  await card(page, name).waitFor();
}

describeE2E('photo profiles', () => {
  it('creates, lists, makes default and deletes photo profiles', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'shopper@example.com');
    const before = await listProfiles(page);
    const run = Date.now().toString(36);
    const first = `E2E full ${run}`;
    const second = `E2E portrait ${run}`;

    // /photos forwards to /profiles
    await page.goto('/photos');
    await page.waitForURL((url) => url.pathname === '/profiles');
    await page.getByRole('heading', { level: 1, name: 'Photo Profiles' }).waitFor();

    // 1. a profile with both photos: Creative and Exact
    await createProfile(page, first, {
      portrait: await portraitPhoto(),
      fullBody: await fullBodyPhoto(),
    });
    const firstCard = card(page, first);
    await firstCard.getByText('Creative', { exact: true }).waitFor();
    await firstCard.getByText('Exact', { exact: true }).waitFor();
    expect(await firstCard.getByRole('img', { name: `${first}: portrait` }).count()).toBe(1);
    expect(await firstCard.getByRole('img', { name: `${first}: full body` }).count()).toBe(1);
    if (before.length > 0) {
      // someone else's profile was the default: make ours the default first
      await firstCard.getByRole('button', { name: `Make default: ${first}` }).click();
      await page.getByText('Default profile updated', { exact: true }).first().waitFor();
    }
    await firstCard.getByText('Default', { exact: true }).waitFor();
    expect(await firstCard.getByRole('button', { name: /Make default/ }).count()).toBe(0);

    // 2. a portrait-only profile: Creative only; make it the default
    await createProfile(page, second, { portrait: await portraitPhoto() });
    const secondCard = card(page, second);
    await secondCard.getByText('Creative', { exact: true }).waitFor();
    expect(await secondCard.getByText('Exact', { exact: true }).count()).toBe(0);
    expect(await secondCard.getByText('Default', { exact: true }).count()).toBe(0);
    await secondCard.getByRole('button', { name: `Make default: ${second}` }).click();
    await page.getByText('Default profile updated', { exact: true }).first().waitFor();
    await secondCard.getByText('Default', { exact: true }).waitFor();
    await firstCard.getByRole('button', { name: `Make default: ${first}` }).waitFor();
    // the default comes first in the list
    expect(await page.getByRole('list', { name: 'Photo profiles' }).getByRole('heading').first().innerText()).toBe(
      second,
    );

    // 3. delete the first through the confirmation dialog
    await firstCard.getByRole('button', { name: `Delete: ${first}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete photo profile?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('photos');
    await dialog.getByRole('button', { name: 'Delete profile' }).click();
    await page.getByText('Photo profile deleted', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await firstCard.waitFor({ state: 'detached' });

    // 4. the API agrees
    const after = await listProfiles(page);
    expect(after).toHaveLength(before.length + 1);
    expect(after.some((p) => p.name === first)).toBe(false);
    const kept = after.find((p) => p.name === second);
    expect(kept).toMatchObject({ isDefault: true, supportsNano: true, supportsFashn: false, fullBodyUrl: null });
    expect(after[0]?.name).toBe(second);
    expect(after.filter((p) => p.isDefault)).toHaveLength(1);

    // 5. edit: the form is filled in; removing a full-body photo is possible, cancel goes back
    await secondCard.getByRole('link', { name: `Edit: ${second}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Photo Profile' }).waitFor();
    expect(await page.getByLabel('Profile name').inputValue()).toBe(second);
    expect(await page.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles');

    // leave the shopper as we found it (other files share the data directory)
    const token = await idToken(page);
    for (const p of after.filter((x) => x.name === second)) {
      const res = await fetch(`${app.baseUrl}/api/photo-profiles/${p.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(204);
    }
    if (before.find((p) => p.isDefault)) {
      const prev = before.find((p) => p.isDefault)!;
      await fetch(`${app.baseUrl}/api/photo-profiles/${prev.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isDefault: true }),
      });
    }
    await context.close();
  });

  // full suite only: the cap and its 403 are test/integration/photo-profiles.test.ts's, the deletion of all
  // photos test/integration/privacy.test.ts's
  itFull(
    'a new account without a plan hits the profile cap (upsell), then deletes all its photos in Settings',
    async () => {
      const { page, context } = await app.open();
      await register(page, `photos-${Date.now()}@example.test`);
      await page.goto('/profiles');
      await page.getByRole('heading', { name: 'No photo profiles yet' }).waitFor();

      await fillNewProfile(page, 'Only one', await portraitPhoto());
      await page.getByRole('button', { name: 'Create Profile' }).click();
      await page.waitForURL((url) => url.pathname === '/profiles');
      await card(page, 'Only one').getByText('Default', { exact: true }).waitFor();

      // no plan: one profile; the second opens the photo-profiles upsell instead of a "Save failed" toast
      await fillNewProfile(page, 'One too many', await portraitPhoto());
      await page.getByRole('button', { name: 'Create Profile' }).click();
      const upsell = page.getByRole('dialog', { name: 'Photo profile limit reached' });
      await upsell.waitFor();
      await upsell.getByRole('button', { name: 'See plans' }).waitFor();
      expect(await page.getByText('Save failed', { exact: true }).count()).toBe(0);
      await upsell.getByRole('button', { name: 'Not now' }).click();
      await upsell.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/profiles/new');

      // Settings > Privacy > Delete all my photos
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Privacy' }).click(); // Settings opens on Profile
      await page.getByRole('button', { name: 'Delete all my photos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete all my photos?' });
      const confirm = dialog.getByRole('button', { name: 'Delete everything' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await confirm.click();
      await page
        .getByText(/^Deleted 1 photo profile and \d+ files?\.$/)
        .first()
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await listProfiles(page)).toEqual([]);
      await page.goto('/profiles');
      await page.getByRole('heading', { name: 'No photo profiles yet' }).waitFor();
      await context.close();
    },
  );
});
