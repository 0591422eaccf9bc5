import type { LimitKind } from '../../../../shared/domain/limit-errors';
import { GENERATION_COST, INFLUENCER_PUBLIC_STYLES, limitsFor, PLAN_ORDER, PLANS, type PaidPlanId, type PlanLimits } from '../../../../shared/domain/plans';
import { Button } from '../../components/button';
import { Dialog, DialogContent } from '../../components/dialog';
import { useCurrentUser } from '../auth/api/current-user';

interface Copy {
  title: string;
  body: string;
  primary: string;
  target: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const usedAll = (n: number) => (n === 1 ? 'it' : 'them all');

/** The smallest paid plan whose limit is above `current` (by the plan table), if any. */
function nextPlanAbove(current: number, pick: (l: PlanLimits) => number): PaidPlanId | null {
  return PLAN_ORDER.find((id) => pick(PLANS[id].limits) > current) ?? null;
}

/** Dialog copy for a limit, with the numbers of the user's plan and of the next plan up (shared/domain/plans.ts). */
export function upsellCopy(kind: LimitKind, user: { currentPlan?: string | null; isInfluencer?: boolean | null } | null): Copy {
  const planId = user?.currentPlan && user.currentPlan in PLANS ? (user.currentPlan as PaidPlanId) : null;
  const limits = limitsFor({ currentPlan: planId ?? 'none', isInfluencer: user?.isInfluencer ?? false });
  const planName = planId ? `Your ${PLANS[planId].name} plan` : 'Without a plan, your account';
  const seePlans = { primary: 'See plans', target: '/subscription' };

  switch (kind) {
    case 'photo_profiles': {
      const next = nextPlanAbove(limits.photoProfiles, (l) => l.photoProfiles);
      const upgrade = next
        ? ` The ${PLANS[next].name} plan includes up to ${plural(PLANS[next].limits.photoProfiles, 'photo profile', 'photo profiles')}.`
        : ' Delete a profile you no longer use to make room for a new one.';
      return {
        title: 'Photo profile limit reached',
        body: `${planName} includes ${plural(limits.photoProfiles, 'photo profile', 'photo profiles')}, and you have used ${usedAll(limits.photoProfiles)}.${upgrade}`,
        ...seePlans,
      };
    }
    case 'private_styles': {
      const next = nextPlanAbove(limits.privateStyles, (l) => l.privateStyles);
      const upgrade = next
        ? ` The ${PLANS[next].name} plan includes up to ${plural(PLANS[next].limits.privateStyles, 'private style', 'private styles')}.`
        : ' Delete a style you no longer use to make room for a new one.';
      return {
        title: 'Private style limit reached',
        body: `${planName} includes ${plural(limits.privateStyles, 'private style', 'private styles')}, and you have used ${usedAll(limits.privateStyles)}.${upgrade}`,
        ...seePlans,
      };
    }
    case 'publish':
      return {
        title: 'Publishing is for influencers',
        body: `Only influencers can publish public styles (up to ${INFLUENCER_PUBLIC_STYLES}) and appear in the public gallery. Influencers need a ${PLANS.starter.name} or ${PLANS.creator.name} plan and are admitted by application.`,
        primary: 'Apply to become an influencer',
        target: '/influencer/apply',
      };
    case 'credits':
      return {
        title: 'Not enough credits',
        body: `Each look costs ${plural(GENERATION_COST, 'credit', 'credits')} and your balance is too low. ${PLANS.starter.name} adds ${PLANS.starter.credits} credits every month and ${PLANS.creator.name} ${PLANS.creator.credits}; credit packs are available too.`,
        ...seePlans,
      };
  }
}

/** The upsell dialog (loaded on demand by UpsellProvider). `onClose(target)` closes it and navigates. */
export default function UpsellDialog({ kind, open, onClose }: { kind: LimitKind; open: boolean; onClose: (target?: string) => void }) {
  const { user } = useCurrentUser();
  const copy = upsellCopy(kind, user);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent title={copy.title} description={copy.body}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onClose()}>
            Not now
          </Button>
          <Button onClick={() => onClose(copy.target)}>{copy.primary}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
