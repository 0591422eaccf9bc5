/**
 * Admin management of prompt templates and raw templates, the prompt tester (no credits, no provider call) and
 * the raw-template compiler. Raw templates are validated on save: their jsonText must be a JSON object whose only
 * {{...}} tokens are the four RAW_TEMPLATE_TOKENS. `templateAdminUseCases({ store })` is the use case on its
 * store; the functions taking `db` below are the production wiring the handlers call.
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
import { bindDb, type Store } from '../lib/bind-db';
import { promptTemplateView, rawTemplateView } from './template-service';

const repositories = {
  createPromptTemplate,
  createRawTemplate,
  deletePromptTemplate,
  deleteRawTemplate,
  getPhotoProfile,
  getPromptTemplate,
  getRawTemplate,
  getStoredStyle,
  listPromptTemplates,
  listRawTemplates,
  updatePromptTemplate,
  updateRawTemplate,
};

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

function assertJson(jsonText: string) {
  const check = checkRawTemplateJson(jsonText);
  if (!check.ok) throw new HttpError(400, ERROR_CODES.validation, check.message);
}

/** POST /api/admin/raw-templates/compile: the JSON with the sample URLs substituted, or 400 'Compile failed: ...'. */
export function compileTemplate(jsonText: string, sampleUrls: RawTemplateUrls) {
  const r = compileRawTemplate(jsonText, sampleUrls);
  if (!r.ok) throw new HttpError(400, ERROR_CODES.templateCompileFailed, r.message);
  return { input: r.input };
}

/** The template admin's use cases, on their store. */
export function templateAdminUseCases({ store }: { store: Store<typeof repositories> }) {
  async function adminListPrompts() {
    return (await store.listPromptTemplates()).map(adminPromptView);
  }

  async function adminCreatePrompt(input: PromptCreateInput, now = new Date()) {
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
    await store.createPromptTemplate(t);
    return adminPromptView(t);
  }

  async function adminUpdatePrompt(id: string, input: PromptPatchInput, now = new Date()) {
    const updated = await store.updatePromptTemplate(id, { ...input, updatedAt: now.toISOString() });
    if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
    return adminPromptView(updated);
  }

  async function adminDeletePrompt(id: string) {
    if (!(await store.deletePromptTemplate(id))) throw notFound(TEMPLATE_NOT_FOUND);
    return { id, deleted: true };
  }

  /**
   * POST /api/admin/prompts/test: what a creative generation of this style for this (own) profile would send,
   * without reserving credits or calling a provider. Images are given as their /api/... paths.
   */
  async function testPrompt(admin: UserRecord, styleId: string, photoProfileId: string) {
    const style = await store.getStoredStyle(styleId);
    if (!style) throw notFound(GENERATION_MESSAGES.styleNotFound);
    const profile = await store.getPhotoProfile(admin.id, photoProfileId);
    if (!profile) throw notFound(GENERATION_MESSAGES.profileNotFound);
    const prompts = await store.listPromptTemplates();
    const templateId = defaultPromptTemplateId(style.defaultPromptTemplateId, prompts);
    const tpl = templateId
      ? (prompts.find((p) => p.id === templateId) ?? (await store.getPromptTemplate(templateId)))
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

  async function adminListRawTemplates() {
    return (await store.listRawTemplates()).map(adminRawTemplateView);
  }

  async function adminCreateRawTemplate(input: RawTemplateCreateInput, now = new Date()) {
    assertJson(input.jsonText);
    const ts = now.toISOString();
    const t = { id: ulid(now.getTime()), ...input, createdAt: ts, updatedAt: ts };
    await store.createRawTemplate(t);
    return adminRawTemplateView(t);
  }

  async function adminUpdateRawTemplate(id: string, input: RawTemplatePatchInput, now = new Date()) {
    if (input.jsonText !== undefined) assertJson(input.jsonText);
    const existing = await store.getRawTemplate(id);
    if (!existing) throw notFound(TEMPLATE_NOT_FOUND);
    const updated = await store.updateRawTemplate(id, { ...input, updatedAt: now.toISOString() });
    if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
    return adminRawTemplateView(updated);
  }

  async function adminDeleteRawTemplate(id: string) {
    if (!(await store.deleteRawTemplate(id))) throw notFound(TEMPLATE_NOT_FOUND);
    return { id, deleted: true };
  }

  return {
    adminListPrompts,
    adminCreatePrompt,
    adminUpdatePrompt,
    adminDeletePrompt,
    testPrompt,
    adminListRawTemplates,
    adminCreateRawTemplate,
    adminUpdateRawTemplate,
    adminDeleteRawTemplate,
  };
}

type TemplateAdminUseCases = ReturnType<typeof templateAdminUseCases>;
const production = (db: Db) => templateAdminUseCases({ store: bindDb(db, repositories) });

export const adminListPrompts = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminListPrompts']>) =>
  production(db).adminListPrompts(...a);
export const adminCreatePrompt = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminCreatePrompt']>) =>
  production(db).adminCreatePrompt(...a);
export const adminUpdatePrompt = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminUpdatePrompt']>) =>
  production(db).adminUpdatePrompt(...a);
export const adminDeletePrompt = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminDeletePrompt']>) =>
  production(db).adminDeletePrompt(...a);
export const testPrompt = (db: Db, ...a: Parameters<TemplateAdminUseCases['testPrompt']>) =>
  production(db).testPrompt(...a);
export const adminListRawTemplates = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminListRawTemplates']>) =>
  production(db).adminListRawTemplates(...a);
export const adminCreateRawTemplate = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminCreateRawTemplate']>) =>
  production(db).adminCreateRawTemplate(...a);
export const adminUpdateRawTemplate = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminUpdateRawTemplate']>) =>
  production(db).adminUpdateRawTemplate(...a);
export const adminDeleteRawTemplate = (db: Db, ...a: Parameters<TemplateAdminUseCases['adminDeleteRawTemplate']>) =>
  production(db).adminDeleteRawTemplate(...a);
