/**
 * The user pool, seen from the API: a user's standard attributes and state, and revoking an account's access.
 * Real Cognito puts given_name/family_name in the ID token; cognito-local does not, so first sign-in falls
 * back to AdminGetUser (once per user).
 */
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  cognito,
} from './cognito-client';
import { thrownInfo } from '../../shared/errors';

import { getConfig } from './config';

export interface CognitoUserState {
  /** false when the pool has no such user (deleted). */
  exists: boolean;
  enabled: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** The user's state in the pool; a missing user is { exists: false }, any other failure throws. */
export async function getCognitoUserState(username: string): Promise<CognitoUserState> {
  try {
    const res = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: getConfig().userPoolId, Username: username }),
    );
    const attr = (n: string) => res.UserAttributes?.find((a) => a.Name === n)?.Value?.trim() || null;
    return {
      exists: true,
      enabled: res.Enabled !== false,
      givenName: attr('given_name'),
      familyName: attr('family_name'),
    };
  } catch (err) {
    if (thrownInfo(err).name === 'UserNotFoundException')
      return { exists: false, enabled: false, givenName: null, familyName: null };
    throw err;
  }
}

export async function getNameAttributes(
  username: string,
): Promise<{ givenName: string | null; familyName: string | null }> {
  const s = await getCognitoUserState(username);
  return { givenName: s.givenName, familyName: s.familyName };
}

/**
 * Revoke an account's access in the pool (account deletion, an operator disabling an account):
 * AdminDisableUser (no new sign-in; in AWS refresh also stops) and AdminUserGlobalSignOut (revokes every
 * refresh token; already-issued ID/access tokens stay valid until they expire, which is why the API also
 * checks the user item's accountStatus on every call). A user already gone counts as revoked.
 *
 * cognito-local implements AdminDisableUser but not AdminUserGlobalSignOut (it answers "Unsupported"), and it
 * checks neither on sign-in nor on refresh; locally the sign-out is skipped and `globalSignOut` says so.
 */
export async function revokeUserAccess(
  username: string,
): Promise<{ disabled: boolean; globalSignOut: 'done' | 'unsupported-locally' | 'user-gone' }> {
  const cfg = getConfig();
  const isGone = (err: unknown) => thrownInfo(err).name === 'UserNotFoundException';
  try {
    await cognito().send(new AdminDisableUserCommand({ UserPoolId: cfg.userPoolId, Username: username }));
  } catch (err) {
    if (isGone(err)) return { disabled: false, globalSignOut: 'user-gone' };
    throw err;
  }
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: cfg.userPoolId, Username: username }));
    return { disabled: true, globalSignOut: 'done' };
  } catch (err) {
    if (isGone(err)) return { disabled: true, globalSignOut: 'user-gone' };
    const { name, message } = thrownInfo(err);
    const unsupported = /unsupported/i.test(`${name} ${message}`);
    if (cfg.local && unsupported) return { disabled: true, globalSignOut: 'unsupported-locally' };
    throw err;
  }
}

export type PasswordCheck = 'ok' | 'wrong' | 'too-many-attempts' | 'unverifiable' | 'user-gone';

/**
 * Check a user's current password against the pool (InitiateAuth USER_PASSWORD_AUTH with the app client, the
 * same flow the SPA signs in with; it needs no IAM permission). The tokens a success returns are discarded and
 * their refresh token revoked. A challenge (MFA, a new password required) means the password itself was right.
 * Cognito answers NotAuthorizedException for a wrong password (and, with user-existence errors prevented, for
 * an unknown user too); cognito-local answers InvalidPasswordException.
 */
export async function verifyPassword(username: string, password: string): Promise<PasswordCheck> {
  const cfg = getConfig();
  try {
    const res = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cfg.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    const refreshToken = res.AuthenticationResult?.RefreshToken;
    if (refreshToken)
      await cognito()
        .send(new RevokeTokenCommand({ ClientId: cfg.userPoolClientId, Token: refreshToken }))
        .catch(() => undefined); // best effort (cognito-local has no RevokeToken); the account is deleted next
    return 'ok';
  } catch (err) {
    const { name } = thrownInfo(err);
    // Cognito: NotAuthorizedException ("Incorrect username or password."); cognito-local: InvalidPasswordException
    if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') return 'wrong';
    if (name === 'UserNotFoundException') return 'user-gone';
    if (
      name === 'TooManyRequestsException' ||
      name === 'LimitExceededException' ||
      name === 'TooManyFailedAttemptsException'
    )
      return 'too-many-attempts';
    if (name === 'PasswordResetRequiredException' || name === 'UserNotConfirmedException') return 'unverifiable';
    throw err;
  }
}
