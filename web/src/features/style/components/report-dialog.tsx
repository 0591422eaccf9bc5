import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { flagStyleSchema, type FlagStyleInput } from '@shared/schemas/discovery';
import { MAX_REPORT_REASON, REPORT_REASON_REQUIRED } from '@shared/domain/profile-rules';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useReportStyle } from '../api/style';

const textareaClasses =
  'flex min-h-28 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background ' +
  'aria-[invalid=true]:border-destructive';

/** Report (flag) a style with a reason (spec 02 sections 5 and 8); the reason is checked by the API's own schema. */
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
  const report = useReportStyle(styleId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FlagStyleInput>({ resolver: zodResolver(flagStyleSchema), defaultValues: { reason: '' } });

  const submit = handleSubmit(
    ({ reason }) =>
      report.mutate(reason, {
        onSuccess: () => {
          toast({ title: 'Report submitted', description: 'Thank you. Our team will review this style.' });
          reset();
          onOpenChange(false);
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Error reporting style',
            description: errorMessage(err, 'Could not report this style. Please try again.'),
          }),
      }),
    (invalid) =>
      toast({
        variant: 'destructive',
        title: 'Reason required',
        description: invalid.reason?.message ?? REPORT_REASON_REQUIRED,
      }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => reset()}
      title="Report this style"
      description={`Tell us what is wrong with "${styleName}". Our team reviews every report.`}
      formLabel="Report style"
      onSubmit={(e) => void submit(e)}
      pending={report.isPending}
      submitLabel="Report style"
      pendingLabel="Reporting..."
      submitTestId="report-submit"
    >
      <FormField label="Reason" error={errors.reason?.message}>
        <textarea
          maxLength={MAX_REPORT_REASON}
          placeholder="For example: inappropriate image, copyright, misleading description"
          className={textareaClasses}
          {...register('reason')}
        />
      </FormField>
    </FormDialog>
  );
}
