/**
 * Photo-profile photos uploaded straight to S3 (issue 12): presigned POST to the quarantine (purpose
 * photo_profile, only for a known adult), then POST/PATCH /api/photo-profiles names the upload ids; the
 * profiles group checks consent and age first, reads the quarantine objects through the one image gate
 * (processUploadedImage: size, type, decode, re-encode without metadata, moderation) and deletes them.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoProfileSchema } from '../../shared/schemas/photo-profile';
import { DIRECT_UPLOAD_MAX_BYTES, presignUploadResultSchema } from '../../shared/schemas/upload';
import { PHOTO_CONSENT, PRIVACY_CODES } from '../../shared/domain/privacy';
import { createAdultUser } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, jpegWithGps, oversized, postForm, randomNoiseJpeg } from '../support/media';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let portrait: Buffer;
let fullBody: Buffer;
/** Another full-body photo (of the size the gate takes): what a PATCH replaces the first with. */
let otherFullBody: Buffer;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const BODY = 'Slim build, about 170 cm tall, shoulder-length hair.';

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  [portrait, fullBody, otherFullBody] = await Promise.all([
    jpegWithGps(480, 400, '#c08040'),
    jpegWithGps(400, 640, '#4080c0'),
    jpegWithGps(420, 700, '#40c080'),
  ]);
});

const newUser = (age: 'adult' | 'minor' | null = 'adult'): Promise<TestUser> => createAdultUser(ctx, { age });

const presign = (u: TestUser, size: number) =>
  ctx.invoke('POST', '/api/uploads', {
    token: u.idToken,
    body: { purpose: 'photo_profile', contentType: 'image/jpeg', size },
  });

/** Presign and send the bytes to the quarantine as the browser does; the upload id. */
async function upload(u: TestUser, bytes: Buffer, declaredSize = bytes.length): Promise<string> {
  const res = await presign(u, declaredSize);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const post = presignUploadResultSchema.parse(res.body);
  expect(post.uploadId).toMatch(/^photo_profile\.[0-9A-Z]{26}$/);
  expect(post.fields.key).toBe(`uploads/tmp/${u.sub}/${post.uploadId}`);
  const sent = await postForm(post.url, post.fields, bytes, 'image/jpeg');
  expect(sent.status).toBeLessThan(300);
  return post.uploadId;
}

const create = (u: TestUser, body: Record<string, unknown>) =>
  ctx.invoke('POST', '/api/photo-profiles', {
    token: u.idToken,
    body: { consent: PHOTO_CONSENT.version, name: 'Me', gender: 'female', bodyDescription: BODY, ...body },
  });
