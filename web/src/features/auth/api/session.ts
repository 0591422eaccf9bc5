import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/user';
import { currentUserQueryFn } from '../../../api/current-user';
import { queryKeys } from '../../../api/query-keys';

/** After signing in: load the user now (the route table switches on it) and report whether it worked. */
export async function refreshCurrentUser(qc: QueryClient): Promise<CurrentUser | null> {
  return qc.fetchQuery({
    queryKey: queryKeys.currentUser,
    queryFn: currentUserQueryFn,
    staleTime: 0,
  }) as Promise<CurrentUser | null>;
}

/** A same-site path to return to after sign-in (no open redirects), else null. */
export { safeReturnTo } from '../../../lib/return-to';
