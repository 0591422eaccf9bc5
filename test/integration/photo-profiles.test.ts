import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getS3 } from '../../functions/lib/s3';
import { atS3Wire } from '../support/s3-wire';
import { photoProfileListSchema, photoProfileSchema } from '../../shared/schemas/photo-profile';
import { updateUser } from '../../shared/repositories/user-repository';
import {
  countPhotoProfiles,
  createPhotoProfile,
  deletePhotoProfile,
  listPhotoProfiles,
} from '../../shared/repositories/photo-profile-repository';
import type { PlanId } from '../../shared/domain/plans';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import { createAdultUser } from '../support/users';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import {
  bucketClient,
  file,
  hugeBlankPng,
  jpegWithGps,
  multipart,
  noisyJpeg,
  oversized,
  truncated,
  type Part,
} from '../support/media';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
let portrait: Buffer;
let fullBody: Buffer;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
const BODY = 'Slim build, about 170 cm tall, shoulder-length hair.';

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  [portrait, fullBody] = await Promise.all([jpegWithGps(480, 400, '#c08040'), jpegWithGps(400, 640, '#4080c0')]);
});

const newUser = (plan: PlanId = 'starter'): Promise<TestUser> =>
  createAdultUser(ctx, { patch: plan === 'none' ? {} : { currentPlan: plan } });

