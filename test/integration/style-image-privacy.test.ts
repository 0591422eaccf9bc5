/**
 * Images of private styles stay private (issue 14): uploads land in the private bucket (style-images/<owner>/),
 * readable by their owner only; publishing a style copies its images to the public bucket
 * (styles/<id>/<sha256>.<ext>, content-addressed) in the same write, unpublishing copies them back and deletes
 * the public copies, deleting the style deletes them too.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser, type UserPatch } from '../../shared/repositories/user-repository';
import { presignUploadResultSchema } from '../../shared/schemas/upload';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, postForm } from '../support/media';
import { listedStyles } from '../support/styles';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let owner: TestUser;
let other: TestUser;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const publicBucket = () => process.env.PUBLIC_BUCKET!;
const INFLUENCER: UserPatch = {
  role: 'influencer',
  currentRole: 'influencer',
  permanentRole: 'influencer',
  isInfluencer: true,
  currentPlan: 'creator',
  subscriptionStatus: 'active',
};

const as = (u: TestUser) => ({
  get: (path: string) => ctx.invoke('GET', path, { token: u.idToken }),
  post: (path: string, body: unknown = {}) => ctx.invoke('POST', path, { token: u.idToken, body }),
  patch: (path: string, body: unknown = {}) => ctx.invoke('PATCH', path, { token: u.idToken, body }),
  del: (path: string) => ctx.invoke('DELETE', path, { token: u.idToken }),
});

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  [owner, other] = await Promise.all([ctx.createUser(), ctx.createUser()]);
  for (const u of [owner, other]) {
    await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
    await updateUser(ctx.db, u.sub, INFLUENCER);
  }
});

const png = (color: string) =>
  sharp({ create: { width: 320, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A style image through the direct upload (presign, POST to S3, finalize): its reference. */
async function uploadStyleImage(u: TestUser, purpose: 'style_prompt' | 'style_cover', color: string): Promise<string> {
  const bytes = await png(color);
  const res = await as(u).post('/api/uploads', { purpose, contentType: 'image/png', size: bytes.length });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const post = presignUploadResultSchema.parse(res.body);
  expect((await postForm(post.url, post.fields, bytes, 'image/png')).status).toBeLessThan(300);
  const done = await as(u).post('/api/uploads/complete', { uploadId: post.uploadId });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.url as string;
}

