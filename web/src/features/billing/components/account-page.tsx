import { useState } from 'react';
import { Link } from 'react-router-dom';
import Coins from 'lucide-react/icons/coins';
import CreditCard from 'lucide-react/icons/credit-card';
import ExternalLink from 'lucide-react/icons/external-link';
import Gauge from 'lucide-react/icons/gauge';
import History from 'lucide-react/icons/history';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/dialog';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { PagedTable } from '../../../components/paged-table';
import { cn } from '../../../lib/cn';
import { creditCount, creditWord, formatCredits, isMonthlyPlan } from '@shared/domain/plans';
import {
  useCancelSubscription,
  useCreditLedger,
  useCredits,
  usePortal,
  useSubscriptionSummary,
  useUpdatePaymentMethod,
  type CreditsView,
  type SubscriptionSummary,
} from '../../../api/billing';
import {
  bucketLabel,
  formatDate,
  formatDateTime,
  formatSignedCredits,
  ledgerDescription,
  planName,
  statusLabel,
} from '../../../lib/format';
import { canCancelSubscription } from '../lib/plan-buttons';
import { Fact, pageShell, UsageBar } from './billing-ui';
import { ScheduledChangeNotice } from './subscription-actions';

/** /account: Account and Billing (spec 02 section 2): credits, plan, usage, subscription actions, credit history. */
export default function AccountPage() {
  const summary = useSubscriptionSummary();
  const credits = useCredits();
  const s = summary.data;
  return (
    <div className={pageShell}>
      <PageHeader
        title="Account and Billing"
        description="Your credits, plan, usage and payments."
        actions={
          <Link to="/subscription" className={buttonClasses({ variant: 'outline' })}>
            Plans and credit packs
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CreditsCard credits={credits.data} summary={s} loading={credits.isPending} error={credits.error} />
        <PlanCard summary={s} loading={summary.isPending} error={summary.error} />
        <UsageCard summary={s} />
        <BillingCard summary={s} />
      </div>
      <div className="mt-6">
        <CreditHistory />
      </div>
    </div>
  );
}

function LoadError({ error, what }: { error: unknown; what: string }) {
  return (
    <p role="alert" className="text-sm text-destructive dark:text-red-400">
      Could not load {what}. {errorMessage(error, '')}
    </p>
  );
}

function CreditsCard({
  credits,
  summary,
  loading,
  error,
}: {
  credits?: CreditsView;
  summary?: SubscriptionSummary;
  loading: boolean;
  error: unknown;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Coins className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle>Credits</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loading ? (
          <div aria-busy="true">
            <span className="sr-only">Loading credits</span>
            <Skeleton className="h-10 w-40 rounded-lg" />
          </div>
        ) : credits ? (
          <>
            <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="account-credits">
              {formatCredits(credits.credits, credits.hasUnlimitedCredits)}
            </p>
            {credits.hasUnlimitedCredits ? (
              <CardDescription>Your account has unlimited credits.</CardDescription>
            ) : (
              <dl className="grid grid-cols-3 gap-3 text-sm">
                {(['monthly', 'pack', 'trial'] as const).map((b) => (
                  <div key={b} className="rounded-lg bg-muted px-3 py-2">
                    <dt className="text-xs text-muted-foreground">{bucketLabel(b)}</dt>
                    <dd className="font-semibold tabular-nums">{credits.buckets[b].toLocaleString('en-US')}</dd>
                  </div>
                ))}
              </dl>
            )}
            <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
              {credits.monthlyAllowance > 0 ? (
                <li>
                  {creditCount(credits.monthlyAllowance)} every month
                  {credits.rolloverCap ? `, rolling over up to ${credits.rolloverCap}` : ''}.
                </li>
              ) : null}
              {credits.monthlyExpiresAt ? (
                <li>
                  The billing cycle ends on {formatDate(credits.monthlyExpiresAt)}; unused monthly credits roll over up
                  to the cap.
                </li>
              ) : null}
              {credits.packLots.map((lot) => (
                <li key={`${lot.expiresAt}-${lot.amount}`}>
                  {lot.remaining} of {lot.amount} pack {creditWord(lot.amount)} valid until {formatDate(lot.expiresAt)}.
                </li>
              ))}
            </ul>
            {!summary?.hasUnlimitedCredits ? (
              <Link to="/subscription" className={buttonClasses({ variant: 'outline', className: 'w-full sm:w-fit' })}>
                Get more credits
              </Link>
            ) : null}
          </>
        ) : (
          <LoadError error={error} what="your credits" />
        )}
      </CardContent>
    </Card>
  );
}

