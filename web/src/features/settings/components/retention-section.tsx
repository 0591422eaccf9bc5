/**
 * Settings > Privacy: how long generated images are kept (keep, or delete after 7, 30 or 90 days). A shorter
 * period deletes existing results, so it is confirmed first in an alert dialog that says how many (counted by
 * the server); Cancel changes nothing.
 */
import { useState } from 'react';
import Clock from 'lucide-react/icons/clock';
import { RETENTION_DAYS, isShorterRetention, type RetentionDays } from '@shared/domain/privacy';
import { AlertConfirmDialog } from '../../../components/alert-dialog';
import { CardDescription } from '../../../components/card';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { usePrivacySettings, useRetentionImpact, useSetRetention } from '../../../api/privacy';

const OPTIONS: { value: RetentionDays; label: string; hint: string }[] = [
  { value: null, label: 'Keep until I delete them', hint: 'Your results stay in your gallery.' },
  ...RETENTION_DAYS.map((d) => ({
    value: d,
    label: `Delete after ${d} days`,
    hint: `Each result is deleted ${d} days after it was made.`,
  })),
];

export function RetentionSection() {
  const settings = usePrivacySettings();
  const save = useSetRetention();
  const current = settings.data?.retentionDays ?? null;
  // The choice being saved shows at once; a failure puts the stored one back.
  const shown = save.isPending ? (save.variables ?? null) : current;

  // A shorter period waiting for its confirmation (null: no dialog).
  const [asking, setAsking] = useState<Exclude<RetentionDays, null> | null>(null);

  const choose = (value: RetentionDays) => {
    if (value === current || save.isPending) return;
    if (isShorterRetention(value, current)) setAsking(value);
    else apply(value);
  };

  const apply = (value: RetentionDays) => {
    save.mutate(value, {
      onSuccess: () =>
        toast({
          title: 'Saved',
          description:
            value === null
              ? 'Your generated images are kept until you delete them.'
              : `Generated images are now deleted after ${value} days.`,
        }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Not saved',
          description: errorMessage(err, 'Could not save your choice. Please try again.'),
        }),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border p-4" aria-labelledby="retention-title">
      <div>
        <h3 id="retention-title" className="flex items-center gap-2 font-semibold">
          <Clock className="h-4 w-4 text-brand" aria-hidden="true" />
          Keep my generated images
        </h3>
        <CardDescription className="mt-1">
          Choose how long your try-on results are kept. A shorter period also applies to results you already have. Your
          photo profiles and credit history are not affected.
        </CardDescription>
      </div>
      <div role="radiogroup" aria-labelledby="retention-title" className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => {
          const selected = !!settings.data && o.value === shown;
          return (
            <label
              key={String(o.value)}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
                selected ? 'border-brand bg-brand/5' : 'border-border hover:bg-muted',
                (settings.isPending || save.isPending) && 'cursor-wait opacity-70',
              )}
            >
              <input
                type="radio"
                name="retention"
                className="mt-0.5 accent-brand"
                checked={selected}
                disabled={settings.isPending || save.isPending}
                onChange={() => choose(o.value)}
              />
              <span>
                <span className="font-medium">{o.label}</span>
                <span className="block text-xs text-muted-foreground">{o.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      <ShorterRetentionDialog
        days={asking}
        pending={save.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => (asking === null ? undefined : apply(asking))}
      />
    </section>
  );
}

function ShorterRetentionDialog({
  days,
  pending,
  onCancel,
  onConfirm,
}: {
  days: Exclude<RetentionDays, null> | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const impact = useRetentionImpact(days);
  const n = impact.data?.results ?? 0;
  const what = impact.isPending ? (
    <p className="flex items-center gap-2" role="status">
      <SpinnerIcon />
      Counting the results this deletes...
    </p>
  ) : impact.isError ? (
    <p role="alert" data-testid="retention-impact">
      We could not count them just now: saving deletes every result made more than {days} days ago.
    </p>
  ) : (
    <p className="font-medium text-foreground" data-testid="retention-impact">
      {n === 0
        ? `None of your current results is older than ${days} days, so none is deleted now.`
        : `${n} of your generated ${n === 1 ? 'image is' : 'images are'} older than ${days} days and will be deleted.`}
    </p>
  );
  return (
    <AlertConfirmDialog
      open={days !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={`Delete results after ${days ?? ''} days?`}
      description={
        <>
          {what}
          <p>
            From now on each result is deleted {days} days after it was made. Deleted results cannot be brought back;
            download the ones you want to keep first.
          </p>
        </>
      }
      cancelLabel="Keep my current setting"
      confirmLabel={
        n > 0 && !impact.isPending
          ? `Save and delete ${n} ${n === 1 ? 'result' : 'results'}`
          : `Delete after ${days ?? ''} days`
      }
      pending={pending}
      confirmDisabled={impact.isPending}
      onConfirm={onConfirm}
      confirmTestId="confirm-retention"
    />
  );
}
