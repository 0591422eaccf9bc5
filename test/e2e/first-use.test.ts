/**
 * Issue 26, "First use keeps its promises", in the browser on the whole local stack:
 * - "Try it free" on a fresh account reaches a first picture of the person without paying and without a
 *   hidden step: the starter grant (STARTER_CREDITS) is there after sign-up, the dashboard welcomes (not
 *   "welcome back") and asks for a photo profile, a 100 x 100 portrait is refused when picked (before any
 *   upload), the profile is saved, one look is generated and followed on the progress page (stages) to the
 *   result; the ledger's sum equals the balance.
 * - The outfit builder uploads a piece's image as soon as it is chosen (no second click) and its run shows the
 *   same progress page.
 * - axe: no violations on the pages touched (dashboard with the prompt, the profile form, the progress page,
 *   the outfit builder).
 */
import { expect, it } from 'vitest';
import { axeViolations as violations } from '../support/axe';
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { confirmSpend, describeE2E, idToken, photoCheckOf, signIn, useBrowser } from '../support/e2e';
import { apiOf, FULL_BODY_FIXTURE, garmentJpeg, photoProfileForm, waitForBodyCheck } from '../support/api-client';
import { STARTER_CREDITS, STARTER_GRANT_LABEL } from '../../shared/domain/plans';

