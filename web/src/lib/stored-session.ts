/**
 * Whether this browser keeps a Cognito session, without loading Amplify: a plain look at localStorage. Its own
 * module (no imports) so that the prerendered pages' island script can ask it too (src/island/page-island.ts);
 * public/theme-init.js does the same test before the first paint.
 */
/** Amplify v6 keeps tokens in localStorage as CognitoIdentityServiceProvider.<clientId>.<user>.<kind>. */
export const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
export const TOKEN_KEY_SUFFIXES = ['.idToken', '.accessToken', '.refreshToken'];

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
