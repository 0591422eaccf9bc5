/** Where a style's images live, on in-memory buckets: a public style names its own copies, a private one private objects. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  hasObject,
  inMemoryCatalog,
  objectKeys,
  putObject,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { stylePlacement } from './style-image-placement';

const style = { id: 's1', createdBy: 'inf' };
let m: InMemoryCatalog;
let place: ReturnType<typeof stylePlacement>;

beforeEach(() => {
  m = inMemoryCatalog();
  putObject(m, 'public', 'uploads/style_prompt/inf/a.jpg', Buffer.from('prompt'));
  putObject(m, 'private', 'style-images/inf/b.png', Buffer.from('cover'));
  place = stylePlacement(m.media);
});

describe('publishing', () => {
  it('copies each image once into styles/<id>/ (the same reference twice is one copy)', async () => {
    const p = await place.placeStyleImages(
      style,
      {
        promptImageUrl: '/api/public-image/uploads/style_prompt/inf/a.jpg',
        coverImageUrl: '/api/public-image/uploads/style_prompt/inf/a.jpg',
      },
      true,
    );
    expect(p.patch.promptImageUrl).toMatch(/^\/api\/public-image\/styles\/s1\/[0-9a-f]{32}\.jpg$/);
    expect(p.patch.coverImageUrl).toBe(p.patch.promptImageUrl);
    expect(p.created).toHaveLength(1);
    expect(p.obsolete).toEqual([]);
  });

  it('a private image is copied to the public bucket; the style’s own copy is left as it is', async () => {
    const p = await place.placeStyleImages(style, { coverImageUrl: '/api/private-image/style-images/inf/b.png' }, true);
    expect(p.patch.coverImageUrl).toMatch(/^\/api\/public-image\/styles\/s1\/[0-9a-f]{32}\.png$/);
    const again = await place.placeStyleImages(style, { coverImageUrl: p.patch.coverImageUrl }, true);
    expect(again).toEqual({ patch: {}, created: [], obsolete: [] });
  });

  it('a failed write deletes the public copies made for it, never the private ones', async () => {
    const p = await place.placeStyleImages(style, { coverImageUrl: '/api/private-image/style-images/inf/b.png' }, true);
    await place.settlePlacement(p, false);
    expect(objectKeys(m, 'public', 'styles/')).toEqual([]);
    expect(hasObject(m, 'private', 'style-images/inf/b.png')).toBe(true);
  });

  it('an image that is missing or not ours to name (an outside URL) is left alone', async () => {
    const p = await place.placeStyleImages(
      style,
      {
        promptImageUrl: '/api/public-image/uploads/style_prompt/inf/gone.jpg',
        coverImageUrl: 'https://elsewhere.example/x.jpg',
      },
      true,
    );
    expect(p).toEqual({ patch: {}, created: [], obsolete: [] });
  });
});

describe('unpublishing and deleting', () => {
  it('moves the style’s public copies to the private bucket; they go once the write succeeded', async () => {
    const published = await place.placeStyleImages(
      style,
      { promptImageUrl: '/api/public-image/uploads/style_prompt/inf/a.jpg' },
      true,
    );
    const copy = published.patch.promptImageUrl!;
    const p = await place.placeStyleImages(style, { promptImageUrl: copy }, false);
    expect(p.patch.promptImageUrl).toMatch(/^\/api\/private-image\/style-images\/inf\/[0-9a-f]{32}\.jpg$/);
    expect(hasObject(m, 'public', copy.replace('/api/public-image/', ''))).toBe(true);
    await place.settlePlacement(p, true);
    expect(objectKeys(m, 'public', 'styles/')).toEqual([]);
  });

  it('a deleted style’s own public copies go; another style’s and the uploads stay', async () => {
    putObject(m, 'public', 'styles/s1/aaa.jpg');
    putObject(m, 'public', 'styles/s2/bbb.jpg');
    await place.deleteStylePublicCopies({
      id: 's1',
      promptImageUrl: '/api/public-image/styles/s1/aaa.jpg',
      coverImageUrl: '/api/public-image/styles/s2/bbb.jpg',
    });
    expect(objectKeys(m, 'public')).toEqual(['styles/s2/bbb.jpg', 'uploads/style_prompt/inf/a.jpg']);
  });
});
