import { describe, expect, it } from 'vitest';
import { canCancelSubscription, planAction, scheduledChange, type PlanSubject } from './plan-buttons';

const live = (plan: string, extra: Partial<PlanSubject> = {}): PlanSubject => ({
  currentPlan: plan,
  subscriptionStatus: 'active',
  hasUsedTrial: false,
  subscriptionId: 'sub_1',
  nextScheduledPlan: null,
  ...extra,
});

describe('planAction', () => {
  it('signed out: every plan starts a checkout with its call to action', () => {
    expect(planAction(null, 'trial')).toEqual({ kind: 'checkout', label: 'Start trial' });
    expect(planAction(null, 'starter')).toEqual({ kind: 'checkout', label: 'Choose Starter' });
    expect(planAction(null, 'creator')).toEqual({ kind: 'checkout', label: 'Choose Creator' });
  });

  it('no plan: everything can be bought', () => {
    const u = { currentPlan: 'none', subscriptionStatus: 'none', hasUsedTrial: false };
    expect(planAction(u, 'trial').kind).toBe('checkout');
    expect(planAction(u, 'starter').kind).toBe('checkout');
    expect(planAction(u, 'creator').kind).toBe('checkout');
  });

  it('the trial is disabled once used, with the reason; current while on it', () => {
    const used = planAction({ currentPlan: 'none', subscriptionStatus: 'none', hasUsedTrial: true }, 'trial');
    expect(used).toMatchObject({ kind: 'disabled', label: 'Trial used' });
    expect(used.kind === 'disabled' && used.reason).toMatch(/only once/);
    expect(planAction({ currentPlan: 'trial', subscriptionStatus: 'none', hasUsedTrial: true }, 'trial').kind).toBe(
      'current',
    );
    // a trial holder buys a monthly plan through checkout
    expect(planAction({ currentPlan: 'trial', subscriptionStatus: 'none', hasUsedTrial: true }, 'starter').kind).toBe(
      'checkout',
    );
  });

  it('the trial is not offered on a live monthly plan', () => {
    expect(planAction(live('starter'), 'trial')).toMatchObject({ kind: 'disabled', label: 'Not available' });
  });

  it('Starter: Current, Upgrade to Creator', () => {
    expect(planAction(live('starter'), 'starter')).toEqual({ kind: 'current', label: 'Current plan' });
    expect(planAction(live('starter'), 'creator')).toEqual({
      kind: 'upgrade',
      label: 'Upgrade to Creator',
      plan: 'creator',
    });
  });

  it('Creator: Downgrade to Starter, Current', () => {
    expect(planAction(live('creator'), 'starter')).toEqual({
      kind: 'downgrade',
      label: 'Downgrade to Starter',
      plan: 'starter',
    });
    expect(planAction(live('creator'), 'creator').kind).toBe('current');
  });

  it('a scheduled downgrade shows Scheduled on its target; a cancellation disables changes', () => {
    expect(planAction(live('creator', { nextScheduledPlan: 'starter' }), 'starter')).toEqual({
      kind: 'scheduled',
      label: 'Scheduled',
    });
    const cancelling = planAction(live('starter', { nextScheduledPlan: 'none' }), 'creator');
    expect(cancelling.kind).toBe('disabled');
    expect(cancelling.kind === 'disabled' && cancelling.reason).toMatch(/Resume/);
  });

  it('past_due still counts as live; a canceled status buys again through checkout', () => {
    expect(planAction(live('starter', { subscriptionStatus: 'past_due' }), 'creator').kind).toBe('upgrade');
    expect(planAction(live('starter', { subscriptionStatus: 'canceled' }), 'creator').kind).toBe('checkout');
  });

  it('a live plan without a billing subscription cannot be changed here', () => {
    expect(planAction(live('starter', { subscriptionId: null }), 'creator').kind).toBe('disabled');
    expect(planAction(live('starter', { subscriptionId: null }), 'starter').kind).toBe('current');
  });
});

describe('canCancelSubscription', () => {
  it('only a live Starter or Creator subscription with nothing scheduled', () => {
    expect(canCancelSubscription(live('starter'))).toBe(true);
    expect(canCancelSubscription(live('creator'))).toBe(true);
    expect(canCancelSubscription(live('creator', { nextScheduledPlan: 'starter' }))).toBe(false);
    expect(canCancelSubscription(live('starter', { nextScheduledPlan: 'none' }))).toBe(false);
    expect(canCancelSubscription(live('starter', { subscriptionStatus: 'canceled' }))).toBe(false);
    expect(canCancelSubscription({ currentPlan: 'trial', subscriptionStatus: 'none' })).toBe(false);
    expect(canCancelSubscription(live('starter', { subscriptionId: null }))).toBe(false);
    expect(canCancelSubscription(null)).toBe(false);
  });
});

describe('scheduledChange', () => {
  it('reads none as a cancellation and a plan as a downgrade', () => {
    expect(scheduledChange({ nextScheduledPlan: 'none', nextScheduledPlanDate: '2026-12-01T00:00:00Z' })).toEqual({
      kind: 'cancellation',
      date: '2026-12-01T00:00:00Z',
    });
    expect(scheduledChange({ nextScheduledPlan: 'starter', nextScheduledPlanDate: null })).toEqual({
      kind: 'downgrade',
      plan: 'starter',
      date: null,
    });
    expect(scheduledChange({ nextScheduledPlan: null })).toBeNull();
  });
});
