/**
 * Plans, packs, limits and credit costs: the one place these rules live.
 * Imported by the functions (enforcement) and the web (pricing pages, upsells).
 * Readings the spec leaves open are decided in docs/decisions.md.
 */
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

export const PLANS: Record<PaidPlanId, Plan> = {
  trial: {
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
    features: ['12 credits, one time', '2 photo profiles', '2 private styles', 'Standard processing', 'Basic controls'],
    cta: 'Start trial',
  },
  starter: {
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
    features: ['30 credits every month', 'Unused credits roll over (up to 90)', '6 photo profiles', '20 private styles', 'Standard processing'],
    cta: 'Choose Starter',
  },
  creator: {
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
    features: ['60 credits every month', 'Unused credits roll over (up to 180)', '12 photo profiles', '60 private styles', 'Priority processing', 'Advanced controls'],
    cta: 'Choose Creator',
  },
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
export const COVER_GENERATION_COST = 1;
export const MIN_CREDITS_TO_GENERATE = 1;

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
  return !!u.isInfluencer || u.currentPlan === 'creator';
}

export function hasAdvancedControls(u: LimitSubject): boolean {
  return !!u.isInfluencer || (u.currentPlan ? u.currentPlan !== 'none' && PLANS[u.currentPlan].advancedControls : false);
}

export const formatEur = (cents: number): string =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);

/** Credits as displayed (spec 01 section 9). */
export function formatCredits(credits: number | null | undefined, unlimited?: boolean | null): string {
  if (unlimited) return UNLIMITED_CREDITS_DISPLAY.toLocaleString('en-US');
  return (credits ?? 0).toLocaleString('en-US');
}
