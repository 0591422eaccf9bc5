import { PageHeader } from '../../../components/page-header';
import { PLAN_ORDER } from '../../../../../shared/domain/plans';
import { useCurrentUser } from '../../auth/api/current-user';
import { useSubscriptionSummary } from '../api/billing';
import { planAction, type PlanAction } from '../lib/plan-buttons';
import { useNavigate } from 'react-router-dom';
import { GoodToKnow, InfluencerPlanCard, PackGrid, pageShell, PlanCard, SectionHeading, useStartCheckout } from './billing-ui';

/** /pricing (spec 01 section 2): the plans, the influencer program, the notes and the credit packs. */
export default function PricingPage() {
  const { user, isAuthenticated } = useCurrentUser();
  const { start, pending } = useStartCheckout(isAuthenticated);
  const navigate = useNavigate();
  // The summary has the subscription id the plan-change rules need; the user is enough until it arrives.
  const summary = useSubscriptionSummary(isAuthenticated).data;
  const subject = isAuthenticated ? (summary ?? user) : null;

  const onAction = (plan: (typeof PLAN_ORDER)[number], action: PlanAction) => {
    if (action.kind === 'checkout') start(plan);
    // Plan changes are confirmed and reported on /subscription.
    else if (action.kind === 'upgrade' || action.kind === 'downgrade') navigate('/subscription#plans');
  };

  return (
    <div className={pageShell}>
      <PageHeader title="Pricing" description="Pick a plan to start trying on outfits, or top up with a credit pack." />
      <section aria-labelledby="pricing-plans">
        <h2 id="pricing-plans" className="sr-only">
          Plans
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {PLAN_ORDER.map((plan) => {
            const action = planAction(subject, plan);
            return <PlanCard key={plan} plan={plan} action={action} busy={pending === plan} onAction={(a) => onAction(plan, a)} />;
          })}
          <InfluencerPlanCard />
        </div>
      </section>
      <div className="mt-10">
        <GoodToKnow />
      </div>
      <section aria-labelledby="pricing-packs" className="mt-10">
        <SectionHeading id="pricing-packs" title="Credit packs" description="One-time top-ups on any plan." />
        <PackGrid onBuy={start} pending={pending} />
      </section>
    </div>
  );
}
