/**
 * Finalize is once (issue 40, item 5). The presigned POST form of a direct upload stays valid for 10 minutes:
 * bytes posted to it after the finalize must change nothing that is served. A second finalize answers the first
 * image (never reading the new bytes: the quarantine is only emptied), a photo-profile upload taken by one save
 * cannot be taken again (409), and a public avatar, served `immutable`, keeps its bytes under its URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { getUser } from '../../shared/repositories/user-repository';
import { claimDirectUpload, finishDirectUpload, getDirectUpload } from '../../shared/repositories/upload-repository';
import { presignUploadResultSchema, type PresignUploadResult } from '../../shared/schemas/upload';
import { createAdultUser, createSignedInUser, INFLUENCER_ROLE } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient, jpegWithGps, postForm } from '../support/media';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let first: Buffer;
let second: Buffer;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const publicBucket = () => process.env.PUBLIC_BUCKET!;

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  // two different pictures of a size every purpose takes (the portrait's minimum is 400 x 400)
  [first, second] = await Promise.all([jpegWithGps(640, 480, '#c08040'), jpegWithGps(640, 480, '#2050d0')]);
});

async function presignAndSend(u: TestUser, purpose: string, bytes: Buffer): Promise<PresignUploadResult> {
  const res = await ctx.invoke('POST', '/api/uploads', {
    token: u.idToken,
    // room for the other picture posted to the same form later (the policy caps the size at the declared one)
    body: { purpose, contentType: 'image/jpeg', size: 1_000_000 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const post = presignUploadResultSchema.parse(res.body);
  expect((await postForm(post.url, post.fields, bytes, 'image/jpeg')).status).toBeLessThan(300);
  return post;
}
const complete = (u: TestUser, uploadId: string) =>
  ctx.invoke('POST', '/api/uploads/complete', { token: u.idToken, body: { uploadId } });
const quarantine = (u: TestUser) => s3.list(privateBucket(), `uploads/tmp/${u.sub}/`);

/** The bucket and key behind an image URL the API answered. */
function objectOf(url: string): { bucket: string; key: string } {
  const m = /^\/api\/(private|public)-image\/(.+)$/.exec(url);
  if (!m) throw new Error(`not an image URL: ${url}`);
  return { bucket: m[1] === 'public' ? publicBucket() : privateBucket(), key: m[2]! };
}
const served = (url: string) => {
  const { bucket, key } = objectOf(url);
  return s3.get(bucket, key);
};

describe('POST /api/uploads/complete after new bytes were posted to the same form', () => {
  const cases = [
    { purpose: 'outfit', role: undefined, prefix: (id: string) => `users/${id}/outfits/` },
    { purpose: 'template_input', role: undefined, prefix: (id: string) => `users/${id}/template-inputs/` },
    { purpose: 'style_prompt', role: INFLUENCER_ROLE, prefix: (id: string) => `style-images/${id}/` },
    { purpose: 'style_cover', role: INFLUENCER_ROLE, prefix: (id: string) => `style-images/${id}/` },
  ] as const;

  for (const c of cases) {
    it(`${c.purpose}: the second finalize answers the first image; the served bytes and the stored keys do not change`, async () => {
      const u = await createSignedInUser(ctx, c.role);
      const post = await presignAndSend(u, c.purpose, first);
      const done = await complete(u, post.uploadId);
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      const before = await served(done.body.url);
      const keys = await s3.list(privateBucket(), c.prefix(u.sub));
      expect(keys).toHaveLength(1);
      // the form is still valid: other bytes land in the quarantine again
      expect((await postForm(post.url, post.fields, second, 'image/jpeg')).status).toBeLessThan(300);
      expect(await quarantine(u)).toEqual([post.fields.key]);
      const again = await complete(u, post.uploadId);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.url).toBe(done.body.url);
      expect((await served(done.body.url)).equals(before)).toBe(true);
      expect(await s3.list(privateBucket(), c.prefix(u.sub))).toEqual(keys);
      // the bytes posted later are deleted unread
      expect(await quarantine(u)).toEqual([]);
    }, 60_000);
  }

  it('avatar (public, served immutable): the URL keeps its bytes, the profile keeps pointing at it', async () => {
    const u = await createSignedInUser(ctx);
    const post = await presignAndSend(u, 'avatar', first);
    const done = await complete(u, post.uploadId);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.url).toMatch(new RegExp(`^/api/public-image/avatars/${u.sub}/[0-9A-Z]{26}\\.jpg$`));
    const before = await served(done.body.url);
    for (let i = 0; i < 2; i++) {
      expect((await postForm(post.url, post.fields, i ? first : second, 'image/jpeg')).status).toBeLessThan(300);
      const again = await complete(u, post.uploadId);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.url).toBe(done.body.url);
      expect((await served(done.body.url)).equals(before)).toBe(true);
    }
    expect(await s3.list(publicBucket(), `avatars/${u.sub}/`)).toEqual([objectOf(done.body.url).key]);
    expect((await getUser(ctx.db, u.sub))?.profileImageUrl).toBe(done.body.url);
    expect(await quarantine(u)).toEqual([]);
  }, 60_000);

  it('an avatar replaced since: a finalize of the old upload answers 404 and brings nothing back', async () => {
    const u = await createSignedInUser(ctx);
    const old = await presignAndSend(u, 'avatar', first);
    const oldUrl = (await complete(u, old.uploadId)).body.url;
    const next = await presignAndSend(u, 'avatar', second);
    const nextUrl = (await complete(u, next.uploadId)).body.url;
    expect(nextUrl).not.toBe(oldUrl);
    expect((await postForm(old.url, old.fields, first, 'image/jpeg')).status).toBeLessThan(300);
    const again = await complete(u, old.uploadId);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found');
    expect(await s3.list(publicBucket(), `avatars/${u.sub}/`)).toEqual([objectOf(nextUrl).key]);
    expect((await getUser(ctx.db, u.sub))?.profileImageUrl).toBe(nextUrl);
  }, 60_000);

  it('a finalize that failed on its bytes consumed the upload: other bytes posted later are refused (409)', async () => {
    const u = await createSignedInUser(ctx);
    const post = await presignAndSend(u, 'outfit', first);
    // not an image: refused, nothing stored
    const garbage = Buffer.from('not an image at all');
    expect((await postForm(post.url, post.fields, garbage, 'image/jpeg')).status).toBeLessThan(300);
    expect((await complete(u, post.uploadId)).status).toBe(400);
    // first read as this, so its claim holds these bytes; a good picture now cannot use the upload
    expect((await postForm(post.url, post.fields, second, 'image/jpeg')).status).toBeLessThan(300);
    const res = await complete(u, post.uploadId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This upload was already used. Please upload the image again.',
      code: 'upload.already_used',
    });
    expect(await s3.list(privateBucket(), `users/${u.sub}/outfits/`)).toEqual([]);
    expect(await quarantine(u)).toEqual([]);
  }, 60_000);
});

