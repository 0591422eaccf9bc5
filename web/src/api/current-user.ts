import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/schemas/user';
import { getQueryFn } from '../lib/api-client';
import { hasStoredSession } from '../lib/auth';
import { setSignedIn } from '../lib/session-expiry';

/** GET /api/auth/user: the signed-in user, or null (401 yields null) when signed out. */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

const loadUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/**
 * The user query. Without a stored Cognito session the answer can only be 401, so it is null at once
 * (no request, no Amplify download, no console error for anonymous visitors).
 */
export const currentUserQueryFn: typeof loadUser = async (ctx) => {
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
  const q = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: currentUserQueryFn, retry: false });
  const user = q.data ?? null;
  // A failed user call (server error) counts as signed out: the app stays usable as a visitor.
  const status: AuthStatus = q.isPending ? 'loading' : user ? 'logged-in' : 'logged-out';
  return { user, status, isLoading: status === 'loading', isAuthenticated: status === 'logged-in' };
}
