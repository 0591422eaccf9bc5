/**
 * The style editor on an in-memory catalogue and buckets: who may edit, the caps, the checked fields, the images
 * following the visibility, a write that lost a race retried, and a delete that takes everything of the style.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { STYLE_MESSAGES } from '../../shared/domain/style-rules';
import { CONTENT_SAFETY_MESSAGES } from '../../shared/domain/content-safety';
import { styleCreateSchema } from '../../shared/schemas/admin';
import { aStyle, aUser } from '../../test/support/in-memory-start-deps';
import {
  aCollection,
  fillCollection,
  hasObject,
  inMemoryCatalog,
  objectKeys,
  putObject,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { NOT_YOUR_STYLE, STYLE_NOT_FOUND, editableStyle, styleEditorUseCases } from './style-editor-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const inf = aUser({ id: 'inf', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const shopper = aUser({ id: 'shop', currentPlan: 'trial' });
const admin = aUser({ id: 'admin', role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
const UPLOAD = '/api/public-image/uploads/style_prompt/inf/a.jpg';
const PRIVATE_UPLOAD = '/api/private-image/style-images/shop/b.jpg';
let m: InMemoryCatalog;
let editor: ReturnType<typeof styleEditorUseCases>;

const input = (fields: Record<string, unknown>) => styleCreateSchema.parse({ name: 'Linen', ...fields });

beforeEach(() => {
  m = inMemoryCatalog();
  m.users.set('inf', inf);
  m.categories.push({ id: 'summer', name: 'Summer', description: '', isActive: true, displayOrder: 1 });
  putObject(m, 'public', 'uploads/style_prompt/inf/a.jpg');
  putObject(m, 'public', 'uploads/style_prompt/x/theirs.jpg');
  putObject(m, 'private', 'style-images/shop/b.jpg');
  editor = styleEditorUseCases({ store: m.store, media: m.media });
});

describe('who may edit', () => {
  it('a missing style is 404; another creator’s is 403 for a non-admin; an admin may edit any', async () => {
    m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf' }));
    await expect(editableStyle(m.store, inf, 'nope')).rejects.toMatchObject({ status: 404, message: STYLE_NOT_FOUND });
    await expect(editableStyle(m.store, shopper, 's1')).rejects.toMatchObject({ status: 403, message: NOT_YOUR_STYLE });
    expect((await editableStyle(m.store, admin, 's1')).id).toBe('s1');
    await expect(editor.updateEditorStyle(shopper, 's1', { name: 'Mine' }, now)).rejects.toMatchObject({ status: 403 });
    await expect(editor.deleteEditorStyle(shopper, 's1')).rejects.toMatchObject({ status: 403 });
    expect(m.styles.get('s1')?.name).toBe('Linen shirt');
  });
});

describe('creating a style', () => {
  it('a public style names its own public copy of the image (styles/<id>/...), counted for its creator', async () => {
    const s = await editor.createEditorStyle(inf, input({ promptImageUrl: UPLOAD, categoryIds: ['summer'] }), now);
    expect(s.promptImageUrl).toMatch(new RegExp(`^/api/public-image/styles/${s.id}/[0-9a-f]{32}\\.jpg$`));
    expect(objectKeys(m, 'public', `styles/${s.id}/`)).toHaveLength(1);
    expect(m.styles.get(s.id)).toMatchObject({ counted: true, isPublic: true, categoryIds: ['summer'] });
    expect(s).not.toHaveProperty('counted');
  });

  it('a shopper may not publish (403 limit.publish) and nothing is written', async () => {
    await expect(editor.createEditorStyle(shopper, input({ promptImageUrl: UPLOAD }), now)).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.limitPublish,
      message: STYLE_MESSAGES.publishNotAllowed,
    });
    expect(m.styles.size).toBe(0);
  });

  it('private styles stop at the plan’s cap (403 limit.private_styles); a refused create leaves no public copy', async () => {
    const priv = input({ promptImageUrl: PRIVATE_UPLOAD, isPublic: false });
    await editor.createEditorStyle(shopper, priv, now);
    await editor.createEditorStyle(shopper, priv, now);
    await expect(editor.createEditorStyle(shopper, priv, now)).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.limitPrivateStyles,
    });
    expect(m.styles.size).toBe(2);
    expect(objectKeys(m, 'public', 'styles/')).toEqual([]);
  });

  it('refuses unknown categories, another creator’s image (403) and a missing prompt template, writing nothing', async () => {
    await expect(
      editor.createEditorStyle(inf, input({ promptImageUrl: UPLOAD, categoryIds: ['winter'] }), now),
    ).rejects.toMatchObject({ status: 400, message: `${STYLE_MESSAGES.unknownCategory}: winter` });
    await expect(
      editor.createEditorStyle(
        inf,
        input({ promptImageUrl: '/api/public-image/uploads/style_prompt/x/theirs.jpg' }),
        now,
      ),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      editor.createEditorStyle(inf, input({ promptImageUrl: 'https://elsewhere.example/x.jpg' }), now),
    ).rejects.toMatchObject({ status: 400, message: STYLE_MESSAGES.promptImageInvalid });
    await expect(
      editor.createEditorStyle(inf, input({ promptImageUrl: UPLOAD, defaultPromptTemplateId: 'nope' }), now),
    ).rejects.toMatchObject({ status: 400, message: STYLE_MESSAGES.promptTemplateNotFound });
    expect(m.styles.size).toBe(0);
    expect(objectKeys(m, 'public', 'styles/')).toEqual([]);
  });
});

describe('editing a style', () => {
  it('unpublishing moves the images to the private bucket, leaves every collection and drops the public copy', async () => {
    const s = await editor.createEditorStyle(inf, input({ promptImageUrl: UPLOAD }), now);
    const copy = s.promptImageUrl!.replace('/api/public-image/', '');
    fillCollection(m, aCollection({ id: 'c1', userId: 'other' }), [s.id]);
    const after = await editor.updateEditorStyle(inf, s.id, { isPublic: false }, now);
    expect(after.isPublic).toBe(false);
    expect(after.promptImageUrl).toMatch(/^\/api\/private-image\/style-images\/inf\/[0-9a-f]{32}\.jpg$/);
    expect(hasObject(m, 'public', copy)).toBe(false);
    expect(m.members.get('c1')).toEqual([]);
    expect(m.collections.get('c1')?.styleCount).toBe(0);
  });

  it('a taken-down style cannot be made public again (403) and keeps its state', async () => {
    m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf', isPublic: false, takenDownAt: now.toISOString(), rev: 3 }));
    await expect(editor.updateEditorStyle(inf, 's1', { isPublic: true }, now)).rejects.toMatchObject({
      status: 403,
      message: CONTENT_SAFETY_MESSAGES.takenDown,
    });
    expect(m.styles.get('s1')).toMatchObject({ isPublic: false, rev: 3 });
  });

  it('a write that lost a race reads the style again and applies the edit on the newer version', async () => {
    m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf', isPublic: false, promptImageUrl: null, rev: 1 }));
    m.beforeNextStyleWrite = () => m.styles.set('s1', { ...m.styles.get('s1')!, description: 'theirs', rev: 2 });
    const after = await editor.updateEditorStyle(inf, 's1', { name: 'Renamed' }, now);
    expect(after).toMatchObject({ name: 'Renamed', description: 'theirs' });
    expect(m.styles.get('s1')?.rev).toBe(3);
  });

  it('an admin edits another creator’s style with that creator’s images, under that creator’s caps', async () => {
    m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf', isPublic: false, promptImageUrl: null, rev: 1 }));
    const after = await editor.updateEditorStyle(admin, 's1', { promptImageUrl: UPLOAD, isPublic: true }, now);
    expect(after.promptImageUrl).toMatch(/^\/api\/public-image\/styles\/s1\//);
    m.styles.set('s2', aStyle({ id: 's2', createdBy: 'shop', isPublic: false, promptImageUrl: null, rev: 1 }));
    await expect(editor.updateEditorStyle(admin, 's2', { isPublic: true }, now)).rejects.toMatchObject({
      status: 403,
      code: ERROR_CODES.limitPublish,
    });
  });
});

describe('deleting and listing', () => {
  it('deletes the style, its products, its memberships and its public copies', async () => {
    const s = await editor.createEditorStyle(inf, input({ promptImageUrl: UPLOAD }), now);
    m.products.set(s.id, [
      {
        id: 'p1',
        styleId: s.id,
        name: 'Shirt',
        description: null,
        brand: null,
        category: null,
        imageUrl: null,
        createdAt: now.toISOString(),
        links: [],
      },
    ]);
    fillCollection(m, aCollection({ id: 'c1' }), [s.id]);
    expect(await editor.deleteEditorStyle(inf, s.id)).toEqual({
      id: s.id,
      deleted: true,
      productItemsDeleted: 1,
      collectionsUpdated: 1,
    });
    expect(m.styles.has(s.id)).toBe(false);
    expect(m.products.has(s.id)).toBe(false);
    expect(objectKeys(m, 'public', `styles/${s.id}/`)).toEqual([]);
    expect(hasObject(m, 'public', 'uploads/style_prompt/inf/a.jpg')).toBe(true);
  });

  it('lists the caller’s own styles with their creator’s name; every category in display order', async () => {
    m.styles.set('mine', aStyle({ id: 'mine', createdBy: 'inf' }));
    m.styles.set('theirs', aStyle({ id: 'theirs', createdBy: 'x' }));
    m.categories.push({ id: 'old', name: 'Old', description: '', isActive: false, displayOrder: 0 });
    expect((await editor.listEditorStyles(inf)).map((s) => [s.id, s.userName])).toEqual([['mine', 'u1']]);
    expect((await editor.listAllCategories()).map((c) => c.id)).toEqual(['old', 'summer']);
  });
});
