/** Subscription pieces shared by /subscription and /account: the scheduled-change notice and the plan-change dialog. */
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { Button } from '../../../components/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/dialog';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { creditCount, isMonthlyPlan, PLANS, upgradeReconcileCredits, type MonthlyPlanId } from '@shared/domain/plans';
import { useCancelScheduledChange, useChangePlan, type SubscriptionSummary } from '../../../api/billing';
import { formatDate, planName } from '../../../lib/format';
import { scheduledChange } from '../lib/plan-buttons';

/** "Your subscription ends on ..." / "Your plan changes to Starter on ...", with the button that undoes it. */
export function ScheduledChangeNotice({ summary }: { summary: SubscriptionSummary }) {
  const cancel = useCancelScheduledChange();
  const change = scheduledChange(summary);
  if (!change) return null;
  const date = formatDate(change.date);
  const text =
    change.kind === 'cancellation'
      ? `Your ${planName(summary.currentPlan)} subscription is cancelled and ends on ${date}. You keep your plan and credits until then.`
      : `Your plan changes to ${PLANS[change.plan].name} on ${date}. You keep ${planName(summary.currentPlan)} until then.`;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
      data-testid="scheduled-change"
    >
      <p className="flex min-w-0 gap-2">
        <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>{text}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={cancel.isPending}
        onClick={() =>
          // mutateAsync, not mutate(..., { onSuccess }): the answer removes the scheduled change, so this notice
          // unmounts before per-call callbacks would run, and the toast would never show.
          cancel.mutateAsync(undefined).then(
            () =>
              toast({
                title: change.kind === 'cancellation' ? 'Subscription resumed' : 'Scheduled change cancelled',
                description: `You stay on ${planName(summary.currentPlan)}.`,
              }),
            (err: unknown) =>
              toast({
                title: 'Error',
                description: errorMessage(err, 'Failed to cancel scheduled change'),
                variant: 'destructive',
              }),
          )
        }
      >
        {cancel.isPending ? <SpinnerIcon /> : null}
        {change.kind === 'cancellation' ? 'Keep my subscription' : 'Cancel scheduled change'}
      </Button>
    </div>
  );
}

/** Confirms an upgrade (immediate, charged now) or a downgrade (from the period end), then calls /change. */
export function ChangePlanDialog({
  summary,
  target,
  onOpenChange,
}: {
  summary: SubscriptionSummary;
  target: { plan: MonthlyPlanId; kind: 'upgrade' | 'downgrade' } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangePlan();
  const from = isMonthlyPlan(summary.currentPlan) ? summary.currentPlan : null;
  const plan = target ? PLANS[target.plan] : null;
  const description =
    target && plan && from
      ? target.kind === 'upgrade'
        ? `${plan.name} starts now. You are charged the prorated difference today and get an extra ${creditCount(upgradeReconcileCredits(from, target.plan))} for this billing cycle.`
        : `You keep ${PLANS[from].name} until ${formatDate(summary.currentPeriodEnd)}; ${plan.name} starts with the next billing cycle.`
      : undefined;
  return (
    <Dialog open={!!target} onOpenChange={onOpenChange}>
      {target && plan ? (
        <DialogContent
          title={target.kind === 'upgrade' ? `Upgrade to ${plan.name}?` : `Downgrade to ${plan.name}?`}
          description={description}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Not now</Button>
            </DialogClose>
            <Button
              disabled={change.isPending}
              onClick={() =>
                change.mutate(target.plan, {
                  onSuccess: () => {
                    onOpenChange(false);
                    toast({
                      title: target.kind === 'upgrade' ? 'Plan upgraded' : 'Downgrade scheduled',
                      description:
                        target.kind === 'upgrade'
                          ? `You are now on ${plan.name}.`
                          : `${plan.name} starts on ${formatDate(summary.currentPeriodEnd)}.`,
                    });
                  },
                  onError: (err) =>
                    toast({
                      title: 'Error',
                      description: errorMessage(err, 'Failed to change plan'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {change.isPending ? <SpinnerIcon /> : null}
              {target.kind === 'upgrade' ? `Upgrade to ${plan.name}` : `Downgrade to ${plan.name}`}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
