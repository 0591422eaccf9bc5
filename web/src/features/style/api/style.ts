/** Style detail reads and actions: favourite state and count, collections, the caller's generations, report. */
import type * as R from '../../../../../shared/schemas/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerationView } from '../../../../../shared/schemas/generation';
import { apiJson } from '../../../lib/api-client';
import type { CollectionSummary } from '../../../api/catalog';
import { optimisticFavorite, type FavoriteState } from '../lib/style-rules';

export const favoriteKey = (id: string) => ['/api/styles', id, 'favorite'] as const;
export const favoriteCountKey = (id: string) => ['/api/styles', id, 'favorites/count'] as const;
export const FAVORITES_KEY = ['/api/favorites'] as const;

export const useFavorite = (id: string, enabled: boolean) =>
  useQuery<R.FavoriteStateView>({ queryKey: favoriteKey(id), enabled });
export const useFavoriteCount = (id: string) => useQuery<R.FavoriteCount>({ queryKey: favoriteCountKey(id) });
export const useStyleCollections = (id: string) =>
  useQuery<CollectionSummary[]>({ queryKey: ['/api/styles', id, 'collection'] });
export const useStyleGenerations = (id: string, enabled: boolean) =>
  useQuery<GenerationView[]>({ queryKey: ['/api/styles', id, 'generations'], enabled });

/** POST / DELETE /api/styles/{id}/favorite, applied optimistically and rolled back on failure. */
export function useToggleFavorite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) =>
      apiJson<FavoriteState>(next ? 'POST' : 'DELETE', `/api/styles/${encodeURIComponent(id)}/favorite`),
    onMutate: async (next) => {
      await Promise.all([
        qc.cancelQueries({ queryKey: favoriteKey(id) }),
        qc.cancelQueries({ queryKey: favoriteCountKey(id) }),
      ]);
      const prevFav = qc.getQueryData<{ isFavorite: boolean }>(favoriteKey(id));
      const prevCount = qc.getQueryData<{ count: number }>(favoriteCountKey(id));
      const optimistic = optimisticFavorite(
        { isFavorite: prevFav?.isFavorite ?? false, count: prevCount?.count ?? 0 },
        next,
      );
      qc.setQueryData(favoriteKey(id), { isFavorite: optimistic.isFavorite });
      qc.setQueryData(favoriteCountKey(id), { count: optimistic.count });
      return { prevFav, prevCount };
    },
    onError: (_err, _next, ctx) => {
      qc.setQueryData(favoriteKey(id), ctx?.prevFav);
      qc.setQueryData(favoriteCountKey(id), ctx?.prevCount);
    },
    onSuccess: (res) => {
      qc.setQueryData(favoriteKey(id), { isFavorite: res.isFavorite });
      qc.setQueryData(favoriteCountKey(id), { count: res.count });
      void qc.invalidateQueries({ queryKey: FAVORITES_KEY });
    },
  });
}

/** POST /api/styles/{id}/flag {reason}. */
export function useReportStyle(id: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiJson<R.IdResult>('POST', `/api/styles/${encodeURIComponent(id)}/flag`, { reason }),
  });
}