function PlanCard({ summary, loading, error }: { summary?: SubscriptionSummary; loading: boolean; error: unknown }) {
  const [confirm, setConfirm] = useState(false);
  const cancel = useCancelSubscription();
  const monthly = isMonthlyPlan(summary?.currentPlan);
  const periodEnd = formatDate(summary?.currentPeriodEnd);
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <CreditCard className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle>Current plan</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loading ? (
          <div aria-busy="true">
            <span className="sr-only">Loading your plan</span>
            <Skeleton className="h-12 w-full rounded-lg" />
          </div>
        ) : summary ? (
          <>
            <dl className="grid grid-cols-2 gap-4">
              <Fact label="Plan" testId="account-plan">
                {planName(summary.currentPlan)}
              </Fact>
              <Fact label="Status">{statusLabel(summary.subscriptionStatus)}</Fact>
              {monthly && (summary.nextScheduledPlanDate ?? summary.currentPeriodEnd) ? (
                <Fact label={summary.nextScheduledPlan === 'none' ? 'Access until' : 'Renews on'}>
                  {formatDate(summary.nextScheduledPlanDate ?? summary.currentPeriodEnd)}
                </Fact>
              ) : null}
              {summary.isInfluencer ? <Fact label="Influencer">Yes</Fact> : null}
            </dl>
            <ScheduledChangeNotice summary={summary} />
            <div className="flex flex-wrap gap-2">
              {canCancelSubscription(summary) ? (
                <Button variant="outline" onClick={() => setConfirm(true)} data-testid="cancel-subscription">
                  Cancel subscription
                </Button>
              ) : null}
              <Link to="/subscription#plans" className={buttonClasses({ variant: monthly ? 'outline' : 'default' })}>
                {monthly ? 'Change plan' : 'Choose a plan'}
              </Link>
            </div>
          </>
        ) : (
          <LoadError error={error} what="your plan" />
        )}
      </CardContent>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        {summary ? (
          <DialogContent
            title="Cancel subscription?"
            description={`Your ${planName(summary.currentPlan)} plan stays active until ${periodEnd}: you keep its benefits and can use your credits until then. It will not renew, and monthly credits expire when it ends.`}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Keep subscription</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: (next) => {
                      setConfirm(false);
                      toast({
                        title: 'Subscription cancelled',
                        description: `You keep access until ${formatDate(next?.nextScheduledPlanDate ?? summary.currentPeriodEnd)}.`,
                      });
                    },
                    onError: (err) =>
                      toast({
                        title: 'Error',
                        description: errorMessage(err, 'Could not cancel subscription'),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                {cancel.isPending ? <SpinnerIcon /> : null}
                Cancel subscription
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}

function UsageCard({ summary }: { summary?: SubscriptionSummary }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Gauge className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle>Usage</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {summary ? (
          <>
            <UsageBar label="Photo profiles" used={summary.profilesUsed} max={summary.maxProfiles} />
            <UsageBar label="Private styles" used={summary.privateStylesUsed} max={summary.maxPrivateStyles} />
            <UsageBar label="Public styles" used={summary.publicStylesUsed} max={summary.maxPublicStyles} />
            <p className="text-sm text-muted-foreground">
              {summary.hasPriorityQueue ? 'Priority processing' : 'Standard processing'} ·{' '}
              {summary.hasAdvancedControls ? 'Advanced controls' : 'Basic controls'}
            </p>
          </>
        ) : (
          <div aria-busy="true" className="flex flex-col gap-4">
            <span className="sr-only">Loading usage</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 rounded-lg" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function BillingCard({ summary }: { summary?: SubscriptionSummary }) {
  const portal = usePortal();
  const payment = useUpdatePaymentMethod();
  const busy = portal.isPending || payment.isPending;
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <ExternalLink className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CardDescription>
          Invoices, receipts and your card are managed in the secure customer portal of our payment provider.
        </CardDescription>
        <div className="flex flex-wrap gap-2">
          {[
            { action: portal, label: 'Open customer portal', failure: 'Failed to open customer portal' },
            { action: payment, label: 'Update payment method', failure: 'Could not fetch payment update URL' },
          ].map(({ action, label, failure }) => (
            <Button
              key={label}
              variant="outline"
              disabled={busy || !summary}
              onClick={() =>
                action.mutate(undefined, {
                  onError: (err) =>
                    toast({ title: 'Error', description: errorMessage(err, failure), variant: 'destructive' }),
                })
              }
            >
              {action.isPending ? <SpinnerIcon /> : null}
              {label}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

function CreditHistory() {
  const ledger = useCreditLedger();
  const items = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <History className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle id="credit-history-title">Credit history</CardTitle>
      </CardHeader>
      <CardContent>
        {ledger.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Loading credit history</span>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-8 rounded-md" />
            ))}
          </div>
        ) : ledger.isError ? (
          <LoadError error={ledger.error} what="your credit history" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No credit movements yet. Purchases, generations and refunds appear here.
          </p>
        ) : (
          <PagedTable
            query={ledger}
            scrollClassName="-mx-5 overflow-x-auto px-5"
            className="w-full text-left text-sm"
            aria-labelledby="credit-history-title"
            data-testid="credit-history"
            head={
              <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  {[
                    ['Date', 'py-2 pr-3'],
                    ['Description', 'py-2 pr-3'],
                    ['Bucket', 'hidden py-2 pr-3 sm:table-cell'],
                    ['Amount', 'py-2 text-right'],
                  ].map(([h, cls]) => (
                    <th key={h} scope="col" className={cn(cls, 'font-medium')}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
            }
          >
            {items.map((e) => (
              <tr key={e.entryId} className="border-b border-border last:border-0">
                <td className="whitespace-nowrap py-2 pr-3 align-top text-muted-foreground">
                  <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)}>
                    {formatDate(e.createdAt)}
                  </time>
                </td>
                <td className="py-2 pr-3 align-top">
                  <span className="break-words">{ledgerDescription(e)}</span>
                  <span className="block text-xs text-muted-foreground sm:hidden">{bucketLabel(e.bucket)}</span>
                </td>
                <td className="hidden py-2 pr-3 align-top text-muted-foreground sm:table-cell">
                  {bucketLabel(e.bucket)}
                </td>
                <td
                  className={cn(
                    'whitespace-nowrap py-2 text-right align-top font-semibold tabular-nums',
                    e.amount > 0
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : e.amount < 0
                        ? 'text-foreground'
                        : 'text-muted-foreground',
                  )}
                >
                  {formatSignedCredits(e.amount)}
                </td>
              </tr>
            ))}
          </PagedTable>
        )}
      </CardContent>
    </Card>
  );
}
