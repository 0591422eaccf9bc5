/**
 * A double click on a button that spends credits spends exactly one credit: "Generate Look", a style's
 * "Quick Try" and the style editor's "Generate cover". Each asks once before it spends (issue 39): the double
 * click opens one question (its second click lands on the question, which an outside click does not close),
 * and a double click on its yes starts one generation (the dialog answers once; the SPA sends one
 * Idempotency-Key per intent, shares the in-flight request, and the server answers a repeat with the first
 * generation).
 */
import { expect, it } from 'vitest';
import { confirmSpend, describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf, photoProfileForm, waitForBodyCheck } from '../support/api-client';

const app = useBrowser();

const api = apiOf(app);

async function createProfile(token: string, name: string) {
  const fd = await photoProfileForm(name);
  const res = await api<{ id: string }>(token, 'POST', '/api/photo-profiles', fd);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await waitForBodyCheck(app.baseUrl, token, res.json.id);
  return res.json.id;
}

const credits = async (token: string) => (await api<{ credits: number }>(token, 'GET', '/api/auth/user')).json.credits;
const generationIds = async (token: string) =>
  (await api<{ id: string }[]>(token, 'GET', '/api/generations')).json.map((g) => g.id);

describeE2E('double clicks never spend twice', () => {
  it(
    'Generate Look and Quick Try: each double click starts one generation and spends one credit',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await app.open();
      await signIn(page, 'shopper@example.com');
      const token = (await idToken(page))!;
      const name = `Double ${Date.now()}`;
      await createProfile(token, name);

      // Generate Look on /generate/style/{id}
      let before = await credits(token);
      let gens = await generationIds(token);
      await page.goto('/generate/style/seed-style-01');
      await page.getByRole('heading', { level: 1, name: 'Generate with Weekend Denim' }).waitFor();
      await page.getByRole('radio', { name: new RegExp(name) }).check();
      await page.getByRole('button', { name: 'Generate Look (1 credit)' }).dblclick();
      // one question for the two clicks (its chunk may still be arriving: wait for it, then count)
      await page.getByRole('alertdialog').first().waitFor();
      expect(await page.getByRole('alertdialog').count()).toBe(1);
      expect(await generationIds(token)).toEqual(gens); // nothing spent before the yes
      await confirmSpend(page, 1, { dblclick: true });
      await page.waitForURL(/\/generation\/[\w-]+$/);
      expect(await credits(token)).toBe(before - 1);
      expect((await generationIds(token)).filter((id) => !gens.includes(id))).toHaveLength(1);

      // Quick Try on a style's page
      before = await credits(token);
      gens = await generationIds(token);
      await page.goto('/style/seed-style-02');
      const quickTry = page.getByTestId('style-quick-try');
      await expect.poll(() => quickTry.textContent()).toBe('Quick Try · 1 credit'); // the cost, before the click
      await quickTry.dblclick();
      await confirmSpend(page, 1, { dblclick: true });
      await page.waitForURL(/\/generation\/[\w-]+$/);
      expect(await credits(token)).toBe(before - 1);
      expect((await generationIds(token)).filter((id) => !gens.includes(id))).toHaveLength(1);
      await context.close();
    },
  );

  it('Generate cover: a double click generates one cover for one credit', { timeout: 120_000 }, async () => {
    const admin = await app.open();
    await signIn(admin.page, 'admin@example.com');
    const adminToken = (await idToken(admin.page))!;
    const { page, context } = await app.open();
    await signIn(page, 'influencer@example.com');
    const token = (await idToken(page))!;
    const me = (await api<{ id: string }>(token, 'GET', '/api/auth/user')).json;
    const grant = await api(adminToken, 'POST', '/api/admin/credits/adjust', {
      userId: me.id,
      amount: 3,
      bucket: 'pack',
      reason: 'e2e double click',
      idempotencyKey: `e2e-dbl-${Date.now()}`,
    });
    expect(grant.status, JSON.stringify(grant.json)).toBeLessThan(300);
    await admin.context.close();
    await createProfile(token, `Cover ${Date.now()}`);

    const before = await credits(token);
    await page.goto('/admin/styles');
    await page.getByRole('heading', { level: 1, name: 'Style Creator' }).waitFor();
    await page.getByTestId('style-list').getByText('Weekend Denim').first().click();
    const button = page.getByTestId('generate-cover');
    await button.waitFor();
    await button.dblclick();
    await confirmSpend(page, 1, { dblclick: true });
    await page.getByText('Cover generated').first().waitFor({ timeout: 90_000 });
    expect(await credits(token)).toBe(before - 1);
    await context.close();
  });
});
