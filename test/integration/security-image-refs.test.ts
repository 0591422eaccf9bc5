/**
 * Issue 17, item 1: another user's private image through an image reference. Each attack string is sent
 * where references enter (quick-try, style prompt/cover, collection cover, product and template images), and
 * a reference already stored (legacy data) is refused by the workflow, which reads images only through the
 * same parser (shared/domain/image-ref.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { listGenerations } from '../../shared/repositories/generation-repository';
import { getStyle, type StyleRecord } from '../../shared/repositories/catalog-repository';
import { updateUser } from '../../shared/repositories/user-repository';
import { createUserWithProfile, garmentJpeg, solidJpeg as photo } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { multipart } from '../support/media';
import { startTestWorkflow } from '../support/workflow';
import { update, updateItem } from '../../shared/repositories/toolkit';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
let admin: TestUser;
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });

const userWithProfile = (credits: number) => createUserWithProfile(ctx, { credits });

let victim: Awaited<ReturnType<typeof userWithProfile>>;
let attacker: Awaited<ReturnType<typeof userWithProfile>>;
let victimKey: string;

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  admin = await ctx.createUser();
  await ctx.invoke('GET', '/api/auth/user', { token: admin.idToken });
  await updateUser(ctx.db, admin.sub, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  await seedCatalog({
    db: ctx.db,
    s3: s3(),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: admin.sub, admin: admin.sub },
  });
  victim = await userWithProfile(2);
  attacker = await userWithProfile(5);
  const mp = multipart({
    file: { content: await photo(400, 500, '#aa3355'), filename: 'outfit.jpg', type: 'image/jpeg' },
  });
  const up = await ctx.invoke('POST', '/api/uploads/outfit', {
    token: victim.user.idToken,
    body: mp.body,
    headers: mp.headers,
  });
  expect(up.status).toBe(201);
  victimKey = (up.body.url as string).replace('/api/private-image/', '');
  expect(victimKey.startsWith(`users/${victim.user.sub}/outfits/`)).toBe(true);
});
afterAll(async () => {
  await wf?.stop();
});

const attackRefs = () => {
  const me = attacker.user.sub;
  const rest = victimKey.replace(`users/${victim.user.sub}/`, '');
  const bucket = process.env.PRIVATE_BUCKET!;
  return [
    `/api/private-image/users/${me}/../${victim.user.sub}/${rest}`,
    `/api/private-image/users/${me}/%2e%2e/${victim.user.sub}/${rest}`,
    `/api/private-image/users/${me}/%2E%2E/${victim.user.sub}/${rest}`,
    `/api/private-image/users/${me}%2F..%2F${victim.user.sub}/${rest}`,
    `/api/private-image/users/${me}/%252e%252e/${victim.user.sub}/${rest}`,
    `/api/public-image/../${bucket}/${victimKey}`,
    `/api/public-image/%2e%2e/${bucket}/${victimKey}`,
    `/api/public-image/uploads/../../${bucket}/${victimKey}`,
    `/api/private-image/${victimKey}`,
  ];
};

describe('image references at generation start (quick-try)', () => {
  it("refuses every traversal, encoding and other-owner form of the victim's outfit and charges nothing", async () => {
    for (const imageUrl of attackRefs()) {
      const res = await ctx.invoke('POST', '/api/generate/quick-try', {
        token: attacker.user.idToken,
        body: { imageUrl, imageType: 'model_wearer', photoProfileId: attacker.profileId },
      });
      expect([400, 404], `${imageUrl} -> ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(typeof res.body.code).toBe('string');
    }
    expect(await listGenerations(ctx.db, attacker.user.sub)).toHaveLength(0);
    expect((await getBalance(ctx.db, attacker.user.sub)).credits).toBe(5);
  });

  it("still accepts the caller's own outfit and public images, stored in canonical form", async () => {
    const mp = multipart({
      file: { content: await garmentJpeg('tee', 500), filename: 'mine.jpg', type: 'image/jpeg' },
    });
    const up = await ctx.invoke('POST', '/api/uploads/outfit', {
      token: attacker.user.idToken,
      body: mp.body,
      headers: mp.headers,
    });
    const encoded = (up.body.url as string).replace('/outfits/', '/%6futfits/');
    const res = await ctx.invoke('POST', '/api/generate/quick-try', {
      token: attacker.user.idToken,
      body: { imageUrl: encoded, imageType: 'product_laydown', mode: 'exact', photoProfileId: attacker.profileId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const gens = await listGenerations(ctx.db, attacker.user.sub);
    expect(gens.find((g) => g.id === res.body.id)?.inputs.imageUrl).toBe(up.body.url);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: attacker.user.idToken });
    expect(view.body.status).toBe('completed');
  });
});

describe('image references stored on styles, collections, products and templates', () => {
  it('refuses traversal in a style prompt or cover image (PATCH and POST)', async () => {
    const id = seedStyleId(0);
    const before = (await getStyle(ctx.db, id))!.promptImageUrl;
    for (const ref of [
      `/api/public-image/uploads/style_prompt/%2e%2e/x.webp`,
      `/api/public-image/styles/${id}%2F..%2F..%2Fcatalog/x.webp`,
      `/api/public-image/styles/%2e%2e/${process.env.PRIVATE_BUCKET}/${victimKey}`,
      `/api/private-image/${victimKey}`,
    ]) {
      const p = await ctx.invoke('PATCH', `/api/admin/styles/${id}`, {
        token: admin.idToken,
        body: { promptImageUrl: ref },
      });
      expect([p.status, p.body.code], ref).toEqual([400, 'validation_error']);
      const c = await ctx.invoke('PATCH', `/api/admin/styles/${id}`, {
        token: admin.idToken,
        body: { coverImageUrl: ref },
      });
      expect(c.status, ref).toBe(400);
    }
    expect((await getStyle(ctx.db, id))!.promptImageUrl).toBe(before);
  });

  it('refuses traversal in a collection cover', async () => {
    const created = await ctx.invoke('POST', '/api/influencer-collections', {
      token: admin.idToken,
      body: { name: 'Mine', description: 'x' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await ctx.invoke('PATCH', `/api/influencer-collections/${created.body.id}`, {
      token: admin.idToken,
      body: { coverImage: '/api/public-image/uploads/x/%2e%2e/y.jpg' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses javascript:, data: and private images as product or template images', async () => {
    for (const imageUrl of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `/api/private-image/${victimKey}`,
      '/api/public-image/../x.jpg',
    ]) {
      const p = await ctx.invoke('POST', '/api/admin/products', {
        token: admin.idToken,
        body: { styleId: seedStyleId(0), name: 'Top', imageUrl },
      });
      expect([p.status, p.body.code], imageUrl).toEqual([400, 'validation_error']);
      const t = await ctx.invoke('POST', '/api/admin/prompts', {
        token: admin.idToken,
        body: { name: 'P', task: 'OUTFIT_TRYON', template: 'x', previewImageUrl: imageUrl },
      });
      expect(t.status, imageUrl).toBe(400);
    }
    const ok = await ctx.invoke('POST', '/api/admin/products', {
      token: admin.idToken,
      body: { styleId: seedStyleId(0), name: 'Top', imageUrl: 'https://shop.example/top.jpg' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("a traversal already stored on a style (legacy data) fails the generation instead of reading the victim's image", async () => {
    const id = seedStyleId(1);
    const bucket = process.env.PRIVATE_BUCKET!;
    await updateItem(
      ctx.db,
      keys.style(id),
      update<StyleRecord>().set({ promptImageUrl: `/api/public-image/%2e%2e/${bucket}/${victimKey}` }),
    );
    const res = await ctx.invoke('POST', '/api/generate/style', {
      token: attacker.user.idToken,
      body: { styleId: id, photoProfileId: attacker.profileId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await wf.drain();
    const view = await ctx.invoke('GET', `/api/generations/${res.body.id}`, { token: attacker.user.idToken });
    expect(view.body.status).toBe('failed');
    expect(view.body.resultUrl).toBeNull();
  });
});
