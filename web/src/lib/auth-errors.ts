/** Messages for Cognito / Amplify errors, shown inline by the sign-in and registration forms. */
const BAD_CREDENTIALS = 'Incorrect username or password.';

const FRIENDLY: Record<string, string> = {
  NotAuthorizedException: BAD_CREDENTIALS,
  UserNotFoundException: BAD_CREDENTIALS,
  UsernameExistsException: 'An account with this email already exists. Sign in instead.',
  CodeMismatchException: 'Invalid verification code provided, please try again.',
  ExpiredCodeException: 'This code has expired. Request a new one.',
  LimitExceededException: 'Too many attempts. Please wait a moment and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a moment and try again.',
  TooManyFailedAttemptsException: 'Too many attempts. Please wait a moment and try again.',
  NetworkError: 'Cannot reach the sign-in service. Check your connection and try again.',
};

/** The name of a thrown Cognito / Amplify error (an Error, or a plain { name } object). */
export function authErrorName(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string'
    ? err.name
    : undefined;
}

/** The message of a thrown error (an Error, or a plain { message } object). */
export const authErrorText = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string'
    ? err.message
    : undefined;

/**
 * What to show for a Cognito / Amplify error: Cognito's own message, made friendlier for the common ones.
 * When signing in, every credentials error reads the same (no hint whether the account exists); cognito-local
 * answers a wrong password with InvalidPasswordException where Cognito says NotAuthorizedException.
 */
export function authErrorMessage(err: unknown, context: 'sign-in' | 'sign-up' | 'confirm' = 'sign-up'): string {
  const name = authErrorName(err) ?? '';
  const message = authErrorText(err);
  if (
    context === 'sign-in' &&
    ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name)
  ) {
    return BAD_CREDENTIALS;
  }
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
    return message || 'The password does not meet the requirements.';
  }
  if (FRIENDLY[name]) return FRIENDLY[name];
  return message || 'Something went wrong. Please try again.';
}
