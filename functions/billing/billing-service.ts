/**
 * Billing for the signed-in user: checkout, the subscription summary, credits and ledger, cancellation,
 * plan changes and the customer portal. Credits are never granted here from a redirect: purchases are
 * fulfilled by the webhook (stripe-events.ts). The one grant made here is the upgrade reconciliation,
 * after the payments provider has accepted (and charged) the upgrade.
 */
import { ERROR_CODES, HttpError, conflict } from '../../shared/errors';
import {
  PLANS,
  hasAdvancedControls,
  hasPriorityQueue,
  isLiveSubscriptionStatus,
  isMonthlyPlan,
  limitsFor,
  monthlyAllowance,
  planChangeKind,
  productInfo,
  purchaseBlocker,
  rolloverCapOf,
  upgradeReconcileCredits,
  type MonthlyPlanId,
  type ProductType,
} from '../../shared/domain/plans';
import {
  getBalance,
  ledgerItems,
  listLedgerPage,
  listLots,
  type LedgerEntry,
} from '../../shared/repositories/ledger-repository';
import { putCheckoutRecord } from '../../shared/repositories/checkout-repository';
import { countPhotoProfiles } from '../../shared/repositories/photo-profile-repository';
import { getStyleCounts } from '../../shared/repositories/style-editor-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import type { Db } from '../../shared/repositories/table';
import { userFieldsItem, writeUserFields } from '../../shared/repositories/billing-repository';
import type { PaymentsAdapter, SubscriptionView } from './payments/types';
import { checkoutKindOf } from './stripe-checkout-effect';
import { planFieldsFor } from './stripe-subscription-effects';
import { checkoutRedirects, DEFAULT_CHECKOUT_RETURN } from '../../shared/domain/return-path';
import type { SubscriptionSummary } from '../../shared/schemas/billing';

/** Billing's error codes (shared/errors.ts). */
export const BILLING_CODES = {
  trialUsed: ERROR_CODES.billingTrialUsed,
  alreadySubscribed: ERROR_CODES.billingAlreadySubscribed,
  noSubscription: ERROR_CODES.billingNoSubscription,
  scheduledChange: ERROR_CODES.billingScheduledChange,
  noScheduledChange: ERROR_CODES.billingNoScheduledChange,
  samePlan: ERROR_CODES.billingSamePlan,
  noCustomer: ERROR_CODES.billingNoCustomer,
  unavailable: ERROR_CODES.billingUnavailable,
} as const;

