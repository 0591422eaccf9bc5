/** Explore reads: the public style list (shared query with the dashboard) and the active categories. */
import type * as R from '../../../../../shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { activeCategories } from '../../../../../shared/domain/explore-filters';

export type Category = R.Category;

/** GET /api/categories: active categories by displayOrder (re-applied here with the shared rule). */
export const useCategories = () =>
  useQuery<Category[], Error, Category[]>({
    queryKey: ['/api/categories'],
    select: (all) =>
      activeCategories(all.map((c) => ({ ...c, isActive: c.isActive ?? true, displayOrder: c.displayOrder ?? 0 }))),
  });
