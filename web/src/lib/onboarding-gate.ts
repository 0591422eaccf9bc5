/**
 * When onboarding is offered (docs/decisions.md, "Onboarding"): once, right after sign-up, and never in the
 * middle of a task. A new account with nowhere to return to goes to /onboarding; one that signed up on the
 * way somewhere (a buy button, an application, a Quick Try link) goes on to it. Nothing else redirects to
 * onboarding, so "Skip for now" is never asked again; the screen stays reachable at /onboarding.
 * Kept tiny: the register chunk imports it.
 */
import { safeReturnTo } from './return-to';

export const ONBOARDING_PATH = '/onboarding';

/** Where a freshly confirmed account goes: the task it was on, else onboarding. */
export function afterSignUpPath(returnTo: string | null | undefined): string {
  return safeReturnTo(returnTo) ?? ONBOARDING_PATH;
}

/** Where onboarding leads when saved or skipped. */
export const AFTER_ONBOARDING_PATH = '/dashboard';
