/**
 * Subscriptions: monthly credits once per paid invoice (`grant.monthly:<invoice id>`, with
 * `rollover.cap:<invoice id>`), the user's plan fields synced from the subscription as it is now (re-read from
 * the payments adapter, never taken from the event body, so late or reordered deliveries converge), the monthly
 * bucket expiring once when a subscription ends (`expire:sub-end:<subscription id>`), and at most one live
 * subscription (a second one is ended at once and its first invoice refunded).
 */
import type Stripe from 'stripe';
import {
  isLiveSubscriptionStatus,
  monthlyAllowance,
  PLANS,
  rolloverCapOf,
  type PlanId,
} from '../../shared/domain/plans';
import { ledgerEntryId, moneyMeta, renewalAmounts } from '../../shared/domain/ledger';
import type { LedgerWrite } from '../../shared/repositories/ledger-repository';
import type { UserPatch, UserRecord } from '../../shared/repositories/user-repository';
import type { BillingIntent } from '../../shared/repositories/billing-repository';
import type { SubscriptionView } from './payments/types';
import { invoicePaymentRefs, invoicePlan, invoiceSubscriptionId } from './payments/stripe-objects';
import {
  ENDED_STATUSES,
  ignored,
  otherLiveSubscription,
  ownerOf,
  refused,
  witnessed,
  type Effect,
  type EffectContext,
  type Witness,
} from './stripe-effect';

/** invoice.paid: the period's monthly credits (first month or renewal), or a sync for any other invoice. */
export async function invoicePaidEffect(ctx: EffectContext, inv: Stripe.Invoice): Promise<Effect> {
  const { store, payments } = ctx;
  const subId = invoiceSubscriptionId(inv);
  if (!subId) return ignored('not a subscription invoice');
  let sub = await payments.retrieveSubscription(subId);
  if (!sub) return refused(`subscription ${subId} unknown to the payments provider`, { invoiceId: inv.id });
  const userId = await ownerOf(store, sub, null);
  if (!userId) return refused(`no owner for subscription ${subId}`, { invoiceId: inv.id });
  const owner = await store.getUser(userId);
  if (!owner) return refused('unknown user', { invoiceId: inv.id, userId });
  if (otherLiveSubscription(owner, subId)) {
    // a second subscription paid while another is live: nothing granted, ended at once and refunded
    return refused(
      `second live subscription ${subId} next to ${owner.subscriptionId}`,
      { invoiceId: inv.id, userId },
      {
        before: [
          () => payments.cancelSubscriptionNow(subId),
          ...invoicePaymentRefs(inv)
            .slice(0, 1)
            .map((ref) => () => payments.refundPayment(ref, `refund:${inv.id}`)),
        ],
      },
    );
  }
  const reason = inv.billing_reason;
  if (reason !== 'subscription_create' && reason !== 'subscription_cycle')
    return subscriptionSyncEffect(ctx, subId, userId);
  const plan = invoicePlan(inv) ?? sub.plan;
  if (!plan) throw new Error(`invoice ${inv.id}: no plan`);
  if (!isLiveSubscriptionStatus(sub.status)) {
    // paid for a period of a subscription that has since ended: its monthly credits would already be expired
    const synced = await subscriptionSyncEffect(ctx, subId, userId);
    return { ...synced, outcome: `no grant: subscription ${sub.status}` };
  }
  if (reason === 'subscription_cycle' && sub.scheduledPlan === plan)
    sub = await payments.applyScheduledPlan(subId, plan);
  const balance = await store.getBalance(userId);
  const allowance = monthlyAllowance(plan);
  const { grant, capped } = renewalAmounts(balance.monthly, allowance, rolloverCapOf(plan)!);
  const entryId = ledgerEntryId('grant.monthly', inv.id);
  const write: LedgerWrite = {
    userId,
    entries: [
      {
        kind: 'grant.monthly',
        bucket: 'monthly',
        amount: grant,
        causeId: inv.id,
        note: `${PLANS[plan].name} ${reason === 'subscription_create' ? 'first month' : 'renewal'}`,
        meta: { invoiceId: inv.id, subscriptionId: subId, ...moneyMeta(inv.amount_paid, inv.currency) },
      },
      ...(capped > 0
        ? [
            {
              kind: 'rollover.cap' as const,
              bucket: 'monthly' as const,
              amount: -capped,
              causeId: inv.id,
              note: `Rollover capped at ${rolloverCapOf(plan)}`,
            },
          ]
        : []),
    ],
    expect: { monthly: balance.monthly },
  };
  const sync = await subscriptionSyncParts(ctx, sub, userId, null, { skipExpire: true });
  return {
    outcome: `granted ${grant} monthly${capped ? `, capped ${capped}` : ''}`,
    userId,
    write,
    intents: [
      {
        kind: 'payment-grant',
        refs: invoicePaymentRefs(inv),
        grant: { userId, entryId, bucket: 'monthly', amount: grant, lotKey: null },
      },
      ...sync.intents,
    ],
    witness: { userId, entryId },
  };
}