const keyOf = (url: string) => url.replace(/^\/api\/private-image\//, '');
const userObjects = (u: TestUser) => s3.list(privateBucket(), `users/${u.sub}/`);

function create(u: TestUser, parts: Record<string, Part | undefined>) {
  const { body, headers } = multipart({ consent: PHOTO_CONSENT.version, ...parts });
  return ctx.invoke('POST', '/api/photo-profiles', { token: u.idToken, body, headers });
}
function patch(u: TestUser, id: string, parts: Record<string, Part | undefined>) {
  const { body, headers } = multipart(parts);
  return ctx.invoke('PATCH', `/api/photo-profiles/${id}`, { token: u.idToken, body, headers });
}
const validProfile = (extra: Record<string, Part | undefined> = {}) => ({
  name: 'Me at work',
  gender: 'female',
  bodyDescription: BODY,
  portrait: file(portrait, 'portrait.jpg'),
  ...extra,
});
const list = async (u: TestUser) => {
  const res = await ctx.invoke('GET', '/api/photo-profiles', { token: u.idToken });
  expect(res.status).toBe(200);
  return photoProfileListSchema.parse(res.body);
};

describe('create and read', () => {
  it('creates a profile: images re-encoded without EXIF in the private bucket, first profile is the default', async () => {
    const u = await newUser();
    const res = await create(u, validProfile({ fullBody: file(fullBody, 'full.png', 'image/png') }));
    expect(res.status).toBe(201);
    const p = photoProfileSchema.parse(res.body);
    expect(p).toMatchObject({
      name: 'Me at work',
      gender: 'female',
      bodyDescription: BODY,
      isDefault: true,
      supportsNano: true,
      supportsFashn: true,
    });
    expect(p.portraitUrl).toMatch(
      new RegExp(`^/api/private-image/users/${u.sub}/photo-profiles/${p.id}/portrait-[0-9A-Z]{26}\\.jpg$`),
    );
    expect(p.fullBodyUrl).toMatch(
      new RegExp(`^/api/private-image/users/${u.sub}/photo-profiles/${p.id}/full-body-[0-9A-Z]{26}\\.jpg$`),
    );

    expect((await sharp(portrait).metadata()).exif).toBeDefined();
    for (const url of [p.portraitUrl, p.fullBodyUrl!]) {
      const stored = await s3.get(privateBucket(), keyOf(url));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    expect((await userObjects(u)).sort()).toEqual([keyOf(p.portraitUrl), keyOf(p.fullBodyUrl!)].sort());

    // The owner can resolve the URL the response gives
    const signed = await ctx.invoke('GET', p.portraitUrl, { token: u.idToken });
    expect(signed.status).toBe(200);
    expect((await fetch(signed.body.url)).status).toBe(200);
  });

  it('defaults gender to unisex, trims the fields, and lists on both paths', async () => {
    const u = await newUser();
    const res = await create(u, { name: '  Weekend  ', bodyDescription: `  ${BODY}  `, portrait: file(portrait) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Weekend',
      gender: 'unisex',
      bodyDescription: BODY,
      fullBodyUrl: null,
      supportsFashn: false,
    });
    const a = await ctx.invoke('GET', '/api/photo-profiles', { token: u.idToken });
    const b = await ctx.invoke('GET', '/api/photos', { token: u.idToken });
    expect(a.body).toEqual([res.body]);
    expect(b.body).toEqual(a.body);
  });

  it('answers 401 signed out', async () => {
    expect((await ctx.invoke('GET', '/api/photo-profiles')).status).toBe(401);
  });
});

describe('edit', () => {
  it('replaces the portrait under a new key and deletes the old object', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile({ fullBody: file(fullBody) }))).body;
    const newPortrait = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const res = await patch(u, p.id, {
      name: 'Renamed',
      gender: 'male',
      bodyDescription: `${BODY} Now with glasses.`,
      portrait: file(newPortrait, 'new.png', 'image/png'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      name: 'Renamed',
      gender: 'male',
      bodyDescription: `${BODY} Now with glasses.`,
      fullBodyUrl: p.fullBodyUrl,
      isDefault: true,
    });
    expect(res.body.portraitUrl).not.toBe(p.portraitUrl);
    const objects = await userObjects(u);
    expect(objects).toContain(keyOf(res.body.portraitUrl));
    expect(objects).not.toContain(keyOf(p.portraitUrl));
    expect(objects).toHaveLength(2);
  });

  it('removes the full-body photo (object deleted, Exact no longer supported)', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile({ fullBody: file(fullBody) }))).body;
    const res = await patch(u, p.id, { removeFullBody: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullBodyUrl: null,
      supportsFashn: false,
      supportsNano: true,
      portraitUrl: p.portraitUrl,
    });
    expect(await userObjects(u)).toEqual([keyOf(p.portraitUrl)]);
  });

  it('adds a full-body photo later, refuses removing the portrait and contradictory full-body fields', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile())).body;
    const added = await patch(u, p.id, { fullBody: file(fullBody) });
    expect(added.body.supportsFashn).toBe(true);
    const noPortrait = await patch(u, p.id, { removePortrait: 'true' });
    expect([noPortrait.status, noPortrait.body.message]).toEqual([400, 'Portrait photo is required']);
    const both = await patch(u, p.id, { removeFullBody: 'true', fullBody: file(fullBody) });
    expect(both.status).toBe(400);
    expect(await userObjects(u)).toHaveLength(2);
  });

  it('validates edited fields with the form messages and changes nothing', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile())).body;
    const cases: [Record<string, Part>, string][] = [
      [{ name: '   ' }, 'Profile name is required'],
      [{ bodyDescription: '' }, 'Body description is required'],
      [{ bodyDescription: 'too short     ' }, 'Body description must be at least 20 characters'],
      [{ gender: 'robot' }, 'Gender must be male, female or unisex'],
      [{ portrait: file(Buffer.from('hello'), 'x.jpg') }, 'Unsupported image type. Use JPEG, PNG, WebP or AVIF.'],
    ];
    for (const [parts, message] of cases) {
      const res = await patch(u, p.id, parts);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await list(u))[0]).toEqual(p);
    expect(await userObjects(u)).toEqual([keyOf(p.portraitUrl)]);
  });
});

