import MailCheck from 'lucide-react/icons/mail-check';

/** Local mode shows the fixed e-mail code on the page (cognito-local sends no mail). */
export function LocalCodeNote({ code, what }: { code: string | null | undefined; what: string }) {
  if (!code) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="local-code-note"
    >
      <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        Local mode: your {what} is <strong>{code}</strong>
      </span>
    </p>
  );
}
