/** /account-deleted: the deletion receipt (what was deleted, how many, when), shown once signed out. */
import { Link } from 'react-router-dom';
import CircleCheck from 'lucide-react/icons/circle-check';
import { buttonClasses } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RECEIPT_STORAGE_KEY, type DeletionReceipt } from '../../../api/privacy';

const LABELS: [keyof DeletionReceipt['counts'], string][] = [
  ['photoProfiles', 'Photo profiles'],
  ['generations', 'Generated images'],
  ['files', 'Stored files (photos, results, uploads, exports)'],
  ['favourites', 'Favourites'],
  ['collections', 'Collections'],
  ['styles', 'Styles'],
  ['links', 'Profile links'],
  ['applications', 'Influencer applications'],
  ['shares', 'Shared looks'],
  ['votesAndReactions', "Votes and reactions on others' looks"],
  ['consents', 'Photo consent records'],
  ['otherRecords', 'Other records (settings, preferences, counters)'],
];

function readReceipt(): DeletionReceipt | null {
  try {
    const raw = sessionStorage.getItem(RECEIPT_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as DeletionReceipt) : null;
  } catch {
    return null;
  }
}

export default function AccountDeletedPage() {
  useDocumentTitle('Account deleted');
  const receipt = readReceipt();
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:px-6" data-testid="deletion-receipt">
      <header className="flex flex-col gap-3">
        <CircleCheck className="h-10 w-10 text-emerald-600" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight">Your account is deleted</h1>
        <p className="text-muted-foreground">
          {receipt
            ? `Deleted on ${new Date(receipt.deletedAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}. You are signed out. Keep this page as your receipt.`
            : 'You are signed out.'}
        </p>
      </header>
      {receipt ? (
        <>
          <table className="w-full text-sm">
            <caption className="sr-only">What was deleted</caption>
            <tbody>
              {LABELS.map(([k, label]) => (
                <tr key={k} className="border-b border-border">
                  <th scope="row" className="py-2 text-left font-normal">
                    {label}
                  </th>
                  <td className="py-2 text-right tabular-nums font-medium" data-testid={`receipt-${k}`}>
                    {receipt.counts[k]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Your sign-in was removed{receipt.signInRemoved ? '' : ' (it was already gone)'}.</li>
            <li>
              {receipt.subscription === 'cancelled-at-period-end'
                ? 'Your subscription is cancelled: you will not be charged again.'
                : 'You had no active subscription.'}
            </li>
            <li>
              Your credit history ({receipt.ledgerEntriesKept} {receipt.ledgerEntriesKept === 1 ? 'entry' : 'entries'})
              is kept without your name or e-mail, as accounting requires.
            </li>
          </ul>
        </>
      ) : null}
      <Link to="/" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
        Back to the home page
      </Link>
    </article>
  );
}
