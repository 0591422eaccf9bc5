/** The admin user search (issue 39): one person by exact e-mail or user id. */
import type { AdminUserSummary } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';

export type { AdminUserSummary };

/** Runs once there is a (valid) search term; '' asks nothing. */
export const useAdminUserSearch = (q: string) =>
  useQuery({
    queryKey: queryKeys.admin.users(q),
    enabled: q !== '',
    queryFn: ({ signal }) => fetchApi('GET /api/admin/users', { query: { q }, signal }),
  });
