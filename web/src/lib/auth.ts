/**
 * Sign-in state, backed by Cognito through aws-amplify v6 (Auth only).
 *
 * This is the ONLY module that touches aws-amplify, and always through dynamic import(): the landing page
 * and every anonymous visit never download it. `getIdToken()` first looks for Amplify's token keys in
 * localStorage and answers null without loading anything when there are none.
 */
import type { RuntimeConfig } from '../../../shared/schemas/user';
import { loadRuntimeConfig } from './runtime-config';

type AmplifyAuth = typeof import('aws-amplify/auth');

/** Amplify v6 keeps tokens in localStorage as CognitoIdentityServiceProvider.<clientId>.<user>.<kind>. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
const TOKEN_KEY_SUFFIXES = ['.idToken', '.accessToken', '.refreshToken'];

/** Cheap, synchronous: has this browser ever kept a Cognito session (that was not signed out)? */
export function hasStoredSession(): boolean {
  try {
    const ls = window.localStorage;
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (key?.startsWith(AMPLIFY_KEY_PREFIX) && TOKEN_KEY_SUFFIXES.some((s) => key.endsWith(s))) return true;
    }
  } catch {
    /* storage blocked */
  }
  return false;
}

let loading: Promise<AmplifyAuth> | null = null;

/** Load and configure Amplify once. */
function loadAuth(): Promise<AmplifyAuth> {
  loading ??= (async () => {
    const [config, { Amplify }, auth, { cognitoUserPoolsTokenProvider }] = await Promise.all([
      loadRuntimeConfig(),
      import('aws-amplify'),
      import('aws-amplify/auth'),
      import('aws-amplify/auth/cognito'),
    ]);
    const endpoint = cognitoEndpoint(config);
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.auth.userPoolId,
          userPoolClientId: config.auth.userPoolClientId,
          ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        },
      },
    });
    // cognito-local has no GetTokensFromRefreshToken (Amplify's default refresh): use InitiateAuth
    // REFRESH_TOKEN_AUTH, which it supports.
    if (config.local && endpoint) {
      cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
        createInitiateAuthRefresher(endpoint, config.auth.userPoolClientId),
      );
    }
    return auth;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * The Cognito endpoint. Locally it is cognito-local proxied under /cognito of the app's own origin; the
 * page may be opened as localhost or 127.0.0.1 (or through the Vite dev proxy), and the CSP allows
 * connect-src 'self' only, so a local /cognito endpoint is re-based onto the page's origin.
 */
export function cognitoEndpoint(config: RuntimeConfig, origin = window.location.origin): string | undefined {
  const raw = config.auth.userPoolEndpoint;
  if (!raw) return undefined;
  const url = new URL(raw, origin);
  if (config.local && (url.pathname === '/cognito' || url.pathname.startsWith('/cognito/'))) {
    return `${origin}${url.pathname}`;
  }
  return url.href;
}

interface Jwt {
  payload: Record<string, unknown> & { exp?: number; iat?: number };
  toString(): string;
}

function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1];
  if (!part) throw Object.assign(new Error('Invalid token'), { name: 'InvalidTokenException' });
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as Jwt['payload'];
  return { payload, toString: () => token };
}

type TokenRefresher = Parameters<
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

export type SignInResult = { status: 'signed-in' } | { status: 'confirm-sign-up' };

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const auth = await loadAuth();
  const attempt = () =>
    auth.signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let out: Awaited<ReturnType<AmplifyAuth['signIn']>>;
  try {
    out = await attempt();
  } catch (err) {
    // A stale session of another account is still stored: drop it and sign in again.
    if ((err as { name?: string })?.name !== 'UserAlreadyAuthenticatedException') throw err;
    await auth.signOut();
    out = await attempt();
  }
  if (out.isSignedIn) return { status: 'signed-in' };
  if (out.nextStep.signInStep === 'CONFIRM_SIGN_UP') return { status: 'confirm-sign-up' };
  throw Object.assign(new Error(`This sign-in needs a step the app does not support (${out.nextStep.signInStep}).`), {
    name: 'UnsupportedSignInStep',
  });
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Create the account; answers whether an e-mailed confirmation code is still needed. */
export async function signUp(input: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  const auth = await loadAuth();
  const email = input.email.trim();
  const out = await auth.signUp({
    username: email,
    password: input.password,
    options: {
      userAttributes: { email, given_name: input.firstName.trim(), family_name: input.lastName.trim() },
    },
  });
  return { needsConfirmation: !out.isSignUpComplete && out.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  const auth = await loadAuth();
  await auth.confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
}

export async function resendCode(email: string): Promise<void> {
  const auth = await loadAuth();
  await auth.resendSignUpCode({ username: email.trim() });
}

export async function signOut(): Promise<void> {
  if (!hasStoredSession()) return;
  const auth = await loadAuth();
  try {
    await auth.signOut();
  } catch {
    /* a failed global sign-out still clears the local tokens */
  }
}

/** The ID token to send as Bearer, or null when signed out. Never loads Amplify for anonymous visitors. */
export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  try {
    const auth = await loadAuth();
    const session = await auth.fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

const FRIENDLY: Record<string, string> = {
  NotAuthorizedException: 'Incorrect username or password.',
  UserNotFoundException: 'Incorrect username or password.',
  UsernameExistsException: 'An account with this email already exists. Sign in instead.',
  CodeMismatchException: 'Invalid verification code provided, please try again.',
  ExpiredCodeException: 'This code has expired. Request a new one.',
  LimitExceededException: 'Too many attempts. Please wait a moment and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a moment and try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Please wait a moment and try again.',
  NetworkError: 'Cannot reach the sign-in service. Check your connection and try again.',
};

/** What to show for a Cognito / Amplify error: Cognito's own message, made friendlier for the common ones. */
export function authErrorMessage(err: unknown): string {
  const e = err as { name?: string; message?: string } | null;
  const name = e?.name ?? '';
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
    return e?.message || 'The password does not meet the requirements.';
  }
  if (FRIENDLY[name]) return FRIENDLY[name];
  return e?.message || 'Something went wrong. Please try again.';
}
