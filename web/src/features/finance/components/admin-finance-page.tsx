import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { AccessDenied } from '../../../components/access-denied';
import Download from 'lucide-react/icons/download';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { PagedTable } from '../../../components/paged-table';
import { cn } from '../../../lib/cn';
import { formatMoney, LEDGER_KINDS } from '@shared/domain/ledger';
import { isAdmin } from '@shared/domain/roles';
import { useCurrentUser } from '../../../api/current-user';
import { bucketLabel, formatDateTime, formatSignedCredits, ledgerKindLabel } from '../../../lib/format';
import {
  useCsvExport,
  useFinanceLedger,
  useFinanceSummary,
  useReconciliation,
  type ReconciliationReport,
} from '../api/finance';
import {
  barPercent,
  chartMax,
  EMPTY_FILTERS,
  ledgerFiltersSchema,
  SERIES,
  type DayTotals,
  type LedgerFilters,
  type Series,
} from '../lib/finance';

const SERIES_STYLE: Record<Series, { label: string; bar: string }> = {
  granted: { label: 'Granted', bar: 'bg-emerald-500' },
  spent: { label: 'Spent', bar: 'bg-violet-500' },
  refunded: { label: 'Refunded', bar: 'bg-sky-500' },
  expired: { label: 'Expired', bar: 'bg-amber-500' },
};

const th = 'py-2 pr-3 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground';
const td = 'py-2 pr-3 align-top';

/** /admin/finance: ledger explorer, day totals, reconciliation and CSV export (admins only). */
export default function AdminFinancePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isAdmin(user)) return <AccessDenied />;
  return <FinanceDashboard />;
}

