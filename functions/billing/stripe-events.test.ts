/**
 * Applying Stripe events on in-memory collaborators (test/support/in-memory-billing.ts): each event's effect is
 * written once with its APPLIED marker, a cause is carried once whichever event brings it, late and reordered
 * deliveries converge on the provider's current state, refunds revoke only what is left, and our own checkout
 * record decides who gets what. The emulator suites (billing, security-billing, ledger-property) keep the real
 * transactions, races and the signed HTTP route.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { PACKS, PLANS, productInfo, type MonthlyPlanId, type ProductType } from '../../shared/domain/plans';
import { stripeEvent } from './payments/stripe-objects';
import type { SubscriptionView } from './payments/types';
import { checkoutKindOf } from './stripe-checkout-effect';
import { stripeEventUseCases } from './stripe-events';
import { sdkEvent } from '../../test/support/stripe-sdk-event';
import {
  aUser,
  balanceOf,
  billingState,
  entriesOf,
  fakePayments,
  stripeStore,
  type BillingState,
  type FakePayments,
} from '../../test/support/in-memory-billing';

const now = new Date('2026-11-01T12:00:00.000Z');
let state: BillingState;
let payments: FakePayments;
let apply: (event: Stripe.Event) => Promise<string>;

beforeEach(() => {
  state = billingState();
  payments = fakePayments();
  state.users.set('u1', aUser({ id: 'u1' }));
  const uc = stripeEventUseCases({ store: stripeStore(state), payments });
  apply = (event) => uc.applyStripeEvent(event, now);
});

const event = (id: string, type: string, object: Record<string, unknown>) =>
  sdkEvent(stripeEvent(id, type, object, now));

/** A checkout we opened (our record) and the provider's session, paid unless told otherwise. */
function openCheckout(
  sessionId: string,
  productType: ProductType,
  opts: { userId?: string; paid?: boolean; amount?: number; subscriptionId?: string } = {},
) {
  const p = productInfo(productType);
  const userId = opts.userId ?? 'u1';
  state.checkouts.set(sessionId, {
    sessionId,
    userId,
    productType,
    kind: checkoutKindOf(productType),
    mode: p.mode,
    expectedAmount: p.priceCents,
    currency: 'eur',
    status: 'open',
    createdAt: now.toISOString(),
  });
  const paid = opts.paid ?? true;
  payments.sessions.set(sessionId, {
    id: sessionId,
    status: paid ? 'complete' : 'open',
    paymentStatus: paid ? 'paid' : 'unpaid',
    amountTotal: opts.amount ?? p.priceCents,
    currency: 'eur',
    userId,
    productType,
    subscriptionId: opts.subscriptionId ?? null,
    paymentIntentId: `pi_${sessionId}`,
  });
}

/** The event body of a checkout session (as Stripe sends it; only our record is trusted). */
const session = (sessionId: string, productType: ProductType, over: Record<string, unknown> = {}) => ({
  id: sessionId,
  object: 'checkout.session',
  mode: productInfo(productType).mode,
  payment_status: 'paid',
  client_reference_id: 'u1',
  metadata: { userId: 'u1', productType },
  amount_total: productInfo(productType).priceCents,
  currency: 'eur',
  payment_intent: `pi_${sessionId}`,
  customer: 'cus_1',
  ...over,
});

const completed = (sessionId: string, productType: ProductType, over: Record<string, unknown> = {}) =>
  event(`evt_${sessionId}_completed`, 'checkout.session.completed', session(sessionId, productType, over));

/** The provider's subscription as it is now. */
function subscription(id: string, plan: MonthlyPlanId, over: Partial<SubscriptionView> = {}) {
  payments.subscriptions.set(id, {
    id,
    status: 'active',
    customerId: 'cus_1',
    userId: 'u1',
    plan,
    scheduledPlan: null,
    cancelAtPeriodEnd: false,
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    ...over,
  });
}

const invoicePaid = (invoiceId: string, subId: string, plan: MonthlyPlanId, reason = 'subscription_create') =>
  event(`evt_${invoiceId}_paid`, 'invoice.paid', {
    id: invoiceId,
    object: 'invoice',
    billing_reason: reason,
    subscription: subId,
    payment_intent: `pi_${invoiceId}`,
    amount_paid: PLANS[plan].priceCents,
    currency: 'eur',
    lines: { data: [{ price: { unit_amount: PLANS[plan].priceCents } }] },
  });

const subscriptionEvent = (id: string, type: string, subId: string) =>
  event(id, type, { id: subId, object: 'subscription', metadata: { userId: 'u1' } });

const refunded = (eventId: string, paymentIntent: string, amount: number, refundedAmount: number) =>
  event(eventId, 'charge.refunded', {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount,
    amount_refunded: refundedAmount,
    currency: 'eur',
  });

