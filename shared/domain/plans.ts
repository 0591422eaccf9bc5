/**
 * Plans, packs, limits and credit costs: the one place these rules live.
 * Imported by the functions (enforcement) and the web (pricing pages, upsells).
 * Readings the spec leaves open are decided in docs/decisions.md.
 */
import { isOneOf } from './one-of';

export const PLAN_IDS = ['none', 'trial', 'starter', 'creator'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, 'none'>;

export interface PlanLimits {
  photoProfiles: number;
  privateStyles: number;
  publicStyles: number;
}

export interface Plan {
  id: PaidPlanId;
  name: string;
  /** Price in EUR cents. */
  priceCents: number;
  period: 'one-time' | 'month';
  /** Credits granted once (trial) or per billing cycle (monthly plans). */
  credits: number;
  /** Cap of the monthly bucket after rollover (3x the allowance); null for one-time plans. */
  rolloverCap: number | null;
  limits: PlanLimits;
  priorityProcessing: boolean;
  advancedControls: boolean;
  mostPopular?: boolean;
  description: string;
  features: string[];
  cta: string;
}

export const ROLLOVER_MULTIPLIER = 3;
export const INFLUENCER_PUBLIC_STYLES = 120;

/** A plan's feature list, derived from its numbers and flags (never restated by hand). */
export function planFeatures(p: Omit<Plan, 'features'>): string[] {
  return [
    p.period === 'one-time' ? `${creditCount(p.credits)}, one time` : `${creditCount(p.credits)} every month`,
    ...(p.rolloverCap ? [`Unused credits roll over (up to ${p.rolloverCap})`] : []),
    `${p.limits.photoProfiles} photo profiles`,
    `${p.limits.privateStyles} private styles`,
    p.priorityProcessing ? 'Priority processing' : 'Standard processing',
    ...(p.advancedControls ? ['Advanced controls'] : p.period === 'one-time' ? ['Basic controls'] : []),
  ];
}

const plan = (p: Omit<Plan, 'features'>): Plan => ({ ...p, features: planFeatures(p) });

export const PLANS: Record<PaidPlanId, Plan> = {
  trial: plan({
    id: 'trial',
    name: 'Trial',
    priceCents: 100,
    period: 'one-time',
    credits: 12,
    rolloverCap: null,
    limits: { photoProfiles: 2, privateStyles: 2, publicStyles: 0 },
    priorityProcessing: false,
    advancedControls: false,
    description: 'Try every feature once, no subscription.',
    cta: 'Start trial',
  }),
  starter: plan({
    id: 'starter',
    name: 'Starter',
    priceCents: 699,
    period: 'month',
    credits: 30,
    rolloverCap: 30 * ROLLOVER_MULTIPLIER,
    limits: { photoProfiles: 6, privateStyles: 20, publicStyles: 0 },
    priorityProcessing: false,
    advancedControls: false,
    mostPopular: true,
    description: 'For regular shoppers who try on every week.',
    cta: 'Choose Starter',
  }),
  creator: plan({
    id: 'creator',
    name: 'Creator',
    priceCents: 1499,
    period: 'month',
    credits: 60,
    rolloverCap: 60 * ROLLOVER_MULTIPLIER,
    limits: { photoProfiles: 12, privateStyles: 60, publicStyles: 0 },
    priorityProcessing: true,
    advancedControls: true,
    description: 'For stylists and creators who generate daily.',
    cta: 'Choose Creator',
  }),
};

export const PLAN_ORDER: PaidPlanId[] = ['trial', 'starter', 'creator'];

/** Limits of an account without a plan. */
export const NO_PLAN_LIMITS: PlanLimits = { photoProfiles: 1, privateStyles: 0, publicStyles: 0 };

export const PACK_IDS = ['pack-30', 'pack-150', 'pack-300'] as const;
export type PackId = (typeof PACK_IDS)[number];

export interface CreditPack {
  id: PackId;
  credits: number;
  priceCents: number;
  validityMonths: number;
  bestValue?: boolean;
}

export const PACKS: Record<PackId, CreditPack> = {
  'pack-30': { id: 'pack-30', credits: 30, priceCents: 599, validityMonths: 12 },
  'pack-150': { id: 'pack-150', credits: 150, priceCents: 2599, validityMonths: 12 },
  'pack-300': { id: 'pack-300', credits: 300, priceCents: 4500, validityMonths: 12, bestValue: true },
};

export const PRODUCT_TYPES = ['trial', 'starter', 'creator', ...PACK_IDS] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Credit costs. */
export const GENERATION_COST = 1;
export const EXTRA_OPTION_COST = 1;
export const MIN_CREDITS_TO_GENERATE = 1;

/**
 * "Try it free": a newly verified account gets this many credits once (enough for one single look), as a
 * `grant.starter` ledger entry in the trial bucket, written in the same transaction that creates the account,
 * at most once per verified e-mail address (docs/decisions.md "Starter grant").
 */
export const STARTER_CREDITS = GENERATION_COST;
/** What became of the starter grant when an account was created with a verified e-mail (issue 39). */
export const STARTER_GRANT_STATES = ['granted', 'address-used'] as const;
export type StarterGrantState = (typeof STARTER_GRANT_STATES)[number];
/** Why an account made with an address that already had its free look starts with none (only that address). */
export const STARTER_GRANT_USED_MESSAGE =
  'No free look on this account: this e-mail address already had its free look on an earlier Fitly account (each address gets one, also after an account is deleted). Plans and credit packs start at the Trial.';
/** How the UI names the starter grant ("1 free look"). */
export const STARTER_GRANT_LABEL = `${STARTER_CREDITS} free look${STARTER_CREDITS === 1 ? '' : 's'}`;

/** What an unlimited-credit account shows instead of a count. */
export const UNLIMITED_CREDITS_DISPLAY = 999_999_999;

export interface LimitSubject {
  currentPlan?: PlanId | null;
  isInfluencer?: boolean | null;
}

/** Effective limits: the plan's, with influencers getting Creator limits plus 120 public styles. */
export function limitsFor(u: LimitSubject): PlanLimits {
  const plan = u.currentPlan && u.currentPlan !== 'none' ? PLANS[u.currentPlan].limits : NO_PLAN_LIMITS;
  if (u.isInfluencer) {
    const creator = PLANS.creator.limits;
    return {
      photoProfiles: Math.max(plan.photoProfiles, creator.photoProfiles),
      privateStyles: Math.max(plan.privateStyles, creator.privateStyles),
      publicStyles: INFLUENCER_PUBLIC_STYLES,
    };
  }
  return plan;
}

export function hasPriorityQueue(u: LimitSubject): boolean {
  return (
    !!u.isInfluencer || (u.currentPlan ? u.currentPlan !== 'none' && PLANS[u.currentPlan].priorityProcessing : false)
  );
}

export function hasAdvancedControls(u: LimitSubject): boolean {
  return (
    !!u.isInfluencer || (u.currentPlan ? u.currentPlan !== 'none' && PLANS[u.currentPlan].advancedControls : false)
  );
}

export const formatEur = (cents: number): string =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

/** The word after a count of credits: "credit" for exactly one (an unlimited balance is never one). Hoisted: the
 * plans below use it as they are built. */
export function creditWord(credits: number | null | undefined, unlimited?: boolean | null): 'credit' | 'credits' {
  return credits === 1 && !unlimited ? 'credit' : 'credits';
}

/** A count of credits in words: "1 credit", "30 credits", "1,234 credits" (issue 39: never "1 credits"). */
export function creditCount(credits: number): string {
  return `${credits.toLocaleString('en-US')} ${creditWord(credits)}`;
}

/** Credits as displayed (spec 01 section 9). */
export function formatCredits(credits: number | null | undefined, unlimited?: boolean | null): string {
  if (unlimited) return UNLIMITED_CREDITS_DISPLAY.toLocaleString('en-US');
  return (credits ?? 0).toLocaleString('en-US');
}

/* ---------- Billing rules (checkout, plan changes, monthly renewal) ---------- */

export const MONTHLY_PLAN_IDS = ['starter', 'creator'] as const;
export type MonthlyPlanId = (typeof MONTHLY_PLAN_IDS)[number];

export const isMonthlyPlan = (p: unknown): p is MonthlyPlanId => isOneOf(MONTHLY_PLAN_IDS, p);
export const isPaidPlan = (p: unknown): p is PaidPlanId => isOneOf(PLAN_IDS, p) && p !== 'none';
export const isPackId = (p: unknown): p is PackId => isOneOf(PACK_IDS, p);

/** What a product type sells: its checkout mode, price and the credits it grants. */
export interface ProductInfo {
  productType: ProductType;
  name: string;
  mode: 'payment' | 'subscription';
  priceCents: number;
  credits: number;
  /** Where its credits go. */
  bucket: 'trial' | 'monthly' | 'pack';
  interval: 'month' | null;
}

export function productInfo(productType: ProductType): ProductInfo {
  if (isPackId(productType)) {
    const p = PACKS[productType];
    return {
      productType,
      name: `${p.credits.toLocaleString('en-US')} credit pack`,
      mode: 'payment',
      priceCents: p.priceCents,
      credits: p.credits,
      bucket: 'pack',
      interval: null,
    };
  }
  const plan = PLANS[productType];
  return {
    productType,
    name: `${plan.name} plan`,
    mode: plan.period === 'month' ? 'subscription' : 'payment',
    priceCents: plan.priceCents,
    credits: plan.credits,
    bucket: plan.period === 'month' ? 'monthly' : 'trial',
    interval: plan.period === 'month' ? 'month' : null,
  };
}

/** The monthly plan billed at a unit price (a Stripe invoice line carries the price we created). */
export function monthlyPlanForPrice(unitAmountCents: number | null | undefined): MonthlyPlanId | null {
  for (const id of MONTHLY_PLAN_IDS) if (PLANS[id].priceCents === unitAmountCents) return id;
  return null;
}

export interface PurchaseSubject {
  currentPlan?: PlanId | null;
  subscriptionStatus?: string | null;
  hasUsedTrial?: boolean | null;
}

/** Statuses in which a subscription still gives its plan's benefits. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;
export const isLiveSubscriptionStatus = (s: string | null | undefined): boolean =>
  isOneOf(LIVE_SUBSCRIPTION_STATUSES, s ?? '');

/**
 * Why a product cannot be bought now, or null when it can: the trial only once and not on a monthly plan;
 * a monthly plan not while another one is live (change plans instead). Packs can always be bought.
 */
export function purchaseBlocker(u: PurchaseSubject, productType: ProductType): string | null {
  const onMonthly = isMonthlyPlan(u.currentPlan) && isLiveSubscriptionStatus(u.subscriptionStatus);
  if (productType === 'trial') {
    if (u.hasUsedTrial) return 'The trial can be bought only once. Choose Starter or Creator, or a credit pack.';
    if (onMonthly) return 'You already have a subscription; the trial is for new accounts.';
    return null;
  }
  if (isMonthlyPlan(productType) && onMonthly) {
    return u.currentPlan === productType
      ? `You are already on the ${PLANS[productType].name} plan.`
      : 'You already have a subscription. Change your plan instead of buying a second one.';
  }
  return null;
}

export type PlanChange = 'upgrade' | 'downgrade' | 'same';

/** Starter -> Creator is an upgrade (immediate, with reconciliation); Creator -> Starter a downgrade (period end). */
export function planChangeKind(from: MonthlyPlanId, to: MonthlyPlanId): PlanChange {
  if (from === to) return 'same';
  return PLANS[to].credits > PLANS[from].credits ? 'upgrade' : 'downgrade';
}

/** Credits granted at once when upgrading mid-cycle: the difference of the monthly allowances. */
export const upgradeReconcileCredits = (from: MonthlyPlanId, to: MonthlyPlanId): number =>
  Math.max(0, PLANS[to].credits - PLANS[from].credits);

export const monthlyAllowance = (plan: PlanId | null | undefined): number =>
  isMonthlyPlan(plan) ? PLANS[plan].credits : 0;
export const rolloverCapOf = (plan: PlanId | null | undefined): number | null =>
  isMonthlyPlan(plan) ? PLANS[plan].rolloverCap : null;

/** The influencer add-on needs a live Starter or Creator plan. */
export const canJoinInfluencerProgram = (u: PurchaseSubject): boolean =>
  isMonthlyPlan(u.currentPlan) && isLiveSubscriptionStatus(u.subscriptionStatus);

/** A pack bought at `purchasedAt` expires this many months later (same day and time, clamped to month end). */
export function packExpiry(purchasedAt: Date, months = 12): Date {
  const d = new Date(purchasedAt.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
