import type { QueryClient } from '@tanstack/react-query';
import { signOut } from '../lib/auth';
import { endingSession } from '../lib/session-expiry';

/** Logout (spec 01 section 2): clear the client cache, sign out of Cognito, then a full page navigation
 * to /api/logout (the server answers 302 to /). Login is the mirror: a full navigation to /api/login. */
export async function logout(queryClient: QueryClient): Promise<void> {
  endingSession();
  queryClient.clear();
  await signOut();
  window.location.assign('/api/logout');
}
