/**
 * The signed-in user's billing on in-memory collaborators: checkout refusals and our own record of the session,
 * the summary and credits views, cancellation, scheduled changes and plan changes with their 409 codes, the
 * upgrade's grant once per period.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { PLANS } from '../../shared/domain/plans';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { billingUseCases, portalUrl } from './billing-service';
import {
  aUser,
  balanceOf,
  billingState,
  billingStore,
  entriesOf,
  fakePayments,
  type BillingState,
  type FakePayments,
} from '../../test/support/in-memory-billing';

const now = new Date('2026-11-01T12:00:00.000Z');
let state: BillingState;
let payments: FakePayments;
let billing: ReturnType<typeof billingUseCases>;

beforeEach(() => {
  state = billingState();
  payments = fakePayments();
  billing = billingUseCases({
    store: billingStore(state, { profiles: 2, privateStyles: 3, publicStyles: 0 }),
    clock: () => now,
  });
});

async function refusal(p: Promise<unknown>): Promise<[number, string, string]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return [err.status, err.code, err.message];
    throw err;
  }
  return [200, '', ''];
}

function given(over: Partial<UserRecord> = {}): UserRecord {
  const u = aUser({ id: 'u1', ...over });
  state.users.set(u.id, u);
  return u;
}

/** A Starter subscriber (the provider's subscription and our user agree). */
function starter(over: Partial<UserRecord> = {}): UserRecord {
  payments.subscriptions.set('sub_1', {
    id: 'sub_1',
    status: 'active',
    customerId: 'cus_1',
    userId: 'u1',
    plan: 'starter',
    scheduledPlan: null,
    cancelAtPeriodEnd: false,
    currentPeriodStart: '2026-10-20T00:00:00.000Z',
    currentPeriodEnd: '2026-11-20T00:00:00.000Z',
  });
  return given({
    currentPlan: 'starter',
    subscriptionStatus: 'active',
    subscriptionId: 'sub_1',
    stripeCustomerId: 'cus_1',
    ...over,
  });
}

describe('checkout', () => {
  it('records what the session sells, to whom and for how much, and returns to the page it started from', async () => {
    const u = given();
    const out = await billing.startCheckout(payments, u, 'pack-150', 'https://fitly.example', '/credits');
    expect(out.sessionId).toBe('cs_test_1');
    expect(state.checkouts.get('cs_test_1')).toEqual({
      sessionId: 'cs_test_1',
      userId: 'u1',
      productType: 'pack-150',
      kind: 'pack',
      mode: 'payment',
      expectedAmount: 2599,
      currency: 'eur',
      status: 'open',
      createdAt: now.toISOString(),
    });
    expect(decodeURIComponent(out.checkoutUrl)).toContain('https://fitly.example/credits');
  });

  it('refuses a second trial and a second subscription with 409 and opens nothing', async () => {
    const trialUsed = given({ hasUsedTrial: true });
    expect(
      (await refusal(billing.startCheckout(payments, trialUsed, 'trial', 'https://f.example'))).slice(0, 2),
    ).toEqual([409, ERROR_CODES.billingTrialUsed]);
    const subscribed = starter();
    expect(
      (await refusal(billing.startCheckout(payments, subscribed, 'creator', 'https://f.example'))).slice(0, 2),
    ).toEqual([409, ERROR_CODES.billingAlreadySubscribed]);
    expect(payments.calls).toEqual([]);
    expect(state.checkouts.size).toBe(0);
  });
});

describe('views', () => {
  it('the summary counts usage and never shows a negative balance', async () => {
    const u = given({ currentPlan: 'creator', subscriptionStatus: 'active' });
    state.balances.set('u1', { trial: 0, monthly: -2, pack: 0, credits: -2 });
    expect(await billing.subscriptionSummary(u)).toMatchObject({
      currentPlan: 'creator',
      credits: 0,
      profilesUsed: 2,
      privateStylesUsed: 3,
      isTrialEligible: false,
      canPublish: false,
    });
    expect((await billing.subscriptionSummary(given())).isTrialEligible).toBe(true);
  });

  it('credits list only the pack lots still holding credits, soonest first, and when the monthly ones expire', async () => {
    const u = starter({ currentPeriodEnd: '2026-11-20T00:00:00.000Z' });
    state.balances.set('u1', { trial: 0, monthly: 10, pack: 5, credits: 15 });
    const lot = (lotKey: string, expiresAt: string, remaining: number) =>
      state.lots.set(`u1|${lotKey}`, {
        lotKey,
        userId: 'u1',
        amount: 30,
        remaining,
        expiresAt,
        causeId: lotKey,
        createdAt: now.toISOString(),
        expiredTotal: 0,
        revokedTotal: 0,
      });
    lot('b', '2027-06-01T00:00:00.000Z', 5);
    lot('a', '2027-01-01T00:00:00.000Z', 0);
    const view = await billing.creditsView(u);
    expect(view.packLots).toEqual([{ remaining: 5, amount: 30, expiresAt: '2027-06-01T00:00:00.000Z' }]);
    expect(view.monthlyExpiresAt).toBe('2026-11-20T00:00:00.000Z');
    expect(view.monthlyAllowance).toBe(PLANS.starter.credits);
  });

  it('a ledger page holds 1 to 200 entries (50 when the limit is missing, zero or not a number)', async () => {
    given();
    for (let i = 0; i < 230; i++)
      state.entries.set(`u1|e${i}`, {
        entryId: `e${i}`,
        userId: 'u1',
        kind: 'admin.adjust',
        bucket: 'trial',
        amount: 1,
        causeId: `c${i}`,
        note: null,
        createdAt: now.toISOString(),
      });
    const sizes = [];
    for (const limit of [undefined, 'abc', '0', '-5', '7', '500'])
      sizes.push((await billing.ledgerPage('u1', { limit })).items.length);
    expect(sizes).toEqual([50, 50, 50, 1, 7, 200]);
  });
});

