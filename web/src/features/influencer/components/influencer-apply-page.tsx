import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import CircleX from 'lucide-react/icons/circle-x';
import Sparkles from 'lucide-react/icons/sparkles';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { canJoinInfluencerProgram } from '@shared/domain/plans';
import { useCurrentUser } from '../../../api/current-user';
import { BackLink } from '../../../components/back-link';
import { fieldClasses } from '../../../components/admin-ui';
import { ApplicationDetails } from './application-details';
import { useApply, useMyApplication, type InfluencerApplication } from '../api/influencer';
import {
  applicationFormSchema,
  canApply,
  canSubmitApplication,
  EMPTY_APPLICATION_FORM,
  SOCIAL_FIELDS,
  SOCIAL_LABELS,
  toApplyBody,
  useCaseCount,
  type ApplicationFormValues,
} from '../lib/application';

const BENEFITS = [
  'Publish up to 120 public styles',
  'Creator plan limits and benefits',
  'A public profile page',
  'Curated collections of your styles',
  'An influencer badge',
  'Affiliate commissions on your product links',
];

const SOCIAL_PLACEHOLDERS: Record<(typeof SOCIAL_FIELDS)[number], string> = {
  instagramHandle: '@yourhandle',
  tiktokHandle: '@yourhandle',
  youtubeChannel: 'Channel name or URL',
  otherSocial: 'Blog, website or other network',
};

const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
};

/** /influencer/apply: the influencer program application (spec 02 section 2). */
export default function InfluencerApplyPage() {
  const { user, isLoading } = useCurrentUser();
  const isInfluencer = !!user?.isInfluencer;
  const application = useMyApplication(!!user && !isInfluencer);

  if (isLoading) return <PageSpinner />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to="/account">Back to Account</BackLink>
      <PageHeader
        title="Apply to Become an Influencer"
        description="Share your styles with everyone and earn from the products you recommend."
      />
      {isInfluencer ? (
        <AlreadyInfluencer />
      ) : application.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading your application">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-56 rounded-2xl" />
        </div>
      ) : (
        <div className="space-y-6">
          {application.isError ? (
            <p
              role="alert"
              className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive dark:text-red-400"
            >
              Your application status could not be loaded. Please reload the page.
            </p>
          ) : null}
          {application.data ? <StatusAlert app={application.data} /> : null}
          <BenefitsCard />
          {application.data?.status === 'pending' ? <ReadOnlyApplication app={application.data} /> : null}
          {!application.isError && canApply(application.data) ? (
            user && canJoinInfluencerProgram(user) ? (
              <ApplicationForm />
            ) : (
              <PlanRequired />
            )
          ) : null}
        </div>
      )}
    </div>
  );
}

function AlreadyInfluencer() {
  return (
    <Card data-testid="already-influencer">
      <CardContent className="flex flex-col items-center gap-3 pt-8 pb-8 text-center">
        <BadgeCheck className="h-10 w-10 text-brand" aria-hidden="true" />
        <h2 className="text-xl font-semibold">Already an Influencer</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          You are already part of the influencer program. Manage your public profile and collections from your settings.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/influencer/collections" className={buttonClasses()}>
            My Collections
          </Link>
          <Link to="/settings" className={buttonClasses({ variant: 'outline' })}>
            Settings
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

const STATUS_LOOK = {
  pending: {
    Icon: Clock,
    title: 'Application pending',
    text: 'Your application is being reviewed. Applications are typically reviewed in 2-3 business days.',
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50',
  },
  approved: {
    Icon: BadgeCheck,
    title: 'Application approved',
    text: 'Welcome to the influencer program!',
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-50',
  },
  rejected: {
    Icon: CircleX,
    title: 'Application not approved',
    text: 'Your last application was not approved. You can apply again below.',
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50',
  },
} as const;

function StatusAlert({ app }: { app: InfluencerApplication }) {
  const look = STATUS_LOOK[app.status];
  return (
    <div
      role="status"
      data-testid="application-status"
      data-status={app.status}
      className={cn('flex gap-3 rounded-xl border p-4 text-sm', look.box)}
    >
      <look.Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{look.title}</p>
        <p>{look.text}</p>
        {app.createdAt ? <p className="text-xs opacity-80">Submitted {formatDate(app.createdAt)}</p> : null}
        {app.status === 'rejected' && app.reviewNotes ? (
          <p className="whitespace-pre-line">
            <span className="font-medium">Review notes: </span>
            {app.reviewNotes}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function BenefitsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="h-5 w-5 text-brand" aria-hidden="true" />
          Influencer benefits
        </CardTitle>
        <CardDescription>Applications are typically reviewed in 2-3 business days.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {BENEFITS.map((b) => (
            <li key={b} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              {b}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PlanRequired() {
  return (
    <Card data-testid="plan-required">
      <CardHeader>
        <CardTitle>A Starter or Creator plan is required</CardTitle>
        <CardDescription>
          The influencer program is open to members with an active Starter or Creator subscription. Subscribe to one of
          them, then come back to apply.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/subscription" className={buttonClasses()}>
          View plans
        </Link>
      </CardContent>
    </Card>
  );
}

function ReadOnlyApplication({ app }: { app: InfluencerApplication }) {
  return (
    <Card data-testid="pending-application">
      <CardHeader>
        <CardTitle>Your application</CardTitle>
        <CardDescription>
          Submitted {formatDate(app.createdAt)}. It can no longer be edited while it is reviewed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ApplicationDetails app={app} useCaseTitle="How will you use the platform?" />
      </CardContent>
    </Card>
  );
}

function ApplicationForm() {
  const apply = useApply();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: EMPTY_APPLICATION_FORM,
    mode: 'onTouched',
  });
  const useCase = watch('useCase');
  const count = useCaseCount(useCase);

  // mutateAsync, not mutate's per-call callbacks: a successful apply refetches the application, which replaces
  // this form (it unmounts), and per-call callbacks of an unmounted component never run (no toast).
  const onSubmit = async (values: ApplicationFormValues) => {
    try {
      await apply.mutateAsync(toApplyBody(values));
    } catch (err) {
      toast({
        title: 'Submission failed',
        description: errorMessage(err, 'Failed to submit application'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Application submitted', description: 'Your application has been submitted for review.' });
    reset(EMPTY_APPLICATION_FORM);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your application</CardTitle>
        <CardDescription>
          Tell us how you would use the platform as an influencer. Social links are optional.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          className="flex flex-col gap-5"
          aria-label="Influencer application"
        >
          <FormField
            label="How will you use the platform?"
            error={errors.useCase?.message}
            hint={
              <span
                data-testid="use-case-count"
                className={cn('tabular-nums', count.enough ? 'text-emerald-700 dark:text-emerald-400' : undefined)}
              >
                {count.label}
              </span>
            }
          >
            <textarea
              rows={6}
              maxLength={5000}
              placeholder="Describe your audience, the kind of styles you would publish and how you would share them (at least 50 characters)."
              className={cn(fieldClasses, 'min-h-32 resize-y')}
              {...register('useCase')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIAL_FIELDS.map((f) => (
              <FormField key={f} label={`${SOCIAL_LABELS[f]} (optional)`} error={errors[f]?.message}>
                <Input autoComplete="off" placeholder={SOCIAL_PLACEHOLDERS[f]} maxLength={200} {...register(f)} />
              </FormField>
            ))}
          </div>
          <div className="flex justify-end">
            <Button
              type="submit"
              size="lg"
              disabled={!canSubmitApplication(useCase, apply.isPending)}
              className="w-full sm:w-auto"
            >
              {apply.isPending ? <SpinnerIcon /> : null}
              Submit application
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
