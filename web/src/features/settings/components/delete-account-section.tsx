/** Settings > Privacy: "Delete my account" (typed confirmation, then sign-out and the deletion receipt). */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import UserX from 'lucide-react/icons/user-x';
import { DELETE_ACCOUNT_CONFIRMATION } from '../../../../../shared/domain/privacy';
import { Button } from '../../../components/button';
import { CardDescription } from '../../../components/card';
import { TypedConfirmDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-error';
import { signOut } from '../../../lib/auth';
import { RECEIPT_STORAGE_KEY, deleteAccountRequest } from '../../../api/privacy';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold">Delete my account</h3>
        <CardDescription className="mt-1">
          Signs you out and deletes your account, photo profiles, photos, generated images, favourites, collections,
          links and applications. A paid plan is cancelled at the end of the period you paid for. Your credit history is
          kept without your name, as accounting requires. This cannot be undone.
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

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setPending(true);
    setError(null);
    try {
      const receipt = await deleteAccountRequest();
      sessionStorage.setItem(RECEIPT_STORAGE_KEY, JSON.stringify(receipt));
      qc.clear();
      await signOut();
      window.location.assign('/account-deleted');
    } catch (err) {
      setPending(false);
      setError(errorMessage(err, 'Could not delete your account. Please try again.'));
    }
  };

  return (
    <TypedConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="Everything in your account is deleted for good and you are signed out. Your credit history is kept without your name."
      formLabel="Confirm deleting your account"
      word={DELETE_ACCOUNT_CONFIRMATION}
      error={error}
      pending={pending}
      submitLabel="Delete my account"
      pendingLabel="Deleting..."
      onConfirm={() => void remove()}
    />
  );
}
