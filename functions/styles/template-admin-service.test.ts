/** Template admin on in-memory collaborators: raw templates checked on save, the prompt tester, the compiler. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { GENERATION_MESSAGES } from '../../shared/domain/generation';
import type {
  PromptTemplateRecord,
  RawTemplateRecord,
  StyleRecord,
} from '../../shared/repositories/catalog-repository';
import { promptCreateSchema, rawTemplateCreateSchema, type PromptPatchInput } from '../../shared/schemas/admin';
import { aProfile, aPrompt, aStyle, aUser } from '../../test/support/in-memory-start-deps';
import { compileTemplate, templateAdminUseCases } from './template-admin-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const admin = aUser({ id: 'u1', role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
const JSON_OK = '{"image":"{{PORTRAIT_URL}}","garment":"{{STYLE_REF_URL}}"}';
type Stored<T> = T & { updatedAt: string };
const promptPatch = (p: Partial<PromptPatchInput>): PromptPatchInput => ({
  previewImageUrl: undefined,
  styleCategory: undefined,
  ...p,
});
let prompts: Map<string, Stored<PromptTemplateRecord>>;
let raws: Map<string, Stored<RawTemplateRecord>>;
let styles: Map<string, StyleRecord>;
let uc: ReturnType<typeof templateAdminUseCases>;

const raw = (fields: Record<string, unknown> = {}) =>
  rawTemplateCreateSchema.parse({
    name: 'Beach',
    taskType: 'OUTFIT_TRYON',
    vibeCategory: 'CASUAL',
    settingCategory: 'BEACH',
    jsonText: JSON_OK,
    ...fields,
  });

beforeEach(() => {
  prompts = new Map();
  raws = new Map();
  styles = new Map([
    [
      'creative',
      aStyle({
        id: 'creative',
        styleImageType: 'product_laydown',
        promptImageUrl: '/api/public-image/styles/creative/a.jpg',
      }),
    ],
    ['exact', aStyle({ id: 'exact', styleImageType: 'model_wearer', defaultPromptTemplateId: 'chosen' })],
  ]);
  const update =
    <T>(map: Map<string, Stored<T>>) =>
    (id: string, patch: Partial<T> & { updatedAt: string }) => {
      const t = map.get(id);
      if (!t) return Promise.resolve(null);
      const next = { ...t, ...patch };
      map.set(id, next);
      return Promise.resolve(next);
    };
  uc = templateAdminUseCases({
    store: {
      listPromptTemplates: () => Promise.resolve([...prompts.values()]),
      getPromptTemplate: (id) => Promise.resolve(prompts.get(id) ?? null),
      createPromptTemplate: (t) => Promise.resolve(void prompts.set(t.id, t)),
      updatePromptTemplate: update(prompts),
      deletePromptTemplate: (id) => Promise.resolve(prompts.delete(id)),
      listRawTemplates: () => Promise.resolve([...raws.values()]),
      getRawTemplate: (id) => Promise.resolve(raws.get(id) ?? null),
      createRawTemplate: (t) => Promise.resolve(void raws.set(t.id, t)),
      updateRawTemplate: update(raws),
      deleteRawTemplate: (id) => Promise.resolve(raws.delete(id)),
      getStoredStyle: (id) => Promise.resolve(styles.get(id) ?? null),
      getPhotoProfile: (userId, id) => Promise.resolve(userId === 'u1' && id === 'p1' ? aProfile() : null),
    },
  });
});

describe('raw templates', () => {
  it('are saved only when their JSON is an object with known tokens (400), and shown with their text to admins', async () => {
    await expect(uc.adminCreateRawTemplate(raw({ jsonText: '{"x":"{{SECRET}}"}' }), now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
    });
    await expect(uc.adminCreateRawTemplate(raw({ jsonText: '[1,2]' }), now)).rejects.toMatchObject({ status: 400 });
    expect(raws.size).toBe(0);
    const t = await uc.adminCreateRawTemplate(raw(), now);
    expect(t).toMatchObject({ name: 'Beach', jsonText: JSON_OK, enabled: true, updatedAt: now.toISOString() });
    expect((await uc.adminListRawTemplates()).map((x) => x.id)).toEqual([t.id]);
  });

  it('an edit is checked the same way; an unknown template is 404 (edit and delete)', async () => {
    const t = await uc.adminCreateRawTemplate(raw(), now);
    await expect(uc.adminUpdateRawTemplate(t.id, { jsonText: 'not json' }, now)).rejects.toMatchObject({ status: 400 });
    expect(raws.get(t.id)?.jsonText).toBe(JSON_OK);
    const later = new Date('2026-11-02T00:00:00.000Z');
    expect(await uc.adminUpdateRawTemplate(t.id, { enabled: false }, later)).toMatchObject({
      enabled: false,
      updatedAt: later.toISOString(),
    });
    await expect(uc.adminUpdateRawTemplate('nope', { enabled: true }, now)).rejects.toMatchObject({ status: 404 });
    expect(await uc.adminDeleteRawTemplate(t.id)).toEqual({ id: t.id, deleted: true });
    await expect(uc.adminDeleteRawTemplate(t.id)).rejects.toMatchObject({ status: 404 });
  });

  it('compiles with sample URLs, or answers 400 template.compile_failed', () => {
    expect(compileTemplate(JSON_OK, { portrait: 'https://p', style: 'https://s' })).toEqual({
      input: { image: 'https://p', garment: 'https://s' },
    });
    expect(() => compileTemplate('{"x":"{{NOPE}}"}', {})).toThrow(
      expect.objectContaining({ status: 400, code: ERROR_CODES.templateCompileFailed }),
    );
  });
});

describe('prompts', () => {
  it('are created with their defaults, edited and deleted; an unknown one is 404', async () => {
    const p = await uc.adminCreatePrompt(promptCreateSchema.parse({ name: 'Studio', template: 'soft light' }), now);
    expect(p).toMatchObject({ name: 'Studio', template: 'soft light', description: '', task: 'OUTFIT_TRYON' });
    expect((await uc.adminUpdatePrompt(p.id, promptPatch({ name: 'Studio 2' }), now)).name).toBe('Studio 2');
    await expect(uc.adminUpdatePrompt('nope', promptPatch({ name: 'x' }), now)).rejects.toMatchObject({ status: 404 });
    await uc.adminDeletePrompt(p.id);
    await expect(uc.adminDeletePrompt(p.id)).rejects.toMatchObject({ status: 404 });
    expect(await uc.adminListPrompts()).toEqual([]);
  });
});

describe('the prompt tester', () => {
  beforeEach(() => {
    prompts.set('plain', { ...aPrompt({ id: 'plain', template: 'A photo of {{BODY_DESCRIPTION}}.' }), updatedAt: '' });
    prompts.set('chosen', { ...aPrompt({ id: 'chosen', template: 'Chosen: {{BODY_DESCRIPTION}}' }), updatedAt: '' });
  });

  it('fills the body description and names the images a creative generation would send', async () => {
    const out = await uc.testPrompt(admin, 'creative', 'p1');
    expect(out.prompt).toBe('A photo of A person of average height, slim build.');
    expect(out.fullPayload).toMatchObject({ provider: 'gemini', mode: 'creative', promptTemplateId: 'plain' });
    expect(JSON.stringify(out.fullPayload.request)).toContain('/api/private-image/users/u1/photos/p1/portrait.jpg');
  });

  it('uses the style’s own template and, for an exact style, the full-body photo', async () => {
    const out = await uc.testPrompt(admin, 'exact', 'p1');
    expect(out.templateUsed.id).toBe('chosen');
    expect(out.fullPayload).toMatchObject({ provider: 'fashn', mode: 'exact' });
    expect(JSON.stringify(out.fullPayload.request)).toContain('full.jpg');
  });

  it('an unknown style or another user’s profile is 404; no template at all is 400', async () => {
    await expect(uc.testPrompt(admin, 'nope', 'p1')).rejects.toMatchObject({
      status: 404,
      message: GENERATION_MESSAGES.styleNotFound,
    });
    await expect(
      uc.testPrompt(aUser({ id: 'u2', role: 'admin', currentRole: 'admin' }), 'creative', 'p1'),
    ).rejects.toMatchObject({
      status: 404,
      message: GENERATION_MESSAGES.profileNotFound,
    });
    prompts.clear();
    await expect(uc.testPrompt(admin, 'creative', 'p1')).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.noTemplate,
    });
  });
});
