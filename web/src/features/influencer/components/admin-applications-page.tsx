import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { applicationReviewSchema } from '@shared/schemas/admin';
import Inbox from 'lucide-react/icons/inbox';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import type { ReviewDecision } from '@shared/domain/influencer';
import { AccessDenied, AdminOnly, fieldClasses } from '../../../components/admin-ui';
import { ApplicationDetails } from './application-details';
import { useAdminApplications, useReviewApplication, type AdminApplication } from '../api/influencer';
import { applicantName, reviewDecisionsFor, STATUS_FILTERS, statusLabel, type StatusFilter } from '../lib/application';

const STATUS_TONE: Record<string, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  approved:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  rejected: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(d);
};

/** /admin/influencer/applications: review influencer applications (admins only). */
export default function AdminApplicationsPage() {
  return (
    <AdminOnly>
      <ApplicationsReview />
    </AdminOnly>
  );
}

function ApplicationsReview() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const list = useAdminApplications(status);
  const [reviewing, setReviewing] = useState<{ app: AdminApplication; decision: ReviewDecision } | null>(null);

  if (isApiError(list.error) && list.error.status === 403) return <AccessDenied />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Influencer Applications" description="Review who may join the influencer program." />

      <div role="radiogroup" aria-label="Filter by status" className="mb-6 flex flex-wrap gap-2">
        {STATUS_FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={status === s}
            data-testid={`filter-${s}`}
            onClick={() => setStatus(s)}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              status === s
                ? 'border-transparent bg-primary text-primary-foreground'
                : 'border-border bg-background text-foreground hover:bg-muted',
            )}
          >
            {statusLabel(s)}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading applications">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44 rounded-2xl" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm">
          <p className="font-semibold text-destructive dark:text-red-400">Failed to fetch applications</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <div
          className="flex flex-col items-center rounded-2xl border border-dashed border-border px-4 py-12 text-center"
          data-testid="applications-empty"
        >
          <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-medium">No applications</p>
          <p className="text-sm text-muted-foreground">
            {status === 'all' ? 'Nobody has applied yet.' : `There are no ${status} applications.`}
          </p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Applications">
          {list.data.map((app) => (
            <li key={app.id}>
              <ApplicationCard app={app} onReview={(decision) => setReviewing({ app, decision })} />
            </li>
          ))}
        </ul>
      )}

      <ReviewDialog target={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

function ApplicationCard({ app, onReview }: { app: AdminApplication; onReview: (d: ReviewDecision) => void }) {
  const decisions = reviewDecisionsFor(app);
  const name = applicantName(app.user);
  return (
    <Card data-testid="application-card" data-email={app.user?.email ?? ''}>
      <CardHeader className="flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle className="truncate">{name}</CardTitle>
          <p className="truncate text-sm text-muted-foreground">
            {app.user ? `@${app.user.username} · ${app.user.email}` : 'Unknown user'}
          </p>
          <p className="text-xs text-muted-foreground">
            Plan: <span className="font-medium text-foreground">{statusLabel(app.user?.currentPlan ?? 'none')}</span> ·
            Applied {formatDate(app.createdAt)}
          </p>
        </div>
        <span
          className={cn(
            'inline-flex w-fit shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
            STATUS_TONE[app.status],
          )}
          data-testid="application-status"
        >
          {statusLabel(app.status)}
        </span>
      </CardHeader>
      <CardContent className="space-y-3">
        <ApplicationDetails app={app} useCaseTitle="Use case" noSocials="No social links given." />
        {app.reviewNotes ? (
          <p className="text-sm">
            <span className="font-medium">Review notes: </span>
            <span className="text-muted-foreground">{app.reviewNotes}</span>
          </p>
        ) : null}
        {decisions.length ? (
          <div className="flex flex-col gap-2 pt-1 sm:flex-row sm:justify-end">
            {decisions.includes('rejected') ? (
              <Button
                variant="outline"
                onClick={() => onReview('rejected')}
                aria-label={`Reject application from ${name}`}
              >
                Reject
              </Button>
            ) : null}
            {decisions.includes('approved') ? (
              <Button onClick={() => onReview('approved')} aria-label={`Approve application from ${name}`}>
                Approve
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The review notes: the route's own rule (optional, trimmed, at most 2000 characters). */
const reviewFormSchema = applicationReviewSchema.pick({ reviewNotes: true });

function ReviewDialog({
  target,
  onClose,
}: {
  target: { app: AdminApplication; decision: ReviewDecision } | null;
  onClose: () => void;
}) {
  const review = useReviewApplication();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof reviewFormSchema>, unknown, z.output<typeof reviewFormSchema>>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { reviewNotes: '' },
  });
  const approve = target?.decision === 'approved';

  const submit = handleSubmit(({ reviewNotes }) => {
    if (!target) return;
    review.mutate(
      { id: target.app.id, status: target.decision, reviewNotes: reviewNotes ?? undefined },
      {
        onSuccess: () => {
          toast({
            title: approve ? 'Application approved' : 'Application rejected',
            description: approve
              ? `${applicantName(target.app.user)} is now an influencer.`
              : 'The applicant can apply again.',
          });
          reset();
          onClose();
        },
        onError: (err) =>
          toast({
            title: 'Review failed',
            description: errorMessage(err, 'Failed to review application'),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <FormDialog
      open={!!target}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onClosed={() => reset()}
      title={approve ? 'Approve application' : 'Reject application'}
      description={
        target ? `${applicantName(target.app.user)}${target.app.user ? ` (${target.app.user.email})` : ''}` : ''
      }
      formLabel={approve ? 'Approve application' : 'Reject application'}
      onSubmit={(e) => void submit(e)}
      pending={review.isPending}
      submitLabel={approve ? 'Approve' : 'Reject'}
      submitVariant={approve ? 'default' : 'destructive'}
      submitTestId="confirm-review"
    >
      <FormField
        label="Review notes (optional)"
        hint={approve ? 'Kept with the application.' : 'Shown to the applicant.'}
        error={errors.reviewNotes?.message}
      >
        <textarea
          rows={4}
          maxLength={2000}
          className={cn(fieldClasses, 'min-h-24 resize-y')}
          {...register('reviewNotes')}
        />
      </FormField>
    </FormDialog>
  );
}