/** Spend `n` credits of the user's pack lot (as a generation would: bucket and lot together). */
function spendPack(n: number) {
  const b = balanceOf(state, 'u1');
  state.balances.set('u1', { ...b, pack: b.pack - n, credits: b.credits - n });
  for (const lot of state.lots.values()) lot.remaining -= n;
}

const user = () => state.users.get('u1');

describe('one-time purchases', () => {
  it('grants a pack once: a repeated delivery is a duplicate, the same session by another event is already applied', async () => {
    openCheckout('cs_1', 'pack-30');
    expect(await apply(completed('cs_1', 'pack-30'))).toBe('applied');
    expect(await apply(completed('cs_1', 'pack-30'))).toBe('duplicate');
    const async = event('evt_cs_1_async', 'checkout.session.async_payment_succeeded', session('cs_1', 'pack-30'));
    expect(await apply(async)).toBe('already-applied');

    expect(entriesOf(state, 'u1')).toEqual([`grant.pack/pack/${PACKS['pack-30'].credits}`]);
    expect(balanceOf(state, 'u1')).toMatchObject({ pack: 30, credits: 30 });
    expect([...state.lots.values()].map((l) => [l.amount, l.remaining])).toEqual([[30, 30]]);
    expect(state.checkouts.get('cs_1')?.status).toBe('complete');
    expect(state.grants.get('pi_cs_1')).toMatchObject({ userId: 'u1', bucket: 'pack', amount: 30, revoked: 0 });
    // both events are recorded as received and as applied; the payment's expected grant is named for reconciliation
    expect([...state.applied.keys()].sort()).toEqual(['evt_cs_1_async', 'evt_cs_1_completed']);
    expect(state.received.get('evt_cs_1_completed')?.expectedEntryId).toBe('grant.pack:cs_1');
  });

  it('waits for the payment: an unpaid session grants nothing until async_payment_succeeded arrives', async () => {
    openCheckout('cs_1', 'pack-30', { paid: false });
    expect(await apply(completed('cs_1', 'pack-30', { payment_status: 'unpaid' }))).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual([]);
    expect(state.checkouts.get('cs_1')?.status).toBe('open');

    openCheckout('cs_1', 'pack-30', { paid: true });
    const paid = event('evt_cs_1_async', 'checkout.session.async_payment_succeeded', session('cs_1', 'pack-30'));
    expect(await apply(paid)).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual(['grant.pack/pack/30']);
  });

  it('grants the trial once ever: a second paid trial is refused and refunded, the other open trial sessions expire', async () => {
    openCheckout('cs_1', 'trial');
    openCheckout('cs_2', 'trial');
    openCheckout('cs_3', 'trial');
    expect(await apply(completed('cs_1', 'trial'))).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual([`grant.trial/trial/${PLANS.trial.credits}`]);
    expect(user()).toMatchObject({ hasUsedTrial: true, currentPlan: 'trial', stripeCustomerId: 'cus_1' });
    // the other open trial sessions are expired, ours first, then at the provider
    expect(state.checkouts.get('cs_2')?.status).toBe('expired');
    expect(payments.calls).toEqual(['expire cs_2', 'expire cs_3']);

    // cs_2 was paid before it could expire: refused, refunded, recorded, nothing granted
    openCheckout('cs_2', 'trial');
    expect(await apply(completed('cs_2', 'trial'))).toBe('applied');
    expect(payments.calls).toContain('refund pi_cs_2 refund:cs_2');
    expect(state.applied.get('evt_cs_2_completed')?.outcome).toBe('refused: trial already used');
    expect(state.checkouts.get('cs_2')?.status).toBe('refused');
    expect(entriesOf(state, 'u1')).toEqual(['grant.trial/trial/12']);
  });

  it('fulfils only from our own record: another user, another product, another amount or an unknown session grant nothing', async () => {
    state.users.set('u2', aUser({ id: 'u2' }));
    openCheckout('cs_other_user', 'pack-30');
    openCheckout('cs_other_product', 'trial');
    openCheckout('cs_provider_amount', 'pack-300', { amount: 100 });
    openCheckout('cs_event_amount', 'pack-300');
    openCheckout('cs_event_currency', 'pack-300');
    const cases = [
      completed('cs_other_user', 'pack-30', { client_reference_id: 'u2', metadata: { userId: 'u2' } }),
      completed('cs_other_product', 'trial', { metadata: { userId: 'u1', productType: 'pack-300' } }),
      completed('cs_provider_amount', 'pack-300'),
      completed('cs_event_amount', 'pack-300', { amount_total: 100 }),
      completed('cs_event_currency', 'pack-300', { currency: 'usd' }),
      completed('cs_never_opened', 'pack-30'),
    ];
    for (const e of cases) expect(await apply(e)).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual([]);
    expect(entriesOf(state, 'u2')).toEqual([]);
    expect([...state.applied.values()].map((a) => a.outcome.split(':')[0])).toEqual(
      Array.from({ length: 6 }, () => 'refused'),
    );
    // a paid amount that is not ours closes the session as refused (it can never be fulfilled later)
    for (const id of ['cs_provider_amount', 'cs_event_amount', 'cs_event_currency'])
      expect(state.checkouts.get(id)?.status).toBe('refused');
    expect(state.applied.get('evt_cs_never_opened_completed')?.outcome).toBe('refused: unknown checkout session');
  });

  it('answers ignored for an event type it does not handle, and records it as applied', async () => {
    expect(await apply(event('evt_x', 'customer.created', { id: 'cus_1', object: 'customer' }))).toBe('ignored');
    expect(state.applied.get('evt_x')?.outcome).toBe('ignored');
  });
});

