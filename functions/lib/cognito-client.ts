/**
 * The one Cognito user-pool client of a function (cognito.ts reads and revokes, cognito-admin.ts deletes): the AWS
 * SDK v3 client, created on first use, with the SDK's standard retry and credential chain. It talks to
 * cognito-local when COGNITO_ENDPOINT is set. The commands are the SDK's own classes (the IAM map,
 * functions/lib/aws-access.ts, names them).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from './config';

export {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  const endpoint = process.env.COGNITO_ENDPOINT || undefined;
  client ??= new CognitoIdentityProviderClient({
    region: getConfig().region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}
