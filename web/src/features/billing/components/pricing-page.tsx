import { useEffect, useRef } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PACK_IDS, PLAN_ORDER } from '@shared/domain/plans';
import { isOneOf } from '../../../lib/one-of';
import { useCurrentUser } from '../../../api/current-user';
import { useSubscriptionSummary } from '../../../api/billing';
import { planAction, type PlanAction } from '../lib/plan-buttons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  GoodToKnow,
  InfluencerPlanCard,
  PackGrid,
  pageShell,
  PlanCard,
  SectionHeading,
  useStartCheckout,
} from './billing-ui';

/** /pricing (spec 01 section 2): the plans, the influencer program, the notes and the credit packs. */
export default function PricingPage() {
  const { user, isAuthenticated } = useCurrentUser();
  const { start, pending } = useStartCheckout(isAuthenticated);
  const navigate = useNavigate();
  // The summary has the subscription id the plan-change rules need; the user is enough until it arrives.
  const summary = useSubscriptionSummary(isAuthenticated).data;
  const subject = isAuthenticated ? (summary ?? user) : null;

  // Back from sign-in (or sign-up) after choosing a product as a visitor: continue that purchase once.
  const [params, setParams] = useSearchParams();
  const buy = params.get('buy');
  const continued = useRef(false);
  useEffect(() => {
    // the summary, not the user: plan changes need its subscription id
    if (!buy || !isAuthenticated || !summary || continued.current) return;
    continued.current = true;
    setParams(
      (p) => {
        p.delete('buy');
        return p;
      },
      { replace: true },
    );
    const plan = PLAN_ORDER.find((id) => id === buy);
    if (plan) {
      const action = planAction(summary, plan);
      if (action.kind === 'checkout') start(plan);
      else if (action.kind === 'upgrade' || action.kind === 'downgrade') void navigate('/subscription#plans');
      // current, scheduled or not possible: the page shows the plan's state and reason
    } else if (isOneOf(PACK_IDS, buy)) {
      start(buy);
    }
  }, [buy, isAuthenticated, summary, setParams, start, navigate]);

  const onAction = (plan: (typeof PLAN_ORDER)[number], action: PlanAction) => {
    if (action.kind === 'checkout') start(plan);
    // Plan changes are confirmed and reported on /subscription.
    else if (action.kind === 'upgrade' || action.kind === 'downgrade') void navigate('/subscription#plans');
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
            return (
              <PlanCard
                key={plan}
                plan={plan}
                action={action}
                busy={pending === plan}
                onAction={(a) => onAction(plan, a)}
              />
            );
          })}
          <InfluencerPlanCard isInfluencer={!!subject?.isInfluencer} />
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
