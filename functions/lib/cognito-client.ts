/**
 * The one Cognito user-pool client of a function (cognito.ts reads and revokes, cognito-admin.ts deletes); it
 * talks to cognito-local when COGNITO_ENDPOINT is set.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from './config';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  const cfg = getConfig();
  const endpoint = process.env.COGNITO_ENDPOINT || undefined;
  client ??= new CognitoIdentityProviderClient({
    region: cfg.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}
