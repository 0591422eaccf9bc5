/**
 * Direct uploads: presigned POST to a quarantine key, then POST /api/uploads/complete validates, re-encodes
 * into the real key and deletes the quarantine object. s3rver ignores POST policies, so the size cap is
 * proven here at finalize (and the policy itself in infra/local/s3-post-check.test.ts).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_UPLOAD_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  presignUploadResultSchema,
  type PresignUploadResult,
} from '../../shared/schemas/upload';
import { createSignedInUser, INFLUENCER_ROLE } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, jpegWithGps, oversized, postForm, randomNoiseJpeg } from '../support/media';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let shopper: TestUser;
let influencer: TestUser;
let photo: Buffer;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const publicBucket = () => process.env.PUBLIC_BUCKET!;

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  [shopper, influencer] = await Promise.all([createSignedInUser(ctx), createSignedInUser(ctx, INFLUENCER_ROLE)]);
  photo = await jpegWithGps(900, 400);
});

async function presign(u: TestUser, body: Record<string, unknown>) {
  return ctx.invoke('POST', '/api/uploads', { token: u.idToken, body });
}
async function upload(
  u: TestUser,
  purpose: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
  declaredSize = bytes.length,
): Promise<PresignUploadResult> {
  const res = await presign(u, { purpose, contentType, size: declaredSize });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const post = presignUploadResultSchema.parse(res.body);
  const sent = await postForm(post.url, post.fields, bytes, contentType);
  expect(sent.status).toBeLessThan(300);
  return post;
}
const complete = (u: TestUser, uploadId: string) =>
  ctx.invoke('POST', '/api/uploads/complete', { token: u.idToken, body: { uploadId } });
const quarantine = (u: TestUser) => s3.list(privateBucket(), `uploads/tmp/${u.sub}/`);

describe('POST /api/uploads (presign)', () => {
  it('signs a POST for one quarantine key of the caller, pinning type and the declared size in the policy', async () => {
    const res = await presign(shopper, { purpose: 'outfit', contentType: 'image/png', size: 1000 });
    expect(res.status).toBe(201);
    const post = presignUploadResultSchema.parse(res.body);
    expect(post.uploadId).toMatch(/^outfit\.[0-9A-Z]{26}$/);
    expect(post.fields.key).toBe(`uploads/tmp/${shopper.sub}/${post.uploadId}`);
    // capped at the size declared at presign, not the purpose's maximum
    expect(post.maxBytes).toBe(1000);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: privateBucket() },
        ['content-length-range', 1, 1000],
        { key: post.fields.key },
        { 'Content-Type': 'image/png' },
      ]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('refuses a bad type, a declared size over the cap, an unknown purpose, and style images for shoppers', async () => {
    const bad = await presign(shopper, { purpose: 'outfit', contentType: 'image/gif', size: 10 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Unsupported image type. Use JPEG, PNG, WebP or AVIF.');
    const big = await presign(shopper, {
      purpose: 'outfit',
      contentType: 'image/jpeg',
      size: DIRECT_UPLOAD_MAX_BYTES + 1,
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      message: 'File too large. The image must be at most 15 MB.',
      code: 'payload_too_large',
    });
    const avatar = await presign(shopper, {
      purpose: 'avatar',
      contentType: 'image/jpeg',
      size: PROFILE_IMAGE_MAX_BYTES + 1,
    });
    expect(avatar.body).toEqual({
      message: 'File too large. The image must be under 5 MB.',
      code: 'payload_too_large',
    });
    expect((await presign(shopper, { purpose: 'photo', contentType: 'image/jpeg', size: 10 })).status).toBe(400);
    const style = await presign(shopper, { purpose: 'style_cover', contentType: 'image/jpeg', size: 10 });
    expect(style.status).toBe(403);
    expect(await quarantine(shopper)).toEqual([]);
  });
});

describe('POST /api/uploads/complete (finalize)', () => {
  it('a 12 MB outfit photo: re-encoded without metadata into users/<id>/outfits, quarantine object deleted', async () => {
    const big = await randomNoiseJpeg();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(big.length).toBeLessThan(DIRECT_UPLOAD_MAX_BYTES);
    const post = await upload(shopper, 'outfit', big);
    const res = await complete(shopper, post.uploadId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/api/private-image/users/${shopper.sub}/outfits/[0-9A-Z]{26}\\.jpg$`));
    const stored = await s3.get(privateBucket(), res.body.url.replace('/api/private-image/', ''));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
    expect(await quarantine(shopper)).toEqual([]);
    // a retried finalize (the answer was lost) answers the same image and stores nothing more
    const again = await complete(shopper, post.uploadId);
    expect(again.status).toBe(201);
    expect(again.body.url).toBe(res.body.url);
    expect(await s3.list(privateBucket(), `users/${shopper.sub}/outfits/`)).toHaveLength(1);
  }, 60_000);

  it('a finalize cut off after storing, before the quarantine object was deleted: the retry stores the same key once', async () => {
    const post = await upload(shopper, 'template_input', photo);
    const first = await complete(shopper, post.uploadId);
    expect(first.status).toBe(201);
    const stored = await s3.list(privateBucket(), `users/${shopper.sub}/template-inputs/`);
    // as if the process died before deleting it: the quarantine object is still there
    await postForm(post.url, post.fields, photo, 'image/jpeg');
    expect(await quarantine(shopper)).toEqual([post.fields.key]);
    const retried = await complete(shopper, post.uploadId);
    expect(retried.status).toBe(201);
    expect(retried.body.url).toBe(first.body.url);
    expect(await s3.list(privateBucket(), `users/${shopper.sub}/template-inputs/`)).toEqual(stored);
    expect(await quarantine(shopper)).toEqual([]);
  });

  it('bytes over the cap (s3rver ignores the policy): 413 at finalize, nothing stored, quarantine deleted', async () => {
    const before = await s3.list(privateBucket(), `users/${shopper.sub}/outfits/`);
    const post = await upload(shopper, 'outfit', oversized(DIRECT_UPLOAD_MAX_BYTES + 10), 'image/jpeg', 1000);
    const res = await complete(shopper, post.uploadId);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(await quarantine(shopper)).toEqual([]);
    expect(await s3.list(privateBucket(), `users/${shopper.sub}/outfits/`)).toEqual(before);
  });

  it('bytes that are not an image: refused, quarantine deleted', async () => {
    const post = await upload(shopper, 'outfit', Buffer.from('<svg onload=alert(1)></svg>'), 'image/png');
    const res = await complete(shopper, post.uploadId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
      code: 'unsupported_media_type',
    });
    expect(await quarantine(shopper)).toEqual([]);
  });

  it("another user's upload id is a 404 and leaves their upload alone; a malformed id is a 400", async () => {
    const post = await upload(influencer, 'style_cover', photo);
    const res = await complete(shopper, post.uploadId.replace('style_cover', 'outfit'));
    expect(res.status).toBe(404);
    expect(await quarantine(influencer)).toEqual([post.fields.key]);
    expect((await complete(shopper, '../../etc')).status).toBe(400);
    // the owner can still finalize it: a style image, private until its style is public (style-image-privacy.test.ts)
    const mine = await complete(influencer, post.uploadId);
    expect(mine.status).toBe(201);
    expect(mine.body.url).toMatch(new RegExp(`^/api/private-image/style-images/${influencer.sub}/`));
    expect(await s3.list(privateBucket(), `style-images/${influencer.sub}/`)).toHaveLength(1);
    expect(await s3.list(publicBucket(), `uploads/style_cover/${influencer.sub}/`)).toHaveLength(0);
  });

  it('an avatar: 512x512 in the public bucket, set on the user', async () => {
    const post = await upload(shopper, 'avatar', photo);
    const res = await complete(shopper, post.uploadId);
    expect(res.status).toBe(201);
    const me = await ctx.invoke('GET', '/api/auth/user', { token: shopper.idToken });
    expect(me.body.profileImageUrl).toBe(res.body.url);
    expect((await complete(shopper, post.uploadId)).body.url).toBe(res.body.url);
    const stored = await s3.get(publicBucket(), res.body.url.replace('/api/public-image/', ''));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('a missing upload (never sent, or expired and removed by the lifecycle rule) is a 404', async () => {
    const res = await presign(shopper, { purpose: 'outfit', contentType: 'image/jpeg', size: 100 });
    const missing = await complete(shopper, res.body.uploadId);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Upload not found or expired. Please upload the image again.');
  });
});
