import { describe, expect, it } from 'vitest';
import { ONBOARDING_PROMPTED_KEY, markOnboardingPrompted, shouldRedirectToOnboarding, wasOnboardingPrompted } from './onboarding-gate';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('onboarding gate', () => {
  it('redirects only a signed-in, not onboarded user who was not prompted in this session', () => {
    expect(shouldRedirectToOnboarding({ onboarded: false }, false)).toBe(true);
    expect(shouldRedirectToOnboarding({ onboarded: false }, true)).toBe(false);
    expect(shouldRedirectToOnboarding({ onboarded: true }, false)).toBe(false);
    expect(shouldRedirectToOnboarding({}, false)).toBe(false);
    expect(shouldRedirectToOnboarding(null, false)).toBe(false);
  });

  it('remembers the prompt for the session', () => {
    const store = memory();
    expect(wasOnboardingPrompted(store)).toBe(false);
    markOnboardingPrompted(store);
    expect(store.m.get(ONBOARDING_PROMPTED_KEY)).toBe('1');
    expect(wasOnboardingPrompted(store)).toBe(true);
  });

  it('never redirects when storage is unavailable (no loop)', () => {
    expect(wasOnboardingPrompted(null)).toBe(true);
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
    expect(wasOnboardingPrompted(broken)).toBe(true);
    expect(() => markOnboardingPrompted(broken)).not.toThrow();
  });
});
