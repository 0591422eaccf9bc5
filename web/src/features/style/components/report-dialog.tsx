import { useId, useState, type FormEvent } from 'react';
import { flagStyleSchema } from '../../../../../shared/schemas/discovery';
import { MAX_REPORT_REASON, REPORT_REASON_REQUIRED } from '../../../../../shared/domain/profile-rules';
import { Button } from '../../../components/button';
import { Dialog, DialogContent } from '../../../components/dialog';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useReportStyle } from '../api/style';

export const textareaClasses =
  'flex min-h-28 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background ' +
  'aria-[invalid=true]:border-destructive';

/** Report (flag) a style with a reason (spec 02 sections 5 and 8). */
export function ReportStyleDialog({
  styleId,
  styleName,
  open,
  onOpenChange,
}: {
  styleId: string;
  styleName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportStyle(styleId);
  const id = useId();

  const change = (next: boolean) => {
    if (report.isPending) return;
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = flagStyleSchema.safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? REPORT_REASON_REQUIRED;
      setError(message);
      toast({ variant: 'destructive', title: 'Reason required', description: message });
      return;
    }
    setError(null);
    report.mutate(parsed.data.reason, {
      onSuccess: () => {
        toast({ title: 'Report submitted', description: 'Thank you. Our team will review this style.' });
        setReason('');
        onOpenChange(false);
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error reporting style',
          description: errorMessage(err, 'Could not report this style. Please try again.'),
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Report this style"
        description={`Tell us what is wrong with "${styleName}". Our team reviews every report.`}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Report style">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium">
              Reason
            </label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={MAX_REPORT_REASON}
              placeholder="For example: inappropriate image, copyright, misleading description"
              className={textareaClasses}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => change(false)} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending} data-testid="report-submit">
              {report.isPending ? <SpinnerIcon /> : null}
              {report.isPending ? 'Reporting...' : 'Report style'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
