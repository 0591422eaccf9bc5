import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, photoProfileForm, waitForBodyCheck } from '../support/api-client';

const app = useBrowser();

const api = apiOf(app);

/** On the local checkout page: Pay, then back on /subscription with the success toast and a clean URL. */
async function payLocally(page: Page) {
  await page.waitForURL(/\/local\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.pathname === '/subscription');
  await page.getByText('Payment successful!', { exact: true }).first().waitFor();
}

interface PromptTemplate {
  id: string;
  name: string;
  description: string | null;
}

describeE2E('admin tools: influencer application and review, prompt templates and tester', () => {
  it(
    'a Starter member applies, the admin approves, then edits and tests a prompt template',
    { timeout: 180_000 },
    async () => {
      // 1. a new account on the Starter plan
      const user = await app.open();
      const stamp = Date.now();
      const email = `influ-${stamp}@example.test`;
      await user.page.goto('/auth/register');
      await user.page.getByLabel('First name').fill('Ivy');
      await user.page.getByLabel('Last name').fill('Applicant');
      await user.page.getByLabel('Email').fill(email);
      await user.page.getByLabel('Password').fill('Sunny-day-7');
      await user.page.getByLabel('Date of birth').fill('1990-01-15');
      await user.page.getByRole('button', { name: 'Create account' }).click();
      await user.page.getByLabel('Confirmation code').fill('123456');
      await user.page.getByRole('button', { name: 'Confirm' }).click();
      await user.page.waitForURL(/\/(dashboard|onboarding)/);

      await user.page.goto('/subscription');
      const starter = user.page.getByTestId('plan-starter-button');
      await starter.filter({ hasText: 'Choose Starter' }).waitFor();
      await starter.click();
      await payLocally(user.page);
      await user.page.getByTestId('current-plan').filter({ hasText: 'Starter' }).waitFor();

      // 2. the application: submit is disabled under 50 characters, then sent with a 60-character use case
      await user.page.goto('/influencer/apply');
      await user.page.getByRole('heading', { level: 1, name: 'Apply to Become an Influencer' }).waitFor();
      await user.page.getByText('Applications are typically reviewed in 2-3 business days').first().waitFor();
      const useCase = user.page.getByLabel('How will you use the platform?');
      const submit = user.page.getByRole('button', { name: 'Submit application' });
      await useCase.fill('Too short to apply.');
      expect(await submit.isDisabled()).toBe(true);
      const text = 'I share weekly outfit ideas with my followers on Instagram!!';
      expect(text).toHaveLength(60);
      await useCase.fill(text);
      await user.page.getByLabel('Instagram (optional)').fill('@ivy.styles');
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();
      await user.page.getByText('Application submitted', { exact: true }).first().waitFor();
      await user.page.getByTestId('application-status').filter({ hasText: 'Application pending' }).waitFor();
      await user.page.getByTestId('pending-application').filter({ hasText: text }).waitFor();
      expect(await user.page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
      const userToken = (await idToken(user.page))!;
      const mine = await api<{ status: string; instagramHandle: string; tiktokHandle: string | null }>(
        userToken,
        'GET',
        '/api/influencer/application',
      );
      expect(mine.json).toMatchObject({ status: 'pending', instagramHandle: '@ivy.styles', tiktokHandle: null });

      // 3. the demo admin approves it
      const admin = await app.open();
      await signIn(admin.page, 'admin@example.com');
      const adminToken = (await idToken(admin.page))!;
      await admin.page.goto('/admin/influencer/applications');
      await admin.page.getByRole('heading', { level: 1, name: 'Influencer Applications' }).waitFor();
      const card = admin.page.locator(`[data-testid="application-card"][data-email="${email}"]`);
      await card.waitFor();
      expect(await card.innerText()).toContain(text);
      expect(await card.innerText()).toContain('Starter');
      await card.getByRole('button', { name: /^Approve/ }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Approve application' });
      await dialog.waitFor();
      await dialog.getByLabel('Review notes (optional)').fill('Welcome aboard.');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await admin.page.getByText('Application approved', { exact: true }).first().waitFor();
      await card.waitFor({ state: 'detached' }); // no longer pending
      await admin.page.getByTestId('filter-approved').click();
      await card.getByTestId('application-status').filter({ hasText: 'Approved' }).waitFor();
      expect(await card.getByRole('button', { name: /^(Approve|Reject)/ }).count()).toBe(0);
      const me = await api<{ isInfluencer: boolean }>(userToken, 'GET', '/api/auth/user');
      expect(me.json.isInfluencer).toBe(true);
      await user.page.goto('/influencer/apply');
      await user.page.getByTestId('already-influencer').waitFor();
      await user.context.close();

      // 4. the admin edits a prompt template's description
      const before = (await api<PromptTemplate[]>(adminToken, 'GET', '/api/admin/prompts')).json.find(
        (p) => p.name === 'Lookbook Minimal',
      )!;
      expect(before).toBeTruthy();

      // the tester needs one of the admin's own photo profiles
      const profileName = `Admin tester ${stamp}`;
      const body = 'Tall, slim build, long legs and narrow shoulders.';
      const fd = await photoProfileForm(profileName, { bodyDescription: body });
      const created = await api<{ id: string }>(adminToken, 'POST', '/api/photo-profiles', fd);
      expect(created.status).toBe(201);
      await waitForBodyCheck(app.baseUrl, adminToken, created.json.id);

      try {
        await admin.page.goto('/admin/prompts');
        await admin.page.getByRole('heading', { level: 1, name: 'Prompt Templates' }).waitFor();
        await admin.page.getByTestId('prompt-item').filter({ hasText: 'Lookbook Minimal' }).click();
        const form = admin.page.getByRole('form', { name: 'Edit prompt template' });
        await form.waitFor();
        expect(await form.getByLabel('Name').inputValue()).toBe('Lookbook Minimal');
        const description = `Neutral wall, even light (edited ${stamp}).`;
        await form.getByLabel('Description').fill(description);
        await form.getByRole('button', { name: 'Save' }).click();
        await admin.page.getByText('Template updated', { exact: true }).first().waitFor();
        const after = (await api<PromptTemplate[]>(adminToken, 'GET', '/api/admin/prompts')).json.find(
          (p) => p.id === before.id,
        )!;
        expect(after.description).toBe(description);

        // 5. the prompt tester: nothing selected gives 'Missing selection', then a style and the profile give the prompt
        await admin.page.getByRole('button', { name: 'Test prompt' }).click();
        await admin.page.getByText('Missing selection', { exact: true }).first().waitFor();
        await admin.page.getByTestId('tester-style-search').fill('Weekend Denim');
        await admin.page.getByTestId('tester-style').locator('input[value="seed-style-01"]').check();
        await admin.page.getByLabel('Photo profile', { exact: true }).selectOption({ label: profileName });
        await admin.page.getByRole('button', { name: 'Test prompt' }).click();
        const prompt = admin.page.getByTestId('prompt-test-prompt');
        await prompt.waitFor();
        expect(await prompt.innerText()).toContain(body);
        await admin.page.getByTestId('prompt-test-template').waitFor();
        expect(await admin.page.getByLabel('Full payload JSON').innerText()).toContain(created.json.id);
      } finally {
        await api(adminToken, 'PATCH', `/api/admin/prompts/${before.id}`, { description: before.description ?? '' });
        await api(adminToken, 'DELETE', `/api/photo-profiles/${created.json.id}`);
        await admin.context.close();
      }
    },
  );
  it('the admin compiles, creates and deletes a raw template', { timeout: 90_000 }, async () => {
    const { page, context } = await app.open({ width: 360, height: 800 });
    await signIn(page, 'admin@example.com');
    await page.goto('/admin/raw-templates');
    await page.getByRole('heading', { level: 1, name: 'Raw Templates' }).waitFor();
    await page.getByTestId('raw-template-item').first().waitFor();
    // a new template starts with the starter JSON (4:5, jpeg, 1 image) and priority 10
    const form = page.getByRole('form', { name: 'New raw template' });
    const json = form.getByLabel('Template JSON');
    expect(JSON.parse(await json.inputValue()).output).toEqual({ aspect_ratio: '4:5', format: 'jpeg', num_images: 1 });
    expect(await form.getByLabel('Priority').inputValue()).toBe('10');

    // the test needs a style template and a photo profile (spec 02 section 5)
    await page.getByRole('button', { name: 'Compile' }).click();
    await page.getByTestId('compile-error').filter({ hasText: 'Please select a style template' }).waitFor();
    await page.getByTestId('raw-test-style').getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Compile' }).click();
    await page.getByTestId('compile-error').filter({ hasText: 'Please select a photo profile' }).waitFor();
    const adminToken = (await idToken(page))!;
    const fd = await photoProfileForm(`Raw tester ${Date.now()}`, {
      bodyDescription: 'Average height, athletic build and broad shoulders.',
      fullBody: false,
    });
    const profile = await api<{ id: string }>(adminToken, 'POST', '/api/photo-profiles', fd);
    expect(profile.status).toBeLessThan(300);
    try {
      await page.reload();
      await page.getByTestId('raw-template-item').first().waitFor();
      await page.getByTestId('raw-test-style').getByRole('radio').first().check();
      await page.getByLabel('Photo profile').selectOption(profile.json.id);
      // the chosen images fill the sample URLs; they stay editable
      expect(await page.getByLabel('Portrait URL').inputValue()).toMatch(/\/api\/private-image\//);
      await page.getByLabel('Style reference URL').fill('https://img.example/style-ref.jpg');
      await page.getByRole('button', { name: 'Compile' }).click();
      await page.getByTestId('compile-output').filter({ hasText: 'https://img.example/style-ref.jpg' }).waitFor();

      await page
        .getByRole('form', { name: 'New raw template' })
        .getByLabel('Template JSON')
        .fill('{ "image": "{{NOPE}}" }');
      await page.getByRole('button', { name: 'Compile' }).click();
      const error = page.getByTestId('compile-error').filter({ hasText: 'Compile failed' });
      await error.waitFor();
      expect(await error.innerText()).not.toMatch(/Compile failed:.*Compile failed/);
      await page.getByText('Compile failed', { exact: true }).first().waitFor();
    } finally {
      await api(adminToken, 'DELETE', `/api/photo-profiles/${profile.json.id}`);
    }

    // create, then delete it again
    const name = `E2E raw ${Date.now()}`;
    await json.fill('{ "prompt": "x", "images": { "person": "{{PORTRAIT_URL}}" } }');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Template created', { exact: true }).first().waitFor();
    await page.getByTestId('raw-template-item').filter({ hasText: name }).waitFor();
    const edit = page.getByRole('form', { name: 'Edit raw template' });
    await edit.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Template deleted', { exact: true }).first().waitFor();
    await page.getByTestId('raw-template-item').filter({ hasText: name }).waitFor({ state: 'detached' });
    // nothing sticks out sideways at 360 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
