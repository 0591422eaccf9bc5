/** Explore reads: the public style list (shared query with the dashboard) and the active categories. */
import type * as R from '../../../../../shared/schemas/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { activeCategories } from '../../../../../shared/domain/explore-filters';

export type Category = R.Category;

/** GET /api/categories: active categories by displayOrder (re-applied here with the shared rule). */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => fetchApi('GET /api/categories', { signal }),
  });

export const useCategories = () =>
  useQuery({
    ...getCategoriesQueryOptions(),
    select: (all) =>
      activeCategories(all.map((c) => ({ ...c, isActive: c.isActive ?? true, displayOrder: c.displayOrder ?? 0 }))),
  });
