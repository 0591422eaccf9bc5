import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describeE2E, signIn, useBrowser } from '../support/e2e';

const app = useBrowser();

/** A small solid-colour JPEG made on the fly. */
const jpeg = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  const res = await fetch(`${app.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describeE2E('creator tools: style editor and My Collections', () => {
  it('the demo influencer creates a public style with a product, then a public collection with it', async () => {
    const { page, context } = await app.open();
    await signIn(page, 'influencer@example.com');
    const styleName = `E2E Linen Look ${Date.now()}`;
    const collectionName = `E2E Summer Edit ${Date.now()}`;

    // --- the style editor
    await page.goto('/admin/styles');
    await page.getByRole('heading', { level: 1, name: 'Style Creator' }).waitFor();
    const create = page.getByRole('button', { name: 'Create Style' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Style name', { exact: true }).fill(styleName);
    await page.getByLabel('Description').first().fill('A light linen outfit for hot days.');
    await page.getByLabel('Audience').selectOption('woman');
    await page.getByTestId('category-picker').selectOption({ index: 1 });
    await page.getByRole('list', { name: 'Selected categories' }).getByRole('listitem').first().waitFor();
    // the same category again is refused
    await page.getByTestId('category-picker').selectOption({ index: 1 });
    await page.getByText('Category already selected').waitFor();
    const tags = page.getByLabel('Tags', { exact: true });
    await tags.fill('linen');
    await tags.press('Enter');
    await tags.fill('summer');
    await tags.press(',');
    await page.getByRole('button', { name: 'Remove summer' }).waitFor();
    expect(await create.isDisabled()).toBe(true); // no prompt image yet

    await page
      .locator('input[type=file][name=style_prompt]')
      .setInputFiles({ name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, 500, 200, 180, 150) });
    await page.getByTestId('prompt-image').getByText('Uploaded').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Prompt image upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');

    const publicSwitch = page.getByTestId('style-public');
    if ((await publicSwitch.getAttribute('aria-checked')) !== 'true') await publicSwitch.click();
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.getByText('Style created successfully').first().waitFor();
    await page.getByRole('button', { name: 'Update Style' }).waitFor();
    await page.getByTestId('style-list').getByText(styleName).waitFor();

    // --- a product with its link
    const products = page.getByTestId('products-block');
    await products.getByRole('button', { name: 'Add product' }).click();
    await products.getByText('Product name is required').waitFor();
    await products.getByText('Product URL is required').waitFor();
    await products.getByLabel('Product name', { exact: true }).fill('Linen Shirt');
    await products.getByLabel('Brand', { exact: true }).fill('Sunwear');
    await products.getByLabel('Product URL', { exact: true }).fill('https://shop.example.com/linen-shirt');
    await products.getByLabel('Retailer', { exact: true }).fill('Shop Example');
    await products.getByLabel('Price', { exact: true }).fill('49.90');
    await products.getByLabel('Currency', { exact: true }).fill('eur');
    await products.getByRole('button', { name: 'Add product' }).click();
    await products.getByTestId('product-row').filter({ hasText: 'Linen Shirt' }).waitFor();
    await products.getByRole('link', { name: /Shop Example/ }).waitFor();

    const mine = await api<
      { id: string; name: string; isPublic: boolean; tags: string[]; sex: string; promptImageUrl: string }[]
    >(page, '/api/admin/styles');
    const style = mine.find((s) => s.name === styleName);
    expect(style).toMatchObject({ isPublic: true, tags: ['linen', 'summer'], sex: 'woman' });
    // the upload was private; the public style names its public copy, served as a plain cached file under /media
    expect(style!.promptImageUrl).toMatch(new RegExp(`^/api/public-image/styles/${style!.id}/[0-9a-f]{32}\\.`));
    const media = await fetch(`${app.baseUrl}${style!.promptImageUrl.replace('/api/public-image/', '/media/')}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const wireProducts = await api<{ name: string; links: { url: string; price: number; currency: string }[] }[]>(
      page,
      `/api/admin/products?style=${style!.id}`,
    );
    expect(wireProducts).toHaveLength(1);
    expect(wireProducts[0]).toMatchObject({
      name: 'Linen Shirt',
      links: [{ url: 'https://shop.example.com/linen-shirt', price: 49.9, currency: 'EUR' }],
    });

    // --- My Collections
    await page.goto('/influencer/collections');
    await page.getByRole('heading', { level: 1, name: 'My Collections' }).waitFor();
    await page.getByTestId('new-collection').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(collectionName);
    await dialog.getByLabel('Description').fill('Linen and sun.');
    await dialog.getByTestId('collection-public').click();
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await page.getByText('Collection created').first().waitFor();
    const item = page.getByTestId('collection-item').filter({ hasText: collectionName });
    await item.getByText('Public').waitFor();

    const manage = page.getByTestId('manage-styles');
    await manage.getByRole('heading', { name: `Styles in “${collectionName}”` }).waitFor();
    await manage.getByLabel('Search public styles').fill(styleName);
    await manage.getByRole('button', { name: `Add ${styleName}` }).click();
    await manage.getByTestId('collection-styles').getByText(styleName).waitFor();
    await item.getByText('1 style').waitFor();

    // --- the public listing
    const listed = await api<{ id: string; title: string; styleCount: number }[]>(page, '/api/collections');
    expect(listed.find((c) => c.title === collectionName)).toMatchObject({ styleCount: 1 });
    await page.goto('/collections');
    await page.getByTestId('collection-card').filter({ hasText: collectionName }).waitFor();
    await context.close();
  });

  it('shows Access Denied to a shopper on both screens', async () => {
    const { page, context } = await app.open({ width: 360, height: 740 });
    await signIn(page, 'shopper@example.com');
    await page.goto('/admin/styles');
    await page
      .getByText('Access Denied: You need admin or influencer access to view this page.')
      .or(page.getByTestId('access-denied'))
      .first()
      .waitFor();
    await page.goto('/influencer/collections');
    await page.getByTestId('access-denied').waitFor();
    await context.close();
  });
});