describe('photo-profile uploads are taken once', () => {
  it('an upload id a save took cannot be saved again with other bytes posted to its form (409, nothing stored)', async () => {
    const u = await createAdultUser(ctx);
    const post = await presignAndSend(u, 'photo_profile', first);
    const body = { consent: PHOTO_CONSENT.version, name: 'Me', gender: 'female', portraitUploadId: post.uploadId };
    const created = await ctx.invoke('POST', '/api/photo-profiles', {
      token: u.idToken,
      body: { ...body, bodyDescription: 'Slim build, about 170 cm tall, short hair.' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await s3.list(privateBucket(), `users/${u.sub}/photo-profiles/`);
    const portrait = await s3.get(privateBucket(), stored[0]!);

    expect((await postForm(post.url, post.fields, second, 'image/jpeg')).status).toBeLessThan(300);
    const patched = await ctx.invoke('PATCH', `/api/photo-profiles/${created.body.id}`, {
      token: u.idToken,
      body: { portraitUploadId: post.uploadId },
    });
    expect(patched.status).toBe(409);
    expect(patched.body.code).toBe('upload.already_used');
    // the refusal deleted the quarantine object; the form is still valid: post again, try a new profile
    expect(await quarantine(u)).toEqual([]);
    expect((await postForm(post.url, post.fields, second, 'image/jpeg')).status).toBeLessThan(300);
    const another = await ctx.invoke('POST', '/api/photo-profiles', {
      token: u.idToken,
      body: { ...body, name: 'Again', bodyDescription: 'Slim build, about 170 cm tall, short hair.' },
    });
    expect(another.status).toBe(409);
    expect(another.body.code).toBe('upload.already_used');
    expect(await s3.list(privateBucket(), `users/${u.sub}/photo-profiles/`)).toEqual(stored);
    expect((await s3.get(privateBucket(), stored[0]!)).equals(portrait)).toBe(true);
    expect(await quarantine(u)).toEqual([]);
  }, 60_000);
});

describe('the upload record (conditional writes)', () => {
  it('claimed for one sha256: the same bytes may claim again until finalized, other bytes never', async () => {
    const userId = `u-${Date.now()}`;
    const uploadId = 'outfit.01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const now = new Date();
    const claim = (sourceSha: string) =>
      claimDirectUpload(ctx.db, { userId, uploadId, sourceSha, now, ttlEpochSeconds: 2_000_000_000 });
    const results = await Promise.all([claim('a'), claim('b'), claim('b'), claim('c')]);
    // exactly one sha holds the claim (the one that landed first); its repeats land too
    const holder = (await getDirectUpload(ctx.db, userId, uploadId))!.sourceSha;
    expect(results).toEqual(['a', 'b', 'b', 'c'].map((s) => s === holder));
    expect(await claim(holder)).toBe(true);
    expect(
      await finishDirectUpload(ctx.db, {
        userId,
        uploadId,
        sourceSha: holder,
        result: { bucket: 'private', key: 'k' },
        now,
      }),
    ).toBe(true);
    expect(await claim(holder)).toBe(false);
    expect(await getDirectUpload(ctx.db, userId, uploadId)).toMatchObject({
      status: 'finalized',
      resultBucket: 'private',
      resultKey: 'k',
    });
  });
});
