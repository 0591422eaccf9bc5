/**
 * Token refresh for the local stack: cognito-local has no GetTokensFromRefreshToken (Amplify's default
 * refresh), so tokens are refreshed with InitiateAuth REFRESH_TOKEN_AUTH, which it supports. Loaded by
 * lib/auth.ts in local mode only. Types only from aws-amplify: nothing of it is imported here.
 */
interface Jwt {
  payload: Record<string, unknown> & { exp?: number; iat?: number };
  toString(): string;
}

function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1];
  if (!part) throw Object.assign(new Error('Invalid token'), { name: 'InvalidTokenException' });
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as Jwt['payload'];
  return { payload, toString: () => token };
}

export type TokenRefresher = Parameters<
  (typeof import('aws-amplify/auth/cognito'))['cognitoUserPoolsTokenProvider']['tokenOrchestrator']['setTokenRefresher']
>[0];

/** Token refresh through InitiateAuth REFRESH_TOKEN_AUTH (plain fetch, the Cognito JSON protocol). */
export function createInitiateAuthRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw Object.assign(new Error('No refresh token'), { name: 'NotAuthorizedException' });
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    if (!res.ok || !body.AuthenticationResult?.AccessToken) {
      const name = (body.__type ?? 'RefreshFailedException').split('#').pop() ?? 'RefreshFailedException';
      throw Object.assign(new Error(body.message ?? `Token refresh failed (${res.status})`), { name });
    }
    const result = body.AuthenticationResult;
    const accessToken = decodeJwt(result.AccessToken!);
    const iat = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: iat * 1000 - Date.now(),
      username,
    } as Awaited<ReturnType<TokenRefresher>>;
  };
}
