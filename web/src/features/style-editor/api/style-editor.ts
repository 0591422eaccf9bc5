/** The style editor's calls (docs/api.md, "Creator and admin tools"). */
import type * as R from '../../../../../shared/schemas/responses';
import { queryKeys } from '../../../api/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { apiJson } from '../../../lib/api-client';
import type { AdminStyle } from '../lib/style-form';

export type AdminCategory = R.Category;

export type AdminProductLink = R.AdminProductLink;

export type AdminProduct = R.AdminProduct;

export type PromptOption = R.PromptTemplate;

export const ADMIN_STYLES_KEY = ['/api/admin/styles'] as const;
export const ADMIN_CATEGORIES_KEY = ['/api/admin/categories'] as const;
const productsKey = (styleId: string) => ['/api/admin/products', { style: styleId }] as const;

export const useAdminStyles = () => useQuery<AdminStyle[]>({ queryKey: ADMIN_STYLES_KEY });
export const useAdminCategories = () => useQuery<AdminCategory[]>({ queryKey: ADMIN_CATEGORIES_KEY });
export const usePromptOptions = () => useQuery<PromptOption[]>({ queryKey: ['/api/prompts'] });

export const useAdminProducts = (styleId: string | null) =>
  useQuery<AdminProduct[]>({
    queryKey: productsKey(styleId ?? ''),
    enabled: !!styleId,
    queryFn: ({ signal }) =>
      apiJson<AdminProduct[]>('GET', `/api/admin/products?style=${encodeURIComponent(styleId!)}`, undefined, signal),
  });

/** Public and catalogue lists change with a style: refresh them too. */
export function useInvalidateStyles() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ADMIN_STYLES_KEY });
    void qc.invalidateQueries({ queryKey: queryKeys.styles.all });
  };
}

export function useSaveStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? apiJson<AdminStyle>('PATCH', `/api/admin/styles/${encodeURIComponent(id)}`, body)
        : apiJson<AdminStyle>('POST', '/api/admin/styles', body),
    onSuccess: invalidate,
  });
}

export function useDeleteStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: (id: string) => apiJson<R.IdResult>('DELETE', `/api/admin/styles/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useCreateProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<AdminProduct>('POST', '/api/admin/products', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productsKey(styleId) });
      void qc.invalidateQueries({ queryKey: queryKeys.styles.products(styleId) });
    },
  });
}

export function useDeleteProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<R.IdResult>('DELETE', `/api/admin/products/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productsKey(styleId) });
      void qc.invalidateQueries({ queryKey: queryKeys.styles.products(styleId) });
    },
  });
}

export type StyleUploadType = 'style_prompt' | 'style_cover';

/** POST /api/download-image: copy a remote image into our storage. */
export const downloadRemoteImage = (url: string) =>
  apiJson<R.DownloadImageResult>('POST', '/api/download-image', { url, originalUrl: url });

/** Generate a cover: start a 1-credit generation of the style, read it, then make its result the cover. */
export const startCoverGeneration = (styleId: string, idempotencyKey: string) =>
  apiJson<R.IdResult>(
    'POST',
    `/api/admin/styles/${encodeURIComponent(styleId)}/cover`,
    {},
    undefined,
    idempotencyHeaders(idempotencyKey),
  );
export const readGeneration = (id: string) =>
  apiJson<{ id: string; status: string; error: string | null }>('GET', `/api/generations/${encodeURIComponent(id)}`);
export const setCoverFromGeneration = (styleId: string, generationId: string) =>
  apiJson<AdminStyle>('POST', `/api/admin/styles/${encodeURIComponent(styleId)}/cover/from-generation`, {
    generationId,
  });