describe('subscriptions', () => {
  it('grants the monthly allowance once per invoice and syncs the plan from the provider', async () => {
    subscription('sub_1', 'starter');
    expect(await apply(invoicePaid('in_1', 'sub_1', 'starter'))).toBe('applied');
    expect(await apply(invoicePaid('in_1', 'sub_1', 'starter'))).toBe('duplicate');
    // the same invoice under another event id: the grant entry witnesses that its cause was carried
    const again = invoicePaid('in_1', 'sub_1', 'starter');
    expect(await apply({ ...again, id: 'evt_in_1_paid_again' })).toBe('already-applied');
    expect(state.applied.get('evt_in_1_paid_again')?.outcome).toMatch(/^already-applied \(granted 30 monthly/);
    expect(entriesOf(state, 'u1')).toEqual([`grant.monthly/monthly/${PLANS.starter.credits}`]);
    expect(user()).toMatchObject({ currentPlan: 'starter', subscriptionStatus: 'active', subscriptionId: 'sub_1' });
    expect(state.owners.get('sub_1')).toBe('u1');
  });

  it('a renewal caps the rollover at the plan cap and applies a scheduled downgrade', async () => {
    subscription('sub_1', 'creator');
    await apply(invoicePaid('in_1', 'sub_1', 'creator'));
    // 60 granted; earlier months rolled over: the monthly bucket holds 170 (the cap is 180)
    state.balances.set('u1', { ...balanceOf(state, 'u1'), monthly: 170, credits: 170 });
    subscription('sub_1', 'creator', { scheduledPlan: 'starter' });
    expect(await apply(invoicePaid('in_2', 'sub_1', 'starter', 'subscription_cycle'))).toBe('applied');
    // starter: +30, capped at 90
    expect(entriesOf(state, 'u1')).toEqual([
      'grant.monthly/monthly/30',
      'grant.monthly/monthly/60',
      'rollover.cap/monthly/-110',
    ]);
    expect(balanceOf(state, 'u1').monthly).toBe(90);
    expect(payments.calls).toEqual(['apply-scheduled sub_1']);
    expect(user()).toMatchObject({ currentPlan: 'starter', nextScheduledPlan: null });
  });

  it('a cancellation expires the monthly credits once, whichever event reports the end', async () => {
    subscription('sub_1', 'starter');
    await apply(invoicePaid('in_1', 'sub_1', 'starter'));
    subscription('sub_1', 'starter', { status: 'canceled' });
    expect(await apply(subscriptionEvent('evt_deleted', 'customer.subscription.deleted', 'sub_1'))).toBe('applied');
    expect(await apply(subscriptionEvent('evt_updated', 'customer.subscription.updated', 'sub_1'))).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual(['expire/monthly/-30', 'grant.monthly/monthly/30']);
    expect(balanceOf(state, 'u1')).toMatchObject({ monthly: 0, credits: 0 });
    expect(user()).toMatchObject({ currentPlan: 'none', subscriptionStatus: 'canceled' });
  });

  it('out of order: a first invoice delivered after the subscription ended grants nothing', async () => {
    subscription('sub_1', 'starter', { status: 'canceled' });
    state.owners.set('sub_1', 'u1');
    expect(await apply(subscriptionEvent('evt_deleted', 'customer.subscription.deleted', 'sub_1'))).toBe('applied');
    expect(await apply(invoicePaid('in_1', 'sub_1', 'starter'))).toBe('applied');
    expect(state.applied.get('evt_in_1_paid')?.outcome).toBe('no grant: subscription canceled');
    expect(entriesOf(state, 'u1')).toEqual([]);
    expect(user()?.currentPlan).toBe('none');
  });

  it('a second live subscription is ended at once and its invoice refunded; nothing is granted', async () => {
    subscription('sub_1', 'starter');
    await apply(invoicePaid('in_1', 'sub_1', 'starter'));
    subscription('sub_2', 'creator');
    expect(await apply(invoicePaid('in_2', 'sub_2', 'creator'))).toBe('applied');
    expect(payments.calls).toEqual(['cancel-now sub_2', 'refund in_2 refund:in_2']);
    expect(entriesOf(state, 'u1')).toEqual(['grant.monthly/monthly/30']);
    expect(user()).toMatchObject({ currentPlan: 'starter', subscriptionId: 'sub_1' });
  });

  it('rebuilds the effect from fresh reads when its optimistic write lost a race', async () => {
    subscription('sub_1', 'starter');
    await apply(invoicePaid('in_1', 'sub_1', 'starter'));
    // a generation spends 10 monthly credits between the renewal's read and its write
    state.beforeNextWrite = () => {
      const b = balanceOf(state, 'u1');
      state.balances.set('u1', { ...b, monthly: b.monthly - 10, credits: b.credits - 10 });
    };
    expect(await apply(invoicePaid('in_2', 'sub_1', 'starter', 'subscription_cycle'))).toBe('applied');
    expect(balanceOf(state, 'u1').monthly).toBe(50);
    expect(entriesOf(state, 'u1')).toEqual(['grant.monthly/monthly/30', 'grant.monthly/monthly/30']);
  });
});

describe('refunds and disputes', () => {
  it('revoke only the unspent credits of a refunded pack, once, recording the shortfall', async () => {
    openCheckout('cs_1', 'pack-30');
    await apply(completed('cs_1', 'pack-30'));
    spendPack(12);
    const price = PACKS['pack-30'].priceCents;
    expect(await apply(refunded('evt_refund', 'pi_cs_1', price, price))).toBe('applied');
    expect(await apply(refunded('evt_refund_again', 'pi_cs_1', price, price))).toBe('applied');
    expect(state.applied.get('evt_refund_again')?.outcome).toBe('ignored: already revoked');

    expect(entriesOf(state, 'u1')).toEqual(['grant.pack/pack/30', 'revoke.refund/pack/-18']);
    expect(balanceOf(state, 'u1')).toMatchObject({ pack: 0, credits: 0 });
    expect([...state.lots.values()].map((l) => [l.remaining, l.revokedTotal])).toEqual([[0, 18]]);
    const entry = [...state.entries.values()].find((e) => e.kind === 'revoke.refund');
    expect(entry?.note).toBe('Refund: 12 credits were already spent');
    expect(entry?.meta).toMatchObject({ requested: 30, shortfall: 12 });
    expect(state.grants.get('pi_cs_1')?.revoked).toBe(30);
  });

  it('a refunded trial whose credits were all spent removes nothing and still records the refund', async () => {
    openCheckout('cs_1', 'trial');
    await apply(completed('cs_1', 'trial'));
    state.balances.set('u1', { ...balanceOf(state, 'u1'), trial: 0, credits: 0 });
    expect(await apply(refunded('evt_refund', 'pi_cs_1', 100, 100))).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual(['grant.trial/trial/12', 'revoke.refund/trial/0']);
    expect(balanceOf(state, 'u1').trial).toBe(0);
  });

  it('a partial refund revokes its share (rounded up), a later full refund the rest', async () => {
    subscription('sub_1', 'starter');
    await apply(invoicePaid('in_1', 'sub_1', 'starter'));
    const price = PLANS.starter.priceCents;
    expect(await apply(refunded('evt_half', 'pi_in_1', price, Math.floor(price / 2)))).toBe('applied');
    expect(balanceOf(state, 'u1').monthly).toBe(15);
    expect(await apply(refunded('evt_full', 'pi_in_1', price, price))).toBe('applied');
    expect(entriesOf(state, 'u1')).toEqual([
      'grant.monthly/monthly/30',
      'revoke.refund/monthly/-15',
      'revoke.refund/monthly/-15',
    ]);
    expect(balanceOf(state, 'u1').monthly).toBe(0);
  });

  it('a dispute revokes the whole grant; a refund of a payment that granted nothing is ignored', async () => {
    openCheckout('cs_1', 'pack-30');
    await apply(completed('cs_1', 'pack-30'));
    const dispute = event('evt_dispute', 'charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: 'pi_cs_1',
      amount: 599,
      currency: 'eur',
    });
    expect(await apply(dispute)).toBe('applied');
    expect(balanceOf(state, 'u1').pack).toBe(0);
    expect(await apply(refunded('evt_other', 'pi_unknown', 500, 500))).toBe('applied');
    expect(state.applied.get('evt_other')?.outcome).toBe('ignored: no grant for this payment');
  });
});
