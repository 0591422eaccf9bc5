import { describe, expect, it } from 'vitest';
import {
  addCategory,
  addTags,
  canSaveStyle,
  categoryNames,
  emptyProductForm,
  emptyStyleForm,
  formToPayload,
  productPayload,
  removeCategory,
  saveBlocker,
  styleToForm,
  toggleTask,
  usageLabel,
  productFormSchema,
  type ProductFormValues,
  type AdminStyle,
} from './style-form';
import { fieldErrors } from '../../../test/form-errors';

const validateProductForm = (v: ProductFormValues) => fieldErrors(productFormSchema, v);

describe('save rule', () => {
  it('needs a name and a prompt image (trimmed)', () => {
    expect(canSaveStyle({ name: '', promptImageUrl: '' })).toBe(false);
    expect(canSaveStyle({ name: 'Look', promptImageUrl: '' })).toBe(false);
    expect(canSaveStyle({ name: '  ', promptImageUrl: '/api/public-image/uploads/style_prompt/u/a.jpg' })).toBe(false);
    expect(canSaveStyle({ name: 'Look', promptImageUrl: '/api/public-image/uploads/style_prompt/u/a.jpg' })).toBe(true);
    expect(saveBlocker({ name: '', promptImageUrl: 'x' })).toBe('Style name is required');
    expect(saveBlocker({ name: 'Look', promptImageUrl: ' ' })).toBe('Prompt image is required');
    expect(saveBlocker({ name: 'Look', promptImageUrl: 'x' })).toBeNull();
  });
});

describe('category picker', () => {
  it('adds up to 3 categories', () => {
    let ids: string[] = [];
    for (const id of ['a', 'b', 'c']) {
      const r = addCategory(ids, id);
      expect(r.ok).toBe(true);
      if (r.ok) ids = r.ids;
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(addCategory(ids, 'd')).toEqual({ ok: false, message: 'Maximum 3 categories allowed' });
  });

  it('refuses a duplicate, even when full', () => {
    expect(addCategory(['a'], 'a')).toEqual({ ok: false, message: 'Category already selected' });
    expect(addCategory(['a', 'b', 'c'], 'b')).toEqual({ ok: false, message: 'Category already selected' });
  });

  it('removes a category and names at most 3 known ones', () => {
    expect(removeCategory(['a', 'b'], 'a')).toEqual(['b']);
    const cats = [
      { id: 'a', name: 'Casual' },
      { id: 'b', name: 'Chic' },
      { id: 'c', name: 'Glam' },
      { id: 'd', name: 'Sporty' },
    ];
    expect(categoryNames(['b', 'x', 'a', 'c', 'd'], cats)).toEqual(['Chic', 'Casual', 'Glam']);
    expect(categoryNames(undefined, cats)).toEqual([]);
  });
});

describe('tags', () => {
  it('splits on commas, trims and de-duplicates case-insensitively', () => {
    expect(addTags([], ' summer, linen ,, ')).toEqual({ tags: ['summer', 'linen'], error: null });
    expect(addTags(['Summer'], 'summer, beach')).toEqual({ tags: ['Summer', 'beach'], error: null });
    expect(addTags(['a'], '   ')).toEqual({ tags: ['a'], error: null });
  });

  it('stops at 10 tags', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTags(ten, 'more')).toEqual({ tags: ten, error: 'At most 10 tags allowed' });
  });
});

describe('tasks', () => {
  it('toggles tasks but keeps at least one', () => {
    expect(toggleTask(['OUTFIT_TRYON'], 'FACE_GLASSES', true)).toEqual(['OUTFIT_TRYON', 'FACE_GLASSES']);
    expect(toggleTask(['OUTFIT_TRYON', 'FACE_GLASSES'], 'OUTFIT_TRYON', false)).toEqual(['FACE_GLASSES']);
    expect(toggleTask(['OUTFIT_TRYON'], 'OUTFIT_TRYON', false)).toEqual(['OUTFIT_TRYON']);
  });
});

