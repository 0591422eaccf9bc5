/** The caller's favourite styles (GET /api/favorites), a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { FAVORITES_LIMIT_DEFAULT } from '@shared/domain/catalog';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export const FAVORITES_PAGE_SIZE = FAVORITES_LIMIT_DEFAULT;

/** Pages of favourites, newest first; the style page's heart invalidates queryKeys.favorites.all (style/api/style.ts). */
export function useFavoriteStyles() {
  return useInfiniteQuery({
    queryKey: queryKeys.favorites.pages(),
    initialPageParam: '', // the first page: no cursor
    queryFn: ({ pageParam, signal }) =>
      fetchApi('GET /api/favorites', {
        query: { limit: FAVORITES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