const app = useBrowser();
const api = apiOf(app);
const PORTRAIT_FIXTURE = fileURLToPath(new URL('../fixtures/people/ai-upper.jpg', import.meta.url));

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.test`;

describeE2E('first use (issue 26)', () => {
  it(
    '"Try it free" on a fresh account reaches a first look of the person without paying and without a hidden step',
    { timeout: 240_000 },
    async () => {
      const { page, context } = await app.open();
      await page.goto('/');
      await page.getByTestId('hero-free-look').getByText(STARTER_GRANT_LABEL, { exact: false }).waitFor();
      await page.getByTestId('hero-try-free').click();
      await page.waitForURL((u) => u.pathname === '/auth/register');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.getByText(`${STARTER_GRANT_LABEL} when you confirm your e-mail`, { exact: false }).waitFor();
      await page.getByLabel('First name').fill('Nova');
      await page.getByLabel('Last name').fill('First');
      await page.getByLabel('Email').fill(uniqueEmail('first'));
      await page.getByLabel('Password').fill('Sunny-day-7');
      await page.getByLabel('Date of birth').fill('1990-01-15');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByLabel('Confirmation code').fill('123456');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((u) => u.pathname === '/onboarding');
      await page.getByTestId('onboarding-skip').click();
      await page.waitForURL((u) => u.pathname === '/dashboard');
      const token = (await idToken(page))!;

      // true words: a welcome (not "welcome back"), the free look in the credits, and the next step asked for
      const heading = page.getByTestId('dashboard-heading');
      await heading.getByText('Welcome, Nova First', { exact: true }).waitFor();
      expect(await heading.innerText()).not.toContain('back');
      expect(await page.getByTestId('dashboard-credits').innerText()).toBe(String(STARTER_CREDITS));
      const prompt = page.getByTestId('first-profile-prompt');
      await prompt.getByText(/Your first look is free/).waitFor();
      expect(await violations(page)).toEqual([]);

      // the starter grant is one ledger entry, and the ledger's sum is the balance
      const ledger = await api<{ items: { kind: string; amount: number }[] }>(token, 'GET', '/api/credits/ledger');
      expect(ledger.json.items).toEqual([expect.objectContaining({ kind: 'grant.starter', amount: STARTER_CREDITS })]);

      await prompt.getByTestId('first-profile-create').click();
      await page.waitForURL((u) => u.pathname === '/profiles/new');
      await page.getByRole('heading', { level: 1, name: 'Create Photo Profile' }).waitFor();

      // a 100 x 100 picture (no person) is refused when picked, with the reason, and nothing is uploaded
      const posts: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
      const tiny = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#d0d0d0' } })
        .jpeg()
        .toBuffer();
      await page
        .locator('input[type=file][name=portrait]')
        .setInputFiles({ name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: tiny });
      await page
        .getByRole('alert')
        .filter({ hasText: 'This photo is 100 x 100 pixels. Use a portrait of at least 400 x 400 pixels.' })
        .waitFor();
      expect(await page.getByRole('img', { name: 'Portrait photo preview' }).count()).toBe(0);
      expect(posts).toEqual([]);

      // the real photos: chosen, previewed, and sent only when the profile is saved with the consent
      await page.getByLabel('Profile name').fill('Me');
      await page
        .locator('input[type=file][name=portrait]')
        .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await readFile(PORTRAIT_FIXTURE) });
      await page.getByRole('img', { name: 'Portrait photo preview' }).waitFor();
      // checked in the browser when picked (the Fitly engine): a face, then a whole body
      expect(await photoCheckOf(page, 'portrait')).toBe('ok');
      await page
        .locator('input[type=file][name=fullBody]')
        .setInputFiles({ name: 'full-body.jpg', mimeType: 'image/jpeg', buffer: await readFile(FULL_BODY_FIXTURE) });
      await page.getByRole('img', { name: 'Full-body photo preview' }).waitFor();
      expect(await photoCheckOf(page, 'fullBody')).toBe('ok');
      await page.getByRole('button', { name: 'Use this example: women, athletic' }).click();
      expect(posts.filter((p) => p === '/api/uploads')).toEqual([]);
      await page.getByRole('checkbox', { name: /These photos show me/ }).check();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create Profile' }).click();
      await page.waitForURL((u) => u.pathname === '/profiles');
      const profiles = await api<{ id: string }[]>(token, 'GET', '/api/photo-profiles');
      expect(profiles.json).toHaveLength(1);
      expect(await waitForBodyCheck(app.baseUrl, token, profiles.json[0]!.id)).toBe('ok');

      // the first look, paid by the starter grant
      await page.goto('/generate/style/seed-style-01');
      await page.getByRole('heading', { level: 1, name: 'Generate with Weekend Denim' }).waitFor();
      await page.getByRole('radio', { name: /Me/ }).check();
      await page.getByRole('button', { name: 'Generate Look (1 credit)' }).click();
      // the cost is asked once, with the balance: the starter grant is all there is
      await page.getByRole('alertdialog').getByText('You have 1 credit; 0 will be left.', { exact: false }).waitFor();
      await confirmSpend(page);
      expect(await page.getByText('Not enough credits').count()).toBe(0);

      // the progress page of a single look: its stages, the current one marked, the usual time
      await page.waitForURL(/\/generation\/[\w-]+$/);
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const progress = page.getByTestId('render-progress');
      await progress.waitFor();
      expect(['queued', 'rendering']).toContain(await progress.getAttribute('data-stage'));
      for (const [id, label] of [
        ['queued', 'Queued'],
        ['rendering', 'Rendering'],
        ['ready', 'Ready'],
      ] as const)
        expect(await progress.getByTestId(`render-stage-${id}`).innerText()).toContain(label);
      expect(await progress.locator('[aria-current="step"]').count()).toBe(1);
      await page
        .getByTestId('render-eta')
        .getByText(/Usually ready within about/)
        .waitFor();
      expect(await violations(page)).toEqual([]);

      // the same page becomes the result
      await page.getByTestId('detail-download').waitFor({ timeout: 90_000 });
      expect(new URL(page.url()).pathname).toBe(`/generation/${id}`);
      const me = await api<{ credits: number }>(token, 'GET', '/api/auth/user');
      expect(me.json.credits).toBe(STARTER_CREDITS - 1);
      const after = await api<{ items: { kind: string; amount: number }[] }>(token, 'GET', '/api/credits/ledger');
      expect(after.json.items.reduce((s, e) => s + e.amount, 0)).toBe(me.json.credits);
      await context.close();
    },
  );

  it(
    'the outfit builder uploads a piece when it is chosen (no second click) and follows the run on the progress page',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await app.open();
      await signIn(page, 'shopper@example.com');
      const token = (await idToken(page))!;
      const name = `First-use outfit ${Date.now()}`;
      const created = await api<{ id: string }>(token, 'POST', '/api/photo-profiles', await photoProfileForm(name));
      expect(created.status).toBe(201);
      await waitForBodyCheck(app.baseUrl, token, created.json.id);

      await page.goto('/outfit');
      await page.getByRole('heading', { level: 1, name: 'Build an outfit' }).waitFor();
      await page
        .getByTestId('piece-0-file')
        .setInputFiles({ name: 'tee.jpg', mimeType: 'image/jpeg', buffer: await garmentJpeg('tee', 500) });
      // the piece's image uploads at once: no Upload button, and the piece no longer asks for an image
      await page.getByTestId('piece-0').getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
      expect(await page.getByTestId('piece-0').getByText('Upload an image for this piece').count()).toBe(0);
      await page.getByRole('radio', { name: new RegExp(name) }).check();
      expect(await violations(page)).toEqual([]);

      await page.getByTestId('outfit-generate').click();
      await confirmSpend(page);
      await page.waitForURL(/\/generation\/[\w-]+$/);
      const progress = page.getByTestId('render-progress');
      await progress.waitFor();
      expect(['queued', 'rendering']).toContain(await progress.getAttribute('data-stage'));
      await page.getByTestId('detail-download').waitFor({ timeout: 90_000 });
      // the demo shopper is shared by the browser tests: leave its photo-profile slots as they were
      expect((await api(token, 'DELETE', `/api/photo-profiles/${created.json.id}`)).status).toBe(204);
      await context.close();
    },
  );
});
