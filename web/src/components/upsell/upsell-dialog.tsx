import type { LimitKind } from '@shared/domain/limit-errors';
import {
  creditCount,
  GENERATION_COST,
  INFLUENCER_PUBLIC_STYLES,
  isPaidPlan,
  limitsFor,
  PLAN_ORDER,
  PLANS,
  type PaidPlanId,
  type PlanLimits,
} from '@shared/domain/plans';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../button';
import { getSubscriptionSummaryQueryOptions } from '../../api/billing';
import { Dialog, DialogContent } from '../dialog';
import { useCurrentUser } from '../../api/current-user';

interface Copy {
  title: string;
  body: string;
  primary: string;
  target: string;
  /** Whether the primary action offers plans (false: no plan would help). */
  upgrade: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const usedAll = (n: number) => (n === 1 ? 'it' : 'them all');

/** The smallest paid plan whose limit is above `current` (by the plan table), if any. */
function nextPlanAbove(current: number, pick: (l: PlanLimits) => number): PaidPlanId | null {
  return PLAN_ORDER.find((id) => pick(PLANS[id].limits) > current) ?? null;
}

/** The limits that apply to the person now, as the server reports them (GET /api/subscriptions/current). */
export interface EffectiveLimits {
  photoProfiles?: number | null;
  privateStyles?: number | null;
}

/** Who the limit belongs to, in words: the plan, or the influencer program that raises it. */
function holderOf(planId: PaidPlanId | null, isInfluencer: boolean): string {
  if (isInfluencer)
    return planId
      ? `As an influencer on the ${PLANS[planId].name} plan, your account`
      : 'As an influencer, your account';
  return planId ? `Your ${PLANS[planId].name} plan` : 'Without a plan, your account';
}

/**
 * Dialog copy for a limit: the numbers are the user's real effective limits (the server's summary when it
 * has arrived, else the same rule computed here) and the next plan that raises them; when no plan would
 * raise them, the dialog says so and offers to manage what exists instead of plans.
 */
export function upsellCopy(
  kind: LimitKind,
  user: { currentPlan?: string | null; isInfluencer?: boolean | null } | null,
  effective: EffectiveLimits = {},
): Copy {
  const current = user?.currentPlan;
  const planId = isPaidPlan(current) ? current : null;
  const isInfluencer = !!user?.isInfluencer;
  const ruled = limitsFor({ currentPlan: planId ?? 'none', isInfluencer });
  const limits = {
    photoProfiles: effective.photoProfiles ?? ruled.photoProfiles,
    privateStyles: effective.privateStyles ?? ruled.privateStyles,
  };
  const holder = holderOf(planId, isInfluencer);
  const seePlans = { primary: 'See plans', target: '/subscription', upgrade: true };
  /** A counted limit: the next plan that raises it, or (none) a way to make room. */
  const countLimit = (
    key: keyof typeof limits,
    [one, many]: [string, string],
    title: string,
    deleteWhat: string,
    manage: { primary: string; target: string },
  ): Copy => {
    const next = nextPlanAbove(limits[key], (l) => l[key]);
    const body = `${holder} includes ${plural(limits[key], one, many)}, and you have used ${usedAll(limits[key])}.`;
    return next
      ? {
          title,
          body: `${body} The ${PLANS[next].name} plan includes up to ${plural(PLANS[next].limits[key], one, many)}.`,
          ...seePlans,
        }
      : {
          title,
          body: `${body} No plan offers more. Delete ${deleteWhat} you no longer use to make room for a new one.`,
          ...manage,
          upgrade: false,
        };
  };

  switch (kind) {
    case 'photo_profiles':
      return countLimit(
        'photoProfiles',
        ['photo profile', 'photo profiles'],
        'Photo profile limit reached',
        'a profile',
        { primary: 'Manage photo profiles', target: '/profiles' },
      );
    case 'private_styles':
      return countLimit(
        'privateStyles',
        ['private style', 'private styles'],
        'Private style limit reached',
        'a style',
        { primary: 'Manage styles', target: '/admin/styles' },
      );
    case 'publish':
      return {
        title: 'Publishing is for influencers',
        body: `Only influencers can publish public styles (up to ${INFLUENCER_PUBLIC_STYLES}) and appear in the public gallery. Influencers need a ${PLANS.starter.name} or ${PLANS.creator.name} plan and are admitted by application.`,
        primary: 'Apply to become an influencer',
        target: '/influencer/apply',
        upgrade: false,
      };
    case 'credits':
      return {
        title: 'Not enough credits',
        body: `Each look costs ${creditCount(GENERATION_COST)} and your balance is too low. ${PLANS.starter.name} adds ${creditCount(PLANS.starter.credits)} every month and ${PLANS.creator.name} ${PLANS.creator.credits}; credit packs are available too.`,
        ...seePlans,
      };
  }
}

/** The upsell dialog (loaded on demand by UpsellProvider). `onClose(target)` closes it and navigates. */
export default function UpsellDialog({
  kind,
  open,
  onClose,
}: {
  kind: LimitKind;
  open: boolean;
  onClose: (target?: string) => void;
}) {
  const { user } = useCurrentUser();
  // The limits the server applies to this person (plan, influencer program, admin); refreshed on each open.
  const summary = useQuery({
    ...getSubscriptionSummaryQueryOptions(),
    enabled: open && kind !== 'publish' && kind !== 'credits',
    staleTime: 0,
  });
  const copy = upsellCopy(kind, user, {
    photoProfiles: summary.data?.maxProfiles,
    privateStyles: summary.data?.maxPrivateStyles,
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent title={copy.title} description={copy.body}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onClose()}>
            {copy.upgrade || kind === 'publish' ? 'Not now' : 'Close'}
          </Button>
          <Button onClick={() => onClose(copy.target)}>{copy.primary}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
