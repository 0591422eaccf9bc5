/** Explore reads: pages of public styles (searched and filtered on the server), the tag chips, the active categories. */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getCategoriesQueryOptions } from '../../../api/catalog';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { activeCategories, filtersToQuery, type ExploreFilterState } from '@shared/domain/explore-filters';
import { EXPLORE_PAGE_SIZE } from '../lib/incremental';

export type { Category } from '../../../api/catalog';

/** GET /api/categories: active categories by displayOrder (re-applied here with the shared rule). */
export const useCategories = () =>
  useQuery({
    ...getCategoriesQueryOptions(),
    select: (all) =>
      activeCategories(all.map((c) => ({ ...c, isActive: c.isActive ?? true, displayOrder: c.displayOrder ?? 0 }))),
  });

const listParam = (xs: string[]) => (xs.length ? xs.join(',') : undefined);

/** GET /api/explore/styles: the styles passing `filters`, newest first, one page at a time (first page: no cursor). */
export function useExploreStyles(filters: ExploreFilterState) {
  return useInfiniteQuery({
    queryKey: queryKeys.styles.explore(filtersToQuery(filters)),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      fetchApi('GET /api/explore/styles', {
        query: {
          q: filters.q.trim() || undefined,
          category: listParam(filters.categories),
          sex: listParam(filters.sexes),
          tag: listParam(filters.tags),
          limit: String(EXPLORE_PAGE_SIZE),
          cursor: pageParam || undefined,
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a chip or a search keeps the cards on screen until the new first page arrives
    placeholderData: keepPreviousData,
  });
}

/** GET /api/explore/tags: the tags of public styles (the tag chips). */
export const useExploreTags = () =>
  useQuery({
    queryKey: queryKeys.styles.exploreTags(),
    queryFn: ({ signal }) => fetchApi('GET /api/explore/tags', { signal }),
  });
