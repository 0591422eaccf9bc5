import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@shared/schemas/user';
import { cognitoEndpoint, getIdToken, hasStoredSession } from './auth';
import { createInitiateAuthRefresher } from './auth-refresher';
import { authErrorMessage } from './auth-errors';
import { parseRuntimeConfig } from './runtime-config';

const cfg = (over: Partial<RuntimeConfig['auth']> = {}, local = true): RuntimeConfig => ({
  stage: 'local',
  local,
  auth: { userPoolId: 'local_abc', userPoolClientId: 'client1', region: 'eu-west-1', ...over },
});

const jwt = (payload: object) =>
  `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

afterEach(() => vi.unstubAllGlobals());

describe('stored session detection', () => {
  it('is false without Amplify token keys, true with them', () => {
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem('theme', 'dark');
    window.localStorage.setItem('CognitoIdentityServiceProvider.client1.LastAuthUser', 'u1');
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem('CognitoIdentityServiceProvider.client1.u1.idToken', 'x');
    expect(hasStoredSession()).toBe(true);
  });

  it('getIdToken answers null at once for anonymous visitors (no config fetch, no Amplify)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await getIdToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('cognito endpoint', () => {
  it('re-bases a local /cognito endpoint onto the page origin (CSP connect-src self)', () => {
    expect(cognitoEndpoint(cfg({ userPoolEndpoint: 'http://localhost:3000/cognito' }), 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/cognito',
    );
    expect(cognitoEndpoint(cfg({ userPoolEndpoint: '/cognito' }), 'http://localhost:5173')).toBe(
      'http://localhost:5173/cognito',
    );
  });
  it('keeps other endpoints and is undefined without one', () => {
    expect(
      cognitoEndpoint(cfg({ userPoolEndpoint: 'https://idp.example.com/' }, false), 'https://app.example.com'),
    ).toBe('https://idp.example.com/');
    expect(cognitoEndpoint(cfg({}, false))).toBeUndefined();
  });
});

describe('local token refresher (InitiateAuth REFRESH_TOKEN_AUTH)', () => {
  it('posts the Cognito JSON request and returns decoded tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const access = jwt({ iat: now, exp: now + 3600, sub: 'u1' });
    const id = jwt({ iat: now, exp: now + 3600, email: 'a@b.c' });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ AuthenticationResult: { AccessToken: access, IdToken: id } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const refresh = createInitiateAuthRefresher('http://localhost:3000/cognito', 'client1');
    const out = await refresh({
      tokens: {
        refreshToken: 'r1',
        clockDrift: 0,
        username: 'u1',
        accessToken: { payload: {}, toString: () => 'old' },
      },
      username: 'u1',
    } as never);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://localhost:3000/cognito');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    });
    expect(JSON.parse(init.body as string)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client1',
      AuthParameters: { REFRESH_TOKEN: 'r1' },
    });
    expect(out.idToken!.toString()).toBe(id);
    expect(out.idToken!.payload.email).toBe('a@b.c');
    expect(out.accessToken.toString()).toBe(access);
    expect(out.refreshToken).toBe('r1');
    expect(out.username).toBe('u1');
  });

  it('raises a named Cognito error on failure (Amplify clears tokens on NotAuthorizedException)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }), {
            status: 400,
          }),
      ),
    );
    const refresh = createInitiateAuthRefresher('http://x/cognito', 'c');
    await expect(
      refresh({ tokens: { refreshToken: 'r', clockDrift: 0, username: 'u' }, username: 'u' } as never),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });
});

describe('auth error messages', () => {
  it('shows friendly Cognito messages', () => {
    expect(authErrorMessage({ name: 'NotAuthorizedException', message: 'whatever' })).toBe(
      'Incorrect username or password.',
    );
    expect(authErrorMessage({ name: 'UserNotFoundException' })).toBe('Incorrect username or password.');
    expect(
      authErrorMessage({ name: 'InvalidPasswordException', message: 'Password did not conform with policy' }),
    ).toBe('Password did not conform with policy');
    // cognito-local answers a wrong password with InvalidPasswordException.
    expect(authErrorMessage({ name: 'InvalidPasswordException', message: 'Invalid password' }, 'sign-in')).toBe(
      'Incorrect username or password.',
    );
    expect(authErrorMessage({ name: 'Other', message: 'Specific text' })).toBe('Specific text');
    expect(authErrorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});

describe('runtime config', () => {
  it('accepts the documented shape and drops empty optional fields', () => {
    expect(
      parseRuntimeConfig({
        stage: 'local',
        local: true,
        auth: {
          userPoolId: 'p',
          userPoolClientId: 'c',
          region: 'r',
          userPoolEndpoint: 'http://x/cognito',
          localConfirmationCode: '123456',
        },
      }),
    ).toEqual({
      stage: 'local',
      local: true,
      auth: {
        userPoolId: 'p',
        userPoolClientId: 'c',
        region: 'r',
        userPoolEndpoint: 'http://x/cognito',
        localConfirmationCode: '123456',
      },
    });
    expect(
      parseRuntimeConfig({
        stage: 'prod',
        local: false,
        auth: { userPoolId: 'p', userPoolClientId: 'c', region: 'r', userPoolEndpoint: '' },
      }).auth,
    ).toEqual({
      userPoolId: 'p',
      userPoolClientId: 'c',
      region: 'r',
    });
  });
  it('keeps who renders each mode, and drops an unknown answer (the words then promise neither)', () => {
    const base = { stage: 'prod', local: false, auth: { userPoolId: 'p', userPoolClientId: 'c', region: 'r' } };
    expect(parseRuntimeConfig({ ...base, renderers: { exact: 'engine', creative: 'gemini' } }).renderers).toEqual({
      exact: 'engine',
      creative: 'gemini',
    });
    expect(
      parseRuntimeConfig({ ...base, renderers: { exact: 'magic', creative: 'gemini' } }).renderers,
    ).toBeUndefined();
    expect(parseRuntimeConfig(base).renderers).toBeUndefined();
  });
  it('rejects a malformed config', () => {
    expect(() => parseRuntimeConfig({ stage: 'x' })).toThrow();
    expect(() => parseRuntimeConfig(null)).toThrow();
  });
});
