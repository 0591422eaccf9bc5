/** My Collections and their covers on an in-memory catalogue: ownership (403/404), public styles only, covers. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import type { CollectionPatchInput } from '../../shared/schemas/admin';
import { aStyle, aUser } from '../../test/support/in-memory-start-deps';
import {
  aCollection,
  fillCollection,
  inMemoryCatalog,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { collectionCoverUseCases } from './collection-cover-service';
import {
  COLLECTION_NOT_FOUND,
  NOT_YOUR_COLLECTION,
  ONLY_PUBLIC_STYLES,
  collectionUseCases,
} from './collection-service';

const patch = (p: Partial<CollectionPatchInput>): CollectionPatchInput => ({ coverImage: undefined, ...p });
const now = new Date('2026-11-01T12:00:00.000Z');
const inf = aUser({ id: 'inf', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const other = aUser({ id: 'other', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const admin = aUser({ id: 'admin', role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
let m: InMemoryCatalog;
let uc: ReturnType<typeof collectionUseCases>;

beforeEach(() => {
  m = inMemoryCatalog();
  m.styles.set('pub', aStyle({ id: 'pub', coverImageUrl: '/api/public-image/styles/pub/a.jpg', createdBy: 'x' }));
  m.styles.set(
    'pub2',
    aStyle({ id: 'pub2', coverImageUrl: null, promptImageUrl: '/api/public-image/styles/pub2/b.jpg', createdBy: 'x' }),
  );
  m.styles.set('mine-private', aStyle({ id: 'mine-private', isPublic: false, createdBy: 'inf' }));
  m.styles.set('their-private', aStyle({ id: 'their-private', isPublic: false, createdBy: 'x' }));
  m.collections.set('published', aCollection({ id: 'published' }));
  m.collections.set('draft', aCollection({ id: 'draft', isPublic: false }));
  uc = collectionUseCases({ store: m.store });
});

describe('creating and listing', () => {
  it('creates an empty collection of the caller and lists the caller’s own only', async () => {
    const c = await uc.createMyCollection(other, { name: 'Autumn', description: '', isPublic: false }, now);
    expect(c).toMatchObject({
      userId: 'other',
      name: 'Autumn',
      title: 'Autumn',
      styleCount: 0,
      coverImage: null,
      styles: [],
    });
    expect((await uc.listMyCollections(other)).map((x) => x.id)).toEqual([c.id]);
    expect((await uc.listMyCollections(inf)).map((x) => x.id).sort()).toEqual(['draft', 'published']);
  });
});

describe('ownership', () => {
  it('another user’s published collection is 403 to change; an unpublished one is 404 (as if absent)', async () => {
    for (const change of [
      () => uc.updateMyCollection(other, 'published', patch({ name: 'Mine now' }), now),
      () => uc.deleteMyCollection(other, 'published'),
      () => uc.addStyleToMyCollection(other, 'published', 'pub', now),
      () => uc.removeStyleFromMyCollection(other, 'published', 'pub', now),
    ])
      await expect(change()).rejects.toMatchObject({ status: 403, message: NOT_YOUR_COLLECTION });
    for (const change of [
      () => uc.getMyCollection(other, 'draft'),
      () => uc.updateMyCollection(other, 'draft', patch({ name: 'Mine now' }), now),
      () => uc.deleteMyCollection(other, 'draft'),
    ])
      await expect(change()).rejects.toMatchObject({ status: 404, message: COLLECTION_NOT_FOUND });
    expect(m.collections.get('published')?.name).toBe('Summer picks');
    expect(m.collections.has('draft')).toBe(true);
  });

  it('an admin sees another’s unpublished collection but still may not change it (403)', async () => {
    expect((await uc.getMyCollection(admin, 'draft')).id).toBe('draft');
    await expect(uc.deleteMyCollection(admin, 'draft')).rejects.toMatchObject({ status: 403 });
  });

  it('an id of more than 100 characters is 404 without a read', async () => {
    await expect(uc.getMyCollection(inf, 'x'.repeat(101))).rejects.toMatchObject({ status: 404 });
  });

  it('the owner deletes a collection with its memberships', async () => {
    fillCollection(m, m.collections.get('draft')!, ['pub']);
    expect(await uc.deleteMyCollection(inf, 'draft')).toEqual({ id: 'draft', deleted: true });
    expect(m.collections.has('draft')).toBe(false);
    expect(m.members.has('draft')).toBe(false);
  });
});

describe('styles in a collection', () => {
  it('adding a public style counts it once (a repeat changes nothing) and a first style lends its cover', async () => {
    const after = await uc.addStyleToMyCollection(inf, 'draft', 'pub2', now);
    expect(after).toMatchObject({ styleCount: 1, coverImage: '/api/public-image/styles/pub2/b.jpg' });
    expect((await uc.addStyleToMyCollection(inf, 'draft', 'pub2', now)).styleCount).toBe(1);
    const second = await uc.addStyleToMyCollection(inf, 'draft', 'pub', now);
    expect(second).toMatchObject({ styleCount: 2, coverImage: '/api/public-image/styles/pub2/b.jpg' });
  });

  it('a private style is refused (400, even the caller’s own); another’s private style is 404; nothing moves', async () => {
    await expect(uc.addStyleToMyCollection(inf, 'draft', 'mine-private', now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: ONLY_PUBLIC_STYLES,
    });
    await expect(uc.addStyleToMyCollection(inf, 'draft', 'their-private', now)).rejects.toMatchObject({ status: 404 });
    await expect(uc.addStyleToMyCollection(inf, 'draft', 'nope', now)).rejects.toMatchObject({ status: 404 });
    expect(m.collections.get('draft')?.styleCount).toBe(0);
  });

  it('the collection shows public styles and the caller’s own private ones only', async () => {
    fillCollection(m, m.collections.get('published')!, ['pub', 'mine-private', 'their-private']);
    expect((await uc.getMyCollection(inf, 'published')).styles.map((s) => s.id)).toEqual(['pub', 'mine-private']);
    expect((await uc.getMyCollection(other, 'published')).styles.map((s) => s.id)).toEqual(['pub']);
  });

  it('removing the style the cover came from re-picks the cover from the styles left; a repeat is a no-op', async () => {
    fillCollection(m, { ...m.collections.get('published')!, coverImage: '/api/public-image/styles/pub/a.jpg' }, [
      'pub',
      'pub2',
    ]);
    const after = await uc.removeStyleFromMyCollection(inf, 'published', 'pub', now);
    expect(after).toMatchObject({ styleCount: 1, coverImage: '/api/public-image/styles/pub2/b.jpg' });
    expect((await uc.removeStyleFromMyCollection(inf, 'published', 'pub', now)).styleCount).toBe(1);
    const last = await uc.removeStyleFromMyCollection(inf, 'published', 'pub2', now);
    expect(last).toMatchObject({ styleCount: 0, coverImage: null });
  });

  it('removing a style the cover did not come from keeps the cover', async () => {
    fillCollection(m, { ...m.collections.get('published')!, coverImage: '/api/public-image/styles/pub/a.jpg' }, [
      'pub',
      'pub2',
    ]);
    const after = await uc.removeStyleFromMyCollection(inf, 'published', 'pub2', now);
    expect(after).toMatchObject({ styleCount: 1, coverImage: '/api/public-image/styles/pub/a.jpg' });
  });

  it('an uploaded cover stays when styles leave', async () => {
    fillCollection(m, { ...m.collections.get('published')!, coverImage: '/api/public-image/uploads/cover/inf/c.jpg' }, [
      'pub',
    ]);
    expect((await uc.removeStyleFromMyCollection(inf, 'published', 'pub', now)).coverImage).toBe(
      '/api/public-image/uploads/cover/inf/c.jpg',
    );
  });

  it('a cover must be an uploaded image reference (400), and is stored as its path', async () => {
    await expect(
      uc.updateMyCollection(inf, 'published', patch({ coverImage: 'https://evil.example/x.jpg' }), now),
    ).rejects.toMatchObject({ status: 400, code: ERROR_CODES.validation });
    const ok = await uc.updateMyCollection(
      inf,
      'published',
      patch({ coverImage: '/api/public-image/uploads/cover/inf/c.jpg' }),
      now,
    );
    expect(ok.coverImage).toBe('/api/public-image/uploads/cover/inf/c.jpg');
  });
});

describe('a style leaving every collection', () => {
  it('leaves each collection it is in (counted) and replaces covers taken from it', async () => {
    fillCollection(m, { ...m.collections.get('published')!, coverImage: '/api/public-image/styles/pub/a.jpg' }, [
      'pub',
      'pub2',
    ]);
    fillCollection(m, m.collections.get('draft')!, ['pub']);
    const covers = collectionCoverUseCases({ store: m.store });
    expect(await covers.removeStyleFromAllCollectionsKeepingCovers(m.styles.get('pub')!, now)).toBe(2);
    expect(m.collections.get('published')).toMatchObject({
      styleCount: 1,
      coverImage: '/api/public-image/styles/pub2/b.jpg',
    });
    expect(m.collections.get('draft')).toMatchObject({ styleCount: 0, coverImage: null });
  });

  it('a cover is re-picked only from public styles', async () => {
    m.styles.set('pub2', { ...m.styles.get('pub2')!, isPublic: false });
    fillCollection(m, { ...m.collections.get('published')!, coverImage: '/api/public-image/styles/pub/a.jpg' }, [
      'pub',
      'pub2',
    ]);
    await collectionCoverUseCases({ store: m.store }).removeStyleFromAllCollectionsKeepingCovers(
      m.styles.get('pub')!,
      now,
    );
    expect(m.collections.get('published')?.coverImage).toBeNull();
  });
});
