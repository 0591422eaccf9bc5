/** Template reads for signed-in users on an in-memory catalogue: enabled raw templates only, never the template text. */
import { describe, expect, it } from 'vitest';
import type { PromptTemplateRecord, RawTemplateRecord } from '../../shared/repositories/catalog-repository';
import { templateUseCases } from './template-service';

const raw = (id: string, enabled: boolean): RawTemplateRecord => ({
  id,
  name: `Raw ${id}`,
  taskType: 'OUTFIT_TRYON',
  vibeCategory: 'CASUAL',
  settingCategory: 'STUDIO',
  requiresFullBody: false,
  priority: 1,
  enabled,
  jsonText: '{"secret":"the template text"}',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const prompt: PromptTemplateRecord = {
  id: 'p1',
  name: 'Studio',
  description: 'Soft light',
  previewImageUrl: null,
  task: 'OUTFIT_TRYON',
  template: 'the prompt text',
  styleCategory: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const templates = templateUseCases({
  listRawTemplates: () => Promise.resolve([raw('on', true), raw('off', false)]),
  getRawTemplate: (id) => Promise.resolve([raw('on', true), raw('off', false)].find((t) => t.id === id) ?? null),
  listPromptTemplates: () => Promise.resolve([prompt]),
  getPromptTemplate: (id) => Promise.resolve(id === 'p1' ? prompt : null),
});

describe('template reads', () => {
  it('list only enabled raw templates, without their text', async () => {
    const list = await templates.listEnabledRawTemplates();
    expect(list.map((t) => t.id)).toEqual(['on']);
    expect(JSON.stringify(list)).not.toContain('the template text');
  });

  it('a disabled or unknown raw template is 404', async () => {
    await expect(templates.getEnabledRawTemplate('off')).rejects.toMatchObject({ status: 404 });
    await expect(templates.getEnabledRawTemplate('nope')).rejects.toMatchObject({ status: 404 });
    expect((await templates.getEnabledRawTemplate('on')).name).toBe('Raw on');
  });

  it('prompts are listed and read without the prompt text; an unknown one is 404', async () => {
    expect(JSON.stringify(await templates.listPrompts())).not.toContain('the prompt text');
    expect(await templates.getPrompt('p1')).toMatchObject({ id: 'p1', name: 'Studio' });
    await expect(templates.getPrompt('x')).rejects.toMatchObject({ status: 404 });
  });
});
