/** Style detail reads and actions: favourite state and count, collections, the caller's generations, report. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { optimisticFavorite } from '../lib/style-rules';

export const getFavoriteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.favorite(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}/favorite', { params: { id }, signal }),
  });
export const getFavoriteCountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.favoriteCount(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}/favorites/count', { params: { id }, signal }),
  });
export const getStyleCollectionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.collections(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}/collection', { params: { id }, signal }),
  });
export const getStyleGenerationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.styles.generations(id),
    queryFn: ({ signal }) => fetchApi('GET /api/styles/{id}/generations', { params: { id }, signal }),
  });

export const useFavorite = (id: string, enabled: boolean) => useQuery({ ...getFavoriteQueryOptions(id), enabled });
export const useFavoriteCount = (id: string) => useQuery(getFavoriteCountQueryOptions(id));
export const useStyleCollections = (id: string) => useQuery(getStyleCollectionsQueryOptions(id));
export const useStyleGenerations = (id: string, enabled: boolean) =>
  useQuery({ ...getStyleGenerationsQueryOptions(id), enabled });

export function useToggleFavorite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) =>
      next
        ? fetchApi('POST /api/styles/{id}/favorite', { params: { id } })
        : fetchApi('DELETE /api/styles/{id}/favorite', { params: { id } }),
    onMutate: async (next) => {
      await Promise.all([
        qc.cancelQueries({ queryKey: getFavoriteQueryOptions(id).queryKey }),
        qc.cancelQueries({ queryKey: getFavoriteCountQueryOptions(id).queryKey }),
      ]);
      const prevFav = qc.getQueryData(getFavoriteQueryOptions(id).queryKey);
      const prevCount = qc.getQueryData(getFavoriteCountQueryOptions(id).queryKey);
      const optimistic = optimisticFavorite(
        { isFavorite: prevFav?.isFavorite ?? false, count: prevCount?.count ?? 0 },
        next,
      );
      qc.setQueryData(getFavoriteQueryOptions(id).queryKey, { isFavorite: optimistic.isFavorite });
      qc.setQueryData(getFavoriteCountQueryOptions(id).queryKey, { count: optimistic.count });
      return { prevFav, prevCount };
    },
    onError: (_err, _next, ctx) => {
      qc.setQueryData(getFavoriteQueryOptions(id).queryKey, ctx?.prevFav);
      qc.setQueryData(getFavoriteCountQueryOptions(id).queryKey, ctx?.prevCount);
    },
    onSuccess: (res) => {
      qc.setQueryData(getFavoriteQueryOptions(id).queryKey, { isFavorite: res.isFavorite });
      qc.setQueryData(getFavoriteCountQueryOptions(id).queryKey, { count: res.count });
      void qc.invalidateQueries({ queryKey: queryKeys.favorites.all });
    },
  });
}

/** POST /api/styles/{id}/flag {reason}. */
export function useReportStyle(id: string) {
  return useMutation({
    mutationFn: (reason: string) => fetchApi('POST /api/styles/{id}/flag', { params: { id }, body: { reason } }),
  });
}
