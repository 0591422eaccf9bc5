import { describe, expect, it } from 'vitest';
import { creditCount, creditWord, hasPriorityQueue, PACKS, PLANS, planFeatures } from './plans';

describe('credits counted in words (issue 39)', () => {
  it('one credit, never "1 credits"; thousands separated', () => {
    expect(creditCount(1)).toBe('1 credit');
    expect(creditCount(0)).toBe('0 credits');
    expect(creditCount(2)).toBe('2 credits');
    expect(creditCount(1234)).toBe('1,234 credits');
    expect(creditWord(1)).toBe('credit');
    expect(creditWord(1, true)).toBe('credits');
    expect(creditWord(undefined)).toBe('credits');
  });
});

describe('plan rules written once', () => {
  it('feature texts follow the numbers and flags', () => {
    const changed = {
      ...PLANS.starter,
      credits: 40,
      rolloverCap: 120,
      limits: { photoProfiles: 7, privateStyles: 25, publicStyles: 0 },
      priorityProcessing: true,
      advancedControls: true,
    };
    expect(planFeatures(changed)).toEqual([
      '40 credits every month',
      'Unused credits roll over (up to 120)',
      '7 photo profiles',
      '25 private styles',
      'Priority processing',
      'Advanced controls',
    ]);
    expect(PLANS.trial.features).toEqual([
      '12 credits, one time',
      '2 photo profiles',
      '2 private styles',
      'Standard processing',
      'Basic controls',
    ]);
    expect(PLANS.creator.features).toContain(`Unused credits roll over (up to ${PLANS.creator.rolloverCap})`);
  });

  it('priority processing comes from the plan flag (or the influencer programme)', () => {
    for (const p of ['trial', 'starter', 'creator'] as const)
      expect(hasPriorityQueue({ currentPlan: p })).toBe(PLANS[p].priorityProcessing);
    expect(hasPriorityQueue({ currentPlan: 'none' })).toBe(false);
    expect(hasPriorityQueue({ currentPlan: 'starter', isInfluencer: true })).toBe(true);
  });

  it('packs carry their credits', () => {
    expect(Object.values(PACKS).map((p) => [p.id, p.credits])).toEqual([
      ['pack-30', 30],
      ['pack-150', 150],
      ['pack-300', 300],
    ]);
  });
});
