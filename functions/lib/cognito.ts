/**
 * Reads a user's standard attributes from the user pool. Real Cognito puts given_name/family_name in the
 * ID token; cognito-local does not, so first sign-in falls back to AdminGetUser (once per user).
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from './config';

let client: CognitoIdentityProviderClient | undefined;

export async function getNameAttributes(username: string): Promise<{ givenName: string | null; familyName: string | null }> {
  const cfg = getConfig();
  const endpoint = process.env.COGNITO_ENDPOINT || undefined;
  client ??= new CognitoIdentityProviderClient({
    region: cfg.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const res = await client.send(new AdminGetUserCommand({ UserPoolId: cfg.userPoolId, Username: username }));
  const attr = (n: string) => res.UserAttributes?.find((a) => a.Name === n)?.Value?.trim() || null;
  return { givenName: attr('given_name'), familyName: attr('family_name') };
}
