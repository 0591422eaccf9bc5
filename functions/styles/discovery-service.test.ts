/** Discovery on an in-memory catalogue: private styles and collections seen by their owner only, favourites, reports, profiles. */
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_ALREADY_OPEN } from '../../shared/domain/profile-rules';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import { aGeneration, aStyle, aUser } from '../../test/support/in-memory-start-deps';
import {
  aCollection,
  fillCollection,
  inMemoryCatalog,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { discoveryUseCases } from './discovery-service';

const now = new Date('2026-11-01T12:00:00.000Z');
let m: InMemoryCatalog;
let d: ReturnType<typeof discoveryUseCases>;

const gen = (id: string, userId: string, styleId: string | null): GenerationRecord =>
  aGeneration(id, { userId, inputs: { ...aGeneration(id).inputs, styleId } });

beforeEach(() => {
  m = inMemoryCatalog();
  m.users.set(
    'ada',
    aUser({ id: 'ada', firstName: 'Ada', lastName: 'L', handle: 'ada', isPublic: true, showCollections: true }),
  );
  m.users.set('hid', aUser({ id: 'hid', handle: 'hid', isPublic: false }));
  m.handles.set('ada', 'ada');
  m.handles.set('hid', 'hid');
  m.links.set('ada', [{ id: 'l1', title: 'Blog', url: 'https://ada.example', createdAt: now.toISOString() }]);
  m.styles.set('pub', aStyle({ id: 'pub', name: 'Public', createdBy: 'ada' }));
  m.styles.set('priv', aStyle({ id: 'priv', name: 'Private', isPublic: false, createdBy: 'ada' }));
  const published = aCollection({ id: 'published', userId: 'ada', createdAt: '2026-10-02T00:00:00.000Z' });
  fillCollection(m, published, ['pub', 'priv']);
  m.collections.set('empty', aCollection({ id: 'empty', userId: 'ada' }));
  m.collections.set('draft', aCollection({ id: 'draft', userId: 'ada', isPublic: false, styleCount: 0 }));
  m.members.set('draft', ['pub']);
  m.generations.set('g1', gen('g1', 'ada', 'pub'));
  m.generations.set('g2', gen('g2', 'ada', 'other'));
  m.generations.set('g3', gen('g3', 'bob', 'pub'));
  d = discoveryUseCases({ store: m.store });
});

describe('private styles', () => {
  it('are 404 to everyone but their creator on every read', async () => {
    for (const call of [
      () => d.listStyleCollections('priv', 'bob'),
      () => d.listStyleGenerations('bob', 'priv'),
      () => d.getFavoriteState('bob', 'priv'),
      () => d.getStyleFavoriteCount('priv', null),
      () => d.favoriteStyle('bob', 'priv'),
      () => d.reportStyle('bob', 'priv', 'spam', now),
    ])
      await expect(call()).rejects.toMatchObject({ status: 404, message: 'Style not found' });
    expect(m.favorites.size + m.styleReports.length).toBe(0);
    expect(await d.getStyleFavoriteCount('priv', 'ada')).toEqual({ count: 0 });
  });
});

describe('favourites', () => {
  it('favouriting is idempotent and counted once; unfavouriting too', async () => {
    expect(await d.favoriteStyle('bob', 'pub')).toEqual({ isFavorite: true, count: 1 });
    expect(await d.favoriteStyle('bob', 'pub')).toEqual({ isFavorite: true, count: 1 });
    expect(await d.getFavoriteState('bob', 'pub')).toEqual({ isFavorite: true });
    expect(await d.getFavoriteState(null, 'pub')).toEqual({ isFavorite: false });
    expect(await d.unfavoriteStyle('bob', 'pub')).toEqual({ isFavorite: false, count: 0 });
    expect(await d.unfavoriteStyle('bob', 'pub')).toEqual({ isFavorite: false, count: 0 });
  });

  it('a favourite of a style that went private or is gone is left out of its page; the cursor goes on', async () => {
    m.styles.set('later', aStyle({ id: 'later', createdBy: 'ada' }));
    await d.favoriteStyle('bob', 'pub');
    await d.favoriteStyle('bob', 'later');
    m.styles.set('later', { ...m.styles.get('later')!, isPublic: false });
    const first = await d.listFavoriteStyles('bob', { limit: 1 });
    expect(first).toEqual({ items: [], nextCursor: '1' });
    const second = await d.listFavoriteStyles('bob', { limit: 1, cursor: first.nextCursor! });
    expect(second.items.map((s) => [s.id, s.userName])).toEqual([['pub', 'Ada L']]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('reports', () => {
  it('one open report per user and style (409)', async () => {
    const r = await d.reportStyle('bob', 'pub', 'spam', now);
    expect(r).toMatchObject({
      styleId: 'pub',
      styleName: 'Public',
      styleCreatedBy: 'ada',
      reporterId: 'bob',
      status: 'open',
    });
    await expect(d.reportStyle('bob', 'pub', 'again', now)).rejects.toMatchObject({
      status: 409,
      message: REPORT_ALREADY_OPEN,
    });
    await d.reportStyle('cy', 'pub', 'spam', now);
    expect((await d.listStyleReports()).map((x) => x.reporterId)).toEqual(['cy', 'bob']);
  });
});

describe('collections and generations of a style', () => {
  it('the collections containing a style: published ones, and the viewer’s own', async () => {
    expect((await d.listStyleCollections('pub', 'bob')).map((c) => c.id)).toEqual(['published']);
    expect((await d.listStyleCollections('pub', 'ada')).map((c) => c.id).sort()).toEqual(['draft', 'published']);
  });

  it('the caller’s generations of the style only', async () => {
    expect((await d.listStyleGenerations('ada', 'pub')).map((g) => g.id)).toEqual(['g1']);
  });

  it('a collection’s detail shows only styles the viewer may see; an unpublished one is 404 to others', async () => {
    const seen = await d.getCollectionDetail('published', 'bob');
    expect(seen.styles.map((s) => s.id)).toEqual(['pub']);
    expect(seen.styleCount).toBe(1);
    expect((await d.getCollectionDetail('published', 'ada')).styles.map((s) => s.id)).toEqual(['pub', 'priv']);
    await expect(d.getCollectionDetail('draft', 'bob')).rejects.toMatchObject({ status: 404 });
    expect((await d.getCollectionDetail('draft', 'ada')).id).toBe('draft');
  });

  it('a user’s collections: others see the published, non-empty ones; the owner sees all', async () => {
    expect((await d.listUserCollections('ada', 'bob')).map((c) => c.id)).toEqual(['published']);
    expect((await d.listUserCollections('ada', 'ada')).map((c) => c.id).sort()).toEqual([
      'draft',
      'empty',
      'published',
    ]);
  });
});

describe('users and profiles', () => {
  it('a private user is 404 to others and visible to themselves', async () => {
    await expect(d.getPublicUser('hid', 'bob')).rejects.toMatchObject({ status: 404 });
    expect((await d.getPublicUser('hid', 'hid')).id).toBe('hid');
    expect(await d.getPublicUser('ada', null)).toMatchObject({ handle: 'ada', firstName: 'Ada', isPublic: true });
  });

  it('a public profile by its handle (any case, with @) with links and listed collections; a private one 404', async () => {
    const p = await d.getPublicProfile('@ADA', null);
    expect(p.user).not.toHaveProperty('isPublic');
    expect(p.user.handle).toBe('ada');
    expect(p.links).toEqual([{ id: 'l1', title: 'Blog', url: 'https://ada.example' }]);
    expect(p.collections.map((c) => c.id)).toEqual(['published']);
    await expect(d.getPublicProfile('hid', 'bob')).rejects.toMatchObject({ status: 404 });
    await expect(d.getPublicProfile('nobody', null)).rejects.toMatchObject({ status: 404 });
  });

  it('a profile that hides its collections lists none', async () => {
    m.users.set('ada', { ...m.users.get('ada')!, showCollections: false });
    expect(await d.getPublicProfile('ada', null)).toMatchObject({ collections: [], showCollections: false });
  });
});
