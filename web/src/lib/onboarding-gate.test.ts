import { describe, expect, it } from 'vitest';
import { afterSignUpPath, ONBOARDING_PATH } from './onboarding-gate';

describe('onboarding is offered once, right after sign-up, never in the middle of a task', () => {
  it('a new account with nowhere to return to is offered onboarding', () => {
    expect(afterSignUpPath(null)).toBe(ONBOARDING_PATH);
    expect(afterSignUpPath(undefined)).toBe(ONBOARDING_PATH);
  });

  it('a new account that was on its way somewhere continues there', () => {
    expect(afterSignUpPath('/pricing?buy=starter')).toBe('/pricing?buy=starter');
    expect(afterSignUpPath('/influencer/apply')).toBe('/influencer/apply');
  });

  it('an unsafe return path does not leave the site: onboarding instead', () => {
    expect(afterSignUpPath('//evil.example')).toBe(ONBOARDING_PATH);
  });
});
