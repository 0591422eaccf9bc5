/** Explore reads: the public style list (shared query with the dashboard) and the active categories. */
import { useQuery } from '@tanstack/react-query';
import { getCategoriesQueryOptions } from '../../../api/catalog';
import { activeCategories } from '../../../../../shared/domain/explore-filters';

export type { Category } from '../../../api/catalog';

/** GET /api/categories: active categories by displayOrder (re-applied here with the shared rule). */
export const useCategories = () =>
  useQuery({
    ...getCategoriesQueryOptions(),
    select: (all) =>
      activeCategories(all.map((c) => ({ ...c, isActive: c.isActive ?? true, displayOrder: c.displayOrder ?? 0 }))),
  });