export function publicOrigin(headers: Record<string, string>): string {
  if (process.env.PUBLIC_ORIGIN) return process.env.PUBLIC_ORIGIN.replace(/\/$/, '');
  if (headers.origin && /^https?:\/\/[^/]+$/.test(headers.origin)) return headers.origin;
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost:3000';
  const proto = headers['x-forwarded-proto'] ?? (/^(localhost|127\.0\.0\.1)(:|$)/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

export async function startCheckout(
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
  productType: ProductType,
  origin: string,
  returnTo: string = DEFAULT_CHECKOUT_RETURN,
): Promise<{ checkoutUrl: string; sessionId: string }> {
  const blocker = purchaseBlocker(user, productType);
  if (blocker)
    throw conflict(blocker, productType === 'trial' ? BILLING_CODES.trialUsed : BILLING_CODES.alreadySubscribed);
  const s = await payments.createCheckoutSession({
    userId: user.id,
    email: user.email,
    productType,
    // back to the page the checkout started from (validated by the route's schema as a path on this site)
    ...checkoutRedirects(origin, returnTo),
    customerId: user.stripeCustomerId ?? null,
  });
  // Our own record of what this session sells, to whom and for how much: fulfilment trusts nothing else.
  const p = productInfo(productType);
  await putCheckoutRecord(db, {
    sessionId: s.id,
    userId: user.id,
    productType,
    kind: checkoutKindOf(productType),
    mode: p.mode,
    expectedAmount: p.priceCents,
    currency: 'eur',
    status: 'open',
    createdAt: new Date().toISOString(),
  });
  return { checkoutUrl: s.url, sessionId: s.id };
}

/** Usage from real data: photo profiles and private/public styles from the COUNTERS item. */
export async function subscriptionSummary(db: Db, user: UserRecord): Promise<SubscriptionSummary> {
  const [balance, profilesUsed, styleCounts] = await Promise.all([
    getBalance(db, user.id),
    countPhotoProfiles(db, user.id),
    getStyleCounts(db, user.id),
  ]);
  const limits = limitsFor(user);
  return {
    currentPlan: user.currentPlan ?? 'none',
    subscriptionStatus: user.subscriptionStatus ?? 'none',
    credits: Math.max(0, balance.credits),
    hasUnlimitedCredits: !!user.hasUnlimitedCredits,
    profilesUsed,
    maxProfiles: limits.photoProfiles,
    privateStylesUsed: styleCounts.privateStyleCount,
    maxPrivateStyles: limits.privateStyles,
    publicStylesUsed: styleCounts.publicStyleCount,
    maxPublicStyles: limits.publicStyles,
    isInfluencer: !!user.isInfluencer,
    hasPriorityQueue: hasPriorityQueue(user),
    hasAdvancedControls: hasAdvancedControls(user),
    canPublish: !!user.isInfluencer && limits.publicStyles > 0,
    subscriptionId: user.subscriptionId ?? null,
    currentPeriodEnd: user.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: !!user.cancelAtPeriodEnd,
    nextScheduledPlan: user.nextScheduledPlan ?? null,
    nextScheduledPlanDate: user.nextScheduledPlanDate ?? null,
    hasUsedTrial: !!user.hasUsedTrial,
    isTrialEligible: !user.hasUsedTrial && (user.currentPlan ?? 'none') === 'none',
  };
}

export async function creditsView(db: Db, user: UserRecord) {
  const [balance, lots] = await Promise.all([getBalance(db, user.id), listLots(db, user.id)]);
  const plan = user.currentPlan ?? 'none';
  return {
    credits: Math.max(0, balance.credits),
    hasUnlimitedCredits: !!user.hasUnlimitedCredits,
    buckets: { trial: balance.trial, monthly: balance.monthly, pack: balance.pack },
    monthlyAllowance: monthlyAllowance(plan),
    rolloverCap: rolloverCapOf(plan),
    /** Pack purchases still holding credits, soonest-expiring first. */
    packLots: lots
      .filter((l) => l.remaining > 0)
      .map((l) => ({ remaining: l.remaining, amount: l.amount, expiresAt: l.expiresAt })),
    monthlyExpiresAt: balance.monthly > 0 && isMonthlyPlan(plan) ? (user.currentPeriodEnd ?? null) : null,
  };
}

export async function ledgerPage(
  db: Db,
  userId: string,
  q: { limit?: string; cursor?: string },
): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
  const limit = q.limit ? Math.max(1, Math.min(200, Number(q.limit) || 50)) : 50;
  return listLedgerPage(db, userId, { limit, cursor: q.cursor ?? null });
}

/** Write the user's plan fields for the subscription as the provider now reports it. */
export async function syncUserFromSubscription(
  db: Db,
  userId: string,
  sub: SubscriptionView,
  now = new Date(),
): Promise<UserRecord> {
  const user = await getUser(db, userId);
  if (!user) throw new HttpError(404, ERROR_CODES.notFound, 'User not found');
  const fields = planFieldsFor(user, sub);
  if (fields && !(await writeUserFields(db, [userFieldsItem(db, userId, fields, now)])))
    throw new HttpError(404, ERROR_CODES.notFound, 'User not found');
  return (await getUser(db, userId))!;
}

function activeMonthly(user: UserRecord): { plan: MonthlyPlanId; subscriptionId: string } {
  if (!isMonthlyPlan(user.currentPlan) || !isLiveSubscriptionStatus(user.subscriptionStatus) || !user.subscriptionId)
    throw conflict('You have no active Starter or Creator subscription.', BILLING_CODES.noSubscription);
  return { plan: user.currentPlan, subscriptionId: user.subscriptionId };
}

/** Cancel at period end: only an active Starter or Creator with no scheduled change. */
export async function cancelSubscription(
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
): Promise<SubscriptionSummary> {
  const { subscriptionId } = activeMonthly(user);
  if (user.nextScheduledPlan)
    throw conflict(
      'A change is already scheduled for the end of this period. Cancel it first.',
      BILLING_CODES.scheduledChange,
    );
  const sub = await payments.cancelAtPeriodEnd(subscriptionId);
  return subscriptionSummary(db, await syncUserFromSubscription(db, user.id, sub));
}

/** Drop the scheduled change: a cancellation (resume) or a scheduled downgrade. */
export async function cancelScheduledChange(
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
): Promise<SubscriptionSummary> {
  const { subscriptionId } = activeMonthly(user);
  if (!user.nextScheduledPlan)
    throw conflict('There is no scheduled change to cancel.', BILLING_CODES.noScheduledChange);
  const sub =
    user.nextScheduledPlan === 'none'
      ? await payments.resume(subscriptionId)
      : await payments.cancelScheduledChange(subscriptionId);
  return subscriptionSummary(db, await syncUserFromSubscription(db, user.id, sub));
}

/**
 * Starter <-> Creator. An upgrade applies now: the provider charges the prorated difference, then the
 * difference of the monthly allowances is granted for the current cycle (`upgrade.reconcile`, once per
 * subscription period). A downgrade is scheduled for the period end (the current plan is kept until then).
 */
export async function changePlan(
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
  to: MonthlyPlanId,
  now = new Date(),
): Promise<SubscriptionSummary> {
  const { plan: from, subscriptionId } = activeMonthly(user);
  const kind = planChangeKind(from, to);
  if (kind === 'same') {
    if (user.nextScheduledPlan && user.nextScheduledPlan !== 'none') return cancelScheduledChange(db, payments, user);
    throw conflict(`You are already on the ${PLANS[to].name} plan.`, BILLING_CODES.samePlan);
  }
  if (user.nextScheduledPlan === 'none')
    throw conflict(
      'Your subscription is set to cancel. Resume it before changing plans.',
      BILLING_CODES.scheduledChange,
    );
  if (kind === 'downgrade') {
    const sub = await payments.changePlan(subscriptionId, to, 'period_end');
    return subscriptionSummary(db, await syncUserFromSubscription(db, user.id, sub, now));
  }
  const sub = await payments.changePlan(subscriptionId, to, 'now');
  await grantUpgradeReconcile(db, user.id, sub, from, to, now);
  return subscriptionSummary(db, (await getUser(db, user.id))!);
}

/** The upgrade's grant and the user's new plan in one transaction; idempotent per subscription period. */
export async function grantUpgradeReconcile(
  db: Db,
  userId: string,
  sub: SubscriptionView,
  from: MonthlyPlanId,
  to: MonthlyPlanId,
  now = new Date(),
): Promise<boolean> {
  const user = (await getUser(db, userId))!;
  const fields = planFieldsFor(user, sub) ?? {};
  const amount = upgradeReconcileCredits(from, to);
  const causeId = `${sub.id}:${sub.currentPeriodStart ?? 'period'}:${to}`;
  return writeUserFields(db, [
    ...(amount > 0
      ? ledgerItems(
          db,
          {
            userId,
            entries: [
              {
                kind: 'upgrade.reconcile',
                bucket: 'monthly',
                amount,
                causeId,
                note: `Upgrade ${PLANS[from].name} to ${PLANS[to].name}`,
              },
            ],
          },
          now,
        )
      : []),
    userFieldsItem(db, userId, fields, now),
  ]);
}

export async function portalUrl(
  payments: PaymentsAdapter,
  user: UserRecord,
  origin: string,
  flow?: 'payment_method_update',
): Promise<{ url: string }> {
  if (!user.stripeCustomerId)
    throw conflict('No billing account yet. Buy a plan or a credit pack first.', BILLING_CODES.noCustomer);
  return payments.createPortalSession({ customerId: user.stripeCustomerId, returnUrl: `${origin}/subscription`, flow });
}
