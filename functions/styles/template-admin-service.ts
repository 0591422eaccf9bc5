/**
 * Admin management of prompt templates and raw templates, the prompt tester (no credits, no provider call) and
 * the raw-template compiler. Raw templates are validated on save: their jsonText must be a JSON object whose only
 * {{...}} tokens are the four RAW_TEMPLATE_TOKENS.
 */
import { ulid } from 'ulid';
import { ERROR_CODES, HttpError, notFound } from '../../shared/errors';
import { BODY_DESCRIPTION_TOKEN } from '../../shared/domain/catalog';
import { GENERATION_MESSAGES, defaultPromptTemplateId, resolveMode } from '../../shared/domain/generation';
import {
  checkRawTemplateJson,
  compileRawTemplate,
  type RawTemplateUrls,
} from '../../shared/domain/raw-template-compiler';
import type { Db } from '../../shared/repositories/table';
import {
  getPromptTemplate,
  getRawTemplate,
  listPromptTemplates,
  listRawTemplates,
  type PromptTemplateRecord,
  type RawTemplateRecord,
} from '../../shared/repositories/catalog-repository';
import { getPhotoProfile } from '../../shared/repositories/photo-profile-repository';
import { getStoredStyle } from '../../shared/repositories/style-editor-repository';
import {
  createPromptTemplate,
  createRawTemplate,
  deletePromptTemplate,
  deleteRawTemplate,
  updatePromptTemplate,
  updateRawTemplate,
} from '../../shared/repositories/template-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type {
  PromptCreateInput,
  PromptPatchInput,
  RawTemplateCreateInput,
  RawTemplatePatchInput,
} from '../../shared/schemas/admin';
import { privateImagePath } from '../lib/media-store';
import { DEFAULT_CREATIVE_LOOK } from '../../shared/domain/creative-look';
import { promptTemplateView, rawTemplateView } from './template-service';

const TEMPLATE_NOT_FOUND = 'Template not found';

export const adminPromptView = (t: PromptTemplateRecord & { updatedAt?: string }) => ({
  ...promptTemplateView(t),
  description: t.description ?? '',
  previewImageUrl: t.previewImageUrl ?? null,
  styleCategory: t.styleCategory ?? null,
  template: t.template,
  creativeBackground: t.creativeBackground ?? DEFAULT_CREATIVE_LOOK.background,
  colorGrade: t.colorGrade ?? DEFAULT_CREATIVE_LOOK.grade,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt ?? t.createdAt,
});

export const adminRawTemplateView = (t: RawTemplateRecord & { updatedAt?: string }) => ({
  ...rawTemplateView(t),
  jsonText: t.jsonText,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt ?? t.createdAt,
});

export async function adminListPrompts(db: Db) {
  return (await listPromptTemplates(db)).map(adminPromptView);
}

export async function adminCreatePrompt(db: Db, input: PromptCreateInput, now = new Date()) {
  const ts = now.toISOString();
  const t = {
    id: ulid(now.getTime()),
    name: input.name,
    description: input.description ?? '',
    previewImageUrl: input.previewImageUrl ?? null,
    task: input.task,
    template: input.template,
    styleCategory: input.styleCategory ?? null,
    creativeBackground: input.creativeBackground,
    colorGrade: input.colorGrade,
    createdAt: ts,
    updatedAt: ts,
  };
  await createPromptTemplate(db, t);
  return adminPromptView(t);
}

export async function adminUpdatePrompt(db: Db, id: string, input: PromptPatchInput, now = new Date()) {
  const updated = await updatePromptTemplate(db, id, { ...input, updatedAt: now.toISOString() });
  if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
  return adminPromptView(updated);
}

export async function adminDeletePrompt(db: Db, id: string) {
  if (!(await deletePromptTemplate(db, id))) throw notFound(TEMPLATE_NOT_FOUND);
  return { id, deleted: true };
}

