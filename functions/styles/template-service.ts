/** Reads of raw templates and prompt templates for signed-in users (the template text itself stays admin-only). */
import { notFound } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import {
  getPromptTemplate,
  getRawTemplate,
  listPromptTemplates,
  listRawTemplates,
  type PromptTemplateRecord,
  type RawTemplateRecord,
} from '../../shared/repositories/catalog-repository';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { getPromptTemplate, getRawTemplate, listPromptTemplates, listRawTemplates };
export type TemplateStore = Store<typeof repositories>;

export const rawTemplateView = (t: RawTemplateRecord) => ({
  id: t.id,
  name: t.name,
  taskType: t.taskType,
  vibeCategory: t.vibeCategory,
  settingCategory: t.settingCategory,
  requiresFullBody: t.requiresFullBody,
  priority: t.priority,
  enabled: t.enabled,
});

export const promptTemplateView = (t: PromptTemplateRecord) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  previewImageUrl: t.previewImageUrl,
  task: t.task,
  styleCategory: t.styleCategory,
});

/** The template reads, on their store. */
export function templateUseCases(store: TemplateStore) {
  return {
    /** Enabled raw templates, by priority then name (the store's order). */
    async listEnabledRawTemplates() {
      return (await store.listRawTemplates()).filter((t) => t.enabled).map(rawTemplateView);
    },
    /** An enabled raw template; a disabled one is as absent as an unknown one (404). */
    async getEnabledRawTemplate(id: string) {
      const t = await store.getRawTemplate(id);
      if (!t || !t.enabled) throw notFound('Template not found');
      return rawTemplateView(t);
    },
    async listPrompts() {
      return (await store.listPromptTemplates()).map(promptTemplateView);
    },
    async getPrompt(id: string) {
      const t = await store.getPromptTemplate(id);
      if (!t) throw notFound('Template not found');
      return promptTemplateView(t);
    },
  };
}

const production = (db: Db) => templateUseCases(bindDb(db, repositories));

export const listEnabledRawTemplates = (db: Db) => production(db).listEnabledRawTemplates();
export const getEnabledRawTemplate = (db: Db, id: string) => production(db).getEnabledRawTemplate(id);
export const listPrompts = (db: Db) => production(db).listPrompts();
export const getPrompt = (db: Db, id: string) => production(db).getPrompt(id);
