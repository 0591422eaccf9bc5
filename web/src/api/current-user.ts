import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/user';
import { ApiError } from '../lib/api-client';
import { hasStoredSession } from '../lib/auth';
import { setSignedIn } from '../lib/session-expiry';
import { fetchApi } from './endpoints';
import { queryKeys } from './query-keys';

/** GET /api/auth/user: the signed-in user, or null (401 yields null) when signed out. */
async function loadUser({ signal }: { signal?: AbortSignal }): Promise<CurrentUser | null> {
  try {
    return await fetchApi('GET /api/auth/user', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The user query. Without a stored Cognito session the answer can only be 401, so it is null at once
 * (no request, no Amplify download, no console error for anonymous visitors).
 */
export const currentUserQueryFn = async (ctx: { signal?: AbortSignal }): Promise<CurrentUser | null> => {
  const user = hasStoredSession() ? await loadUser(ctx) : null;
  setSignedIn(!!user);
  return user;
};

export type AuthStatus = 'loading' | 'logged-out' | 'logged-in';

export interface CurrentUserState {
  user: CurrentUser | null;
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const q = useQuery({ queryKey: queryKeys.currentUser, queryFn: currentUserQueryFn, retry: false });
  const user = q.data ?? null;
  // A failed user call (server error) counts as signed out: the app stays usable as a visitor.
  const status: AuthStatus = q.isPending ? 'loading' : user ? 'logged-in' : 'logged-out';
  return { user, status, isLoading: status === 'loading', isAuthenticated: status === 'logged-in' };
}