describe('default profile', () => {
  it('lists default first then newest, switches the default in one write, promotes the oldest when the default is deleted', async () => {
    const u = await newUser();
    const a = (await create(u, validProfile({ name: 'A' }))).body;
    const b = (await create(u, validProfile({ name: 'B' }))).body;
    const c = (await create(u, validProfile({ name: 'C' }))).body;
    expect([a.isDefault, b.isDefault, c.isDefault]).toEqual([true, false, false]);
    expect((await list(u)).map((p) => p.name)).toEqual(['A', 'C', 'B']);

    const res = await patch(u, b.id, { isDefault: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.isDefault).toBe(true);
    const after = await list(u);
    expect(after.map((p) => [p.name, p.isDefault])).toEqual([
      ['B', true],
      ['C', false],
      ['A', false],
    ]);

    // JSON works as well as multipart for the default switch
    const viaJson = await ctx.invoke('PATCH', `/api/photo-profiles/${c.id}`, {
      token: u.idToken,
      body: { isDefault: true },
    });
    expect(viaJson.body.isDefault).toBe(true);
    const unset = await patch(u, c.id, { isDefault: 'false' });
    expect([unset.status, unset.body.message]).toEqual([400, 'Make another profile the default instead']);

    expect((await ctx.invoke('DELETE', `/api/photo-profiles/${c.id}`, { token: u.idToken })).status).toBe(204);
    expect((await list(u)).map((p) => [p.name, p.isDefault])).toEqual([
      ['A', true],
      ['B', false],
    ]);
  });
});

describe('delete', () => {
  it('deletes the record and its objects; a second delete answers 404', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile({ fullBody: file(fullBody) }))).body;
    const keep = (await create(u, validProfile({ name: 'Keep' }))).body;
    const res = await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: u.idToken });
    expect(res.status).toBe(204);
    expect(await userObjects(u)).toEqual([keyOf(keep.portraitUrl)]);
    expect((await list(u)).map((x) => x.id)).toEqual([keep.id]);
    expect(await countPhotoProfiles(ctx.db, u.sub)).toBe(1);
    const again = await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: u.idToken });
    expect(again.body).toEqual({ message: 'Photo profile not found', code: 'not_found' });
  });

  it('"Delete all my photos" removes every profile and every object under users/<id>/, and resets the count', async () => {
    const u = await newUser();
    await create(u, validProfile({ fullBody: file(fullBody) }));
    await create(u, validProfile({ name: 'Second' }));
    await s3.put(privateBucket(), `users/${u.sub}/generations/g1/result.jpg`, Buffer.from('x'));
    await s3.put(privateBucket(), `users/${u.sub}/generations/g1/style-ref.jpg`, Buffer.from('y'));
    const other = await newUser();
    const otherProfile = (await create(other, validProfile())).body;

    const res = await ctx.invoke('DELETE', '/api/user/photos', { token: u.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedProfiles: 2, deletedObjects: 5 });
    expect(await userObjects(u)).toEqual([]);
    expect(await list(u)).toEqual([]);
    expect(await countPhotoProfiles(ctx.db, u.sub)).toBe(0);
    // someone else's photos are untouched
    expect(await userObjects(other)).toEqual([keyOf(otherProfile.portraitUrl)]);

    const again = await ctx.invoke('DELETE', '/api/user/photos', { token: u.idToken });
    expect(again.body).toEqual({ deletedProfiles: 0, deletedObjects: 0 });
    const fresh = await create(u, validProfile());
    expect(fresh.body.isDefault).toBe(true);
  });
});