const keyOf = (ref: string) => ref.replace(/^\/api\/(public|private)-image\//, '');
const styleBody = (over: Record<string, unknown>) => ({
  name: 'Quiet look',
  description: 'd',
  sex: 'female',
  categoryIds: [],
  tags: [],
  tasks: ['OUTFIT_TRYON'],
  styleImageType: 'product_laydown',
  isAiGenerated: false,
  ...over,
});
const publicKeysOf = (styleId: string) => s3.list(publicBucket(), `styles/${styleId}/`);

describe('images of private styles', () => {
  it('an uploaded style image is private to its owner (private bucket, owner-only URL)', async () => {
    const ref = await uploadStyleImage(owner, 'style_prompt', '#aa3355');
    expect(ref).toMatch(new RegExp(`^/api/private-image/style-images/${owner.sub}/[0-9A-Z]{26}\\.(webp|png|jpg)$`));
    expect(await s3.list(privateBucket(), keyOf(ref))).toEqual([keyOf(ref)]);
    expect(await s3.list(publicBucket(), `uploads/style_prompt/${owner.sub}/`)).toEqual([]);
    expect((await as(owner).get(ref)).status).toBe(200);
    const stranger = await as(other).get(ref);
    expect(stranger.status).toBe(404);
    expect(stranger.body.url).toBeUndefined();
    // nor may another creator name it in their own style
    const theft = await as(other).post('/api/admin/styles', styleBody({ promptImageUrl: ref, isPublic: false }));
    expect(theft.status).toBe(400);
  });

  it('publish copies the images to the public bucket; unpublish brings them back and removes the public copies; delete removes them', async () => {
    const prompt = await uploadStyleImage(owner, 'style_prompt', '#225588');
    const cover = await uploadStyleImage(owner, 'style_cover', '#88aa22');
    const created = await as(owner).post(
      '/api/admin/styles',
      styleBody({ promptImageUrl: prompt, coverImageUrl: cover, isPublic: false }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // private: the record names the private objects; nothing of it is in the public bucket
    expect(created.body).toMatchObject({ promptImageUrl: prompt, coverImageUrl: cover, isPublic: false });
    expect(await publicKeysOf(id)).toEqual([]);
    // a non-owner neither sees the style nor gets its images
    expect((await as(other).get(prompt)).status).toBe(404);
    expect((await as(other).get(cover)).status).toBe(404);

    // publish: content-addressed public copies, named by the record, the catalogue and public readers
    const pub = await as(owner).patch(`/api/admin/styles/${id}`, { isPublic: true });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.promptImageUrl).toMatch(
      new RegExp(`^/api/public-image/styles/${id}/[0-9a-f]{32}\\.(webp|png|jpg)$`),
    );
    expect(pub.body.coverImageUrl).toMatch(
      new RegExp(`^/api/public-image/styles/${id}/[0-9a-f]{32}\\.(webp|png|jpg)$`),
    );
    expect((await publicKeysOf(id)).sort()).toEqual(
      [keyOf(pub.body.promptImageUrl), keyOf(pub.body.coverImageUrl)].sort(),
    );
    expect(await s3.get(publicBucket(), keyOf(pub.body.promptImageUrl))).toEqual(
      await s3.get(privateBucket(), keyOf(prompt)),
    );
    const seen = await as(other).get(pub.body.coverImageUrl);
    expect(seen.status).toBe(200);
    const catalogue = await listedStyles(ctx);
    expect(JSON.stringify(catalogue)).toContain(keyOf(pub.body.coverImageUrl));
    expect(JSON.stringify(catalogue)).not.toContain('style-images/');

    // unpublish: back to private objects of the owner, the public copies deleted
    const priv = await as(owner).patch(`/api/admin/styles/${id}`, { isPublic: false });
    expect(priv.status).toBe(200);
    expect(priv.body.promptImageUrl).toMatch(new RegExp(`^/api/private-image/style-images/${owner.sub}/`));
    expect(priv.body.coverImageUrl).toMatch(new RegExp(`^/api/private-image/style-images/${owner.sub}/`));
    expect(await publicKeysOf(id)).toEqual([]);
    expect((await as(owner).get(priv.body.promptImageUrl)).status).toBe(200);
    expect((await as(other).get(priv.body.promptImageUrl)).status).toBe(404);
    expect((await as(other).get(pub.body.coverImageUrl)).status).toBe(404);

    // publish again, then delete: the public copies go with the style
    const again = await as(owner).patch(`/api/admin/styles/${id}`, { isPublic: true });
    expect(again.status).toBe(200);
    expect(await publicKeysOf(id)).toHaveLength(2);
    expect((await as(owner).del(`/api/admin/styles/${id}`)).status).toBe(200);
    expect(await publicKeysOf(id)).toEqual([]);
  });

  it('a style created public gets public copies at once; a new image while public is copied too', async () => {
    const prompt = await uploadStyleImage(owner, 'style_prompt', '#553311');
    const created = await as(owner).post('/api/admin/styles', styleBody({ promptImageUrl: prompt, isPublic: true }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.promptImageUrl).toMatch(new RegExp(`^/api/public-image/styles/${id}/`));
    expect(await publicKeysOf(id)).toEqual([keyOf(created.body.promptImageUrl)]);
    const cover = await uploadStyleImage(owner, 'style_cover', '#117733');
    const res = await as(owner).patch(`/api/admin/styles/${id}`, { coverImageUrl: cover });
    expect(res.status).toBe(200);
    expect(res.body.coverImageUrl).toMatch(new RegExp(`^/api/public-image/styles/${id}/`));
    expect(await publicKeysOf(id)).toHaveLength(2);
    await as(owner).del(`/api/admin/styles/${id}`);
  });
});
