/**
 * What each plan's button on /subscription (and /pricing) does for the signed-in user, from the rules in
 * shared/domain/plans.ts: checkout for a new purchase, /change for Starter <-> Creator on a live subscription,
 * Current for the plan held, and disabled (with the reason) when the server would refuse.
 */
import {
  isLiveSubscriptionStatus,
  isMonthlyPlan,
  isPaidPlan,
  planChangeKind,
  PLANS,
  purchaseBlocker,
  type MonthlyPlanId,
  type PaidPlanId,
  type PlanId,
} from '@shared/domain/plans';

export interface PlanSubject {
  currentPlan?: PlanId | string | null;
  subscriptionStatus?: string | null;
  hasUsedTrial?: boolean | null;
  subscriptionId?: string | null;
  /** A plan, 'none' (cancelling at period end) or null (nothing scheduled). */
  nextScheduledPlan?: string | null;
}

export type PlanAction =
  /** Start a checkout for this product. */
  | { kind: 'checkout'; label: string }
  /** POST /api/subscriptions/change {plan}. */
  | { kind: 'upgrade' | 'downgrade'; label: string; plan: MonthlyPlanId }
  /** The plan held now (no action). */
  | { kind: 'current'; label: 'Current plan' }
  /** A downgrade to this plan is already scheduled. */
  | { kind: 'scheduled'; label: 'Scheduled' }
  /** Not possible now; `reason` says why. */
  | { kind: 'disabled'; label: string; reason: string };

const asPlan = (p: unknown): PlanId => (isPaidPlan(p) ? p : 'none');

/** The button of one plan for a signed-in user (null subject = signed out: every plan starts a checkout). */
export function planAction(subject: PlanSubject | null | undefined, plan: PaidPlanId): PlanAction {
  const cta = PLANS[plan].cta;
  if (!subject) return { kind: 'checkout', label: cta };
  const current = asPlan(subject.currentPlan);
  const live = isMonthlyPlan(current) && isLiveSubscriptionStatus(subject.subscriptionStatus);

  if (plan === 'trial') {
    if (current === 'trial') return { kind: 'current', label: 'Current plan' };
    const blocker = purchaseBlocker(
      { currentPlan: current, subscriptionStatus: subject.subscriptionStatus, hasUsedTrial: subject.hasUsedTrial },
      'trial',
    );
    return blocker
      ? { kind: 'disabled', label: subject.hasUsedTrial ? 'Trial used' : 'Not available', reason: blocker }
      : { kind: 'checkout', label: cta };
  }

  // No live monthly subscription: a monthly plan is bought through checkout (trial holders included).
  if (!live) return { kind: 'checkout', label: cta };

  const from = current;
  if (from === plan) return { kind: 'current', label: 'Current plan' };
  if (subject.nextScheduledPlan === plan) return { kind: 'scheduled', label: 'Scheduled' };
  if (!subject.subscriptionId) {
    return {
      kind: 'disabled',
      label: 'Not available',
      reason: 'Your plan was set up without a billing subscription, so it cannot be changed here.',
    };
  }
  if (subject.nextScheduledPlan === 'none') {
    return {
      kind: 'disabled',
      label: 'Not available',
      reason: 'Your subscription is set to cancel. Resume it before changing plans.',
    };
  }
  const change = planChangeKind(from, plan);
  return change === 'upgrade'
    ? { kind: 'upgrade', label: `Upgrade to ${PLANS[plan].name}`, plan }
    : { kind: 'downgrade', label: `Downgrade to ${PLANS[plan].name}`, plan };
}

/** Cancel is offered only for a live Starter or Creator subscription with nothing scheduled (spec 01 section 4). */
export function canCancelSubscription(subject: PlanSubject | null | undefined): boolean {
  if (!subject) return false;
  return (
    isMonthlyPlan(subject.currentPlan) &&
    isLiveSubscriptionStatus(subject.subscriptionStatus) &&
    !!subject.subscriptionId &&
    !subject.nextScheduledPlan
  );
}

/** A scheduled change (downgrade or cancellation) that can be cancelled. */
export function scheduledChange(
  subject: (PlanSubject & { nextScheduledPlanDate?: string | null }) | null | undefined,
):
  | { kind: 'cancellation'; date: string | null }
  | { kind: 'downgrade'; plan: MonthlyPlanId; date: string | null }
  | null {
  const next = subject?.nextScheduledPlan;
  if (!next) return null;
  const date = subject?.nextScheduledPlanDate ?? null;
  if (next === 'none') return { kind: 'cancellation', date };
  return isMonthlyPlan(next) ? { kind: 'downgrade', plan: next, date } : null;
}