/** The user's plan fields for the subscription as it is now (null: leave the user alone). */
export function planFieldsFor(user: Pick<UserRecord, 'subscriptionId'>, sub: SubscriptionView): UserPatch | null {
  if (isLiveSubscriptionStatus(sub.status) && sub.plan) {
    const scheduled: PlanId | null = sub.cancelAtPeriodEnd ? 'none' : sub.scheduledPlan;
    return {
      currentPlan: sub.plan,
      subscriptionStatus: sub.status,
      subscriptionId: sub.id,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      nextScheduledPlan: scheduled,
      nextScheduledPlanDate: scheduled ? sub.currentPeriodEnd : null,
      ...(sub.customerId ? { stripeCustomerId: sub.customerId } : {}),
    };
  }
  if (ENDED_STATUSES.includes(sub.status)) {
    // an old subscription ending must not clobber a newer one
    if (user.subscriptionId && user.subscriptionId !== sub.id) return null;
    return {
      currentPlan: 'none',
      subscriptionStatus: sub.status,
      subscriptionId: sub.id,
      cancelAtPeriodEnd: false,
      nextScheduledPlan: null,
      nextScheduledPlanDate: null,
    };
  }
  return null; // incomplete: the first payment has not gone through
}

interface SyncParts {
  intents: BillingIntent[];
  write?: LedgerWrite;
  witness?: Witness;
  outcome: string;
  secondLive?: boolean;
}

async function subscriptionSyncParts(
  ctx: EffectContext,
  sub: SubscriptionView,
  userId: string,
  customerId: string | null,
  opts: { skipExpire?: boolean } = {},
): Promise<SyncParts> {
  const { store } = ctx;
  const user = await store.getUser(userId);
  if (!user) return { intents: [], outcome: refused('unknown user', { subscriptionId: sub.id, userId }).outcome };
  if (isLiveSubscriptionStatus(sub.status) && otherLiveSubscription(user, sub.id))
    return {
      intents: [],
      outcome: refused(`second live subscription ${sub.id} next to ${user.subscriptionId}`, {
        subscriptionId: sub.id,
        userId,
      }).outcome,
      secondLive: true,
    };
  const intents: BillingIntent[] = [{ kind: 'subscription-owner', subscriptionId: sub.id, userId }];
  const fields = planFieldsFor(user, sub);
  if (fields) {
    // at most one live subscription, checked in the same write: the stored one is this one, none, or ended
    const guard = isLiveSubscriptionStatus(sub.status) ? { liveSubscription: sub.id } : {};
    intents.push({
      kind: 'user-fields',
      userId,
      fields: { ...(customerId && !user.stripeCustomerId ? { stripeCustomerId: customerId } : {}), ...fields },
      guard,
    });
  }
  let write: LedgerWrite | undefined;
  let witness: Witness | undefined;
  let outcome = fields ? `synced ${sub.status} ${sub.plan ?? ''}`.trim() : `no change (${sub.status})`;
  if (fields && ENDED_STATUSES.includes(sub.status) && !opts.skipExpire) {
    const causeId = `sub-end:${sub.id}`;
    witness = { userId, entryId: ledgerEntryId('expire', causeId) };
    const balance = await store.getBalance(userId);
    if (balance.monthly > 0 && !(await witnessed(store, witness))) {
      write = {
        userId,
        entries: [
          {
            kind: 'expire',
            bucket: 'monthly',
            amount: -balance.monthly,
            causeId,
            note: 'Subscription ended: monthly credits expire',
          },
        ],
        expect: { monthly: balance.monthly },
      };
      outcome += `, expired ${balance.monthly} monthly`;
    } else witness = undefined;
  }
  return { intents, write, witness, outcome };
}

/** The user's plan synced from the subscription as the payments adapter has it now. */
export async function subscriptionSyncEffect(
  ctx: EffectContext,
  subId: string,
  userHint: string | null,
  customerId: string | null = null,
): Promise<Effect> {
  const { store, payments } = ctx;
  const sub = await payments.retrieveSubscription(subId);
  if (!sub) return ignored(`subscription ${subId} not found`);
  const userId = await ownerOf(store, sub, userHint);
  if (!userId) return refused(`no owner for subscription ${subId}`, { subscriptionId: subId });
  const parts = await subscriptionSyncParts(ctx, sub, userId, customerId);
  // a second live subscription is ended at once (its first invoice is refunded when invoice.paid arrives)
  const before = parts.secondLive ? [() => payments.cancelSubscriptionNow(subId)] : undefined;
  return { outcome: parts.outcome, userId, intents: parts.intents, write: parts.write, witness: parts.witness, before };
}
