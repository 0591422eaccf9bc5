/**
 * Content safety in the browser: a shopper reports a public style from its page, an admin sees the report
 * (and the refusal counts) on /admin/safety and takes the style down; it is gone for everyone.
 */
import { expect, it } from 'vitest';
import { renderPerson } from '../../infra/local/seed-images';
import { describeE2E, signIn, useBrowser, idToken } from '../support/e2e';
import { apiOf } from '../support/api-client';
import { publicMediaUrl } from '../../shared/domain/image-ref';

const app = useBrowser();

const api = apiOf(app);

describeE2E('content safety: report a public style, admin takes it down', () => {
  it('a reported style disappears with its image after the admin takes it down', { timeout: 120_000 }, async () => {
    // an influencer publishes a style with an uploaded cover
    const infl = await app.open();
    await signIn(infl.page, 'influencer@example.com');
    const inflToken = (await idToken(infl.page))!;
    const fd = new FormData();
    fd.append('type', 'style_cover');
    fd.append(
      'file',
      new Blob([new Uint8Array(await renderPerson('fullBody', 9))], { type: 'image/jpeg' }),
      'cover.jpg',
    );
    const upload = await api<{ url: string }>(inflToken, 'POST', '/api/upload', fd);
    expect(upload.status).toBe(201);
    const name = `Reported look ${Date.now()}`;
    const style = await api<{ id: string; promptImageUrl: string; coverImageUrl: string | null }>(
      inflToken,
      'POST',
      '/api/admin/styles',
      {
        name,
        description: 'A look',
        sex: 'female',
        categoryIds: ['cat-casual'],
        tags: ['e2e'],
        tasks: ['OUTFIT_TRYON'],
        promptImageUrl: upload.json.url,
        coverImageUrl: upload.json.url,
        isPublic: true,
      },
    );
    expect(style.status).toBe(201);
    await infl.context.close();
    // the upload itself stays private (an anonymous caller is refused); the public style serves its public copy
    expect((await api(null, 'GET', upload.json.url)).status).toBe(401);
    const publicCopy = publicMediaUrl(style.json.promptImageUrl);
    expect(publicCopy, 'a public style names a public copy of its image').toMatch(/^\/media\/styles\//);
    expect((await fetch(`${app.baseUrl}${publicCopy}`)).status).toBe(200);

    // a shopper reports it from the style page
    const shopper = await app.open();
    await signIn(shopper.page, 'shopper@example.com');
    await shopper.page.goto(`/style/${style.json.id}`);
    await shopper.page.getByTestId('style-report').click();
    const reportDialog = shopper.page.getByRole('dialog', { name: 'Report this style' });
    await reportDialog.getByRole('textbox').fill('This shows a real person without their consent');
    await reportDialog.getByTestId('report-submit').click();
    await shopper.page.getByText('Report submitted', { exact: true }).first().waitFor();
    await shopper.context.close();

    // the admin sees the refusal counts and the report, and takes the style down
    const admin = await app.open();
    await signIn(admin.page, 'admin@example.com');
    await admin.page.goto('/admin/safety');
    await admin.page.getByRole('heading', { level: 1, name: 'Content Safety' }).waitFor();
    await admin.page.getByTestId('refusals-total').waitFor();
    const row = admin.page.locator(`[data-testid="safety-report"][data-style-id="${style.json.id}"]`);
    await row.getByText(name, { exact: true }).waitFor();
    await row.getByText('This shows a real person without their consent', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Take down' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Take this style down?' });
    await confirm.getByRole('button', { name: 'Take down' }).click();
    await admin.page.getByText('Taken down', { exact: true }).first().waitFor();
    await row.waitFor({ state: 'detached' });

    // gone for everyone: the style and its image
    expect((await api(null, 'GET', `/api/styles/${style.json.id}`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}${publicCopy}`)).status).toBe(404);
    await admin.context.close();
  });
});
