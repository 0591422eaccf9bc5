/**
 * New users see onboarding once after their first sign-in: a signed-in user with `onboarded: false` who opens
 * /dashboard is sent to /onboarding once per browser session (sessionStorage), so "Skip for now" sticks.
 * Kept tiny: the dashboard chunk imports it.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

export const ONBOARDING_PROMPTED_KEY = 'onboarding-prompted';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

const session = (): SessionStore | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: never redirect rather than loop
  }
};

export function wasOnboardingPrompted(store: SessionStore | null = session()): boolean {
  if (!store) return true;
  try {
    return store.getItem(ONBOARDING_PROMPTED_KEY) === '1';
  } catch {
    return true;
  }
}

export function markOnboardingPrompted(store: SessionStore | null = session()): void {
  try {
    store?.setItem(ONBOARDING_PROMPTED_KEY, '1');
  } catch {
    /* storage full or blocked */
  }
}

/** Whether to send this user to /onboarding now. */
export const shouldRedirectToOnboarding = (user: { onboarded?: boolean } | null | undefined, prompted: boolean): boolean =>
  !!user && user.onboarded === false && !prompted;

/** On /dashboard: redirect a not-yet-onboarded user to /onboarding once per session. */
export function useOnboardingRedirect(user: { onboarded?: boolean } | null | undefined): void {
  const navigate = useNavigate();
  const go = shouldRedirectToOnboarding(user, wasOnboardingPrompted());
  useEffect(() => {
    if (!go) return;
    markOnboardingPrompted();
    navigate('/onboarding', { replace: true });
  }, [go, navigate]);
}
