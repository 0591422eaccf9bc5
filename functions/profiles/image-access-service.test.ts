/**
 * Signed image links on an in-memory bucket: a private key is signed for its owner only (anyone else, and a
 * missing object, is the same 404), unsafe keys are 400, and every request of one hour gets the same URL.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { PRESIGN_SECONDS, SIGN_WINDOW_SECONDS } from '../../shared/domain/image-links';
import { memoryMedia, type MemoryMedia } from '../../test/support/in-memory-profiles';
import { REUSE_MARGIN_SECONDS, imageAccessUseCases } from './image-access-service';

const hour = Date.parse('2026-11-01T12:00:00.000Z');
let media: MemoryMedia;
let now: number;
let access: ReturnType<typeof imageAccessUseCases>;

beforeEach(async () => {
  media = memoryMedia();
  now = hour + 10 * 60_000;
  access = imageAccessUseCases({ media, now: () => now });
  await media.put('private', 'users/u1/photo-profiles/p1/portrait-a.jpg', Buffer.from('x'));
  await media.put('private', 'style-images/u1/s.jpg', Buffer.from('x'));
  await media.put('public', 'avatars/u1/a.jpg', Buffer.from('x'));
});

describe('private images', () => {
  it("are signed for their owner (photos and private style images); another user's key is 404", async () => {
    const own = await access.privateImageUrl('u1', 'users/u1/photo-profiles/p1/portrait-a.jpg');
    expect(own.url).toContain('private.example/users/u1/photo-profiles/p1/portrait-a.jpg');
    expect((await access.privateImageUrl('u1', 'style-images/u1/s.jpg')).url).toContain('style-images/u1/s.jpg');
    await expect(access.privateImageUrl('u2', 'users/u1/photo-profiles/p1/portrait-a.jpg')).rejects.toMatchObject({
      status: 404,
      code: ERROR_CODES.notFound,
      message: 'Image not found',
    });
    await expect(access.privateImageUrl('u2', 'style-images/u1/s.jpg')).rejects.toMatchObject({ status: 404 });
  });

  it('a missing object of the owner answers the same 404 as a foreign one', async () => {
    await expect(access.privateImageUrl('u1', 'users/u1/gone.jpg')).rejects.toMatchObject({
      status: 404,
      message: 'Image not found',
    });
  });

  it('refuses keys that climb out of their folder with 400', async () => {
    for (const key of ['users/u1/../u2/x.jpg', 'users/u1/./x.jpg', '', 'users//x.jpg'])
      await expect(access.privateImageUrl('u1', key)).rejects.toMatchObject({
        status: 400,
        code: ERROR_CODES.badRequest,
      });
    await expect(access.publicImageUrl('avatars/../users/u1/x.jpg')).rejects.toMatchObject({ status: 400 });
  });
});

describe('the signing window', () => {
  it('is the same URL all hour, valid PRESIGN_SECONDS from the hour, cacheable until the margin before it ends', async () => {
    const first = await access.publicImageUrl('avatars/u1/a.jpg');
    now = hour + 59 * 60_000;
    const later = await access.publicImageUrl('avatars/u1/a.jpg');
    expect(later.url).toBe(first.url);
    expect(first.url).toContain(`signed=${new Date(hour).toISOString()}`);
    expect(first.expiresAt).toBe(new Date(hour + PRESIGN_SECONDS * 1000).toISOString());
    expect(first.maxAge).toBe(PRESIGN_SECONDS - REUSE_MARGIN_SECONDS - 10 * 60);
    expect(later.maxAge).toBe(PRESIGN_SECONDS - REUSE_MARGIN_SECONDS - 59 * 60);
    now = hour + SIGN_WINDOW_SECONDS * 1000;
    expect((await access.publicImageUrl('avatars/u1/a.jpg')).url).not.toBe(first.url);
  });
});
