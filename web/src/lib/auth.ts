/**
 * Sign-in state, backed by Cognito through aws-amplify v6 (Auth only).
 *
 * This is the ONLY module that touches aws-amplify, and always through dynamic import(): the landing page
 * and every anonymous visit never download it. `getIdToken()` first looks for Amplify's token keys in
 * localStorage and answers null without loading anything when there are none.
 */
import type { RuntimeConfig } from '@shared/schemas/user';
import { loadRuntimeConfig } from './runtime-config';
import { authErrorName } from './auth-errors';
import { normalizeEmail } from '@shared/domain/text-rules';
import { AMPLIFY_KEY_PREFIX, hasStoredSession } from './stored-session';

export { hasStoredSession };

type AmplifyAuth = typeof import('aws-amplify/auth');

let loading: Promise<AmplifyAuth> | null = null;

/** Load and configure Amplify once. */
function loadAuth(): Promise<AmplifyAuth> {
  loading ??= (async () => {
    const [config, { Amplify }, auth, { cognitoUserPoolsTokenProvider }, { ConsoleLogger }] = await Promise.all([
      loadRuntimeConfig(),
      import('aws-amplify'),
      import('aws-amplify/auth'),
      import('aws-amplify/auth/cognito'),
      import('aws-amplify/utils'),
    ]);
    const endpoint = cognitoEndpoint(config);
    // Locally the endpoint is cognito-local under /cognito of this origin, on purpose: Amplify's "You are
    // using a custom Amazon Cognito User Pool endpoint" warning is expected there, so it is muted for this
    // one call (and only in local mode; a deployed custom endpoint still warns).
    const muteEndpointWarning = config.local && !!endpoint;
    const previousLevel = ConsoleLogger.LOG_LEVEL;
    if (muteEndpointWarning) ConsoleLogger.LOG_LEVEL = 'ERROR';
    try {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.auth.userPoolId,
            userPoolClientId: config.auth.userPoolClientId,
            ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
          },
        },
      });
    } finally {
      if (muteEndpointWarning) ConsoleLogger.LOG_LEVEL = previousLevel;
    }
    // cognito-local has no GetTokensFromRefreshToken (Amplify's default refresh): use InitiateAuth
    // REFRESH_TOKEN_AUTH, which it supports.
    if (config.local && endpoint) {
      const { createInitiateAuthRefresher } = await import('./auth-refresher');
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

export type SignInResult = { status: 'signed-in' } | { status: 'confirm-sign-up' };

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const auth = await loadAuth();
  const attempt = () =>
    auth.signIn({ username: normalizeEmail(email), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let out: Awaited<ReturnType<AmplifyAuth['signIn']>>;
  try {
    out = await attempt();
  } catch (err) {
    // A stale session of another account is still stored: drop it and sign in again.
    if (authErrorName(err) !== 'UserAlreadyAuthenticatedException') throw err;
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
  const email = normalizeEmail(input.email);
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
  await auth.confirmSignUp({ username: normalizeEmail(email), confirmationCode: code.trim() });
}

export async function resendCode(email: string): Promise<void> {
  const auth = await loadAuth();
  await auth.resendSignUpCode({ username: normalizeEmail(email) });
}

/** Forgot password, step 1 (Cognito ForgotPassword): a code is e-mailed (locally: the fixed code). */
export async function requestPasswordReset(email: string): Promise<void> {
  const auth = await loadAuth();
  await auth.resetPassword({ username: email.trim() });
}

/** Forgot password, step 2 (Cognito ConfirmForgotPassword): the code and the new password. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const auth = await loadAuth();
  await auth.confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
}

/** Change the password of the signed-in user (Cognito ChangePassword). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const auth = await loadAuth();
  await auth.updatePassword({ oldPassword, newPassword });
}

/** Drop the stored tokens without calling Cognito (an expired or revoked session). */
export function clearStoredSession(): void {
  try {
    const ls = window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (key?.startsWith(AMPLIFY_KEY_PREFIX)) keys.push(key);
    }
    for (const k of keys) ls.removeItem(k);
  } catch {
    /* storage blocked */
  }
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