/**
 * POST /api/admin/prompts/test: what a creative generation of this style for this (own) profile would send,
 * without reserving credits or calling a provider. Images are given as their /api/... paths.
 */
export async function testPrompt(db: Db, admin: UserRecord, styleId: string, photoProfileId: string) {
  const style = await getStoredStyle(db, styleId);
  if (!style) throw notFound(GENERATION_MESSAGES.styleNotFound);
  const profile = await getPhotoProfile(db, admin.id, photoProfileId);
  if (!profile) throw notFound(GENERATION_MESSAGES.profileNotFound);
  const prompts = await listPromptTemplates(db);
  const templateId = defaultPromptTemplateId(style.defaultPromptTemplateId, prompts);
  const tpl = templateId
    ? (prompts.find((p) => p.id === templateId) ?? (await getPromptTemplate(db, templateId)))
    : null;
  if (!tpl) throw new HttpError(400, ERROR_CODES.noTemplate, GENERATION_MESSAGES.noTemplate);
  const prompt = tpl.template.split(BODY_DESCRIPTION_TOKEN).join(profile.bodyDescription);
  const mode = resolveMode(style.styleImageType, 'creative');
  const person = mode === 'exact' && profile.fullBodyKey ? profile.fullBodyKey : profile.portraitKey;
  const parts: Record<string, unknown>[] = [{ text: prompt }, { image: privateImagePath(person), role: 'person' }];
  if (style.promptImageUrl) parts.push({ image: style.promptImageUrl, role: 'garment' });
  return {
    prompt,
    imageUrl: style.promptImageUrl,
    templateUsed: {
      id: tpl.id,
      name: tpl.name,
      task: tpl.task,
      styleCategory: tpl.styleCategory ?? null,
      template: tpl.template,
    },
    fullPayload: {
      provider: mode === 'exact' ? 'fashn' : 'gemini',
      mode,
      styleId: style.id,
      photoProfileId: profile.id,
      promptTemplateId: tpl.id,
      request: { contents: [{ role: 'user', parts }], generationConfig: { responseModalities: ['IMAGE'] } },
    },
  };
}

function assertJson(jsonText: string) {
  const check = checkRawTemplateJson(jsonText);
  if (!check.ok) throw new HttpError(400, ERROR_CODES.validation, check.message);
}

export async function adminListRawTemplates(db: Db) {
  return (await listRawTemplates(db)).map(adminRawTemplateView);
}

export async function adminCreateRawTemplate(db: Db, input: RawTemplateCreateInput, now = new Date()) {
  assertJson(input.jsonText);
  const ts = now.toISOString();
  const t = { id: ulid(now.getTime()), ...input, createdAt: ts, updatedAt: ts };
  await createRawTemplate(db, t);
  return adminRawTemplateView(t);
}

export async function adminUpdateRawTemplate(db: Db, id: string, input: RawTemplatePatchInput, now = new Date()) {
  if (input.jsonText !== undefined) assertJson(input.jsonText);
  const existing = await getRawTemplate(db, id);
  if (!existing) throw notFound(TEMPLATE_NOT_FOUND);
  const updated = await updateRawTemplate(db, id, { ...input, updatedAt: now.toISOString() });
  if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
  return adminRawTemplateView(updated);
}

export async function adminDeleteRawTemplate(db: Db, id: string) {
  if (!(await deleteRawTemplate(db, id))) throw notFound(TEMPLATE_NOT_FOUND);
  return { id, deleted: true };
}

/** POST /api/admin/raw-templates/compile: the JSON with the sample URLs substituted, or 400 'Compile failed: ...'. */
export function compileTemplate(jsonText: string, sampleUrls: RawTemplateUrls) {
  const r = compileRawTemplate(jsonText, sampleUrls);
  if (!r.ok) throw new HttpError(400, ERROR_CODES.templateCompileFailed, r.message);
  return { input: r.input };
}
