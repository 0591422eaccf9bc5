/** Admin prompt-template and raw-template calls (docs/api.md, "Creator and admin tools"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { PromptBody, RawTemplateBody, SampleUrls } from '../lib/templates';

export interface AdminPromptTemplate {
  id: string;
  name: string;
  description: string | null;
  previewImageUrl: string | null;
  task: string;
  styleCategory: string | null;
  template: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface PromptTestResult {
  prompt: string;
  imageUrl: string | null;
  templateUsed: { id: string; name: string; task: string; styleCategory: string | null; template: string } | null;
  fullPayload: unknown;
}

export interface AdminRawTemplate {
  id: string;
  name: string;
  taskType: string;
  vibeCategory: string;
  settingCategory: string;
  requiresFullBody: boolean;
  priority: number;
  enabled: boolean;
  jsonText: string;
}

export interface Category {
  id: string;
  name: string;
}

export const ADMIN_PROMPTS_KEY = ['/api/admin/prompts'] as const;
export const ADMIN_RAW_TEMPLATES_KEY = ['/api/admin/raw-templates'] as const;

export const useAdminPrompts = () => useQuery<AdminPromptTemplate[]>({ queryKey: ADMIN_PROMPTS_KEY });
export const useCategories = () => useQuery<Category[]>({ queryKey: ['/api/categories'] });

export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromptBody }) =>
      id ? apiJson<AdminPromptTemplate>('PATCH', `/api/admin/prompts/${encodeURIComponent(id)}`, body) : apiJson<AdminPromptTemplate>('POST', '/api/admin/prompts', body),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_PROMPTS_KEY }), qc.invalidateQueries({ queryKey: ['/api/prompts'] })]),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string; deleted: boolean }>('DELETE', `/api/admin/prompts/${encodeURIComponent(id)}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_PROMPTS_KEY }), qc.invalidateQueries({ queryKey: ['/api/prompts'] })]),
  });
}

export const useTestPrompt = () =>
  useMutation({ mutationFn: (body: { styleId: string; photoProfileId: string }) => apiJson<PromptTestResult>('POST', '/api/admin/prompts/test', body) });

export const useAdminRawTemplates = () => useQuery<AdminRawTemplate[]>({ queryKey: ADMIN_RAW_TEMPLATES_KEY });

export function useSaveRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RawTemplateBody }) =>
      id
        ? apiJson<AdminRawTemplate>('PATCH', `/api/admin/raw-templates/${encodeURIComponent(id)}`, body)
        : apiJson<AdminRawTemplate>('POST', '/api/admin/raw-templates', body),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_RAW_TEMPLATES_KEY }), qc.invalidateQueries({ queryKey: ['/api/raw-templates'] })]),
  });
}

export function useDeleteRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string; deleted: boolean }>('DELETE', `/api/admin/raw-templates/${encodeURIComponent(id)}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_RAW_TEMPLATES_KEY }), qc.invalidateQueries({ queryKey: ['/api/raw-templates'] })]),
  });
}

export const useCompileRawTemplate = () =>
  useMutation({ mutationFn: (body: { jsonText: string; sampleUrls: SampleUrls }) => apiJson<{ input: unknown }>('POST', '/api/admin/raw-templates/compile', body) });
