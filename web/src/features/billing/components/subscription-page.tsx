import { useState } from 'react';
import { Link } from 'react-router-dom';
import Crown from 'lucide-react/icons/crown';
import { buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-error';
import {
  canJoinInfluencerProgram,
  formatCredits,
  INFLUENCER_PUBLIC_STYLES,
  isMonthlyPlan,
  PLAN_ORDER,
  type MonthlyPlanId,
} from '@shared/domain/plans';
import { useSubscriptionSummary, type SubscriptionSummary } from '../../../api/billing';
import { formatDate, planName, statusLabel } from '../../../lib/format';
import { planAction, type PlanAction } from '../lib/plan-buttons';
import { PurchaseTerms } from '../../../components/legal-links';
import { Fact, PackGrid, pageShell, PlanCard, SectionHeading, useStartCheckout } from './billing-ui';
import { ChangePlanDialog, ScheduledChangeNotice } from './subscription-actions';

/** /subscription (spec 01 section 2): account status, plans, credit packs and the influencer program. */
export default function SubscriptionPage() {
  const summary = useSubscriptionSummary();
  const { start, pending } = useStartCheckout(true);
  const [target, setTarget] = useState<{ plan: MonthlyPlanId; kind: 'upgrade' | 'downgrade' } | null>(null);
  const s = summary.data;

  const onAction = (plan: (typeof PLAN_ORDER)[number], action: PlanAction) => {
    if (action.kind === 'checkout') start(plan);
    else if (action.kind === 'upgrade' || action.kind === 'downgrade')
      setTarget({ plan: action.plan, kind: action.kind });
  };

  return (
    <div className={pageShell}>
      <PageHeader
        title="Subscription"
        description="Your plan, credits and purchases."
        actions={
          <Link to="/account" className={buttonClasses({ variant: 'outline' })}>
            Account and billing
          </Link>
        }
      />
      <section aria-labelledby="sub-status" className="mb-10">
        <h2 id="sub-status" className="sr-only">
          Account status
        </h2>
        {summary.isPending ? (
          <Card className="p-5" aria-busy="true">
            <span className="sr-only">Loading your subscription</span>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-12 rounded-lg" />
              ))}
            </div>
          </Card>
        ) : s ? (
          <StatusCard summary={s} />
        ) : (
          <Card className="p-5" role="alert">
            <p className="font-semibold">Could not load your subscription</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {errorMessage(summary.error, 'Please try again later.')}
            </p>
          </Card>
        )}
      </section>

      <section aria-labelledby="plans-title" id="plans" className="mb-10 scroll-mt-20">
        <SectionHeading
          id="plans-title"
          title="Plans"
          description="Upgrades apply immediately; downgrades at the end of the billing cycle."
        />
        <div className="grid gap-4 md:grid-cols-3">
          {PLAN_ORDER.map((plan) => (
            <PlanCard
              key={plan}
              plan={plan}
              action={
                s ? planAction(s, plan) : { kind: 'disabled', label: 'Loading', reason: 'Loading your subscription' }
              }
              busy={pending === plan}
              onAction={(a) => onAction(plan, a)}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="packs-title" className="mb-10">
        <SectionHeading
          id="packs-title"
          title="Credit packs"
          description="One-time top-ups, valid 12 months. Credits expiring soonest are spent first."
        />
        <PackGrid onBuy={start} pending={pending} />
        <PurchaseTerms className="mt-4" />
      </section>

      <section aria-labelledby="influencer-title">
        <InfluencerProgramCard summary={s} />
      </section>

      {s ? <ChangePlanDialog summary={s} target={target} onOpenChange={(open) => !open && setTarget(null)} /> : null}
    </div>
  );
}

function StatusCard({ summary }: { summary: SubscriptionSummary }) {
  const monthly = isMonthlyPlan(summary.currentPlan);
  const renewal = summary.nextScheduledPlan === 'none' ? 'Ends' : 'Renews';
  return (
    <Card className="p-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Plan" testId="current-plan">
          {planName(summary.currentPlan)}
        </Fact>
        <Fact label="Status">
          {monthly || summary.subscriptionStatus !== 'none'
            ? statusLabel(summary.subscriptionStatus)
            : summary.currentPlan === 'trial'
              ? 'One-time'
              : '—'}
        </Fact>
        <Fact label="Credits" testId="subscription-credits">
          {formatCredits(summary.credits, summary.hasUnlimitedCredits)}
        </Fact>
        <Fact label={monthly ? renewal : 'Renewal'}>
          {monthly ? formatDate(summary.nextScheduledPlanDate ?? summary.currentPeriodEnd) : '—'}
        </Fact>
      </dl>
      {summary.nextScheduledPlan ? (
        <div className="mt-4">
          <ScheduledChangeNotice summary={summary} />
        </div>
      ) : null}
    </Card>
  );
}

function InfluencerProgramCard({ summary }: { summary: SubscriptionSummary | undefined }) {
  const eligible = summary ? canJoinInfluencerProgram(summary) : false;
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Crown className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle id="influencer-title">Influencer program</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <CardDescription>
          Publish up to {INFLUENCER_PUBLIC_STYLES} public styles and get Creator benefits. Invite only, as an add-on to
          a Starter or Creator plan; applications are usually reviewed in 2-3 business days.
        </CardDescription>
        {!summary ? (
          <Skeleton className="h-10 w-40 shrink-0 rounded-lg" />
        ) : summary.isInfluencer ? (
          <p className="shrink-0 text-sm font-semibold" data-testid="influencer-status">
            Already an influencer
          </p>
        ) : eligible ? (
          <Link to="/influencer/apply" className={buttonClasses({ className: 'shrink-0' })}>
            Apply to become an influencer
          </Link>
        ) : (
          <p className="shrink-0 text-sm text-muted-foreground sm:max-w-56">Needs a Starter or Creator plan.</p>
        )}
      </CardContent>
    </Card>
  );
}