describe('style <-> form', () => {
  const style: AdminStyle = {
    id: 's1',
    name: 'Linen Summer',
    description: null,
    sex: 'female',
    categoryIds: ['a', 'b', 'c', 'd'],
    tags: ['linen'],
    tasks: [],
    styleImageType: 'product_only',
    promptImageUrl: '/api/public-image/uploads/style_prompt/u/a.jpg',
    promptImageOriginalUrl: null,
    coverImageUrl: null,
    defaultPromptTemplateId: 'p1',
    sizeChart: null,
    isPublic: false,
    usageCount: 3,
  };

  it('reads a saved style, normalising the audience and the defaults', () => {
    const f = styleToForm(style);
    expect(f.sex).toBe('woman');
    expect(f.categoryIds).toEqual(['a', 'b', 'c']);
    expect(f.tasks).toEqual(['OUTFIT_TRYON']);
    expect(f.description).toBe('');
    expect(f.isPublic).toBe(false);
  });

  it('defaults a new style to unisex, model_wearer, public, outfit try-on', () => {
    expect(emptyStyleForm()).toMatchObject({
      sex: 'unisex',
      styleImageType: 'model_wearer',
      isPublic: true,
      tasks: ['OUTFIT_TRYON'],
    });
  });

  it('builds the request body with trimmed text and nulls for empty optional fields', () => {
    const body = formToPayload({
      ...emptyStyleForm(),
      name: '  Look ',
      promptImageUrl: ' /api/public-image/x ',
      coverImageUrl: '',
      defaultPromptTemplateId: '',
    });
    expect(body).toMatchObject({
      name: 'Look',
      promptImageUrl: '/api/public-image/x',
      coverImageUrl: null,
      defaultPromptTemplateId: null,
      isPublic: true,
    });
  });

  it('labels usage', () => {
    expect(usageLabel(1)).toBe('Used 1 time');
    expect(usageLabel(1200)).toBe('Used 1,200 times');
    expect(usageLabel(undefined)).toBe('Used 0 times');
  });
});

describe('product form', () => {
  it('requires a name and a URL after trimming', () => {
    expect(validateProductForm(emptyProductForm())).toEqual({
      name: 'Product name is required',
      url: 'Product URL is required',
    });
    expect(validateProductForm({ ...emptyProductForm(), name: '  ', url: '   ' })).toEqual({
      name: 'Product name is required',
      url: 'Product URL is required',
    });
  });

  it('checks the URL, the price and the currency', () => {
    const ok = { ...emptyProductForm(), name: 'Shirt', url: 'https://shop.example/shirt' };
    expect(validateProductForm(ok)).toEqual({});
    expect(validateProductForm({ ...ok, url: 'javascript:alert(1)' }).url).toBe(
      'Product URL must be an http(s) address',
    );
    expect(validateProductForm({ ...ok, price: '-2' }).price).toBe('Price must be a positive number');
    expect(validateProductForm({ ...ok, price: 'abc' }).price).toBe('Price must be a positive number');
    expect(validateProductForm({ ...ok, currency: 'EURO' }).currency).toBe('Currency must be a 3-letter code');
  });

  it('sends the product with its first link', () => {
    const body = productPayload('s1', {
      ...emptyProductForm(),
      name: ' Shirt ',
      url: ' https://shop.example/shirt ',
      price: '49.9',
      currency: 'eur',
      brand: '',
    });
    expect(body).toEqual({
      styleId: 's1',
      name: 'Shirt',
      brand: undefined,
      category: undefined,
      imageUrl: undefined,
      links: [
        {
          url: 'https://shop.example/shirt',
          retailer: undefined,
          price: 49.9,
          currency: 'EUR',
          affiliateCode: undefined,
        },
      ],
    });
  });
});

describe('the style garment slot (issue 39)', () => {
  const base = { ...emptyStyleForm(), name: 'Teal hoodie', promptImageUrl: '/api/private-image/x.jpg' };
  it('saves the engine’s guess when the creator did not choose, and the choice when they did', () => {
    const shot = { ...base, styleImageType: 'product_only' as const };
    expect(formToPayload(shot, 'bottom').garmentSlot).toBe('bottom');
    expect(formToPayload({ ...shot, garmentSlot: 'top' }, 'bottom').garmentSlot).toBe('top');
    expect(formToPayload(shot, null).garmentSlot).toBeNull();
    // a photo of a model wearing it has no slot (the engine does not take garments off a model)
    expect(
      formToPayload({ ...base, styleImageType: 'model_wearer', garmentSlot: 'top' }, 'top').garmentSlot,
    ).toBeNull();
  });
});
