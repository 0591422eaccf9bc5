/** The style editor's calls (docs/api.md, "Creator and admin tools"). */
import type { AdminProduct, AdminProductLink } from '@shared/schemas/admin';
import type { Category, PromptTemplate } from '@shared/schemas/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi, type BodyIn } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { getPromptsQueryOptions } from '../../../api/catalog';
import { idempotencyHeaders } from '../../../lib/idempotency';

export type AdminCategory = Category;

export type { AdminProductLink, AdminProduct };

export type PromptOption = PromptTemplate;

export const getAdminStylesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.styles,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/styles', { signal }),
  });
export const getAdminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.categories,
    queryFn: ({ signal }) => fetchApi('GET /api/admin/categories', { signal }),
  });
/** The products of a style, with their links. */
export const getAdminProductsQueryOptions = (styleId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.products(styleId),
    queryFn: ({ signal }) => fetchApi('GET /api/admin/products', { query: { style: styleId }, signal }),
  });

export const useAdminStyles = () => useQuery(getAdminStylesQueryOptions());
export const useAdminCategories = () => useQuery(getAdminCategoriesQueryOptions());
export const usePromptOptions = () => useQuery(getPromptsQueryOptions());
export const useAdminProducts = (styleId: string | null) =>
  useQuery({ ...getAdminProductsQueryOptions(styleId ?? ''), enabled: !!styleId });

/** Public and catalogue lists change with a style: refresh them too. */
export function useInvalidateStyles() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.admin.styles });
    void qc.invalidateQueries({ queryKey: queryKeys.styles.all });
  };
}

/** The body of a create (an update takes any subset of it). */
export type StyleBody = BodyIn<'POST /api/admin/styles'> & BodyIn<'PATCH /api/admin/styles/{id}'>;

export function useSaveStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: StyleBody }) =>
      id
        ? fetchApi('PATCH /api/admin/styles/{id}', { params: { id }, body })
        : fetchApi('POST /api/admin/styles', { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/admin/styles/{id}', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<'POST /api/admin/products'>) => fetchApi('POST /api/admin/products', { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.products(styleId) });
      void qc.invalidateQueries({ queryKey: queryKeys.styles.products(styleId) });
    },
  });
}

export function useDeleteProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi('DELETE /api/admin/products/{id}', { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.products(styleId) });
      void qc.invalidateQueries({ queryKey: queryKeys.styles.products(styleId) });
    },
  });
}

export type StyleUploadType = 'style_prompt' | 'style_cover';

/** POST /api/download-image: copy a remote image into our storage. */
export const downloadRemoteImage = (url: string) =>
  fetchApi('POST /api/download-image', { body: { url, originalUrl: url } });

/** Generate a cover: start a 1-credit generation of the style, read it, then make its result the cover. */
export const startCoverGeneration = (styleId: string, idempotencyKey: string) =>
  fetchApi('POST /api/admin/styles/{id}/cover', {
    params: { id: styleId },
    headers: idempotencyHeaders(idempotencyKey),
  });
export const readGeneration = (id: string) => fetchApi('GET /api/generations/{id}', { params: { id } });
export const setCoverFromGeneration = (styleId: string, generationId: string) =>
  fetchApi('POST /api/admin/styles/{id}/cover/from-generation', { params: { id: styleId }, body: { generationId } });
