/** The style editor's calls (docs/api.md, "Creator and admin tools"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { apiJson } from '../../../lib/api-client';
import type { AdminStyle } from '../lib/style-form';

export interface AdminCategory {
  id: string;
  name: string;
  description?: string | null;
  isActive?: boolean;
  displayOrder?: number;
}

export interface AdminProductLink {
  id: string;
  url: string;
  retailer: string | null;
  price: number | null;
  currency: string | null;
  affiliateCode?: string | null;
}

export interface AdminProduct {
  id: string;
  styleId: string;
  name: string;
  brand: string | null;
  category: string | null;
  imageUrl: string | null;
  links: AdminProductLink[];
}

export interface PromptOption {
  id: string;
  name: string;
  task: string;
}

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
    queryFn: ({ signal }) => apiJson<AdminProduct[]>('GET', `/api/admin/products?style=${encodeURIComponent(styleId!)}`, undefined, signal),
  });

/** Public and catalogue lists change with a style: refresh them too. */
export function useInvalidateStyles() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ADMIN_STYLES_KEY });
    void qc.invalidateQueries({ queryKey: ['/api/styles'] });
  };
}

export function useSaveStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id ? apiJson<AdminStyle>('PATCH', `/api/admin/styles/${encodeURIComponent(id)}`, body) : apiJson<AdminStyle>('POST', '/api/admin/styles', body),
    onSuccess: invalidate,
  });
}

export function useDeleteStyle() {
  const invalidate = useInvalidateStyles();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string }>('DELETE', `/api/admin/styles/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useCreateProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiJson<AdminProduct>('POST', '/api/admin/products', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productsKey(styleId) });
      void qc.invalidateQueries({ queryKey: ['/api/styles', styleId, 'products'] });
    },
  });
}

export function useDeleteProduct(styleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string }>('DELETE', `/api/admin/products/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: productsKey(styleId) });
      void qc.invalidateQueries({ queryKey: ['/api/styles', styleId, 'products'] });
    },
  });
}

export type StyleUploadType = 'style_prompt' | 'style_cover';

/** POST /api/download-image: copy a remote image into our storage. */
export const downloadRemoteImage = (url: string) => apiJson<{ url: string; originalUrl: string }>('POST', '/api/download-image', { url, originalUrl: url });

/** Generate a cover: start a 1-credit generation of the style, read it, then make its result the cover. */
export const startCoverGeneration = (styleId: string, idempotencyKey: string) =>
  apiJson<{ id: string }>('POST', `/api/admin/styles/${encodeURIComponent(styleId)}/cover`, {}, undefined, idempotencyHeaders(idempotencyKey));
export const readGeneration = (id: string) => apiJson<{ id: string; status: string; error: string | null }>('GET', `/api/generations/${encodeURIComponent(id)}`);
export const setCoverFromGeneration = (styleId: string, generationId: string) =>
  apiJson<AdminStyle>('POST', `/api/admin/styles/${encodeURIComponent(styleId)}/cover/from-generation`, { generationId });
