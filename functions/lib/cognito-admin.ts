/**
 * User-pool administration for account deletion: sign the user out everywhere (revokes refresh tokens) and
 * delete the user. cognito-local does not implement AdminUserGlobalSignOut; there deleting the user is what
 * stops its refresh token from working.
 */
import { AdminDeleteUserCommand, AdminUserGlobalSignOutCommand, cognito } from './cognito-client';
import { thrownInfo } from '../../shared/errors';
import { getConfig } from './config';

const isMissingUser = (err: unknown) => thrownInfo(err).name === 'UserNotFoundException';

/** Sign out and delete; true when a user was deleted, false when it was already gone (a retried deletion). */
export async function signOutAndDeleteUser(username: string): Promise<boolean> {
  const cfg = getConfig();
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: cfg.userPoolId, Username: username }));
  } catch (err) {
    if (isMissingUser(err)) return false;
    if (!cfg.local) throw err;
  }
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: cfg.userPoolId, Username: username }));
    return true;
  } catch (err) {
    if (isMissingUser(err)) return false;
    throw err;
  }
}
