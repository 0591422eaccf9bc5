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

/** Enabled raw templates, by priority then name. */
export async function listEnabledRawTemplates(db: Db) {
  return (await listRawTemplates(db)).filter((t) => t.enabled).map(rawTemplateView);
}

export async function getEnabledRawTemplate(db: Db, id: string) {
  const t = await getRawTemplate(db, id);
  if (!t || !t.enabled) throw notFound('Template not found');
  return rawTemplateView(t);
}

export async function listPrompts(db: Db) {
  return (await listPromptTemplates(db)).map(promptTemplateView);
}

export async function getPrompt(db: Db, id: string) {
  const t = await getPromptTemplate(db, id);
  if (!t) throw notFound('Template not found');
  return promptTemplateView(t);
}
