/** Public catalogue reads on an in-memory catalogue: style detail with its creator, products, categories, collections. */
import { beforeEach, describe, expect, it } from 'vitest';
import { aStyle, aUser } from '../../test/support/in-memory-start-deps';
import {
  aCollection,
  fillCollection,
  inMemoryCatalog,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { catalogUseCases } from './catalog-service';

let m: InMemoryCatalog;
let catalog: ReturnType<typeof catalogUseCases>;

beforeEach(() => {
  m = inMemoryCatalog();
  m.users.set('ada', aUser({ id: 'ada', firstName: 'Ada', lastName: 'L', handle: 'ada', isPublic: true }));
  m.users.set('hid', aUser({ id: 'hid', handle: 'hid', isPublic: false }));
  m.styles.set('pub', aStyle({ id: 'pub', name: 'Public', createdBy: 'ada' }));
  m.styles.set('priv', aStyle({ id: 'priv', name: 'Private', isPublic: false, createdBy: 'ada' }));
  catalog = catalogUseCases({ store: m.store });
});

describe('catalogue reads', () => {
  it('a style’s detail names its creator; the handle only when the creator is public', async () => {
    expect((await catalog.getStyleDetail('pub', null)).creator).toEqual({
      name: 'Ada L',
      handle: 'ada',
      isPublic: true,
    });
    m.styles.set('hs', aStyle({ id: 'hs', createdBy: 'hid' }));
    expect((await catalog.getStyleDetail('hs', null)).creator).toEqual({ name: 'hid', handle: null, isPublic: false });
    m.styles.set('gone', aStyle({ id: 'gone', createdBy: 'deleted-user' }));
    expect((await catalog.getStyleDetail('gone', null)).userName).toBe('Unknown creator');
  });

  it('only active categories, in display order', async () => {
    m.categories.push(
      { id: 'b', name: 'B', description: '', isActive: true, displayOrder: 2 },
      { id: 'off', name: 'Off', description: '', isActive: false, displayOrder: 0 },
      { id: 'a', name: 'A', description: '', isActive: true, displayOrder: 1 },
    );
    expect((await catalog.listActiveCategories()).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('private styles and collections', () => {
  it('a private style is 404 to others (detail and products) and readable by its creator', async () => {
    await expect(catalog.getStyleDetail('priv', 'bob')).rejects.toMatchObject({ status: 404 });
    await expect(catalog.getStyleProducts('priv', null)).rejects.toMatchObject({ status: 404 });
    expect((await catalog.getStyleDetail('priv', 'ada')).name).toBe('Private');
    expect(await catalog.getStyleProducts('priv', 'ada')).toEqual([]);
  });

  it('published collections are listed only when not empty', async () => {
    fillCollection(m, aCollection({ id: 'full' }), ['pub']);
    m.collections.set('empty', aCollection({ id: 'empty' }));
    m.collections.set('draft', aCollection({ id: 'draft', isPublic: false, styleCount: 3 }));
    expect((await catalog.listCollections()).map((c) => [c.id, c.title, c.isPublished])).toEqual([
      ['full', 'Summer picks', true],
    ]);
  });
});
