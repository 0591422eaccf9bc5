/** Pieces shared by /pricing, /subscription and /account: plan and pack cards, the notes, usage bars. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import Sparkles from 'lucide-react/icons/sparkles';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import {
  creditCount,
  formatEur,
  PACK_IDS,
  PACKS,
  PLANS,
  ROLLOVER_MULTIPLIER,
  INFLUENCER_PUBLIC_STYLES,
  type PackId,
  type PaidPlanId,
  type ProductType,
} from '@shared/domain/plans';
import { browser, useCheckout } from '../../../api/billing';
import { checkoutReturnPath, DEFAULT_CHECKOUT_RETURN } from '@shared/domain/return-path';
import { serverSignInUrl } from '../../../lib/return-to';
import { perCreditCents } from '../../../lib/format';
import { PurchaseTerms } from '../../../components/legal-links';
import type { PlanAction } from '../lib/plan-buttons';

export const pageShell = 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10';

/** Where a visitor who chose a product returns after signing in: /pricing, which then continues the purchase. */
export const buyReturnPath = (productType: ProductType): string => `/pricing?buy=${encodeURIComponent(productType)}`;

/**
 * The page a checkout started here comes back to: the `returnTo` this page was opened with (the credits upsell
 * sends people to /subscription?returnTo=<where they were>), else this page itself.
 */
export function checkoutOrigin(loc: { pathname: string; search: string }): string {
  const params = new URLSearchParams(loc.search);
  const asked = checkoutReturnPath(params.get('returnTo'));
  if (asked) return asked;
  // `buy` continues a purchase once (the pricing page after sign-in): the way back must not start it again; a
  // returnTo that was refused is not carried either
  params.delete('buy');
  params.delete('returnTo');
  const search = params.toString();
  return checkoutReturnPath(`${loc.pathname}${search ? `?${search}` : ''}`) ?? DEFAULT_CHECKOUT_RETURN;
}

/**
 * Checkout for signed-in users (coming back to the page it started from), the sign-in page for visitors (back
 * to the purchase afterwards); errors as the spec's toast.
 */
export function useStartCheckout(signedIn: boolean) {
  const checkout = useCheckout();
  const location = useLocation();
  const start = (productType: ProductType) => {
    if (!signedIn) {
      browser.go(serverSignInUrl(buyReturnPath(productType)));
      return;
    }
    checkout.mutate(
      { productType, returnTo: checkoutOrigin(location) },
      {
        onError: (err) =>
          toast({
            title: 'Checkout error',
            description: errorMessage(err, 'Failed to start checkout'),
            variant: 'destructive',
          }),
      },
    );
  };
  return { start, pending: checkout.isPending ? checkout.variables?.productType : undefined };
}

export function SectionHeading({ id, title, description }: { id: string; title: string; description?: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}

function Pill({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'muted' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone === 'brand' ? 'bg-primary text-primary-foreground' : 'border border-border bg-muted text-foreground',
      )}
    >
      {children}
    </span>
  );
}

const periodLabel = (plan: PaidPlanId) => (PLANS[plan].period === 'month' ? '/ month' : 'one time');

