/** Admin prompt-template and raw-template calls (docs/api.md, "Creator and admin tools"). */
import type * as R from '../../../../../shared/schemas/responses';
import { queryKeys } from '../../../api/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { PromptBody, RawTemplateBody, SampleUrls } from '../lib/templates';

export type AdminPromptTemplate = R.AdminPromptTemplate;

export type PromptTestResult = R.PromptTestResult;

export type AdminRawTemplate = R.AdminRawTemplate;

export type Category = R.Category;

export const ADMIN_PROMPTS_KEY = ['/api/admin/prompts'] as const;
export const ADMIN_RAW_TEMPLATES_KEY = ['/api/admin/raw-templates'] as const;

export const useAdminPrompts = () => useQuery<AdminPromptTemplate[]>({ queryKey: ADMIN_PROMPTS_KEY });
export const useCategories = () => useQuery<Category[]>({ queryKey: ['/api/categories'] });

export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromptBody }) =>
      id
        ? apiJson<AdminPromptTemplate>('PATCH', `/api/admin/prompts/${encodeURIComponent(id)}`, body)
        : apiJson<AdminPromptTemplate>('POST', '/api/admin/prompts', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_PROMPTS_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.prompts }),
      ]),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<R.DeletedResult>('DELETE', `/api/admin/prompts/${encodeURIComponent(id)}`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_PROMPTS_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.prompts }),
      ]),
  });
}

export const useTestPrompt = () =>
  useMutation({
    mutationFn: (body: { styleId: string; photoProfileId: string }) =>
      apiJson<PromptTestResult>('POST', '/api/admin/prompts/test', body),
  });

export const useAdminRawTemplates = () => useQuery<AdminRawTemplate[]>({ queryKey: ADMIN_RAW_TEMPLATES_KEY });

export function useSaveRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RawTemplateBody }) =>
      id
        ? apiJson<AdminRawTemplate>('PATCH', `/api/admin/raw-templates/${encodeURIComponent(id)}`, body)
        : apiJson<AdminRawTemplate>('POST', '/api/admin/raw-templates', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_RAW_TEMPLATES_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.rawTemplates }),
      ]),
  });
}

export function useDeleteRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<R.DeletedResult>('DELETE', `/api/admin/raw-templates/${encodeURIComponent(id)}`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ADMIN_RAW_TEMPLATES_KEY }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.rawTemplates }),
      ]),
  });
}

export const useCompileRawTemplate = () =>
  useMutation({
    mutationFn: (body: { jsonText: string; sampleUrls: SampleUrls }) =>
      apiJson<R.CompileResult>('POST', '/api/admin/raw-templates/compile', body),
  });
