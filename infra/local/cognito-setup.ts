/** Creates (once) the local user pool and app client in cognito-local, mirroring infra/lib/constructs/auth.ts. */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SignUpCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export const LOCAL_POOL_NAME = 'tryon-local';
export const LOCAL_CLIENT_NAME = 'tryon-web';

export function cognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function ensureUserPool(endpoint: string): Promise<{ userPoolId: string; clientId: string }> {
  const cognito = cognitoClient(endpoint);
  try {
    const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let poolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
    if (!poolId) {
      const created = await cognito.send(
        new CreateUserPoolCommand({
          PoolName: LOCAL_POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: true,
              RequireUppercase: true,
              RequireNumbers: true,
              RequireSymbols: false,
            },
          },
          Schema: [
            { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
            { Name: 'given_name', AttributeDataType: 'String', Mutable: true },
            { Name: 'family_name', AttributeDataType: 'String', Mutable: true },
          ],
        }),
      );
      poolId = created.UserPool!.Id!;
    }
    const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await cognito.send(
        new CreateUserPoolClientCommand({
          UserPoolId: poolId,
          ClientName: LOCAL_CLIENT_NAME,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
          GenerateSecret: false,
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    return { userPoolId: poolId, clientId };
  } finally {
    cognito.destroy();
  }
}

export interface LocalAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Sign up and confirm an account if it does not exist yet; returns its sub. */
export async function ensureAccount(
  endpoint: string,
  poolId: string,
  clientId: string,
  acc: LocalAccount,
): Promise<string> {
  const cognito = cognitoClient(endpoint);
  try {
    try {
      const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: acc.email }));
      const sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (sub) return sub;
    } catch (err) {
      if ((err as Error).name !== 'UserNotFoundException') throw err;
    }
    const attrs = [{ Name: 'email', Value: acc.email }];
    if (acc.firstName) attrs.push({ Name: 'given_name', Value: acc.firstName });
    if (acc.lastName) attrs.push({ Name: 'family_name', Value: acc.lastName });
    const res = await cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: acc.email, Password: acc.password, UserAttributes: attrs }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: acc.email }));
    return res.UserSub!;
  } finally {
    cognito.destroy();
  }
}

/** Password sign-in (USER_PASSWORD_AUTH), as the SPA does; used by tests and the bench. */
export async function signIn(endpoint: string, clientId: string, email: string, password: string) {
  const cognito = cognitoClient(endpoint);
  try {
    const res = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const r = res.AuthenticationResult!;
    return { idToken: r.IdToken!, accessToken: r.AccessToken!, refreshToken: r.RefreshToken! };
  } finally {
    cognito.destroy();
  }
}