describe('plan limits', () => {
  it('refuses the profile over the cap with 403 limit.photo_profiles and stores nothing', async () => {
    const u = await newUser('none');
    const first = (await create(u, validProfile())).body;
    const res = await create(u, validProfile({ name: 'Second' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'limit.photo_profiles',
      message: 'You have reached the photo profile limit of your plan (1). Upgrade to add more.',
    });
    expect(await userObjects(u)).toEqual([keyOf(first.portraitUrl)]);

    await updateUser(ctx.db, u.sub, { currentPlan: 'trial' });
    expect((await create(u, validProfile({ name: 'Second' }))).status).toBe(201);
    const third = await create(u, validProfile({ name: 'Third' }));
    expect(third.body.message).toBe('You have reached the photo profile limit of your plan (2). Upgrade to add more.');
  });

  it('never exceeds the cap under concurrent creates, and leaves no orphaned objects', async () => {
    const u = await newUser('trial');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(u, validProfile({ name: `P${i}` }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(8);
    const profiles = await list(u);
    expect(profiles).toHaveLength(2);
    expect(profiles.filter((p) => p.isDefault)).toHaveLength(1);
    expect(await countPhotoProfiles(ctx.db, u.sub)).toBe(2);
    expect((await userObjects(u)).sort()).toEqual(profiles.map((p) => keyOf(p.portraitUrl)).sort());
  });
});

describe('validation and bad files: 4xx with the form messages, nothing stored', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await newUser();
  });

  const cases: [string, () => Promise<Record<string, Part | undefined>>, number, string][] = [
    ['missing name', async () => validProfile({ name: undefined }), 400, 'Profile name is required'],
    ['blank name', async () => validProfile({ name: '   ' }), 400, 'Profile name is required'],
    ['missing portrait', async () => validProfile({ portrait: undefined }), 400, 'Portrait photo is required'],
    [
      'empty file input (no file chosen)',
      async () => validProfile({ portrait: { filename: '', content: Buffer.alloc(0) } }),
      400,
      'Portrait photo is required',
    ],
    [
      'missing body description',
      async () => validProfile({ bodyDescription: undefined }),
      400,
      'Body description is required',
    ],
    [
      'short body description (trimmed)',
      async () => validProfile({ bodyDescription: '   nineteen chars xx   ' }),
      400,
      'Body description must be at least 20 characters',
    ],
    ['unknown gender', async () => validProfile({ gender: 'other' }), 400, 'Gender must be male, female or unisex'],
    [
      'text file named .jpg',
      async () => validProfile({ portrait: file(Buffer.from('I am text, not a photo\n'), 'me.jpg') }),
      400,
      'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
    ],
    ['empty file', async () => validProfile({ portrait: file(Buffer.alloc(0), 'me.jpg') }), 400, 'The file is empty'],
    [
      'truncated JPEG',
      async () => validProfile({ portrait: file(truncated(await noisyJpeg())) }),
      400,
      'The image could not be read',
    ],
    [
      'file over 10 MB',
      async () => validProfile({ portrait: file(oversized(10 * 1024 * 1024 + 1)) }),
      413,
      'File too large. The maximum is 10 MB.',
    ],
    [
      'file over the parser limit (cut off by busboy)',
      async () => validProfile({ portrait: file(oversized(13 * 1024 * 1024)) }),
      413,
      'File too large. The maximum is 10 MB.',
    ],
    [
      '20000x20000 PNG',
      async () => validProfile({ portrait: file(hugeBlankPng(), 'huge.png', 'image/png') }),
      400,
      'The image has too many pixels. The maximum is 50 megapixels.',
    ],
    [
      '100x100 portrait (under the 400 x 400 minimum)',
      async () => validProfile({ portrait: file(await jpegWithGps(100, 100), 'tiny.jpg') }),
      400,
      'This photo is 100 x 100 pixels. Use a portrait of at least 400 x 400 pixels.',
    ],
    [
      'good portrait, full-body photo 299 pixels wide',
      async () => validProfile({ fullBody: file(await jpegWithGps(299, 900), 'narrow.jpg') }),
      400,
      'This photo is 299 x 900 pixels. Use a full-body photo of at least 300 x 600 pixels.',
    ],
    [
      'good portrait, bad full-body photo',
      async () => validProfile({ fullBody: file(Buffer.from('GIF89a....'), 'body.gif', 'image/gif') }),
      400,
      'Unsupported image type. Use JPEG, PNG, WebP or AVIF.',
    ],
  ];

  it.each(cases)('%s', async (_name, parts, status, message) => {
    const res = await create(u, await parts());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(typeof res.body.code).toBe('string');
    expect(await userObjects(u)).toEqual([]);
    expect(await list(u)).toEqual([]);
  });

  it('a body that is not a form', async () => {
    const res = await ctx.invoke('POST', '/api/photo-profiles', {
      token: u.idToken,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(await list(u)).toEqual([]);
  });
});

describe('ownership', () => {
  it("another user's profile and images answer 404, never the record", async () => {
    const [alice, bob] = await Promise.all([newUser(), newUser()]);
    const p = (await create(alice, validProfile({ fullBody: file(fullBody) }))).body;
    const notFound = { message: 'Photo profile not found', code: 'not_found' };

    const edit = await patch(bob, p.id, { name: 'Mine now' });
    expect([edit.status, edit.body]).toEqual([404, notFound]);
    const def = await patch(bob, p.id, { isDefault: 'true' });
    expect(def.status).toBe(404);
    const del = await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: bob.idToken });
    expect([del.status, del.body]).toEqual([404, notFound]);
    expect(await list(bob)).toEqual([]);
    const img = await ctx.invoke('GET', p.portraitUrl, { token: bob.idToken });
    expect(img.status).toBe(404);

    // "Delete all my photos" of Bob leaves Alice alone
    await ctx.invoke('DELETE', '/api/user/photos', { token: bob.idToken });
    expect((await list(alice)).map((x) => x.name)).toEqual(['Me at work']);
    expect(await userObjects(alice)).toHaveLength(2);
  });
});

