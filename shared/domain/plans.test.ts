import { describe, expect, it } from 'vitest';
import { formatCredits, formatEur, limitsFor, hasPriorityQueue, PLANS, PACKS } from './plans';

describe('plans', () => {
  it('has the spec prices, credits and rollover caps', () => {
    expect([PLANS.trial.priceCents, PLANS.starter.priceCents, PLANS.creator.priceCents]).toEqual([100, 699, 1499]);
    expect([PLANS.trial.credits, PLANS.starter.credits, PLANS.creator.credits]).toEqual([12, 30, 60]);
    expect([PLANS.starter.rolloverCap, PLANS.creator.rolloverCap]).toEqual([90, 180]);
    expect(Object.values(PACKS).map((p) => [p.credits, p.priceCents])).toEqual([[30, 599], [150, 2599], [300, 4500]]);
  });
  it('derives limits per plan, with Creator limits and 120 public styles for influencers', () => {
    expect(limitsFor({ currentPlan: 'none' }).photoProfiles).toBe(1);
    expect(limitsFor({ currentPlan: 'trial' })).toEqual({ photoProfiles: 2, privateStyles: 2, publicStyles: 0 });
    expect(limitsFor({ currentPlan: 'starter', isInfluencer: true })).toEqual({ photoProfiles: 12, privateStyles: 60, publicStyles: 120 });
    expect(hasPriorityQueue({ currentPlan: 'starter' })).toBe(false);
    expect(hasPriorityQueue({ currentPlan: 'starter', isInfluencer: true })).toBe(true);
  });
  it('formats credits and prices for display', () => {
    expect(formatCredits(1234567)).toBe('1,234,567');
    expect(formatCredits(undefined)).toBe('0');
    expect(formatCredits(3, true)).toBe('999,999,999');
    expect(formatEur(699)).toBe('€6.99');
  });
});
