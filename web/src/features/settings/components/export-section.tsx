/** Settings > Privacy: "Download my data" (a ZIP built in the background; progress shown; link valid 24 h). */
import Download from 'lucide-react/icons/download';
import { Button, buttonClasses } from '../../../components/button';
import { CardDescription } from '../../../components/card';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useLatestExport, useRequestExport } from '../../../api/privacy';

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ExportSection() {
  const latest = useLatestExport();
  const request = useRequestExport();
  const job = latest.data?.export ?? null;
  const building = job?.status === 'pending' || job?.status === 'building';

  const start = () =>
    request.mutate(undefined, {
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Export not started',
          description: errorMessage(err, 'Could not start your export. Please try again.'),
        }),
    });

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      aria-labelledby="export-title"
      data-testid="export-section"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id="export-title" className="flex items-center gap-2 font-semibold">
            <Download className="h-4 w-4 text-brand" aria-hidden="true" />
            Download my data
          </h3>
          <CardDescription className="mt-1">
            A ZIP with your account details and settings, your photo profiles and their photos, your generated images,
            the outfit images you uploaded, your shared looks with their votes and reactions, the votes and reactions
            you gave, your ratings and reports, and your credit history (CSV), with a README of what is in it and what
            is not. We prepare it in the background; the download link works for 24 hours.
          </CardDescription>
        </div>
        <Button variant="outline" className="shrink-0" onClick={start} disabled={building || request.isPending}>
          {request.isPending ? <SpinnerIcon /> : null}
          {job?.status === 'ready' ? 'Prepare a new export' : 'Prepare my data'}
        </Button>
      </div>
      {building ? (
        <div className="flex flex-col gap-1.5" role="status">
          <p className="text-sm">Preparing your data... {job!.progress}%</p>
          <div className="h-2 w-full overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${Math.max(3, job!.progress)}%` }}
              role="progressbar"
              aria-label="Export progress"
              aria-valuenow={job!.progress}
              aria-valuemin={0}
              aria-valuemax={100}
            />
          </div>
        </div>
      ) : null}
      {job?.status === 'ready' && job.url ? (
        <div
          className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          role="status"
        >
          <span>Your data is ready. The link works until {time(job.expiresAt!)}.</span>
          <a href={job.url} className={buttonClasses({ size: 'sm' })} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download ZIP
          </a>
        </div>
      ) : null}
      {(job?.status === 'ready' && !job.url) || job?.status === 'failed' ? (
        <p className="text-sm text-muted-foreground" role="status">
          {job.error ?? 'This download is no longer available. Prepare a new export.'}
        </p>
      ) : null}
    </section>
  );
}