function FinanceDashboard() {
  // ?userId= opens the page on one person's entries (the admin user search links here)
  const [params] = useSearchParams();
  const [initial] = useState<LedgerFilters>(() => ({ ...EMPTY_FILTERS, userId: params.get('userId')?.trim() ?? '' }));
  const [filters, setFilters] = useState<LedgerFilters>(initial);
  // The filters apply on Apply (a date problem is checked again on the next Apply, not while typing).
  const { register, handleSubmit, reset, formState } = useForm<LedgerFilters>({
    resolver: zodResolver(ledgerFiltersSchema),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const problem = formState.errors.to?.message;
  const ledger = useFinanceLedger(filters, true);
  const summary = useFinanceSummary({ from: filters.from, to: filters.to }, true);
  const csv = useCsvExport();

  const forbidden = [ledger.error, summary.error].some((e) => isApiError(e) && e.status === 403);
  if (forbidden) return <AccessDenied />;

  const apply = handleSubmit(setFilters);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Finance"
        description="Credit movements across all users, daily totals and the consistency check."
        actions={
          <Button
            variant="outline"
            disabled={csv.isPending}
            onClick={() =>
              csv.mutate(filters, {
                onError: (err) =>
                  toast({
                    title: 'Error',
                    description: errorMessage(err, 'Failed to export the ledger'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {csv.isPending ? <SpinnerIcon /> : <Download className="h-4 w-4" aria-hidden="true" />}
            Export CSV
          </Button>
        }
      />

      <Card className="mb-6">
        <CardContent className="pt-5">
          <form
            onSubmit={(e) => void apply(e)}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
            aria-label="Ledger filters"
          >
            <FormField label="User id">
              <Input placeholder="All users" autoComplete="off" {...register('userId')} />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="finance-kind" className="text-sm font-medium">
                Kind
              </label>
              <select
                id="finance-kind"
                {...register('kind')}
                className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
              >
                <option value="">All kinds</option>
                {LEDGER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ledgerKindLabel(k)} ({k})
                  </option>
                ))}
              </select>
            </div>
            <FormField label="From">
              <Input type="date" {...register('from')} />
            </FormField>
            <FormField label="To">
              <Input type="date" {...register('to')} />
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" className="flex-1">
                Apply
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  reset(EMPTY_FILTERS);
                  setFilters(EMPTY_FILTERS);
                }}
              >
                Reset
              </Button>
            </div>
          </form>
          {problem ? (
            <p role="alert" className="mt-3 text-sm text-destructive dark:text-red-400">
              {problem}
            </p>
          ) : null}
          <p className="mt-3 text-xs text-muted-foreground">
            Without dates the last 30 days are shown (at most 400 days at a time).
          </p>
        </CardContent>
      </Card>

      {/* one column of minmax(0, 1fr): a wide table scrolls inside its card, the page never does (phone) */}
      <div className="grid grid-cols-1 gap-6">
        <SummaryCard loading={summary.isPending} error={summary.error} data={summary.data} />
        <LedgerCard ledger={ledger} />
        <ReconciliationCard />
      </div>
    </div>
  );
}

function ErrorLine({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p role="alert" className="text-sm text-destructive dark:text-red-400">
      {errorMessage(error, fallback)}
    </p>
  );
}

function SummaryCard({
  loading,
  error,
  data,
}: {
  loading: boolean;
  error: unknown;
  data?: { from: string; to: string; days: DayTotals[]; totals: Omit<DayTotals, 'day'> };
}) {
  const days = data?.days ?? [];
  const active = days.filter((d) => SERIES.some((s) => d[s] !== 0) || d.revoked !== 0 || d.adjusted !== 0);
  const max = chartMax(active);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="finance-summary-title">Daily totals</CardTitle>
        <CardDescription>
          {data
            ? `Credits from ${data.from} to ${data.to}. Expired includes the rollover cap.`
            : 'Credits granted, spent, refunded and expired per day.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-32 rounded-lg" />
        ) : error ? (
          <ErrorLine error={error} fallback="Failed to load the totals" />
        ) : data ? (
          <>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {(['granted', 'spent', 'refunded', 'expired', 'revoked', 'adjusted'] as const).map((k) => (
                <div key={k} className="rounded-lg bg-muted px-3 py-2">
                  <dt className="text-xs capitalize text-muted-foreground">{k}</dt>
                  <dd className="font-semibold tabular-nums">{data.totals[k].toLocaleString('en-US')}</dd>
                </div>
              ))}
            </dl>
            {active.length === 0 ? (
              <p className="text-sm text-muted-foreground">No credit movements in this period.</p>
            ) : (
              <>
                <ul className="mb-3 flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label="Chart legend">
                  {SERIES.map((s) => (
                    <li key={s} className="flex items-center gap-1.5">
                      <span
                        className={cn('inline-block h-2.5 w-2.5 rounded-sm', SERIES_STYLE[s].bar)}
                        aria-hidden="true"
                      />
                      {SERIES_STYLE[s].label}
                    </li>
                  ))}
                </ul>
                {/* relative: the header's sr-only label is positioned inside the scroller, not past the page edge */}
                <div className="relative overflow-x-auto">
                  <table className="w-full min-w-[36rem] text-sm" aria-labelledby="finance-summary-title">
                    <thead className="border-b border-border">
                      <tr>
                        <th scope="col" className={th}>
                          Day
                        </th>
                        {SERIES.map((s) => (
                          <th key={s} scope="col" className={cn(th, 'text-right')}>
                            {SERIES_STYLE[s].label}
                          </th>
                        ))}
                        <th scope="col" className={cn(th, 'w-1/3')}>
                          <span className="sr-only">Chart</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {active.map((d) => (
                        <tr key={d.day} className="border-b border-border last:border-0">
                          <th scope="row" className={cn(td, 'whitespace-nowrap text-left font-medium')}>
                            {d.day}
                          </th>
                          {SERIES.map((s) => (
                            <td key={s} className={cn(td, 'text-right tabular-nums')}>
                              {d[s].toLocaleString('en-US')}
                            </td>
                          ))}
                          <td className={td} aria-hidden="true">
                            <div className="flex flex-col gap-0.5">
                              {SERIES.map((s) => (
                                <div key={s} className="h-1.5 rounded-full bg-muted">
                                  <div
                                    className={cn('h-full rounded-full', SERIES_STYLE[s].bar)}
                                    style={{ width: `${barPercent(d[s], max)}%` }}
                                  />
                                </div>
                              ))}
                            </div>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LedgerCard({ ledger }: { ledger: ReturnType<typeof useFinanceLedger> }) {
  const items = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  const range = ledger.data?.pages[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle id="finance-ledger-title">Ledger</CardTitle>
        <CardDescription>
          {range ? `Entries from ${range.from} to ${range.to}, newest first.` : 'Entries newest first.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {ledger.isPending ? (
          <Skeleton className="h-40 rounded-lg" />
        ) : ledger.isError ? (
          <ErrorLine error={ledger.error} fallback="Failed to load the ledger" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No entries match these filters.</p>
        ) : (
          <PagedTable
            query={ledger}
            className="w-full min-w-[48rem] text-sm"
            aria-labelledby="finance-ledger-title"
            head={
              <thead className="border-b border-border">
                <tr>
                  {['Date', 'User', 'Kind', 'Bucket', 'Note'].map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                  <th scope="col" className={cn(th, 'text-right')}>
                    Credits
                  </th>
                  <th scope="col" className={cn(th, 'text-right')}>
                    Money
                  </th>
                </tr>
              </thead>
            }
          >
            {items.map((e) => (
              <tr key={`${e.userId}-${e.entryId}`} className="border-b border-border last:border-0">
                <td className={cn(td, 'whitespace-nowrap text-muted-foreground')}>{formatDateTime(e.createdAt)}</td>
                <td className={cn(td, 'max-w-56')}>
                  {e.email ? (
                    <span className="block truncate" title={e.email}>
                      {e.email}
                    </span>
                  ) : (
                    <span className="block text-muted-foreground">Deleted account</span>
                  )}
                  <span className="block truncate font-mono text-xs text-muted-foreground" title={e.userId}>
                    {e.userId}
                  </span>
                </td>
                <td className={td}>{ledgerKindLabel(e.kind)}</td>
                <td className={td}>{bucketLabel(e.bucket)}</td>
                <td className={cn(td, 'max-w-64 break-words text-muted-foreground')}>{e.note ?? ''}</td>
                <td
                  className={cn(
                    td,
                    'text-right font-semibold tabular-nums',
                    e.amount > 0 && 'text-emerald-700 dark:text-emerald-400',
                  )}
                >
                  {formatSignedCredits(e.amount)}
                </td>
                <td className={cn(td, 'whitespace-nowrap text-right tabular-nums')}>
                  {e.money ? (
                    formatMoney(e.money)
                  ) : (
                    <span className="text-muted-foreground" aria-label="No money moved">
                      —
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </PagedTable>
        )}
      </CardContent>
    </Card>
  );
}

function ReconciliationCard() {
  const run = useReconciliation();
  const report = run.data;
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Reconciliation</CardTitle>
          <CardDescription>
            Balances against their ledger entries, payment events not applied, and payments without a grant. Reads the
            whole table.
          </CardDescription>
        </div>
        <Button variant="outline" className="shrink-0" disabled={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? <SpinnerIcon /> : null}
          {report ? 'Run again' : 'Run check'}
        </Button>
      </CardHeader>
      <CardContent aria-live="polite">
        {run.isError ? <ErrorLine error={run.error} fallback="Failed to run the reconciliation" /> : null}
        {report ? (
          <ReconciliationResult report={report} />
        ) : !run.isPending && !run.isError ? (
          <p className="text-sm text-muted-foreground">Not run yet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ReconciliationResult({ report }: { report: ReconciliationReport }) {
  const consistent =
    report.mismatches.length === 0 && report.unappliedEvents.length === 0 && report.paymentsWithoutGrant.length === 0;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-muted-foreground">
        {report.checkedUsers.toLocaleString('en-US')} users checked · {formatDateTime(report.generatedAt)}
      </p>
      {consistent ? (
        <p className="font-semibold text-emerald-700 dark:text-emerald-400" data-testid="reconciliation-ok">
          All consistent
        </p>
      ) : null}
      {report.mismatches.length ? (
        <Issues title={`Balances that differ from their entries (${report.mismatches.length})`}>
          {report.mismatches.map((m) => (
            <li key={m.userId}>
              <span className="font-mono text-xs">{m.userId}</span>: balance {m.balance.credits} (monthly{' '}
              {m.balance.monthly}, pack {m.balance.pack}, trial {m.balance.trial}); entries monthly {m.entries.monthly},
              pack {m.entries.pack}, trial {m.entries.trial}; lots {m.lotsRemaining}. {m.problems.join(' ')}
            </li>
          ))}
        </Issues>
      ) : null}
      {report.unappliedEvents.length ? (
        <Issues title={`Events received but not applied (${report.unappliedEvents.length})`}>
          {report.unappliedEvents.map((e) => (
            <li key={e.eventId}>
              <span className="font-mono text-xs">{e.eventId}</span> {e.eventType}, received{' '}
              {formatDateTime(e.receivedAt)}
            </li>
          ))}
        </Issues>
      ) : null}
      {report.paymentsWithoutGrant.length ? (
        <Issues title={`Payments without a grant (${report.paymentsWithoutGrant.length})`}>
          {report.paymentsWithoutGrant.map((e) => (
            <li key={e.eventId}>
              <span className="font-mono text-xs">{e.eventId}</span> {e.eventType} for user{' '}
              <span className="font-mono text-xs">{e.userId ?? 'unknown'}</span>, expected{' '}
              <span className="font-mono text-xs">{e.expectedEntryId}</span>, received {formatDateTime(e.receivedAt)}
            </li>
          ))}
        </Issues>
      ) : null}
    </div>
  );
}

function Issues({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 break-words pl-5">{children}</ul>
    </div>
  );
}
