/**
 * Settings > Privacy: "Delete my account". The dialog says what is lost (unused paid and free credits, a plan
 * that ends), offers "Download my data first" (the export, with its progress and link in the dialog), and asks
 * for the current password (checked by the server) and the typed confirmation; then sign-out and the receipt.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import UserX from 'lucide-react/icons/user-x';
import { DELETE_ACCOUNT_CONFIRMATION, PRIVACY_MESSAGES } from '@shared/domain/privacy';
import { Button, buttonClasses } from '../../../components/button';
import { CardDescription } from '../../../components/card';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-error';
import { signOut } from '../../../lib/auth';
import { endingSession } from '../../../lib/session-expiry';
import {
  RECEIPT_STORAGE_KEY,
  deleteAccountRequest,
  useDeletionPreview,
  useLatestExport,
  useRequestExport,
} from '../../../api/privacy';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold">Delete my account</h3>
        <CardDescription className="mt-1">
          Signs you out and deletes your account, photo profiles, photos, generated images, shared looks, favourites,
          collections, links and applications. Unused credits are lost. A paid plan is cancelled at the end of the
          period you paid for. Your credit history is kept without your name, as accounting requires. This cannot be
          undone.
        </CardDescription>
      </div>
      <Button variant="destructive" className="shrink-0" onClick={() => setOpen(true)}>
        <UserX className="h-4 w-4" aria-hidden="true" />
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

const schema = z.object({
  password: z.string().min(1, PRIVACY_MESSAGES.passwordRequired),
  typed: z.string().refine((v) => v.trim() === DELETE_ACCOUNT_CONFIRMATION, PRIVACY_MESSAGES.deleteConfirm),
});
type Values = z.infer<typeof schema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, watch, reset, setFocus, setValue, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', typed: '' },
  });
  const ready = schema.safeParse(watch()).success;

  const remove = async ({ password }: Values) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const receipt = await deleteAccountRequest(password);
      sessionStorage.setItem(RECEIPT_STORAGE_KEY, JSON.stringify(receipt));
      endingSession(); // the account is gone: the dialog's queries now answer 401, which must not go to sign-in
      qc.clear();
      await signOut();
      window.location.assign('/account-deleted');
    } catch (err) {
      setPending(false);
      setError(errorMessage(err, 'Could not delete your account. Please try again.'));
      setValue('password', '');
      setFocus('password');
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => {
        reset();
        setError(null);
      }}
      title="Delete your account?"
      description="Everything in your account is deleted for good and you are signed out. Your credit history is kept without your name."
      formLabel="Confirm deleting your account"
      onSubmit={handleSubmit(remove)}
      pending={pending}
      submitLabel="Delete my account"
      pendingLabel="Deleting..."
      submitDisabled={!ready}
      submitTestId="confirm-delete-account"
    >
      {open ? <WhatIsLost /> : null}
      {open ? <DownloadFirst /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400" data-testid="delete-account-error">
          {error}
        </p>
      ) : null}
      <FormField label="Your current password" error={formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <FormField label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`} error={formState.errors.typed?.message}>
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('typed')} />
      </FormField>
    </FormDialog>
  );
}

/** The unused credits (paid ones first) and a plan that ends with the account. */
function WhatIsLost() {
  const preview = useDeletionPreview(true);
  if (preview.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <SpinnerIcon />
        Checking your credits...
      </p>
    );
  if (preview.isError)
    return (
      <p className="text-sm" role="status" data-testid="delete-credits">
        We could not read your credit balance just now. Any credits left on your account are lost when it is deleted and
        are not refunded.
      </p>
    );
  const { credits, hasUnlimitedCredits, subscription } = preview.data;
  const lines: string[] = [];
  if (!hasUnlimitedCredits && credits.paid > 0)
    lines.push(
      `You have ${plural(credits.paid, 'unused paid credit', 'unused paid credits')}. They are lost when your account is deleted and are not refunded.`,
    );
  if (!hasUnlimitedCredits && credits.granted > 0)
    lines.push(
      `${credits.paid > 0 ? 'Also lost: ' : 'You lose '}${plural(credits.granted, 'free credit', 'free credits')}.`,
    );
  if (subscription)
    lines.push(
      `Your plan is cancelled with your account: nothing more is charged${subscription.currentPeriodEnd ? ` after ${day(subscription.currentPeriodEnd)}` : ''}, and the rest of the period you paid for is not refunded.`,
    );
  if (lines.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="delete-credits">
        You have no unused credits.
      </p>
    );
  return (
    <div
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      data-testid="delete-credits"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-destructive dark:text-red-400" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </div>
    </div>
  );
}

/** "Download my data first": starts the export and shows its progress and link here, before anything is deleted. */
function DownloadFirst() {
  const latest = useLatestExport();
  const request = useRequestExport();
  const job = latest.data?.export ?? null;
  const building = job?.status === 'pending' || job?.status === 'building';
  return (
    <section
      className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3 text-sm"
      aria-labelledby="download-first-title"
      data-testid="download-first"
    >
      <h3 id="download-first-title" className="font-medium">
        Keep a copy first?
      </h3>
      <p className="text-muted-foreground">
        Download your photos, generated images, shared looks and credit history before they are deleted.
      </p>
      {job?.status === 'ready' && job.url ? (
        <a
          href={job.url}
          className={buttonClasses({ size: 'sm', variant: 'outline', className: 'self-start' })}
          download
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download ZIP
        </a>
      ) : building ? (
        <p role="status" className="flex items-center gap-2">
          <SpinnerIcon />
          Preparing your data... {job.progress}%
        </p>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => request.mutate()}
          disabled={request.isPending || latest.isPending}
        >
          {request.isPending ? <SpinnerIcon /> : <Download className="h-4 w-4" aria-hidden="true" />}
          Download my data first
        </Button>
      )}
      {request.isError ? (
        <p role="alert" className="text-destructive dark:text-red-400">
          {errorMessage(request.error, 'Could not start your export. Please try again.')}
        </p>
      ) : null}
    </section>
  );
}
