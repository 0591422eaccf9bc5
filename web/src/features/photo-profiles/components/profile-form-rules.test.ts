import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../test/form-errors';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_IMAGE_TYPES,
  bodyDescriptionCount,
  checkImageFile,
  checkPhotoSize,
  downscaledSize,
  FILE_MESSAGES,
  PHOTO_MAX_BYTES,
  profileFormSchema,
} from './profile-form-rules';
import {
  ACCEPTED_IMAGE_TYPES_LABEL,
  DIRECT_UPLOAD_CONTENT_TYPES,
  PHOTO_MIN_SIDE,
  photoTooSmallMessage,
} from '@shared/schemas/upload';

/** The form's field errors for a name, a body description and a portrait or none (the schema the form uses). */
const validateProfileForm = (v: { name: string; bodyDescription: string; hasPortrait: boolean }) =>
  fieldErrors(profileFormSchema, {
    name: v.name,
    gender: 'unisex',
    portrait: v.hasPortrait ? { kind: 'existing', url: '/p/portrait.jpg' } : null,
    fullBody: null,
    bodyDescription: v.bodyDescription,
  });
const canSaveProfile = (v: Parameters<typeof validateProfileForm>[0]) =>
  Object.keys(validateProfileForm(v)).length === 0;

const ok = { name: 'Me', bodyDescription: 'Athletic build, 180 cm tall', hasPortrait: true };

describe('profileFormSchema', () => {
  it('accepts a complete form', () => {
    expect(validateProfileForm(ok)).toEqual({});
    expect(canSaveProfile(ok)).toBe(true);
  });

  it('requires a name after trimming', () => {
    expect(validateProfileForm({ ...ok, name: '' }).name).toBe('Profile name is required');
    expect(validateProfileForm({ ...ok, name: '   ' }).name).toBe('Profile name is required');
    expect(canSaveProfile({ ...ok, name: ' ' })).toBe(false);
  });

  it('requires a portrait (new or existing)', () => {
    expect(validateProfileForm({ ...ok, hasPortrait: false }).portrait).toBe('Portrait photo is required');
    expect(canSaveProfile({ ...ok, hasPortrait: false })).toBe(false);
  });

  it('requires a body description of at least 20 characters after trimming', () => {
    expect(validateProfileForm({ ...ok, bodyDescription: '' }).bodyDescription).toBe('Body description is required');
    expect(validateProfileForm({ ...ok, bodyDescription: '    ' }).bodyDescription).toBe(
      'Body description is required',
    );
    expect(validateProfileForm({ ...ok, bodyDescription: 'Slim, 170 cm' }).bodyDescription).toBe(
      'Body description must be at least 20 characters',
    );
    // 19 characters padded with spaces is still too short
    expect(validateProfileForm({ ...ok, bodyDescription: `  ${'a'.repeat(19)}  ` }).bodyDescription).toBe(
      'Body description must be at least 20 characters',
    );
    expect(validateProfileForm({ ...ok, bodyDescription: 'a'.repeat(20) }).bodyDescription).toBeUndefined();
  });

  it('reports every failing field at once', () => {
    expect(validateProfileForm({ name: '', bodyDescription: '', hasPortrait: false })).toEqual({
      name: 'Profile name is required',
      portrait: 'Portrait photo is required',
      bodyDescription: 'Body description is required',
    });
  });
});

describe('bodyDescriptionCount', () => {
  it('counts trimmed characters against 20', () => {
    expect(bodyDescriptionCount('  hello  ')).toEqual({ count: 5, min: 20, label: '5 / 20', enough: false });
    expect(bodyDescriptionCount('a'.repeat(25)).label).toBe('25 / 20');
    expect(bodyDescriptionCount('a'.repeat(20)).enough).toBe(true);
  });
});

describe('checkImageFile', () => {
  it('accepts JPEG, PNG, WebP and AVIF up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
      expect(checkImageFile({ type, size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: '', size: 1000, name: 'me.avif' })).toBeNull();
  });

  it('refuses other types', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 1000, name: 'cv.pdf' })).toBe(FILE_MESSAGES.notImage);
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe(FILE_MESSAGES.notImage);
    expect(checkImageFile({ type: '', size: 1000, name: 'notes.txt' })).toBe(FILE_MESSAGES.notImage);
  });

  it('refuses files over 15 MB (the direct-upload cap)', () => {
    expect(checkImageFile({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe(FILE_MESSAGES.tooLarge);
    expect(FILE_MESSAGES.tooLarge).toContain('15 MB');
  });
});

describe('downscaledSize', () => {
  it('leaves images up to 2048 px alone', () => {
    expect(downscaledSize(2048, 1024)).toBeNull();
    expect(downscaledSize(400, 400)).toBeNull();
  });
  it('scales the longest side to 2048 keeping the aspect ratio', () => {
    expect(downscaledSize(4096, 3072)).toEqual({ width: 2048, height: 1536 });
    expect(downscaledSize(3000, 4000)).toEqual({ width: 1536, height: 2048 });
  });
});

describe('checkPhotoSize (at pick time, before any upload)', () => {
  it('refuses a portrait under 400 x 400 with its size and the minimum, and one that does not decode', () => {
    expect(checkPhotoSize('portrait', { width: 100, height: 100 })).toBe(
      'This photo is 100 x 100 pixels. Use a portrait of at least 400 x 400 pixels.',
    );
    expect(checkPhotoSize('portrait', { width: 399, height: 1200 })).toBe(photoTooSmallMessage('portrait', 399, 1200));
    expect(checkPhotoSize('portrait', { width: 1200, height: 399 })).toBe(photoTooSmallMessage('portrait', 1200, 399));
    expect(checkPhotoSize('portrait', 'unreadable')).toBe(FILE_MESSAGES.unreadable);
  });
  it('refuses a full-body photo under 300 x 600 (either orientation)', () => {
    expect(checkPhotoSize('full-body', { width: 299, height: 900 })).toBe(
      'This photo is 299 x 900 pixels. Use a full-body photo of at least 300 x 600 pixels.',
    );
    expect(checkPhotoSize('full-body', { width: 500, height: 599 })).toBe(photoTooSmallMessage('full-body', 500, 599));
    expect(checkPhotoSize('full-body', { width: 371, height: 600 })).toBeNull();
    expect(checkPhotoSize('full-body', { width: 600, height: 371 })).toBeNull();
  });
  it('accepts the minimum and larger, and leaves the check to the API when the browser cannot tell', () => {
    expect(checkPhotoSize('portrait', { width: PHOTO_MIN_SIDE, height: PHOTO_MIN_SIDE })).toBeNull();
    expect(checkPhotoSize('portrait', { width: 720, height: 1280 })).toBeNull();
    expect(checkPhotoSize('portrait', null)).toBeNull();
  });
  it('offers exactly the types the API accepts (one list in shared/)', () => {
    expect(ACCEPTED_IMAGE_TYPES).toBe(DIRECT_UPLOAD_CONTENT_TYPES);
    expect(ACCEPT_ATTRIBUTE).toBe(DIRECT_UPLOAD_CONTENT_TYPES.join(','));
    expect(FILE_MESSAGES.notImage).toContain(ACCEPTED_IMAGE_TYPES_LABEL);
  });
});
