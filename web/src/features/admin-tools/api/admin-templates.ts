/** Admin prompt-template and raw-template calls (docs/api.md, "Creator and admin tools"). */
import type { AdminPromptTemplate, AdminRawTemplate, PromptTestResult } from '@shared/schemas/admin';
import type { Category } from '@shared/schemas/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi, type BodyIn } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { getCategoriesQueryOptions } from '../../../api/catalog';
import type { PromptBody, RawTemplateBody } from '../lib/templates';

export type { AdminPromptTemplate, PromptTestResult, AdminRawTemplate, Category };

export const getAdminPromptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.prompts,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/prompts', { signal }),
  });
export const useAdminPrompts = () => useQuery(getAdminPromptsQueryOptions());
export const useCategories = () => useQuery(getCategoriesQueryOptions());

export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromptBody }) =>
      id
        ? fetchApi('PATCH /api/admin/prompts/{id}', { params: { id }, body })
        : fetchApi('POST /api/admin/prompts', { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.prompts }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.prompts }),
      ]),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/admin/prompts/{id}', { params: { id } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.prompts }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.prompts }),
      ]),
  });
}

export const useTestPrompt = () =>
  useMutation({
    mutationFn: (body: BodyIn<'POST /api/admin/prompts/test'>) => fetchApi('POST /api/admin/prompts/test', { body }),
  });

export const getAdminRawTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.rawTemplates,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/raw-templates', { signal }),
  });
export const useAdminRawTemplates = () => useQuery(getAdminRawTemplatesQueryOptions());

export function useSaveRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RawTemplateBody }) =>
      id
        ? fetchApi('PATCH /api/admin/raw-templates/{id}', { params: { id }, body })
        : fetchApi('POST /api/admin/raw-templates', { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.rawTemplates }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.rawTemplates }),
      ]),
  });
}

export function useDeleteRawTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/admin/raw-templates/{id}', { params: { id } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.rawTemplates }),
        qc.invalidateQueries({ queryKey: queryKeys.catalog.rawTemplates }),
      ]),
  });
}

export const useCompileRawTemplate = () =>
  useMutation({
    mutationFn: (body: BodyIn<'POST /api/admin/raw-templates/compile'>) =>
      fetchApi('POST /api/admin/raw-templates/compile', { body }),
  });
