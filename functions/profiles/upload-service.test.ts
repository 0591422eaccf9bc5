/**
 * Uploads on in-memory records and buckets with the image pipeline's contract (sharp, no content-safety model):
 * who may upload what, the size caps and their messages, the quarantine always emptied, and a finalize that
 * happens once (a replay answers the same image, other bytes are never stored, a retried crash stores no copy).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { PRIVACY_CODES } from '../../shared/domain/privacy';
import { DIRECT_UPLOAD_MAX_BYTES, DIRECT_UPLOAD_MESSAGES, PROFILE_IMAGE_MAX_BYTES } from '../../shared/schemas/upload';
import type { DirectUploadRecord } from '../../shared/repositories/upload-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { sha256 } from '../lib/media-store';
import { emptyBuckets } from '../../shared/domain/ledger';
import { toCurrentUser } from './user-service';
import { aUser } from '../../test/support/in-memory-start-deps';
import {
  fakeImageGate,
  memoryMedia,
  tinyImage,
  type FakeImageGate,
  type MemoryMedia,
} from '../../test/support/in-memory-profiles';
import { FINALIZE_WITH_RECORD_MESSAGE, uploadUseCases } from './upload-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const ID = '01JC0000000000000000000000';
let media: MemoryMedia;
let gate: FakeImageGate;
let records: Map<string, DirectUploadRecord>;
let users: Map<string, UserRecord>;
let posts: { key: string; contentType: string; maxBytes: number }[];
let nextId: number;
let userWriteFails: boolean;
const auth = { sub: 'u1', email: 'u1@example.com', givenName: null, familyName: null, claims: {} };
let uploads: ReturnType<typeof uploadUseCases>;

const quarantine = (userId: string, uploadId: string) => `uploads/tmp/${userId}/${uploadId}`;
const file = (content: Buffer) => ({ content, filename: 'x.jpg', mimetype: 'image/jpeg', truncated: false });

beforeEach(() => {
  media = memoryMedia(() => now);
  gate = fakeImageGate();
  records = new Map();
  users = new Map([['u1', aUser()]]);
  posts = [];
  nextId = 0;
  userWriteFails = false;
  uploads = uploadUseCases({
    store: {
      getDirectUpload: (userId, uploadId) => Promise.resolve(records.get(`${userId}/${uploadId}`) ?? null),
      claimDirectUpload: (c) => {
        const k = `${c.userId}/${c.uploadId}`;
        const held = records.get(k);
        // the repository's rule: claimed once, again only for the same bytes while not finalized
        if (held && (held.sourceSha !== c.sourceSha || held.status === 'finalized')) return Promise.resolve(false);
        records.set(k, {
          userId: c.userId,
          uploadId: c.uploadId,
          sourceSha: c.sourceSha,
          status: 'claimed',
          claimedAt: c.now.toISOString(),
          finalizedAt: null,
          resultBucket: null,
          resultKey: null,
        });
        return Promise.resolve(true);
      },
      finishDirectUpload: (d) => {
        const k = `${d.userId}/${d.uploadId}`;
        const held = records.get(k);
        if (!held || held.sourceSha !== d.sourceSha) return Promise.resolve(false);
        records.set(k, {
          ...held,
          status: 'finalized',
          finalizedAt: d.now.toISOString(),
          resultBucket: d.result?.bucket ?? null,
          resultKey: d.result?.key ?? null,
        });
        return Promise.resolve(true);
      },
      updateUser: (userId, patch) => {
        if (userWriteFails) return Promise.reject(new Error('throttled'));
        const u = { ...users.get(userId)!, ...patch };
        users.set(userId, u);
        return Promise.resolve(u);
      },
    },
    media: {
      ...media,
      presignQuarantineUpload: (key, contentType, maxBytes) => {
        posts.push({ key, contentType, maxBytes });
        return Promise.resolve({ url: 'https://private.example/', fields: { key }, expiresAt: now.toISOString() });
      },
    },
    processImage: gate.process,
    newId: () => `IMG${++nextId}`,
    currentUser: (caller) => Promise.resolve(toCurrentUser(users.get(caller.sub)!, { ...emptyBuckets(), credits: 0 })),
  });
});

describe('asking for an upload form', () => {
  it('is a form for one quarantine key of the caller, capped at the declared size', async () => {
    const res = await uploads.presignUpload(aUser(), { purpose: 'outfit', contentType: 'image/jpeg', size: 1000 });
    expect(res.uploadId).toMatch(/^outfit\./);
    expect(res.maxBytes).toBe(1000);
    expect(posts).toEqual([{ key: quarantine('u1', res.uploadId), contentType: 'image/jpeg', maxBytes: 1000 }]);
  });

  it('style images are for admins and influencers only (403)', async () => {
    for (const purpose of ['style_prompt', 'style_cover'] as const)
      await expect(
        uploads.presignUpload(aUser(), { purpose, contentType: 'image/png', size: 10 }),
      ).rejects.toMatchObject({ status: 403, code: ERROR_CODES.forbidden });
    const influencer = aUser({ role: 'influencer', currentRole: 'influencer', permanentRole: 'influencer' });
    await uploads.presignUpload(influencer, { purpose: 'style_cover', contentType: 'image/png', size: 10 });
    expect(posts).toHaveLength(1);
  });

  it("a person's photo only from a stated adult (403 with the age codes)", async () => {
    const input = { purpose: 'photo_profile', contentType: 'image/jpeg', size: 10 } as const;
    await expect(uploads.presignUpload(aUser(), input)).rejects.toMatchObject({
      status: 403,
      code: PRIVACY_CODES.ageRequired,
    });
    await expect(uploads.presignUpload(aUser({ ageStatus: 'minor' }), input)).rejects.toMatchObject({
      code: PRIVACY_CODES.underAge,
    });
    await uploads.presignUpload(aUser({ ageStatus: 'adult' }), input);
    expect(posts).toHaveLength(1);
  });

  it("over the purpose's cap is 413 with the spec's message (5 MB for an avatar)", async () => {
    await expect(
      uploads.presignUpload(aUser(), {
        purpose: 'avatar',
        contentType: 'image/jpeg',
        size: PROFILE_IMAGE_MAX_BYTES + 1,
      }),
    ).rejects.toMatchObject({ status: 413, message: DIRECT_UPLOAD_MESSAGES.tooLarge('avatar') });
    await expect(
      uploads.presignUpload(aUser(), {
        purpose: 'outfit',
        contentType: 'image/jpeg',
        size: DIRECT_UPLOAD_MAX_BYTES + 1,
      }),
    ).rejects.toMatchObject({ status: 413, code: ERROR_CODES.payloadTooLarge });
    expect(posts).toEqual([]);
  });
});

describe('finalizing an upload', () => {
  const id = `outfit.${ID}`;

  it('stores the re-encoded image under the upload id, records it, and empties the quarantine', async () => {
    await media.put('private', quarantine('u1', id), await tinyImage());
    const res = await uploads.completeUpload(aUser(), id, now);
    expect(res).toEqual({ url: `/api/private-image/users/u1/outfits/${ID}.jpg` });
    expect(media.keys('private')).toEqual([`users/u1/outfits/${ID}.jpg`]);
    expect(records.get(`u1/${id}`)).toMatchObject({ status: 'finalized', resultKey: `users/u1/outfits/${ID}.jpg` });
  });

  it('a replay answers the same image without reading what was posted since (deleted, never stored)', async () => {
    await media.put('private', quarantine('u1', id), await tinyImage());
    const first = await uploads.completeUpload(aUser(), id, now);
    await media.put('private', quarantine('u1', id), await tinyImage(16, 16, 'png'));
    expect(await uploads.completeUpload(aUser(), id, now)).toEqual(first);
    expect(gate.calls).toHaveLength(1);
    expect(media.keys('private')).toEqual([`users/u1/outfits/${ID}.jpg`]);
  });

  it('other bytes than the claimed ones, before the claim finished, are 409 upload.already_used', async () => {
    const claimed = await tinyImage();
    records.set(`u1/${id}`, {
      userId: 'u1',
      uploadId: id,
      sourceSha: sha256(claimed),
      status: 'claimed',
      claimedAt: now.toISOString(),
      finalizedAt: null,
      resultBucket: null,
      resultKey: null,
    });
    await media.put('private', quarantine('u1', id), await tinyImage(16, 16, 'png'));
    await expect(uploads.completeUpload(aUser(), id, now)).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.uploadAlreadyUsed,
    });
    expect(media.keys('private')).toEqual([]);
  });

  it('a finalize retried after a crash (stored, not recorded) answers the stored image and records it', async () => {
    const bytes = await tinyImage();
    await media.put('private', quarantine('u1', id), bytes);
    await uploads.completeUpload(aUser(), id, now);
    records.set(`u1/${id}`, { ...records.get(`u1/${id}`)!, status: 'claimed', resultKey: null, resultBucket: null });
    expect(await uploads.completeUpload(aUser(), id, now)).toEqual({
      url: `/api/private-image/users/u1/outfits/${ID}.jpg`,
    });
    expect(records.get(`u1/${id}`)?.status).toBe('finalized');
    expect(gate.calls).toHaveLength(1);
  });

  it('nothing in the quarantine and nothing stored is 404; too many bytes is 413 and the object goes', async () => {
    await expect(uploads.completeUpload(aUser(), id, now)).rejects.toMatchObject({
      status: 404,
      message: DIRECT_UPLOAD_MESSAGES.notFound,
    });
    await media.put('private', quarantine('u1', id), Buffer.alloc(DIRECT_UPLOAD_MAX_BYTES + 1));
    await expect(uploads.completeUpload(aUser(), id, now)).rejects.toMatchObject({ status: 413 });
    expect(media.keys('private')).toEqual([]);
    expect(records.size).toBe(0);
  });

  it('bytes that are no image are refused, the quarantine is emptied, nothing is stored', async () => {
    await media.put('private', quarantine('u1', id), Buffer.from('not an image at all'));
    await expect(uploads.completeUpload(aUser(), id, now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.unsupportedMediaType,
    });
    expect(media.keys('private')).toEqual([]);
  });

  it('a photo-profile photo is finalized with its profile, not here (400); style images need a creator (403)', async () => {
    await expect(uploads.completeUpload(aUser(), `photo_profile.${ID}`, now)).rejects.toMatchObject({
      status: 400,
      message: FINALIZE_WITH_RECORD_MESSAGE,
    });
    await expect(uploads.completeUpload(aUser(), `style_prompt.${ID}`, now)).rejects.toMatchObject({ status: 403 });
  });

  it("another user's upload id names only the caller's own quarantine: 404", async () => {
    await media.put('private', quarantine('u2', id), await tinyImage());
    await expect(uploads.completeUpload(aUser(), id, now)).rejects.toMatchObject({ status: 404 });
    expect(media.keys('private')).toEqual([quarantine('u2', id)]);
  });
});

describe('the avatar', () => {
  it('is a 512 square in the public bucket; the previous own avatar goes, a foreign URL is never deleted', async () => {
    await media.put('public', 'avatars/u1/old.jpg', Buffer.from('old'));
    await media.put('public', 'avatars/u2/theirs.jpg', Buffer.from('x'));
    const id = `avatar.${ID}`;
    await media.put('private', quarantine('u1', id), await tinyImage(600, 400));
    const me = aUser({ profileImageUrl: '/api/public-image/avatars/u1/old.jpg' });
    expect(await uploads.completeUpload(me, id, now)).toEqual({ url: `/api/public-image/avatars/u1/${ID}.jpg` });
    expect(gate.calls[0]).toMatchObject({ square: 512, alpha: 'flatten' });
    expect(users.get('u1')?.profileImageUrl).toBe(`/api/public-image/avatars/u1/${ID}.jpg`);
    expect(media.keys('public')).toEqual([`avatars/u1/${ID}.jpg`, 'avatars/u2/theirs.jpg']);

    const other = aUser({ profileImageUrl: '/api/public-image/avatars/u2/theirs.jpg' });
    await uploads.setProfileImage(auth, other, file(await tinyImage()));
    expect(media.keys('public', 'avatars/u2/')).toEqual(['avatars/u2/theirs.jpg']);
  });

  it("a pipeline 413 or unsupported type gets the spec's avatar messages", async () => {
    gate.refuseNext = new HttpError(413, ERROR_CODES.payloadTooLarge, 'pipeline');
    await expect(uploads.processUploadedImage('avatar', await tinyImage(), 'u1')).rejects.toMatchObject({
      status: 413,
      message: DIRECT_UPLOAD_MESSAGES.tooLarge('avatar'),
    });
    await expect(uploads.processUploadedImage('avatar', Buffer.from('text'), 'u1')).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.unsupportedMediaType,
      message: DIRECT_UPLOAD_MESSAGES.invalidType,
    });
  });

  it('a failed user write deletes the avatar it stored, and the old one stays', async () => {
    await media.put('public', 'avatars/u1/old.jpg', Buffer.from('old'));
    userWriteFails = true;
    const me = aUser({ profileImageUrl: '/api/public-image/avatars/u1/old.jpg' });
    await expect(uploads.setProfileImage(auth, me, file(await tinyImage()))).rejects.toThrow('throttled');
    expect(media.keys('public')).toEqual(['avatars/u1/old.jpg']);
  });

  it('no file is 400', async () => {
    await expect(uploads.setProfileImage(auth, aUser(), undefined)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
  });
});

describe('taking a photo out of the quarantine (photo profiles)', () => {
  const id = `photo_profile.${ID}`;

  it('once: a second take is 409, and the quarantine object goes either way', async () => {
    await media.put('private', quarantine('u1', id), await tinyImage(400, 600));
    const img = await uploads.takeQuarantinedUpload('u1', id, 'photo_profile', 'portrait', now);
    expect(img.contentType).toBe('image/jpeg');
    expect(media.keys('private')).toEqual([]);
    await media.put('private', quarantine('u1', id), await tinyImage(400, 600));
    await expect(uploads.takeQuarantinedUpload('u1', id, 'photo_profile', 'portrait', now)).rejects.toMatchObject({
      status: 409,
    });
    expect(media.keys('private')).toEqual([]);
  });

  it('an id of another purpose or a malformed one is 400; a missing object is 404', async () => {
    await expect(uploads.takeQuarantinedUpload('u1', `outfit.${ID}`, 'photo_profile')).rejects.toMatchObject({
      status: 400,
      message: 'Invalid upload id',
    });
    await expect(uploads.takeQuarantinedUpload('u1', 'photo_profile.x', 'photo_profile')).rejects.toMatchObject({
      status: 400,
    });
    await expect(uploads.takeQuarantinedUpload('u1', id, 'photo_profile')).rejects.toMatchObject({ status: 404 });
  });

  it('a photo too small for its kind is 400 validation and nothing is kept', async () => {
    await media.put('private', quarantine('u1', id), await tinyImage(8, 8));
    await expect(uploads.takeQuarantinedUpload('u1', id, 'photo_profile', 'full-body', now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
    expect(media.keys('private')).toEqual([]);
  });
});