/** One plan card; the button is given by `action` (see plan-buttons.ts). */
export function PlanCard({
  plan,
  action,
  busy,
  onAction,
  highlight,
}: {
  plan: PaidPlanId;
  action: PlanAction;
  busy?: boolean;
  onAction: (action: PlanAction) => void;
  highlight?: boolean;
}) {
  const p = PLANS[plan];
  const titleId = `plan-${plan}-title`;
  const disabled = busy || action.kind === 'current' || action.kind === 'scheduled' || action.kind === 'disabled';
  const reasonId = action.kind === 'disabled' ? `plan-${plan}-reason` : undefined;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-testid={`plan-${plan}`}
      className={cn('relative flex flex-col p-5', (p.mostPopular || highlight) && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {p.name}
        </h3>
        {p.mostPopular ? (
          <Pill>
            <Sparkles className="h-3 w-3" aria-hidden="true" />
            Most Popular
          </Pill>
        ) : null}
        {action.kind === 'current' ? <Pill tone="muted">Your plan</Pill> : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight">{formatEur(p.priceCents)}</span>
        <span className="text-sm text-muted-foreground">{periodLabel(plan)}</span>
      </p>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm" aria-label={`${p.name} features`}>
        {p.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-5 w-full"
        variant={action.kind === 'upgrade' || (action.kind === 'checkout' && p.mostPopular) ? 'default' : 'outline'}
        disabled={disabled}
        aria-describedby={reasonId}
        aria-busy={busy || undefined}
        onClick={() => onAction(action)}
        data-testid={`plan-${plan}-button`}
      >
        {busy ? <SpinnerIcon /> : null}
        {action.label}
      </Button>
      {reasonId && action.kind === 'disabled' ? (
        <p id={reasonId} className="mt-2 text-xs text-muted-foreground">
          {action.reason}
        </p>
      ) : null}
    </Card>
  );
}

/** The invite-only Influencer card of /pricing. */
export function InfluencerPlanCard({ isInfluencer = false }: { isInfluencer?: boolean }) {
  return (
    <Card role="group" aria-labelledby="plan-influencer-title" className="flex flex-col p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="plan-influencer-title" className="text-lg font-semibold">
          Influencer
        </h3>
        <Pill tone="muted">
          <Crown className="h-3 w-3" aria-hidden="true" />
          Invite only
        </Pill>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">For creators who publish styles for their audience.</p>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm" aria-label="Influencer features">
        {[
          `Up to ${INFLUENCER_PUBLIC_STYLES} public styles`,
          'Creator plan benefits',
          'Public profile and collections',
          'An add-on for Starter or Creator',
        ].map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      {isInfluencer ? (
        <p
          className="mt-5 rounded-lg bg-muted px-3 py-2 text-center text-sm font-medium"
          data-testid="influencer-member"
        >
          You are an influencer
        </p>
      ) : (
        <Link
          to="/influencer/apply"
          aria-label="Apply to become an influencer"
          className={buttonClasses({ variant: 'outline', className: 'mt-5 w-full' })}
        >
          Apply now
        </Link>
      )}
    </Card>
  );
}

/** The credit packs with their per-credit price and "Best value". */
export function PackGrid({ onBuy, pending }: { onBuy: (pack: PackId) => void; pending?: ProductType }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Credit packs">
      {PACK_IDS.map((id) => {
        const pack = PACKS[id];
        const busy = pending === id;
        return (
          <li key={id}>
            <Card
              className={cn('flex h-full flex-col p-5', pack.bestValue && 'border-primary ring-1 ring-primary')}
              data-testid={`pack-${id}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{creditCount(pack.credits)}</h3>
                {pack.bestValue ? <Pill>Best value</Pill> : null}
              </div>
              <p className="mt-3 text-2xl font-bold tracking-tight">{formatEur(pack.priceCents)}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {formatEur(perCreditCents(id))} per credit · valid {pack.validityMonths} months
              </p>
              <Button
                className="mt-4 w-full"
                variant={pack.bestValue ? 'default' : 'outline'}
                disabled={pending !== undefined}
                aria-busy={busy || undefined}
                onClick={() => onBuy(id)}
                aria-label={`Buy ${creditCount(pack.credits)} for ${formatEur(pack.priceCents)}`}
                data-testid={`pack-${id}-button`}
              >
                {busy ? <SpinnerIcon /> : null}
                Buy {creditCount(pack.credits)}
              </Button>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

export const GOOD_TO_KNOW: string[] = [
  `Unused monthly credits roll over, up to ${ROLLOVER_MULTIPLIER}x your monthly amount (Starter ${PLANS.starter.rolloverCap}, Creator ${PLANS.creator.rolloverCap}).`,
  'Monthly credits expire at the end of the billing cycle, apart from those that roll over (up to the cap).',
  `Credit packs are valid ${PACKS['pack-30'].validityMonths} months from purchase; the credits expiring soonest are spent first.`,
  'The trial can be bought once.',
  'Cancel anytime: you keep your plan and credits until the end of the paid period.',
  'Upgrades apply immediately, with the extra monthly credits added at once; downgrades take effect at the end of the billing cycle.',
];

export function GoodToKnow() {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Good to know</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {GOOD_TO_KNOW.map((line) => (
          <li key={line} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <PurchaseTerms className="mt-4" />
    </Card>
  );
}

/** A labelled progress bar: "Photo profiles 2 / 6". */
export function UsageBar({ label, used, max }: { label: string; used: number; max: number }) {
  if (max <= 0 && used <= 0) {
    return (
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">Not included in your plan</span>
      </div>
    );
  }
  const pct = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : used > 0 ? 100 : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {used.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(used, max)}
        aria-valuetext={`${used} of ${max} used`}
        className="h-2 w-full overflow-hidden rounded-full bg-border"
      >
        <div
          className={cn('h-full rounded-full', pct >= 100 ? 'bg-amber-500' : 'bg-primary')}
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

/** A label / value pair of the status cards. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-lg font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
