/**
 * Billing for the signed-in user: checkout, the subscription summary, credits and ledger, cancellation,
 * plan changes and the customer portal. Credits are never granted here from a redirect: purchases are
 * fulfilled by the webhook (stripe-events.ts). The one grant made here is the upgrade reconciliation,
 * after the payments provider has accepted (and charged) the upgrade.
 * `billingUseCases(deps)` is the use case on its collaborators (the store and a clock; the payments provider is
 * each call's first argument); the functions exported under the handlers' names below are the production wiring.
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
  type LedgerWrite,
} from '../../shared/repositories/ledger-repository';
import { putCheckoutRecord } from '../../shared/repositories/checkout-repository';
import { countPhotoProfiles } from '../../shared/repositories/photo-profile-repository';
import { getStyleCounts } from '../../shared/repositories/style-editor-repository';
import { getUser, type UserPatch, type UserRecord } from '../../shared/repositories/user-repository';
import type { Db } from '../../shared/repositories/table';
import { userFieldsItem, writeUserFields } from '../../shared/repositories/billing-repository';
import { bindDb, type Store } from '../lib/bind-db';
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

/**
 * The user's plan fields, and the ledger movement that goes with them (the upgrade's grant), in one transaction;
 * false when the user item is gone or the movement was recorded already.
 */
const writePlanFields = (
  db: Db,
  userId: string,
  fields: UserPatch,
  now: Date,
  ledger: LedgerWrite | null = null,
): Promise<boolean> =>
  writeUserFields(db, [...(ledger ? ledgerItems(db, ledger, now) : []), userFieldsItem(db, userId, fields, now)]);

const repositories = {
  countPhotoProfiles,
  getBalance,
  getStyleCounts,
  getUser,
  listLedgerPage,
  listLots,
  putCheckoutRecord,
  writePlanFields,
};
export type BillingStore = Store<typeof repositories>;

/** What the signed-in user's billing works with: the store and the clock. */
export interface BillingDeps {
  store: BillingStore;
  clock: () => Date;
}

function activeMonthly(user: UserRecord): { plan: MonthlyPlanId; subscriptionId: string } {
  if (!isMonthlyPlan(user.currentPlan) || !isLiveSubscriptionStatus(user.subscriptionStatus) || !user.subscriptionId)
    throw conflict('You have no active Starter or Creator subscription.', BILLING_CODES.noSubscription);
  return { plan: user.currentPlan, subscriptionId: user.subscriptionId };
}

const userNotFound = () => new HttpError(404, ERROR_CODES.notFound, 'User not found');