describe('cancelling and scheduled changes', () => {
  it('cancels an active subscription at the period end and resumes it', async () => {
    const u = starter();
    const cancelled = await billing.cancelSubscription(payments, u);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, nextScheduledPlan: 'none', currentPlan: 'starter' });
    const resumed = await billing.cancelScheduledChange(payments, state.users.get('u1') ?? u);
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, nextScheduledPlan: null });
    expect(payments.calls).toEqual(['cancel-at-period-end sub_1', 'resume sub_1']);
  });

  it('refuses with 409 and its code: no subscription, a change already scheduled, nothing to cancel', async () => {
    const none = given();
    expect((await refusal(billing.cancelSubscription(payments, none))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingNoSubscription,
    ]);
    const scheduled = starter({ nextScheduledPlan: 'none' });
    expect((await refusal(billing.cancelSubscription(payments, scheduled))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingScheduledChange,
    ]);
    const plain = starter();
    expect((await refusal(billing.cancelScheduledChange(payments, plain))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingNoScheduledChange,
    ]);
    // an ended subscription is not active
    const ended = starter({ subscriptionStatus: 'canceled' });
    expect((await refusal(billing.changePlan(payments, ended, 'creator'))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingNoSubscription,
    ]);
    expect(payments.calls).toEqual([]);
  });
});

describe('plan changes', () => {
  it('an upgrade applies now and grants the difference of the allowances once per period', async () => {
    const u = starter();
    const out = await billing.changePlan(payments, u, 'creator', now);
    expect(out.currentPlan).toBe('creator');
    const diff = PLANS.creator.credits - PLANS.starter.credits;
    expect(entriesOf(state, 'u1')).toEqual([`upgrade.reconcile/monthly/${diff}`]);
    expect(balanceOf(state, 'u1').monthly).toBe(diff);
    // the same period's reconcile again (a retried request): recorded once, the plan write refused with it
    const sub = payments.subscriptions.get('sub_1');
    expect(sub && (await billing.grantUpgradeReconcile('u1', sub, 'starter', 'creator', now))).toBe(false);
    expect(entriesOf(state, 'u1')).toEqual([`upgrade.reconcile/monthly/${diff}`]);
    expect(payments.calls).toEqual(['change-now creator sub_1']);
  });

  it('a downgrade is scheduled for the period end and grants nothing; choosing the current plan drops it', async () => {
    payments.subscriptions.set('sub_1', {
      id: 'sub_1',
      status: 'active',
      customerId: 'cus_1',
      userId: 'u1',
      plan: 'creator',
      scheduledPlan: null,
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2026-10-20T00:00:00.000Z',
      currentPeriodEnd: '2026-11-20T00:00:00.000Z',
    });
    const u = given({ currentPlan: 'creator', subscriptionStatus: 'active', subscriptionId: 'sub_1' });
    const scheduled = await billing.changePlan(payments, u, 'starter', now);
    expect(scheduled).toMatchObject({
      currentPlan: 'creator',
      nextScheduledPlan: 'starter',
      nextScheduledPlanDate: '2026-11-20T00:00:00.000Z',
    });
    expect(entriesOf(state, 'u1')).toEqual([]);
    const back = await billing.changePlan(payments, state.users.get('u1') ?? u, 'creator', now);
    expect(back).toMatchObject({ currentPlan: 'creator', nextScheduledPlan: null });
    expect(payments.calls).toEqual(['change-period_end starter sub_1', 'cancel-scheduled sub_1']);
  });

  it('refuses the current plan, and any change while the subscription is set to cancel', async () => {
    const u = starter();
    expect(await refusal(billing.changePlan(payments, u, 'starter'))).toEqual([
      409,
      ERROR_CODES.billingSamePlan,
      'You are already on the Starter plan.',
    ]);
    const cancelling = starter({ nextScheduledPlan: 'none' });
    expect((await refusal(billing.changePlan(payments, cancelling, 'creator'))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingScheduledChange,
    ]);
    expect(payments.calls).toEqual([]);
  });

  it('answers 404 when the user item is gone by the time the plan is written, and writes nothing', async () => {
    const u = starter();
    const sub = payments.subscriptions.get('sub_1');
    state.users.delete('u1');
    expect((await refusal(billing.cancelSubscription(payments, u))).slice(0, 2)).toEqual([404, ERROR_CODES.notFound]);
    expect(
      sub && (await refusal(billing.grantUpgradeReconcile('u1', sub, 'starter', 'creator', now))).slice(0, 2),
    ).toEqual([404, ERROR_CODES.notFound]);
    expect(entriesOf(state, 'u1')).toEqual([]);
  });

  it('the portal needs a billing account (409 otherwise)', async () => {
    expect((await refusal(portalUrl(payments, given(), 'https://f.example'))).slice(0, 2)).toEqual([
      409,
      ERROR_CODES.billingNoCustomer,
    ]);
    expect((await portalUrl(payments, starter(), 'https://f.example')).url).toContain(
      'return=https://f.example/subscription',
    );
  });
});
