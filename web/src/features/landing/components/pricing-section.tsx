import Check from 'lucide-react/icons/check';
import { PLANS, PLAN_ORDER, formatEur, type Plan } from '@shared/domain/plans';
import { buttonClasses } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { ANCHORS } from '../../../lib/site-config';
import { serverSignInUrl } from '../../../lib/return-to';
import { Section } from './section';

const periodLabel = (p: Plan): string => (p.period === 'month' ? 'per month' : 'one-time');

/**
 * Section 11 (anchor pricing): the three plans, from shared/domain/plans.ts. The landing page is for
 * visitors, so a plan's button is a purchase attempt: sign-in (GET /api/auth/login), then /pricing continues it.
 */
export function PricingSection() {
  return (
    <Section
      id={ANCHORS.pricing}
      eyebrow="Pricing"
      title="Simple plans, no surprises"
      intro="Start with a one-time trial, then pick the monthly plan that fits. Cancel anytime."
      testId="pricing"
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {PLAN_ORDER.map((id) => {
          const plan = PLANS[id];
          return (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col gap-5 rounded-2xl border bg-card p-6',
                plan.mostPopular ? 'border-primary shadow-lg ring-1 ring-primary' : 'border-border',
              )}
              data-testid={`plan-${plan.id}`}
            >
              {plan.mostPopular ? (
                <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                  Most Popular
                </p>
              ) : null}
              <div>
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
              </div>
              <p className="flex items-baseline gap-2">
                <span className="text-4xl font-bold tracking-tight">{formatEur(plan.priceCents)}</span>
                <span className="text-sm text-muted-foreground">{periodLabel(plan)}</span>
              </p>
              <ul className="flex flex-1 flex-col gap-2">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              <a
                href={serverSignInUrl(`/pricing?buy=${plan.id}`)}
                className={buttonClasses({ variant: plan.mostPopular ? 'default' : 'outline', className: 'w-full' })}
                data-testid={`landing-buy-${plan.id}`}
              >
                {plan.cta}
              </a>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