describe('repository: the cap is enforced by the transaction alone', () => {
  it('10 concurrent creates with cap 2 write exactly 2 profiles and one default', async () => {
    const userId = `repo-${Date.now()}`;
    const ids = Array.from({ length: 10 }, (_, i) => `01REPOTEST${String(i).padStart(16, '0')}`);
    const results = await Promise.all(
      ids.map((id) =>
        createPhotoProfile(
          ctx.db,
          {
            id,
            userId,
            name: id,
            gender: 'unisex',
            bodyDescription: BODY,
            portraitKey: `users/${userId}/p/${id}.jpg`,
            fullBodyKey: null,
          },
          2,
        ),
      ),
    );
    expect(results.filter((r) => r === 'limit')).toHaveLength(8);
    const profiles = await listPhotoProfiles(ctx.db, userId);
    expect(profiles).toHaveLength(2);
    expect(profiles.filter((p) => p.isDefault)).toHaveLength(1);
    expect(await countPhotoProfiles(ctx.db, userId)).toBe(2);

    // concurrent deletes keep the count exact and leave a default while any profile remains
    await Promise.all(profiles.map((p) => deletePhotoProfile(ctx.db, userId, p.id)));
    expect(await countPhotoProfiles(ctx.db, userId)).toBe(0);
    expect(await listPhotoProfiles(ctx.db, userId)).toEqual([]);
  });
});

describe('purge order: objects first, then records; "deleted" only when true', () => {
  const REFUSE = 'test-refuse-deletes';
  let allowDeletes = () => {};
  afterEach(() => allowDeletes());

  /** S3 refuses every DeleteObjects (403 AccessDenied, as AWS does without the permission); the rest works. */
  function refuseDeletes() {
    allowDeletes = atS3Wire(getS3(), REFUSE, async (operation) =>
      operation === 'DeleteObjects'
        ? {
            status: 403,
            headers: { 'content-type': 'application/xml' },
            body: '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
          }
        : undefined,
    );
  }

  it('"Delete all my photos": when S3 refuses, answers 503, keeps every record, and a retry deletes everything', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile({ fullBody: file(fullBody) }))).body;
    const before = (await userObjects(u)).sort();
    expect(before).toHaveLength(2);

    refuseDeletes();
    const res = await ctx.invoke('DELETE', '/api/user/photos', { token: u.idToken });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'We could not delete all of your photos just now. Please try again.',
      code: 'service_unavailable',
    });
    expect((await list(u)).map((x) => x.id)).toEqual([p.id]);
    expect(await countPhotoProfiles(ctx.db, u.sub)).toBe(1);
    expect((await userObjects(u)).sort()).toEqual(before);

    allowDeletes();
    const retry = await ctx.invoke('DELETE', '/api/user/photos', { token: u.idToken });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ deletedProfiles: 1, deletedObjects: 2 });
    expect(await userObjects(u)).toEqual([]);
    expect(await list(u)).toEqual([]);
  });

  it('deleting one profile: when S3 refuses, answers 503 and the profile stays; a retry removes record and folder', async () => {
    const u = await newUser();
    const p = (await create(u, validProfile({ fullBody: file(fullBody) }))).body;
    // a leftover of a crashed upload in the same folder
    await s3.put(privateBucket(), `users/${u.sub}/photo-profiles/${p.id}/stray.jpg`, Buffer.from('x'));

    refuseDeletes();
    const res = await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: u.idToken });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('service_unavailable');
    expect((await list(u)).map((x) => x.id)).toEqual([p.id]);
    expect(await userObjects(u)).toHaveLength(3);

    allowDeletes();
    expect((await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: u.idToken })).status).toBe(204);
    expect(await list(u)).toEqual([]);
    expect(await userObjects(u)).toEqual([]);
  });

  it("another user's profile id is a 404 and deletes none of its objects", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const p = (await create(owner, validProfile())).body;
    const res = await ctx.invoke('DELETE', `/api/photo-profiles/${p.id}`, { token: intruder.idToken });
    expect(res.status).toBe(404);
    expect(await userObjects(owner)).toEqual([keyOf(p.portraitUrl)]);
  });
});