const quarantine = (u: TestUser) => s3.list(privateBucket(), `uploads/tmp/${u.sub}/`);
const profileObjects = (u: TestUser) => s3.list(privateBucket(), `users/${u.sub}/`);
const keyOf = (url: string) => url.replace(/^\/api\/private-image\//, '');

describe('photo-profile photos by direct upload', () => {
  it('a 12 MB portrait and a full-body photo: stored re-encoded without EXIF under the profile, quarantine emptied', async () => {
    const u = await newUser();
    const big = await randomNoiseJpeg();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(big.length).toBeLessThanOrEqual(DIRECT_UPLOAD_MAX_BYTES);
    const [portraitUploadId, fullBodyUploadId] = [await upload(u, big), await upload(u, fullBody)];
    const res = await create(u, { portraitUploadId, fullBodyUploadId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = photoProfileSchema.parse(res.body);
    expect(p).toMatchObject({ supportsNano: true, supportsFashn: true, isDefault: true });
    expect(p.portraitUrl).toMatch(
      new RegExp(`^/api/private-image/users/${u.sub}/photo-profiles/${p.id}/portrait-[0-9A-Z]{26}\\.jpg$`),
    );
    for (const url of [p.portraitUrl, p.fullBodyUrl!]) {
      const meta = await sharp(await s3.get(privateBucket(), keyOf(url))).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    expect((await profileObjects(u)).sort()).toEqual([keyOf(p.portraitUrl), keyOf(p.fullBodyUrl!)].sort());
    expect(await quarantine(u)).toEqual([]);
    // an upload id is single use
    expect((await create(u, { portraitUploadId })).status).toBe(404);
  }, 90_000);

  it('PATCH replaces the full-body photo by upload id; the old object goes after the record moved on', async () => {
    const u = await newUser();
    const p = photoProfileSchema.parse(
      (await create(u, { portraitUploadId: await upload(u, portrait), fullBodyUploadId: await upload(u, fullBody) }))
        .body,
    );
    const res = await ctx.invoke('PATCH', `/api/photo-profiles/${p.id}`, {
      token: u.idToken,
      body: { fullBodyUploadId: await upload(u, otherFullBody) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = photoProfileSchema.parse(res.body);
    expect(after.fullBodyUrl).not.toBe(p.fullBodyUrl);
    expect((await profileObjects(u)).sort()).toEqual([keyOf(p.portraitUrl), keyOf(after.fullBodyUrl!)].sort());
    expect(await quarantine(u)).toEqual([]);
    // removing and replacing at once is refused and the upload is not left behind
    const both = await ctx.invoke('PATCH', `/api/photo-profiles/${p.id}`, {
      token: u.idToken,
      body: { removeFullBody: true, fullBodyUploadId: await upload(u, fullBody) },
    });
    expect(both.status).toBe(400);
    expect(await quarantine(u)).toEqual([]);
  }, 60_000);

  it('presign: only a known adult may send a photo of a person', async () => {
    const unknown = await newUser(null);
    const minor = await newUser('minor');
    const a = await presign(unknown, 1000);
    expect(a.status).toBe(403);
    expect(a.body.code).toBe(PRIVACY_CODES.ageRequired);
    const b = await presign(minor, 1000);
    expect(b.status).toBe(403);
    expect(b.body.code).toBe(PRIVACY_CODES.underAge);
    const big = await presign(await newUser(), DIRECT_UPLOAD_MAX_BYTES + 1);
    expect(big.status).toBe(413);
  });

  it('without the consent: 400, nothing processed or stored, the quarantine object deleted', async () => {
    const u = await newUser();
    const portraitUploadId = await upload(u, portrait);
    const res = await create(u, { consent: undefined, portraitUploadId });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(PRIVACY_CODES.consentRequired);
    expect(await quarantine(u)).toEqual([]);
    expect(await profileObjects(u)).toEqual([]);
  });

  it('a photo upload cannot be finalized on its own (only with its profile, after the consent)', async () => {
    const u = await newUser();
    const uploadId = await upload(u, portrait);
    const res = await ctx.invoke('POST', '/api/uploads/complete', { token: u.idToken, body: { uploadId } });
    expect(res.status).toBe(400);
    expect(await profileObjects(u)).toEqual([]);
  });

  it("another user's upload id is a 404 and leaves their upload alone; bad ids and file + id are 400", async () => {
    const [owner, other] = await Promise.all([newUser(), newUser()]);
    const portraitUploadId = await upload(owner, portrait);
    const res = await create(other, { portraitUploadId });
    expect(res.status).toBe(404);
    expect(await quarantine(owner)).toEqual([`uploads/tmp/${owner.sub}/${portraitUploadId}`]);
    expect(await profileObjects(other)).toEqual([]);
    expect((await create(other, { portraitUploadId: 'outfit.01J0000000000000000000000' })).status).toBe(400);
    expect((await create(other, { portraitUploadId: '../x' })).status).toBe(400);
  });

  it('bytes over 15 MB (s3rver ignores the policy) and bytes that are no image: refused at save, nothing stored', async () => {
    const u = await newUser();
    const tooBig = await create(u, {
      portraitUploadId: await upload(u, oversized(DIRECT_UPLOAD_MAX_BYTES + 10), 1000),
    });
    expect(tooBig.status).toBe(413);
    const notImage = await create(u, { portraitUploadId: await upload(u, Buffer.from('<svg onload=alert(1)></svg>')) });
    expect(notImage.status).toBe(400);
    // a bad second photo stores nothing and removes both quarantine objects
    const second = await create(u, {
      portraitUploadId: await upload(u, portrait),
      fullBodyUploadId: await upload(u, Buffer.from('not an image at all')),
    });
    expect(second.status).toBe(400);
    expect(await quarantine(u)).toEqual([]);
    expect(await profileObjects(u)).toEqual([]);
  }, 60_000);
});
