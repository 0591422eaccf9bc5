/**
 * "Generate a cover" in the style editor: POST /api/admin/styles/{id}/cover starts a 1-credit generation of the
 * style for the caller (default photo profile), the workflow completes it, and from-generation copies the result
 * into the public bucket as the style's cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { getStyle } from '../../shared/repositories/catalog-repository';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { type UserPatch } from '../../shared/repositories/user-repository';
import { createUserWithProfile } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { startTestWorkflow } from '../support/workflow';

let ctx: IntegrationContext;
let wf: Awaited<ReturnType<typeof startTestWorkflow>>;
let infl: TestUser;
let infl2: TestUser;
let styleId = '';
const s3 = () => createS3Client({ endpoint: ctx.endpoints.s3 });
const INFLUENCER: UserPatch = {
  role: 'influencer',
  currentRole: 'influencer',
  permanentRole: 'influencer',
  isInfluencer: true,
  currentPlan: 'creator',
  subscriptionStatus: 'active',
};

const post = (u: TestUser, path: string, body: unknown = {}) => ctx.invoke('POST', path, { token: u.idToken, body });

const influencerWithProfile = async (credits: number) =>
  (await createUserWithProfile(ctx, { patch: INFLUENCER, credits })).user;

beforeAll(async () => {
  ctx = await setupIntegration();
  wf = await startTestWorkflow();
  [infl, infl2] = await Promise.all([influencerWithProfile(3), influencerWithProfile(3)]);
  await seedCatalog({
    db: ctx.db,
    s3: s3(),
    publicBucket: process.env.PUBLIC_BUCKET!,
    // the seed styles are infl's: a style names only its owner's images (issue 40)
    owners: { influencer: infl.sub, admin: infl.sub },
  });
  const style = await post(infl, '/api/admin/styles', {
    name: 'Cover me',
    description: 'A look for tests',
    sex: 'female',
    categoryIds: ['cat-casual'],
    tags: ['denim'],
    tasks: ['OUTFIT_TRYON'],
    // a product photo, as the seed's (the Fitly engine refuses a garment shown on a model before spending, issue 38)
    styleImageType: 'product_laydown',
    promptImageUrl: `/api/public-image/styles/${seedStyleId(0)}/prompt.webp`,
    isPublic: true,
  });
  expect(style.status, JSON.stringify(style.body)).toBe(201);
  styleId = style.body.id;
}, 120_000);
afterAll(async () => {
  await wf?.stop();
});

describe('generate a cover', () => {
  it("generates a cover for the owner's style (1 credit) and sets a public cover that resolves", async () => {
    const start = await post(infl, `/api/admin/styles/${styleId}/cover`);
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const id = start.body.id as string;
    await wf.drain();
    const gen = await ctx.invoke('GET', `/api/generations/${id}`, { token: infl.idToken });
    expect(gen.body).toMatchObject({ id, status: 'completed', styleId, cost: 1, kind: 'style-cover' });
    expect((await getBalance(ctx.db, infl.sub)).credits).toBe(2);
    // a cover is the style's, not the creator's look: not in the gallery, not a use of the style
    const gallery = await ctx.invoke('GET', '/api/generations', { token: infl.idToken });
    expect(gallery.body.map((g: { id: string }) => g.id)).not.toContain(id);
    expect((await getStyle(ctx.db, styleId))?.usageCount ?? 0).toBe(0);
    // a double click sends the same Idempotency-Key: the same generation, no second credit
    const key = 'cover-intent-0001';
    const once = await ctx.invoke('POST', `/api/admin/styles/${styleId}/cover`, {
      token: infl.idToken,
      body: {},
      headers: { 'idempotency-key': key },
    });
    const twice = await ctx.invoke('POST', `/api/admin/styles/${styleId}/cover`, {
      token: infl.idToken,
      body: {},
      headers: { 'idempotency-key': key },
    });
    expect([once.status, twice.status, twice.body.id]).toEqual([201, 200, once.body.id]);
    await wf.drain();
    expect((await getBalance(ctx.db, infl.sub)).credits).toBe(1);

    const set = await post(infl, `/api/admin/styles/${styleId}/cover/from-generation`, { generationId: id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const cover = set.body.coverImageUrl as string;
    // a public style: its cover is the style's own content-addressed public copy
    expect(cover).toMatch(new RegExp(`^/api/public-image/styles/${styleId}/[0-9a-f]{32}\\.jpg$`));
    expect(set.body.id).toBe(styleId);
    const resolved = await ctx.invoke('GET', cover, { token: infl.idToken });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.url).toEqual(expect.any(String));
    const listed = await ctx.invoke('GET', '/api/admin/styles', { token: infl.idToken });
    expect(listed.body.find((s: { id: string }) => s.id === styleId).coverImageUrl).toBe(cover);
  });

  it('refuses another influencer (403) on both routes, without spending', async () => {
    const before = (await getBalance(ctx.db, infl2.sub)).credits;
    expect((await post(infl2, `/api/admin/styles/${styleId}/cover`)).status).toBe(403);
    expect(
      (await post(infl2, `/api/admin/styles/${styleId}/cover/from-generation`, { generationId: 'x' })).status,
    ).toBe(403);
    expect((await post(infl2, '/api/admin/styles/nope/cover')).status).toBe(404);
    expect((await getBalance(ctx.db, infl2.sub)).credits).toBe(before);
  });
});
