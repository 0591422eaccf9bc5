/**
 * User-pool administration for account deletion: sign the user out everywhere (revokes refresh tokens) and
 * delete the user. cognito-local does not implement AdminUserGlobalSignOut; there deleting the user is what
 * stops its refresh token from working.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from './config';

// Loaded on first use (account deletion is rare): not part of the privacy function's cold start.
type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');
let sdk: Promise<CognitoSdk> | undefined;
let client: CognitoIdentityProviderClient | undefined;

async function cognito(): Promise<{ client: CognitoIdentityProviderClient; sdk: CognitoSdk }> {
  const m = await (sdk ??= import('@aws-sdk/client-cognito-identity-provider'));
  const cfg = getConfig();
  const endpoint = process.env.COGNITO_ENDPOINT || undefined;
  client ??= new m.CognitoIdentityProviderClient({
    region: cfg.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return { client, sdk: m };
}

const isMissingUser = (err: unknown) => (err as Error)?.name === 'UserNotFoundException';

/** Sign out and delete; true when a user was deleted, false when it was already gone (a retried deletion). */
export async function signOutAndDeleteUser(username: string): Promise<boolean> {
  const cfg = getConfig();
  const { client: c, sdk: m } = await cognito();
  try {
    await c.send(new m.AdminUserGlobalSignOutCommand({ UserPoolId: cfg.userPoolId, Username: username }));
  } catch (err) {
    if (isMissingUser(err)) return false;
    if (!cfg.local) throw err;
  }
  try {
    await c.send(new m.AdminDeleteUserCommand({ UserPoolId: cfg.userPoolId, Username: username }));
    return true;
  } catch (err) {
    if (isMissingUser(err)) return false;
    throw err;
  }
}
