import { describe, expect, it } from 'vitest';
import {
  monthlyPlanForPrice,
  packExpiry,
  planChangeKind,
  productInfo,
  purchaseBlocker,
  upgradeReconcileCredits,
} from './plans';
import { planLotConsumption, renewalAmounts } from './ledger';

describe('billing rules', () => {
  it('products: payment mode for the trial and packs, subscription mode for plans, prices from PLANS and PACKS', () => {
    expect(productInfo('trial')).toMatchObject({ mode: 'payment', priceCents: 100, credits: 12, bucket: 'trial' });
    expect(productInfo('starter')).toMatchObject({
      mode: 'subscription',
      priceCents: 699,
      credits: 30,
      interval: 'month',
    });
    expect(productInfo('pack-300')).toMatchObject({ mode: 'payment', priceCents: 4500, credits: 300, bucket: 'pack' });
    expect(monthlyPlanForPrice(1499)).toBe('creator');
    expect(monthlyPlanForPrice(100)).toBeNull();
  });
  it('the trial only once; no second subscription', () => {
    expect(purchaseBlocker({ hasUsedTrial: true }, 'trial')).toMatch(/only once/);
    expect(purchaseBlocker({ hasUsedTrial: false, currentPlan: 'none' }, 'trial')).toBeNull();
    expect(purchaseBlocker({ currentPlan: 'starter', subscriptionStatus: 'active' }, 'creator')).toMatch(
      /Change your plan/,
    );
    expect(purchaseBlocker({ currentPlan: 'starter', subscriptionStatus: 'canceled' }, 'creator')).toBeNull();
    expect(
      purchaseBlocker({ currentPlan: 'creator', subscriptionStatus: 'active', hasUsedTrial: true }, 'pack-30'),
    ).toBeNull();
  });
  it('plan changes and reconciliation', () => {
    expect(planChangeKind('starter', 'creator')).toBe('upgrade');
    expect(planChangeKind('creator', 'starter')).toBe('downgrade');
    expect(upgradeReconcileCredits('starter', 'creator')).toBe(30);
  });
  it('renewal caps the monthly bucket at 3x', () => {
    expect(renewalAmounts(0, 30, 90)).toEqual({ grant: 30, capped: 0 });
    expect(renewalAmounts(90, 30, 90)).toEqual({ grant: 30, capped: 30 });
    expect(renewalAmounts(170, 60, 180)).toEqual({ grant: 60, capped: 50 });
  });
  it('packs expire 12 months after purchase (month ends clamped) and lots are spent soonest-expiring first', () => {
    expect(packExpiry(new Date('2026-02-15T10:00:00Z')).toISOString()).toBe('2027-02-15T10:00:00.000Z');
    expect(packExpiry(new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    const lots = [
      { lotKey: 'b', remaining: 5, expiresAt: '2027-06-01' },
      { lotKey: 'a', remaining: 2, expiresAt: '2027-01-01' },
    ];
    expect(planLotConsumption(lots, 4)).toEqual([
      { lotKey: 'a', take: 2 },
      { lotKey: 'b', take: 2 },
    ]);
    expect(planLotConsumption(lots, 8)).toBeNull();
  });
});