/** The signed-in user's billing use cases, on their collaborators. */
export function billingUseCases({ store, clock }: BillingDeps) {
  async function userOr404(userId: string): Promise<UserRecord> {
    const user = await store.getUser(userId);
    if (!user) throw userNotFound();
    return user;
  }

  async function startCheckout(
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
    await store.putCheckoutRecord({
      sessionId: s.id,
      userId: user.id,
      productType,
      kind: checkoutKindOf(productType),
      mode: p.mode,
      expectedAmount: p.priceCents,
      currency: 'eur',
      status: 'open',
      createdAt: clock().toISOString(),
    });
    return { checkoutUrl: s.url, sessionId: s.id };
  }

  /** Usage from real data: photo profiles and private/public styles from the COUNTERS item. */
  async function subscriptionSummary(user: UserRecord): Promise<SubscriptionSummary> {
    const [balance, profilesUsed, styleCounts] = await Promise.all([
      store.getBalance(user.id),
      store.countPhotoProfiles(user.id),
      store.getStyleCounts(user.id),
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

  async function creditsView(user: UserRecord) {
    const [balance, lots] = await Promise.all([store.getBalance(user.id), store.listLots(user.id)]);
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

  async function ledgerPage(
    userId: string,
    q: { limit?: string; cursor?: string },
  ): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
    const limit = q.limit ? Math.max(1, Math.min(200, Number(q.limit) || 50)) : 50;
    return store.listLedgerPage(userId, { limit, cursor: q.cursor ?? null });
  }

  /** Write the user's plan fields for the subscription as the provider now reports it. */
  async function syncUserFromSubscription(userId: string, sub: SubscriptionView, now = clock()): Promise<UserRecord> {
    const user = await userOr404(userId);
    const fields = planFieldsFor(user, sub);
    if (fields && !(await store.writePlanFields(userId, fields, now))) throw userNotFound();
    return userOr404(userId);
  }

  /** Cancel at period end: only an active Starter or Creator with no scheduled change. */
  async function cancelSubscription(payments: PaymentsAdapter, user: UserRecord): Promise<SubscriptionSummary> {
    const { subscriptionId } = activeMonthly(user);
    if (user.nextScheduledPlan)
      throw conflict(
        'A change is already scheduled for the end of this period. Cancel it first.',
        BILLING_CODES.scheduledChange,
      );
    const sub = await payments.cancelAtPeriodEnd(subscriptionId);
    return subscriptionSummary(await syncUserFromSubscription(user.id, sub));
  }

  /** Drop the scheduled change: a cancellation (resume) or a scheduled downgrade. */
  async function cancelScheduledChange(payments: PaymentsAdapter, user: UserRecord): Promise<SubscriptionSummary> {
    const { subscriptionId } = activeMonthly(user);
    if (!user.nextScheduledPlan)
      throw conflict('There is no scheduled change to cancel.', BILLING_CODES.noScheduledChange);
    const sub =
      user.nextScheduledPlan === 'none'
        ? await payments.resume(subscriptionId)
        : await payments.cancelScheduledChange(subscriptionId);
    return subscriptionSummary(await syncUserFromSubscription(user.id, sub));
  }

  /**
   * Starter <-> Creator. An upgrade applies now: the provider charges the prorated difference, then the
   * difference of the monthly allowances is granted for the current cycle (`upgrade.reconcile`, once per
   * subscription period). A downgrade is scheduled for the period end (the current plan is kept until then).
   */
  async function changePlan(
    payments: PaymentsAdapter,
    user: UserRecord,
    to: MonthlyPlanId,
    now = clock(),
  ): Promise<SubscriptionSummary> {
    const { plan: from, subscriptionId } = activeMonthly(user);
    const kind = planChangeKind(from, to);
    if (kind === 'same') {
      if (user.nextScheduledPlan && user.nextScheduledPlan !== 'none') return cancelScheduledChange(payments, user);
      throw conflict(`You are already on the ${PLANS[to].name} plan.`, BILLING_CODES.samePlan);
    }
    if (user.nextScheduledPlan === 'none')
      throw conflict(
        'Your subscription is set to cancel. Resume it before changing plans.',
        BILLING_CODES.scheduledChange,
      );
    if (kind === 'downgrade') {
      const sub = await payments.changePlan(subscriptionId, to, 'period_end');
      return subscriptionSummary(await syncUserFromSubscription(user.id, sub, now));
    }
    const sub = await payments.changePlan(subscriptionId, to, 'now');
    await grantUpgradeReconcile(user.id, sub, from, to, now);
    return subscriptionSummary(await userOr404(user.id));
  }

  /** The upgrade's grant and the user's new plan in one transaction; idempotent per subscription period. */
  async function grantUpgradeReconcile(
    userId: string,
    sub: SubscriptionView,
    from: MonthlyPlanId,
    to: MonthlyPlanId,
    now: Date,
  ): Promise<boolean> {
    const fields = planFieldsFor(await userOr404(userId), sub) ?? {};
    const amount = upgradeReconcileCredits(from, to);
    const causeId = `${sub.id}:${sub.currentPeriodStart ?? 'period'}:${to}`;
    const grant: LedgerWrite = {
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
    };
    return store.writePlanFields(userId, fields, now, amount > 0 ? grant : null);
  }

  return {
    startCheckout,
    subscriptionSummary,
    creditsView,
    ledgerPage,
    cancelSubscription,
    cancelScheduledChange,
    changePlan,
    syncUserFromSubscription,
    grantUpgradeReconcile,
  };
}

type BillingUseCases = ReturnType<typeof billingUseCases>;

/** Production wiring: the use cases on the table and the wall clock. */
const on = (db: Db): BillingUseCases => billingUseCases({ store: bindDb(db, repositories), clock: () => new Date() });

export const startCheckout = (
  db: Db,
  ...args: Parameters<BillingUseCases['startCheckout']>
): ReturnType<BillingUseCases['startCheckout']> => on(db).startCheckout(...args);
export const subscriptionSummary = (db: Db, user: UserRecord): Promise<SubscriptionSummary> =>
  on(db).subscriptionSummary(user);
export const creditsView = (db: Db, user: UserRecord): ReturnType<BillingUseCases['creditsView']> =>
  on(db).creditsView(user);
export const ledgerPage = (
  db: Db,
  userId: string,
  q: { limit?: string; cursor?: string },
): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> => on(db).ledgerPage(userId, q);
export const cancelSubscription = (db: Db, payments: PaymentsAdapter, user: UserRecord): Promise<SubscriptionSummary> =>
  on(db).cancelSubscription(payments, user);
export const cancelScheduledChange = (
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
): Promise<SubscriptionSummary> => on(db).cancelScheduledChange(payments, user);
export const changePlan = (
  db: Db,
  payments: PaymentsAdapter,
  user: UserRecord,
  to: MonthlyPlanId,
): Promise<SubscriptionSummary> => on(db).changePlan(payments, user, to);
export const syncUserFromSubscription = (
  db: Db,
  userId: string,
  sub: SubscriptionView,
  now = new Date(),
): Promise<UserRecord> => on(db).syncUserFromSubscription(userId, sub, now);
export const grantUpgradeReconcile = (
  db: Db,
  userId: string,
  sub: SubscriptionView,
  from: MonthlyPlanId,
  to: MonthlyPlanId,
  now = new Date(),
): Promise<boolean> => on(db).grantUpgradeReconcile(userId, sub, from, to, now);

/** The customer portal (its only collaborator is the payments provider). */
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
